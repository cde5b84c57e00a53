// mistake: Remembers the outcomes of only the last 64 requests, so outcome(0) is null once many more have been sent, as if 0 had never been sent.
// learner: Your outcome seems to forget how early requests ended once many more have been sent. The task keeps every outcome until reset().
// hint: 1
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

// The server's own requests that are still waiting, by id: { sentAt }. A Map keeps 0 and '0' apart.
let pending = new Map();
// How each of the server's own requests ended, by id.
let outcomes = new Map();
// The server's own id counter: it never looks at the ids the client uses.
let nextId = 0;

function reset() {
  pending = new Map();
  outcomes = new Map();
  nextId = 0;
}

function sendRequest(method, params, now) {
  // Never reuse an id, not even one whose request has settled.
  const id = nextId++;
  pending.set(id, { sentAt: now });
  outcomes.set(id, { state: "pending" });
  if (outcomes.size > 64) outcomes.delete(outcomes.keys().next().value);
  const request = { jsonrpc: '2.0', id, method };
  if (params !== undefined) request.params = params;
  return request;
}

function settle(id, outcome) {
  pending.delete(id);
  outcomes.set(id, outcome);
}

function receive(msg) {
  if (Object.hasOwn(msg, 'method')) {
    // A call from the client: its id is the client's, whatever its value.
    if (!Object.hasOwn(msg, 'id')) return null;
    if (!Object.hasOwn(handlers, msg.method)) {
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
    }
    return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
  }
  // A response. Unknown, settled or timed-out ids are not in the map: it is ignored.
  if (pending.has(msg.id)) {
    if (Object.hasOwn(msg, 'result')) settle(msg.id, { state: 'resolved', result: msg.result });
    else settle(msg.id, { state: 'rejected', error: msg.error });
  }
  return null; // a response is never answered
}

function tick(now) {
  const cancellations = [];
  // A Map iterates in insertion order: the order the requests were sent.
  for (const [id, { sentAt }] of pending) {
    if (now - sentAt < TIMEOUT_MS) continue;
    settle(id, { state: 'timed-out' });
    cancellations.push({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'Request timed out after ' + TIMEOUT_MS + ' ms' },
    });
  }
  return cancellations;
}

function outcome(id) {
  return outcomes.has(id) ? outcomes.get(id) : null;
}
