// One Map of records that keep their state, every function async; a settled record stays in the table with its outcome.
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

let counter = 0;
const table = new Map();

async function reset() {
  counter = 0;
  table.clear();
}

async function sendRequest(method, params, now) {
  const id = counter;
  counter = counter + 1;
  table.set(id, { state: 'pending', sentAt: now });
  const message = { jsonrpc: '2.0', id, method };
  return params === undefined ? message : Object.assign(message, { params });
}

async function receive(msg) {
  if (msg.method !== undefined) {
    if (msg.id === undefined) return null;
    return Object.hasOwn(handlers, msg.method)
      ? { jsonrpc: '2.0', id: msg.id, result: await handlers[msg.method](msg.params) }
      : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  const entry = table.get(msg.id);
  if (entry === undefined || entry.state !== 'pending') return null;
  table.set(msg.id, Object.hasOwn(msg, 'result') ? { state: 'resolved', result: msg.result } : { state: 'rejected', error: msg.error });
  return null;
}

async function tick(now) {
  const sent = [];
  for (const [id, entry] of table) {
    if (entry.state === 'pending' && now - entry.sentAt >= TIMEOUT_MS) {
      table.set(id, { state: 'timed-out' });
      sent.push({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } });
    }
  }
  return sent;
}

async function outcome(id) {
  const entry = table.get(id);
  if (entry === undefined) return null;
  return entry.state === 'pending' ? { state: 'pending' } : entry;
}
