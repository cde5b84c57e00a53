// A handler throws an RpcError to answer its request with a JSON-RPC error of a chosen code;
// route turns it into the error reply. Anything else a handler throws is an internal error.
export class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export const INVALID_PARAMS = -32602;
