/**
 * The sandbox frame's document, given to an `<iframe sandbox="allow-scripts" srcdoc>`: no
 * `allow-same-origin`, so its origin is opaque (no access to the app's storage, cookies or
 * BroadcastChannels), and a Content-Security-Policy in a `<meta>` (no server headers needed, so
 * any static host behaves the same):
 *
 * - `default-src 'none'`: no fetch, XHR, WebSocket, EventSource, images, fonts (no connect-src);
 * - `script-src 'nonce-…' 'unsafe-eval'`: only the frame's own inline script; `'unsafe-eval'`
 *   because the guest agent loads learner code with indirect eval in the worker;
 * - `worker-src blob:`: workers only from the blob the frame itself makes.
 *
 * Workers made from a blob: URL inherit this policy, so learner code in them can neither reach
 * the network nor load remote code with `importScripts` or `import()`.
 */
import type { FrameCommand, FrameEvent, FrameHello } from './frame-protocol.ts';

/** The policy written into the frame's document. */
export function frameCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'unsafe-eval'`,
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The frame's `srcdoc`. `nonce` must be fresh per frame (letters and digits only). */
export function frameDocument(nonce: string): string {
  if (!/^[A-Za-z0-9]{16,}$/.test(nonce)) throw new Error('frameDocument: pass a random nonce of at least 16 letters or digits.');
  // __name: bundlers that keep function names may call it inside frameMain's body.
  const script = `"use strict";var __name=function(t){return t};(${frameMain.toString()})(${JSON.stringify(nonce)});`;
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${frameCsp(nonce)}">` +
    `<title>sandbox</title></head><body><script nonce="${nonce}">${script}</script></body></html>`
  );
}

/**
 * Runs inside the frame (source text, self-contained). Sends the page a control port, then on
 * command makes workers from the guest script, hands each its port and terminates it. After the
 * first, a spare worker is kept spawned ahead (made when a worker ends), so a run does not wait for one to start.
 */
export function frameMain(nonce: string): void {
  const channel = new MessageChannel();
  const control = channel.port1;
  let url = '';
  let spare: Worker | undefined;
  const workers = new Map<number, Worker>();

  const reply = (event: FrameEvent) => control.postMessage(event);
  // A spare warms up as it starts (see warm-up.ts); a worker a run is already waiting for does not.
  const spawn = (spareWorker: boolean): Worker => {
    const worker = new Worker(url, { name: spareWorker ? 'spare' : 'direct' });
    // Errors thrown by learner timers after a run belong to the learner, not the page's console.
    worker.onerror = (event) => event.preventDefault();
    return worker;
  };

  control.onmessage = (event: MessageEvent<FrameCommand>) => {
    const command = event.data;
    if (command.type === 'init') {
      // No spare yet: the first run is waiting for its worker right now.
      if (!url) url = URL.createObjectURL(new Blob([command.guest], { type: 'text/javascript' }));
    } else if (command.type === 'spawn') {
      const port = event.ports[0];
      try {
        if (!url || !port) throw new Error('the frame was not initialised');
        const worker = spare ?? spawn(false);
        const id = command.id;
        spare = undefined;
        // The glue answers on its private port only: a message on the worker itself is learner
        // code posting (a flood, a forgery), so the worker ends at the first one.
        worker.onmessage = () => {
          worker.onmessage = null;
          worker.terminate();
          workers.delete(id);
          reply({ type: 'stopped', id, message: 'the code posted a message of its own, which is not allowed' });
        };
        worker.postMessage('port', [port]);
        workers.set(id, worker);
      } catch (error) {
        reply({ type: 'spawn-failed', id: command.id, message: String((error as Error)?.message ?? error) });
      }
    } else if (command.type === 'kill') {
      workers.get(command.id)?.terminate();
      workers.delete(command.id);
      reply({ type: 'killed', id: command.id });
      // The next run's worker starts now, between runs, rather than competing with a run for the CPU.
      spare ??= spawn(true);
    }
  };
  const hello: FrameHello = { type: 'sandbox-frame-ready', nonce };
  parent.postMessage(hello, '*', [channel.port2]);
}
