/**
 * The one place a transport meets the router: every incoming message is delivered, and every
 * message the delivery yields is sent back, in order, with the request it answers named (so the
 * Streamable HTTP transport puts a notification or request the router makes while a request runs
 * on that request's stream). Nothing here assumes one reply per message.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { logLine, type Delivery, type JsonRpcMessage, type SandboxedRouter } from './types.ts';

export interface Connection {
  /** Resolves once every delivery made so far has been answered and sent. */
  drained(): Promise<void>;
}

/** Wires `transport` to `router`; lines for the log go to `log`. */
export function connectRouter(transport: Transport, router: SandboxedRouter, log: (line: string) => void): Connection {
  // Every send goes after the one before. A delivery's messages are queued as the router makes
  // them (what it sends while it works, then its reply); deliveries are handled one at a time, so
  // this is also the order they were handled in.
  let sending: Promise<void> = Promise.resolve();
  const enqueue = (message: JsonRpcMessage, related: { relatedRequestId?: string | number }) => {
    sending = sending.then(async () => {
      try {
        // Checked as a JSON-RPC message by reply-check.ts or the peer before it got here.
        await transport.send(message as unknown as JSONRPCMessage, related);
      } catch (error) {
        // The peer went away (a closed stream or session): the message has nowhere to go.
        log(logLine(`could not send a message (${(error as Error)?.message ?? String(error)})`));
      }
    });
  };
  /** Settles once every delivery made so far has been handled. */
  let handled: Promise<unknown> = Promise.resolve();
  transport.onmessage = (received) => {
    const message = received as unknown as JsonRpcMessage;
    const id = message.id;
    // A message the router makes while handling a request belongs with that request (on HTTP, its stream).
    const related = typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number') ? { relatedRequestId: id } : {};
    const delivered = router.deliver(message, (out) => enqueue(out, related)).then((delivery: Delivery) => {
      delivery.log.forEach(log);
      for (const out of delivery.outgoing) enqueue(out, related);
    });
    handled = Promise.all([handled, delivered]);
  };
  return {
    drained: async () => {
      await handled;
      await sending;
    },
  };
}
