// Plain functions over an immutable state object rebuilt on each change, a null-prototype method table, and the template matched by splitting on '/'.
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

const initial = () => ({ watched: 'Watched resource content', subscribed: [] });
let state = initial();

function reset() {
  state = initial();
}

const fail = (code, message, data) => ({ error: data === undefined ? { code, message } : { code, message, data } });
const missing = (uri) => fail(-32002, 'Resource not found', { uri });
const isTable = (uri) => resources.some((r) => r.uri === uri);

function templateIdOf(uri) {
  // test://template/<id>/data splits into ['test:', '', 'template', id, 'data'].
  const parts = uri.split('/');
  if (parts.length !== 5) return undefined;
  const [scheme, empty, word, id, tail] = parts;
  return scheme === 'test:' && empty === '' && word === 'template' && tail === 'data' && id !== '' ? id : undefined;
}

const withCursor = (params) => params !== undefined && Object.keys(params).includes('cursor');
const uriIn = (params) => (params !== undefined && typeof params.uri === 'string' ? params.uri : undefined);

const handlers = Object.assign(Object.create(null), {
  'resources/list': (params) =>
    withCursor(params) ? fail(-32602, 'Invalid cursor') : { result: { resources: resources.map(({ contents, ...entry }) => entry) } },
  'resources/templates/list': (params) => (withCursor(params) ? fail(-32602, 'Invalid cursor') : { result: { resourceTemplates: [Object.assign({}, template)] } }),
  'resources/read': (params) => {
    const uri = uriIn(params);
    if (uri === undefined) return fail(-32602, 'Invalid params');
    const resource = resources.find((r) => r.uri === uri);
    if (resource !== undefined) {
      const body = resource.uri === 'test://watched-resource' ? { text: state.watched } : resource.contents;
      return { result: { contents: [Object.assign({ uri, mimeType: resource.mimeType }, body)] } };
    }
    const id = templateIdOf(uri);
    return id === undefined ? missing(uri) : { result: { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: 'Data for ID: ' + id }) }] } };
  },
  'resources/subscribe': (params) => {
    const uri = uriIn(params);
    if (uri === undefined) return fail(-32602, 'Invalid params');
    if (!isTable(uri)) return missing(uri);
    if (!state.subscribed.includes(uri)) state = { ...state, subscribed: [...state.subscribed, uri] };
    return { result: {} };
  },
  'resources/unsubscribe': (params) => {
    const uri = uriIn(params);
    if (uri === undefined) return fail(-32602, 'Invalid params');
    if (!isTable(uri)) return missing(uri);
    state = { ...state, subscribed: state.subscribed.filter((u) => u !== uri) };
    return { result: {} };
  },
});

function route(msg) {
  if (msg.id === undefined) return null;
  const handler = handlers[msg.method];
  const outcome = handler ? handler(msg.params) : fail(-32601, 'Method not found');
  return { jsonrpc: '2.0', id: msg.id, ...outcome };
}

function write(uri, text, peer) {
  if (uri !== 'test://watched-resource') return undefined;
  state = { ...state, watched: text };
  if (state.subscribed.includes(uri)) peer.notify('notifications/resources/updated', { uri: uri });
  return undefined;
}
