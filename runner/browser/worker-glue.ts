/**
 * The worker glue: runs inside each learner worker right after the guest agent is installed and
 * BEFORE any learner code (passed to `guestSource` as `hostGlue`, so it travels as source text and
 * must be self-contained: no imports, no names from this module inside the function).
 *
 * It waits for one message from the frame carrying the private MessagePort to the page, then
 * answers requests on that port only. The port lives in this closure: learner code cannot reach
 * it, so it cannot post a reply, forged or not. Every intrinsic used after learner code loads is
 * captured first (a learner patching `MessagePort.prototype.postMessage` or the `data` getter of
 * `MessageEvent` would otherwise be handed the port).
 *
 * What learner code finds in the worker afterwards is the same realm as in Node: the guest prunes
 * it to the shared list once this glue has run (runner/core/guest/realm.ts), so timers, `self`,
 * `fetch` and the rest of the web platform are gone. That is about verdicts being the same in both
 * hosts; what keeps learner code off the network and the app's storage is the frame's opaque
 * origin and its Content-Security-Policy, which the worker inherits.
 */
import type { GuestAgent } from '../core/index.ts';
import type { WarmUp } from './warm-up.ts';

export interface WorkerGlueOptions {
  /** Requests the worker answers to itself at start, to warm up V8 (see warm-up.ts). */
  warmUp?: WarmUp;
}

/** Source of the `hostGlue` function given to `guestSource`. */
export function workerGlueSource(options: WorkerGlueOptions = {}): string {
  return `function (api) { (${workerGlue.toString()})(api, ${JSON.stringify(options.warmUp ?? null)}); }`;
}

/** Runs in the worker (source text); see the module comment. */
export function workerGlue(api: Pick<GuestAgent, 'handleJson'>, warmUp: WarmUp | null): void {
  const scope = self as unknown as Record<string, unknown>;
  const apply = Reflect.apply;
  const getOwnDesc = Reflect.getOwnPropertyDescriptor;
  const dataOf = getOwnDesc(MessageEvent.prototype, 'data')?.get as () => unknown;
  const portsOf = getOwnDesc(MessageEvent.prototype, 'ports')?.get as () => readonly MessagePort[];
  const setPortHandler = getOwnDesc(MessagePort.prototype, 'onmessage')?.set as (handler: unknown) => void;
  const portPost = MessagePort.prototype.postMessage;
  const promiseThen = Promise.prototype.then;
  const handleJson = api.handleJson;
  let port: MessagePort | undefined;

  const send = (text: unknown): void => {
    if (typeof text === 'string' && port) apply(portPost, port, [text]);
  };

  const onRequest = (event: MessageEvent): void => {
    const text = apply(dataOf, event, []);
    if (typeof text !== 'string') return;
    let out: string | Promise<string>;
    try {
      out = handleJson(text);
    } catch {
      // Only a malformed request gets here (the agent answers everything learner code does);
      // staying silent lets the page's timer end the call.
      return;
    }
    if (typeof out === 'string') send(out);
    else apply(promiseThen, out, [send]);
  };

  // A learner's forgotten rejected promise is logged, as the Node host logs it, never fatal.
  const consoleError = (console as { error: (...args: unknown[]) => void }).error;
  const reasonOf = getOwnDesc(PromiseRejectionEvent.prototype, 'reason')?.get as () => unknown;
  const preventDefault = Event.prototype.preventDefault;
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  apply(addListener, scope, [
    'unhandledrejection',
    (event: PromiseRejectionEvent): void => {
      apply(preventDefault, event, []);
      const reason = apply(reasonOf, event, []);
      let text: string;
      try {
        text = reason instanceof Error ? reason.name + ': ' + reason.message : String(reason);
      } catch {
        text = '[unreadable]';
      }
      consoleError('Uncaught (in promise) ' + text);
    },
  ]);

  // The first message carries the private port; later ones on the worker itself are ignored.
  const onPort = (event: MessageEvent): void => {
    if (port) return;
    const received = apply(portsOf, event, []);
    const first = received.length === 1 ? received[0] : undefined;
    if (!first) return;
    port = first;
    apply(removeListener, scope, ['message', onPort]);
    apply(setPortHandler, port, [onRequest]);
    send('ready');
  };
  apply(addListener, scope, ['message', onPort]);

  // Last, before the port can arrive (this runs at start, while the worker waits as a spare):
  // learner code never meets warm-up calls.
  if (warmUp && scope.name === 'spare') {
    try {
      handleJson(warmUp.load);
      for (let round = 0; round < warmUp.rounds; round++) {
        for (let i = 0; i < warmUp.calls.length; i++) handleJson(warmUp.calls[i] as string);
      }
    } catch {
      // A warm-up that fails only costs speed.
    }
  }
}
