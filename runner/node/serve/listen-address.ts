/**
 * Where `course serve --http [host:]port` listens. A bare port listens on 127.0.0.1 only: a
 * learner's server is for their own machine. Any other address must be spelled out as an IP
 * address (`0.0.0.0:3000`, `[::]:3000`, `192.168.1.5:3000`), and then it is taken as asked, with
 * a warning on stderr; a host name other than `localhost` is refused, since what it resolves to
 * (and so who can reach the server) is not what the user typed.
 */
import { isIP } from 'node:net';

export interface ListenAddress {
  /** The address to bind, an IP literal. */
  host: string;
  port: number;
  /** Whether `host` is a loopback address (only this machine can connect). */
  loopback: boolean;
}

/** Whether `host` (an IP literal or `localhost`) is this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/** Reads `[host:]port`; a string is the reason it cannot be used (one line). */
export function parseListenAddress(text: string): ListenAddress | string {
  const match = /^(?:(\[[^\]]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(text.trim());
  if (!match) return `--http takes [host:]port, such as 3000, 127.0.0.1:3000 or 0.0.0.0:3000 (0 picks a free port), not "${text}"`;
  const port = Number(match[2]);
  if (port > 65_535) return `--http: port ${port} is out of range (0 to 65535)`;
  const named = match[1]?.replace(/^\[|\]$/g, '');
  if (named === undefined) return { host: '127.0.0.1', port, loopback: true };
  if (named.toLowerCase() === 'localhost') return { host: '127.0.0.1', port, loopback: true };
  if (isIP(named) === 0) return `--http: name the address to listen on as an IP address (127.0.0.1, or 0.0.0.0 for every interface), not the host name "${named}"`;
  return { host: named, port, loopback: isLoopback(named) };
}
