/**
 * Ambient types given to the learner's editor (Monaco's TypeScript service), so that `msg.id`
 * and `error.code` complete and type errors are flagged. In JavaScript exercises the learner (or
 * the starter) opts in with JSDoc: `/** @param {JsonRpcRequest} msg *\/`.
 */
export const jsonRpcTypes = `
/** A JSON-RPC 2.0 id: a string or a number chosen by the client (null only in some error replies). */
type JsonRpcId = string | number | null;

/** Parameters of a call: by name (an object) or by position (an array). */
type JsonRpcParams = Record<string, unknown> | unknown[];

/** A request: it carries an id and expects exactly one reply with the same id. */
interface JsonRpcRequest {
  jsonrpc: '2.0';
  /** Echo it unchanged in the reply: 0 and "7" are ids like any other. */
  id: string | number | null;
  method: string;
  params?: JsonRpcParams;
}

/** A notification: no id, so the server never replies. */
interface JsonRpcNotification {
  jsonrpc: '2.0';
  /** Absent: that is what makes a notification. */
  id?: undefined;
  method: string;
  params?: JsonRpcParams;
}

/** Anything a client may send: a request or a notification. */
type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification;

/** The error object of a failed call. */
interface JsonRpcError {
  /** -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error. */
  code: number;
  message: string;
  data?: unknown;
}

/** A successful reply. */
interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

/** A failed reply. */
interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: JsonRpcError;
}

/** Every reply a server sends. */
type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

/** A method handler of a dispatch table. */
type JsonRpcHandler = (params: any) => unknown;

/** Console of the sandbox: output shows under each test. */
declare var console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
`;
