// The reference solution with `async` added to every function the tests call (route, write, reset):
// each answer then crosses the sandbox as a promise, which must not change the verdict.
// The resources of this server, in the order resources/list gives them. `contents` is what
// resources/read sends beside `uri` and `mimeType`: a `text`, or a `blob` (base64) for bytes.
const resources = [
  {
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static text',
    description: 'A text that never changes.',
    mimeType: 'text/plain',
    contents: { text: 'This is the content of the static text resource.' },
  },
  {
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static binary',
    description: 'A PNG image of one red pixel.',
    mimeType: 'image/png',
    contents: { blob: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' },
  },
  {
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched resource',
    description: 'A text that write() changes.',
    mimeType: 'text/plain',
    contents: { text: 'Watched resource content' },
  },
];

// The one template: RFC 6570, a single variable `id`.
const template = {
  uriTemplate: 'test://template/{id}/data',
  name: 'template',
  title: 'Data by id',
  description: 'JSON data about one id.',
  mimeType: 'application/json',
};

// The only resource write() can change.
const WATCHED = 'test://watched-resource';
// The template's URIs: `id` is one path segment, not empty, taken as it is (no decoding).
const TEMPLATE_URI = /^test:\/\/template\/([^/]+)\/data$/;

// What the server remembers between calls: the watched resource's text, and the URIs the
// client subscribed to. reset() puts both back.
let watchedText = resources[2].contents.text;
const subscribed = new Set();

async function reset() {
  watchedText = resources[2].contents.text;
  subscribed.clear();
}

class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

function notFound(uri) {
  return new RpcError(-32002, 'Resource not found: ' + uri, { uri });
}

function uriOf(params) {
  if (params === undefined || typeof params.uri !== 'string') throw new RpcError(-32602, 'params.uri must be a string.');
  return params.uri;
}

function noCursor(params) {
  // This server never hands out a nextCursor, so every cursor a client sends is invalid.
  if (params !== undefined && Object.hasOwn(params, 'cursor')) throw new RpcError(-32602, 'Unknown cursor.');
}

function fixed(uri) {
  return resources.find((r) => r.uri === uri);
}

function listResources(params) {
  noCursor(params);
  return { resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })) };
}

function listTemplates(params) {
  noCursor(params);
  return { resourceTemplates: [{ ...template }] };
}

function readResource(params) {
  const uri = uriOf(params);
  const resource = fixed(uri);
  if (resource) {
    const contents = uri === WATCHED ? { text: watchedText } : resource.contents;
    return { contents: [{ uri, mimeType: resource.mimeType, ...contents }] };
  }
  const match = TEMPLATE_URI.exec(uri);
  if (!match) throw notFound(uri);
  const id = match[1];
  return { contents: [{ uri, mimeType: template.mimeType, text: JSON.stringify({ id, templateTest: true, data: 'Data for ID: ' + id }) }] };
}

function subscribe(params) {
  const uri = uriOf(params);
  if (!fixed(uri)) throw notFound(uri);
  subscribed.add(uri);
  return {};
}

function unsubscribe(params) {
  const uri = uriOf(params);
  if (!fixed(uri)) throw notFound(uri);
  subscribed.delete(uri);
  return {};
}

const methods = new Map([
  ['resources/list', listResources],
  ['resources/templates/list', listTemplates],
  ['resources/read', readResource],
  ['resources/subscribe', subscribe],
  ['resources/unsubscribe', unsubscribe],
]);

async function route(msg) {
  // A notification gets nothing back and changes nothing.
  if (!Object.hasOwn(msg, 'id')) return null;
  const handler = methods.get(msg.method);
  if (!handler) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
  } catch (error) {
    const { code, message, data } = error;
    return { jsonrpc: '2.0', id: msg.id, error: data === undefined ? { code, message } : { code, message, data } };
  }
}

// The server itself changes a resource (as an editor saving a file would). `peer` is the
// client's connection for messages that answer no request.
async function write(uri, text, peer) {
  if (uri !== WATCHED) return;
  watchedText = text;
  if (subscribed.has(uri)) peer.notify('notifications/resources/updated', { uri });
}
