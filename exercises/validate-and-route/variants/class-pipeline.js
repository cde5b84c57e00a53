// A Server class: parse and validate throw a Rejection that handle turns into the reply; methods in a Map.
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

class Rejection {
  constructor(id, code, message) {
    this.reply = { jsonrpc: '2.0', id, error: { code, message } };
  }
}

class Server {
  constructor(table) {
    this.table = new Map(Object.entries(table));
  }

  parse(text) {
    try {
      return JSON.parse(text);
    } catch {
      throw new Rejection(null, -32700, 'Parse error');
    }
  }

  validate(msg) {
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) throw new Rejection(null, -32600, 'Invalid Request');
    const { jsonrpc, method } = msg;
    const idType = Object.hasOwn(msg, 'id') ? (msg.id === null ? 'null' : typeof msg.id) : 'absent';
    const idOk = ['absent', 'null', 'string', 'number'].includes(idType);
    const paramsOk = !Object.hasOwn(msg, 'params') || (msg.params instanceof Object && typeof msg.params === 'object');
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !idOk || !paramsOk) {
      const echo = idType === 'string' || idType === 'number' ? msg.id : null;
      throw new Rejection(echo, -32600, 'Invalid Request');
    }
    return msg;
  }

  handle(text) {
    try {
      const msg = this.validate(this.parse(text));
      if (!Object.hasOwn(msg, 'id')) return null;
      const handler = this.table.get(msg.method);
      if (!handler) throw new Rejection(msg.id, -32601, 'Method not found');
      return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
    } catch (e) {
      if (e instanceof Rejection) return e.reply;
      throw e;
    }
  }
}

const server = new Server(handlers);

function handle(text) {
  return server.handle(text);
}
