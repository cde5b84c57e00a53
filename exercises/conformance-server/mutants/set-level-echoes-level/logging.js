// mistake: Answers logging/setLevel with the level it set, { level }, instead of an empty result.
// learner: Your logging/setLevel seems to answer with more than the protocol's empty result. Look again at what it answers when the level is one of the eight.
// hint: 3
// The log level the client asked for with logging/setLevel, and log messages filtered by it.
// The one piece of state of this server: it lives between messages, and a new session
// (initialize) starts again from the default.
import { INVALID_PARAMS, RpcError } from './errors.js';

// From least to most severe (RFC 5424's order, as MCP's logging utility lists them).
export const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const DEFAULT_LEVEL = 'info';

let minimum = DEFAULT_LEVEL;

export function resetLevel() {
  minimum = DEFAULT_LEVEL;
}

export function setLevel(params) {
  if (!LEVELS.includes(params.level)) throw new RpcError(INVALID_PARAMS, 'Unknown log level: ' + String(params.level));
  minimum = params.level;
  return { level: minimum };
}

/** Sends a log message to the client, unless it is less severe than the level it asked for. */
export function log(peer, level, data) {
  if (LEVELS.indexOf(level) < LEVELS.indexOf(minimum)) return;
  peer.notify('notifications/message', { level, logger: 'conformance-server', data });
}
