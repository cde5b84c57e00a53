// How long the server waits for the answer to one of its own requests, in milliseconds.
const TIMEOUT_MS = 1000;

// What this server answers when the client asks.
const handlers = { ping: () => ({}) };

function reset() {
  // forget every request and outcome; the next id is 0 again
}

function sendRequest(method, params, now) {
  // the request message to send, with the server's next id; it is pending from now on
  return { jsonrpc: '2.0', id: 1, method, params };
}

function receive(msg) {
  // a response settles the pending request with its id; a request from the client is answered
  return null;
}

function tick(now) {
  // time out what waited TIMEOUT_MS or more; return the notifications/cancelled to send
  return [];
}

function outcome(id) {
  // { state: 'pending' }, { state: 'resolved', result }, { state: 'rejected', error },
  // { state: 'timed-out' }, or null for an id this server never sent
  return null;
}
