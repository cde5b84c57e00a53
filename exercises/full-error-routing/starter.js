const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

/** @param {JsonRpcMessage} msg */
function route(msg) {
  // notification -> null; unknown -> -32601; throw -> -32603; else result envelope
}
