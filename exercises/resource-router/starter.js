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

// resources/list: every resource of the table, without its contents.
function listResources() {
  return { resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })) };
}

function route(msg) {
  if (msg.method === 'resources/list') return { jsonrpc: '2.0', id: msg.id, result: listResources() };
  // still to do: notifications, resources/templates/list, resources/read (table and template),
  // resources/subscribe, resources/unsubscribe, -32602 for a cursor or a bad uri, -32601 otherwise
  return null;
}

// The server changes test://watched-resource; a subscribed client hears of it through peer.notify.
function write(uri, text, peer) {}

// Back to the first text, and no subscriptions.
function reset() {}
