// mistake: tests `msg.id == null`, so the request with `id: null` is taken for a notification and gets no reply.
// learner: Your router seems to stay silent for a request whose id is null, as if null meant "no id". A message that has an id member is a request, whatever the id's value.
// hint: 2
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id == null) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
