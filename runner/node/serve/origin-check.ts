/**
 * DNS rebinding protection, as the Streamable HTTP transport spec (2025-11-25, "Security
 * Warning") requires: a web page the user visits must not reach the learner's server through the
 * browser. A browser always names the page's origin in `Origin`, so a request with a foreign
 * Origin is refused (403). No Origin (a command-line client, an SDK client in Node) and pages of
 * this machine (`http://localhost:5173`, `http://127.0.0.1:...`, `http://[::1]:...`) are allowed,
 * and, when the server listens on an address spelled out, pages of that address too. A server on
 * loopback also checks `Host`, which a rebound name gives away (`Host: evil.example:3000`).
 */
import { isLoopback } from './listen-address.ts';

/** Why a request with these headers is refused, or undefined when it may go on. */
export function originProblem(headers: { origin?: string | undefined; host?: string | undefined }, listen: { host: string; loopback: boolean }): string | undefined {
  const { origin, host } = headers;
  if (listen.loopback && host !== undefined) {
    const name = hostName(host);
    if (name === undefined || !isLoopback(name)) return `Host "${host}" is not this machine`;
  }
  if (origin === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Origin "${origin}" is not a URL`;
  }
  const name = url.hostname.replace(/^\[|\]$/g, '');
  if ((url.protocol === 'http:' || url.protocol === 'https:') && (isLoopback(name) || (!listen.loopback && name === listen.host))) return undefined;
  return `Origin "${origin}" is not allowed (only pages of this machine may call this server)`;
}

/** The name in a Host header (`127.0.0.1:3000`, `[::1]:3000`, `localhost`), without the port. */
function hostName(host: string): string | undefined {
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(host.trim());
  return match?.[1]?.replace(/^\[|\]$/g, '');
}
