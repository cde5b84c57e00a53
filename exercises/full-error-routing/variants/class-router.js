// A Router class over a null-prototype copy of the table, failures thrown as RpcError and caught once.
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

class Router {
  constructor(table) {
    this.table = Object.assign(Object.create(null), table);
  }

  call(method, params) {
    const handler = this.table[method];
    if (typeof handler !== 'function') throw new RpcError(-32601, 'Method not found');
    try {
      return handler(params);
    } catch (cause) {
      throw new RpcError(-32603, 'Internal error');
    }
  }

  route(msg) {
    const notification = !('id' in msg);
    try {
      const result = this.call(msg.method, msg.params === undefined ? {} : msg.params);
      return notification ? null : { jsonrpc: '2.0', id: msg.id, result };
    } catch (e) {
      return notification ? null : { jsonrpc: '2.0', id: msg.id, error: { code: e.code, message: e.message } };
    }
  }
}

const router = new Router(handlers);

/** @param {JsonRpcMessage} msg */
function route(msg) {
  return router.route(msg);
}
