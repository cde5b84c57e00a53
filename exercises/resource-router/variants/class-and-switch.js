// A class holding the state, methods in a switch, async functions, and the template matched with startsWith, endsWith and slice instead of a regular expression.
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

const PREFIX = 'test://template/';
const SUFFIX = '/data';

class ResourceServer {
  constructor() {
    this.reset();
  }

  reset() {
    this.texts = new Map(resources.map((r) => [r.uri, r.contents]));
    this.subscriptions = new Set();
  }

  static templateId(uri) {
    if (!uri.startsWith(PREFIX) || !uri.endsWith(SUFFIX)) return null;
    const id = uri.slice(PREFIX.length, uri.length - SUFFIX.length);
    // 'test://template/data' is shorter than prefix and suffix together: slice gives '' or less.
    if (uri.length < PREFIX.length + SUFFIX.length + 1 || id === '' || id.includes('/')) return null;
    return id;
  }

  handle(method, params) {
    switch (method) {
      case 'resources/list':
      case 'resources/templates/list':
        if (params && Object.prototype.hasOwnProperty.call(params, 'cursor')) return { error: [-32602, 'This server gave out no cursor.'] };
        return method === 'resources/list'
          ? { result: { resources: resources.map((r) => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType })) } }
          : { result: { resourceTemplates: [{ uriTemplate: template.uriTemplate, name: template.name, title: template.title, description: template.description, mimeType: template.mimeType }] } };
      case 'resources/read':
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = params ? params.uri : undefined;
        if (typeof uri !== 'string') return { error: [-32602, 'A string uri is required.'] };
        const known = this.texts.has(uri);
        const missing = { error: [-32002, `No resource at ${uri}`, { uri }] };
        if (method === 'resources/subscribe') {
          if (!known) return missing;
          this.subscriptions.add(uri);
          return { result: {} };
        }
        if (method === 'resources/unsubscribe') {
          if (!known) return missing;
          this.subscriptions.delete(uri);
          return { result: {} };
        }
        if (known) {
          const { mimeType } = resources.find((r) => r.uri === uri);
          return { result: { contents: [{ uri, mimeType, ...this.texts.get(uri) }] } };
        }
        const id = ResourceServer.templateId(uri);
        if (id === null) return missing;
        return { result: { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] } };
      }
      default:
        return { error: [-32601, `Unknown method ${String(method)}`] };
    }
  }

  write(uri, text, peer) {
    if (uri !== 'test://watched-resource') return;
    this.texts.set(uri, { text });
    if (this.subscriptions.has(uri)) peer.notify('notifications/resources/updated', { uri });
  }
}

const server = new ResourceServer();

async function route(msg) {
  if (!('id' in msg)) return null;
  const outcome = server.handle(msg.method, msg.params);
  if (outcome.result !== undefined) return { jsonrpc: '2.0', id: msg.id, result: outcome.result };
  const [code, message, data] = outcome.error;
  const error = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id: msg.id, error };
}

async function write(uri, text, peer) {
  server.write(uri, text, peer);
}

function reset() {
  server.reset();
}
