// mistake: gives the -32601 error an empty message (a table of texts that lacks -32601), while -32603 has one.
// learner: Your -32601 reply seems to carry an empty message. The wording is yours to choose, but every error message must say something.
// hint: 6
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

const MESSAGES = { [-32603]: 'Internal error' };

function fail(id, code) {
  return { jsonrpc: '2.0', id, error: { code, message: MESSAGES[code] ?? '' } };
}

function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  if (typeof handler !== 'function') {
    if (isNotification) return null;
    return fail(msg.id, -32601);
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return fail(msg.id, -32603);
  }
}
