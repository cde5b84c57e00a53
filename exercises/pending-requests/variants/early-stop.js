// Stops scanning at the first pending request that is not due yet: time only moves on, so every
// later one was sent later still. A null-prototype object holds the handlers; ids in a Map.
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = Object.assign(Object.create(null), { ping: () => ({}) });

let nextId = 0;
let waiting = new Map(); // id -> sentAt, in the order of sending
let done = new Map(); // id -> outcome

function reset() {
  nextId = 0;
  waiting = new Map();
  done = new Map();
}

function sendRequest(method, params, now) {
  const id = nextId;
  nextId += 1;
  waiting.set(id, now);
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

function receive(msg) {
  if (typeof msg.method === 'string') {
    if (!('id' in msg)) return null;
    const handler = handlers[msg.method];
    if (handler === undefined) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `No method ${msg.method}` } };
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
  }
  if (!waiting.has(msg.id)) return null;
  waiting.delete(msg.id);
  done.set(msg.id, 'error' in msg ? { state: 'rejected', error: msg.error } : { state: 'resolved', result: msg.result });
  return null;
}

function tick(now) {
  const out = [];
  for (const [id, sentAt] of waiting) {
    if (now - sentAt < TIMEOUT_MS) break;
    waiting.delete(id);
    done.set(id, { state: 'timed-out' });
    out.push({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: '' } });
  }
  return out;
}

function outcome(id) {
  if (waiting.has(id)) return { state: 'pending' };
  return done.get(id) ?? null;
}
