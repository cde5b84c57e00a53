// The level kept as its index in LEVELS; a Map from names to severities.
import { RpcError } from './errors.js';

const SEVERITY = new Map(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].map((name, i) => [name, i]));
let threshold = SEVERITY.get('info');

export function resetLevel() {
  threshold = SEVERITY.get('info');
}

export function setLevel({ level }) {
  if (typeof level !== 'string' || !SEVERITY.has(level)) throw new RpcError(-32602, 'Invalid log level');
  threshold = SEVERITY.get(level);
  return {};
}

export function log(peer, level, data) {
  if (SEVERITY.get(level) >= threshold) peer.notify('notifications/message', { level, logger: 'conformance-server', data });
}
