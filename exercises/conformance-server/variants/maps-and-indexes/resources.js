// Resources in a Map by URI; the template read by cutting its prefix and suffix off.
import { PNG_PIXEL } from './content.js';
import { RpcError } from './errors.js';

const RESOURCES = new Map([
  ['test://static-text', { name: 'static-text', description: 'Text.', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  ['test://static-binary', { name: 'static-binary', description: 'An image.', mimeType: 'image/png', blob: PNG_PIXEL }],
  ['test://watched-resource', { name: 'watched-resource', description: 'Watch it.', mimeType: 'text/plain', text: 'Watched resource content' }],
]);
const PREFIX = 'test://template/';
const SUFFIX = '/data';

function templateId(uri) {
  if (!uri.startsWith(PREFIX) || !uri.endsWith(SUFFIX)) return undefined;
  const id = uri.slice(PREFIX.length, uri.length - SUFFIX.length);
  return id.length > 0 && !id.includes('/') && uri.length >= PREFIX.length + SUFFIX.length ? id : undefined;
}

function known(params) {
  if (typeof params.uri !== 'string') throw new RpcError(-32602, 'uri must be a string');
  return params.uri;
}

export const listResources = () => ({
  resources: [...RESOURCES].map(([uri, r]) => ({ uri, name: r.name, description: r.description, mimeType: r.mimeType })),
});

export const listTemplates = () => ({
  resourceTemplates: [{ uriTemplate: PREFIX + '{id}' + SUFFIX, name: 'template', description: 'By id.', mimeType: 'application/json' }],
});

export function readResource(params) {
  const uri = known(params);
  const r = RESOURCES.get(uri);
  if (r) return { contents: [r.blob === undefined ? { uri, mimeType: r.mimeType, text: r.text } : { uri, mimeType: r.mimeType, blob: r.blob }] };
  const id = templateId(uri);
  if (id === undefined) throw new RpcError(-32002, 'Not found');
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] };
}

export function subscribe(params) {
  if (!RESOURCES.has(known(params))) throw new RpcError(-32002, 'Not found');
  return {};
}
