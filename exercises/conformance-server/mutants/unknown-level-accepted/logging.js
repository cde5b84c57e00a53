// mistake: Accepts any value as the log level, answering {} to logging/setLevel with 'verbose'.
// learner: Your logging/setLevel seems to accept a level that is not one of the eight. Look again at what it answers for such a level, and what happens to the level then.
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
  minimum = params.level;
  return {};
}

/** Sends a log message to the client, unless it is less severe than the level it asked for. */
export function log(peer, level, data) {
  if (LEVELS.indexOf(level) < LEVELS.indexOf(minimum)) return;
  peer.notify('notifications/message', { level, logger: 'conformance-server', data });
}
