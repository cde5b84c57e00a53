// A class owns the counter and the records; tick collects the expired ids with forEach; the client's calls go to a helper.
// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

class Requester {
  constructor() {
    this.counter = 0;
    this.records = new Map(); // id -> { sentAt, outcome }
  }

  send(method, params, now) {
    const id = this.counter;
    this.counter += 1;
    this.records.set(id, { sentAt: now, outcome: { state: 'pending' } });
    return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
  }

  isPending(id) {
    const record = this.records.get(id);
    return record !== undefined && record.outcome.state === 'pending';
  }

  settle(id, outcome) {
    this.records.get(id).outcome = outcome;
  }

  expire(now) {
    const expired = [];
    this.records.forEach((record, id) => {
      if (record.outcome.state === 'pending' && now - record.sentAt >= TIMEOUT_MS) {
        record.outcome = { state: 'timed-out' };
        expired.push(id);
      }
    });
    return expired;
  }

  outcomeOf(id) {
    const record = this.records.get(id);
    return record === undefined ? null : record.outcome;
  }
}

let requester = new Requester();

function reset() {
  requester = new Requester();
}

function sendRequest(method, params, now) {
  return requester.send(method, params, now);
}

function answerClient({ id, method, params }) {
  if (id === undefined) return null;
  const known = Object.prototype.hasOwnProperty.call(handlers, method);
  return known
    ? { jsonrpc: '2.0', id, result: handlers[method](params) }
    : { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
}

function receive(msg) {
  if ('method' in msg && msg.method !== undefined) return answerClient(msg);
  const { id } = msg;
  if (!requester.isPending(id)) return null;
  if ('result' in msg) requester.settle(id, { state: 'resolved', result: msg.result });
  else requester.settle(id, { state: 'rejected', error: msg.error });
  return null;
}

function tick(now) {
  return requester.expire(now).map((requestId) => ({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: `No response within ${TIMEOUT_MS} ms` },
  }));
}

function outcome(id) {
  return requester.outcomeOf(id);
}
