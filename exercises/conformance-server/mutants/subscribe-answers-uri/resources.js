// mistake: Answers resources/subscribe and unsubscribe with { uri } instead of an empty result.
// learner: Your resources/subscribe seems to answer with more than the protocol's empty result. Look again at what it answers for a resource your server has.
// The resources this server offers: three fixed ones, read by their URI, and one template whose
// URIs name an id. This server never changes a resource, so a subscription never gets an update
// and there is nothing to remember about it: subscribing only says that the resource exists.
import { PNG_PIXEL } from './content.js';
import { INVALID_PARAMS, RESOURCE_NOT_FOUND, RpcError } from './errors.js';

const resources = [
  {
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A text that never changes.',
    mimeType: 'text/plain',
    contents: { text: 'This is the content of the static text resource.' },
  },
  {
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A tiny PNG image.',
    mimeType: 'image/png',
    contents: { blob: PNG_PIXEL },
  },
  {
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource a client may subscribe to.',
    mimeType: 'text/plain',
    contents: { text: 'Watched resource content' },
  },
];

const TEMPLATE = 'test://template/{id}/data';
// The template's URIs: the id is one path segment, not empty.
const TEMPLATE_URI = /^test:\/\/template\/([^/]+)\/data$/;

function uriOf(params) {
  if (typeof params.uri !== 'string') throw new RpcError(INVALID_PARAMS, 'params.uri must be a string.');
  return params.uri;
}

function notFound(uri) {
  return new RpcError(RESOURCE_NOT_FOUND, 'Resource not found: ' + uri);
}

export function listResources() {
  return { resources: resources.map(({ uri, name, description, mimeType }) => ({ uri, name, description, mimeType })) };
}

export function listTemplates() {
  return {
    resourceTemplates: [{ uriTemplate: TEMPLATE, name: 'template', description: 'Data about one id.', mimeType: 'application/json' }],
  };
}

export function readResource(params) {
  const uri = uriOf(params);
  const resource = resources.find((r) => r.uri === uri);
  if (resource) return { contents: [{ uri, mimeType: resource.mimeType, ...resource.contents }] };
  const match = TEMPLATE_URI.exec(uri);
  if (!match) throw notFound(uri);
  const id = match[1];
  const data = { id, templateTest: true, data: 'Data for ID: ' + id };
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(data) }] };
}

export function subscribe(params) {
  const uri = uriOf(params);
  if (!resources.some((r) => r.uri === uri)) throw notFound(uri);
  return { uri };
}
