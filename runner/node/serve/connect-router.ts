/**
 * The one place a transport meets the router: every incoming message is delivered, and every
 * message the delivery yields is sent back, in order, with the request it answers named (so the
 * Streamable HTTP transport puts a notification made while a request runs on that request's
 * stream). Nothing here assumes one reply per message.
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
  // Sends happen in delivery order, each after the one before.
  let sending: Promise<void> = Promise.resolve();
  const relay = async (incoming: JsonRpcMessage, delivery: Delivery) => {
    delivery.log.forEach(log);
    const id = incoming.id;
    const related = typeof id === 'string' || typeof id === 'number' ? { relatedRequestId: id } : {};
    for (const message of delivery.outgoing) {
      try {
        // Checked as a JSON-RPC response by reply-check.ts before it got here.
        await transport.send(message as unknown as JSONRPCMessage, related);
      } catch (error) {
        // The peer went away (a closed stream or session): the reply has nowhere to go.
        log(logLine(`could not send a reply (${(error as Error)?.message ?? String(error)})`));
      }
    }
  };
  transport.onmessage = (received) => {
    const message = received as unknown as JsonRpcMessage;
    const delivered = router.deliver(message);
    sending = sending.then(async () => relay(message, await delivered));
  };
  return { drained: () => sending };
}
