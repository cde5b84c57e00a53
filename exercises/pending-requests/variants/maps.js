// Two Maps and a counter, as the hints describe, with `msg.id === undefined` telling a notification from a request.
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

let nextId = 0;
let pending = new Map(); // id -> { sentAt }, in the order the requests were sent
let outcomes = new Map(); // id -> outcome

function reset() {
  nextId = 0;
  pending = new Map();
  outcomes = new Map();
}

function sendRequest(method, params, now) {
  const id = nextId++;
  pending.set(id, { sentAt: now });
  outcomes.set(id, { state: 'pending' });
  const request = { jsonrpc: '2.0', id, method };
  if (params !== undefined) request.params = params;
  return request;
}

function receive(msg) {
  if (Object.hasOwn(msg, 'method')) {
    if (msg.id === undefined) return null; // a notification from the client
    if (!Object.hasOwn(handlers, msg.method)) {
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
    }
    return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
  }
  if (!pending.has(msg.id)) return null; // unknown, settled, timed out, or a look-alike id
  pending.delete(msg.id);
  if (Object.hasOwn(msg, 'result')) outcomes.set(msg.id, { state: 'resolved', result: msg.result });
  else outcomes.set(msg.id, { state: 'rejected', error: msg.error });
  return null;
}

function tick(now) {
  const cancellations = [];
  for (const [id, { sentAt }] of pending) {
    if (now - sentAt < TIMEOUT_MS) continue;
    pending.delete(id);
    outcomes.set(id, { state: 'timed-out' });
    cancellations.push({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'Request timed out' } });
  }
  return cancellations;
}

function outcome(id) {
  return outcomes.has(id) ? outcomes.get(id) : null;
}
