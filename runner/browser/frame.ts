/**
 * The page's handle on one sandbox frame: creates the opaque-origin iframe, checks its hello
 * (source, origin `null`, nonce), then asks it for workers and to terminate them. A frame that
 * stops answering is removed and the host makes a new one.
 */
import { frameDocument } from './frame-document.ts';
import { WORKER_READY, type FrameCommand, type FrameEvent, type FrameHello } from './frame-protocol.ts';

export interface FrameOptions {
  /** Setup script of every worker (guest agent + worker glue). */
  guest: string;
  /** How long the frame, then each worker, may take to start. */
  startTimeoutMs: number;
  /** How long the frame may take to confirm it terminated a worker before it is replaced. */
  killAckMs: number;
  /** Where the iframe goes; `document.body` (or the root element before there is a body) by default. */
  container?: HTMLElement;
}

/** A worker ready to answer guest requests on `port`. */
export interface SpawnedWorker {
  id: number;
  port: MessagePort;
}

export interface SandboxFrame {
  /** False once the frame was removed; its workers are gone with it. */
  readonly alive: boolean;
  /** A fresh worker, or undefined when the frame failed to give one in time (the frame is then removed). */
  spawn(): Promise<SpawnedWorker | undefined>;
  /** Terminates worker `id`; removes the whole frame if it does not confirm in time. */
  kill(id: number): void;
  /** Called when the frame stopped worker `id` on its own, with the reason. */
  onStopped(id: number, listener: (message: string) => void): () => void;
  /** Called once when the frame is removed. */
  onLost(listener: () => void): () => void;
  destroy(): void;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function isHello(data: unknown, nonce: string): data is FrameHello {
  return typeof data === 'object' && data !== null && (data as FrameHello).type === 'sandbox-frame-ready' && (data as FrameHello).nonce === nonce;
}

/** Creates a frame and resolves once it said hello, or rejects after `startTimeoutMs`. */
export function openFrame(options: FrameOptions): Promise<SandboxFrame> {
  const nonce = randomNonce();
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.setAttribute('tabindex', '-1');
  iframe.title = 'Code sandbox';
  iframe.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;';
  iframe.srcdoc = frameDocument(nonce);

  return new Promise<SandboxFrame>((resolve, reject) => {
    const timer = setTimeout(() => {
      removeEventListener('message', onHello);
      iframe.remove();
      reject(new Error(`the sandbox frame did not start within ${options.startTimeoutMs} ms`));
    }, options.startTimeoutMs);
    const onHello = (event: MessageEvent) => {
      // Anything else posting to the page (other frames, extensions) is not our frame.
      if (event.source !== iframe.contentWindow || event.origin !== 'null' || !isHello(event.data, nonce)) return;
      const control = event.ports[0];
      if (event.ports.length !== 1 || !control) return;
      removeEventListener('message', onHello);
      clearTimeout(timer);
      resolve(connect(iframe, control, options));
    };
    addEventListener('message', onHello);
    (options.container ?? document.body ?? document.documentElement).append(iframe);
  });
}

function connect(iframe: HTMLIFrameElement, control: MessagePort, options: FrameOptions): SandboxFrame {
  let alive = true;
  let nextId = 0;
  const listeners = new Set<() => void>();
  const awaitingKill = new Map<number, ReturnType<typeof setTimeout>>();
  const spawnFailures = new Map<number, () => void>();
  const stopListeners = new Map<number, (message: string) => void>();
  const command = (message: FrameCommand, transfer: Transferable[] = []) => control.postMessage(message, transfer);

  control.onmessage = (event: MessageEvent<FrameEvent>) => {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    if (data.type === 'killed') {
      clearTimeout(awaitingKill.get(data.id));
      awaitingKill.delete(data.id);
    } else if (data.type === 'spawn-failed') {
      spawnFailures.get(data.id)?.();
    } else if (data.type === 'stopped') {
      stopListeners.get(data.id)?.(String(data.message));
    }
  };

  const frame: SandboxFrame = {
    get alive() {
      return alive;
    },
    spawn() {
      if (!alive) return Promise.resolve(undefined);
      const id = ++nextId;
      const channel = new MessageChannel();
      const port = channel.port1;
      return new Promise<SpawnedWorker | undefined>((resolve) => {
        let settled = false;
        const done = (ok: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          spawnFailures.delete(id);
          unlisten();
          port.onmessage = null;
          if (ok) return resolve({ id, port });
          port.close();
          frame.destroy();
          resolve(undefined);
        };
        const timer = setTimeout(() => done(false), options.startTimeoutMs);
        const unlisten = frame.onLost(() => done(false));
        spawnFailures.set(id, () => done(false));
        port.onmessage = (event) => done(event.data === WORKER_READY);
        command({ type: 'spawn', id }, [channel.port2]);
      });
    },
    kill(id) {
      if (!alive || awaitingKill.has(id)) return;
      awaitingKill.set(id, setTimeout(() => frame.destroy(), options.killAckMs));
      command({ type: 'kill', id });
    },
    onStopped(id, listener) {
      stopListeners.set(id, listener);
      return () => stopListeners.delete(id);
    },
    onLost(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      if (!alive) return;
      alive = false;
      for (const timer of awaitingKill.values()) clearTimeout(timer);
      awaitingKill.clear();
      stopListeners.clear();
      control.onmessage = null;
      control.close();
      // Removing the iframe ends its document and every worker it owns.
      iframe.remove();
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
  };
  command({ type: 'init', guest: options.guest });
  return frame;
}
