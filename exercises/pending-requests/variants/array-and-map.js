// Pending requests in an array kept in sending order (findIndex, splice, filter), outcomes in a Map; presence tested with Object.keys(msg).includes.
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

// Pending requests in an array kept in sending order; outcomes in a Map (0 and '0' differ).
const state = { next: 0, waiting: [], settled: new Map() };

function reset() {
  state.next = 0;
  state.waiting = [];
  state.settled = new Map();
}

function sendRequest(method, params, now) {
  const id = state.next++;
  state.waiting.push({ id, sentAt: now });
  return { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
}

const findWaiting = (id) => state.waiting.findIndex((entry) => entry.id === id);

function receive(msg) {
  const isCall = msg.method !== undefined;
  if (isCall) {
    const { id, method } = msg;
    if (id === undefined) return null;
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : null;
    if (handler === null) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Unknown method' } };
    return { jsonrpc: '2.0', id, result: handler(msg.params) };
  }
  const at = findWaiting(msg.id);
  if (at === -1) return null;
  state.waiting.splice(at, 1);
  const settledAs = Object.keys(msg).includes('result') ? { state: 'resolved', result: msg.result } : { state: 'rejected', error: msg.error };
  state.settled.set(msg.id, settledAs);
  return null;
}

function tick(now) {
  const due = state.waiting.filter((entry) => now - entry.sentAt >= TIMEOUT_MS);
  state.waiting = state.waiting.filter((entry) => now - entry.sentAt < TIMEOUT_MS);
  return due.map(({ id }) => {
    state.settled.set(id, { state: 'timed-out' });
    return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timeout' } };
  });
}

function outcome(id) {
  if (state.settled.has(id)) return state.settled.get(id);
  return findWaiting(id) >= 0 ? { state: 'pending' } : null;
}
