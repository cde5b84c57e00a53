// mistake: tests `!msg.id`, so the request with id 0 (and id "") is taken for a notification.
// learner: Your router seems to take the requests with id 0 and id "" for notifications and stay silent. Those ids are falsy but real; look again at how you test whether an id is there.
// hint: 2
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (!msg.id) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
