// A class around the message with its own has(); route switches on the kind.
// The methods this server answers when the client asks.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

class Incoming {
  constructor(msg) {
    this.msg = msg;
  }

  has(key) {
    return Object.prototype.hasOwnProperty.call(this.msg, key) && this.msg[key] !== undefined;
  }

  static isId(value) {
    return typeof value === 'string' || Number.isInteger(value);
  }

  kindOfCall() {
    const { method, id } = this.msg;
    if (typeof method !== 'string') return 'invalid';
    if (this.has('result') || this.has('error')) return 'invalid';
    if (!this.has('id')) return 'notification';
    return Incoming.isId(id) ? 'request' : 'invalid';
  }

  kindOfAnswer() {
    const hasResult = this.has('result');
    const hasError = this.has('error');
    if (hasResult && hasError) return 'invalid';
    if (hasResult) return Incoming.isId(this.msg.id) ? 'result' : 'invalid';
    if (!hasError) return 'invalid';
    const { id, error } = this.msg;
    const idOk = !this.has('id') || id === null || Incoming.isId(id);
    const errorOk = Object.prototype.toString.call(error) === '[object Object]' && Number.isInteger(error.code) && typeof error.message === 'string';
    return idOk && errorOk ? 'error' : 'invalid';
  }

  kind() {
    const m = this.msg;
    if (m === null || typeof m !== 'object' || Array.isArray(m) || m.jsonrpc !== '2.0') return 'invalid';
    return this.has('method') ? this.kindOfCall() : this.kindOfAnswer();
  }
}

function classify(msg) {
  return new Incoming(msg).kind();
}

async function route(msg) {
  const kind = classify(msg);
  if (kind === 'invalid') return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
  if (kind !== 'request') return null;
  const { id, method, params } = msg;
  if (!Object.keys(handlers).includes(method)) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id, result: await handlers[method](params) };
}
