// A Map of answers per kind of message, the kind decided by typeof.
const handlers = { ping: () => ({ pong: true }) };

// One answer per kind of message; the kind depends only on whether an id member is there.
const answerFor = new Map([
  ['notification', () => null],
  ['request', (msg) => ({ jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params || {}) })],
]);

function kindOf(msg) {
  return typeof msg.id === 'undefined' ? 'notification' : 'request';
}

/** @param {JsonRpcMessage} msg */
function route(msg) {
  return answerFor.get(kindOf(msg))(msg);
}
