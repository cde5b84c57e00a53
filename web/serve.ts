/**
 * A tiny static file server for the built app (`dist/`), used by `npm start` and the Chromium
 * tests. It sends no special headers the app depends on, so any static host behaves the same.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ServeOptions {
  /** Folder to serve; defaults to `dist/` at the repository root. */
  dir?: string;
  /** Port to listen on; 0 picks a free one. When the port is taken, a free one is used instead. */
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

/** Serves `dir` over HTTP on localhost and resolves once it listens. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const dir = resolve(options.dir ?? join(import.meta.dirname, '..', 'dist'));
  const host = options.host ?? '127.0.0.1';
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    // Refuse anything that escapes the served folder (`/../`).
    if (file !== dir && !file.startsWith(dir + sep)) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'x-content-type-options': 'nosniff',
      // Hashed assets can be cached; the page itself must always be fresh.
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  const listen = (port: number) =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        ok();
      });
    });
  try {
    await listen(options.port ?? 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = join(import.meta.dirname, '..', 'dist');
  const index = await stat(join(dir, 'index.html')).catch(() => undefined);
  if (!index) {
    console.error('The app is not built yet: run `npm run build` first (or `npm start`, which builds it).');
    process.exit(1);
  }
  const { url } = await serve({ dir, port: Number(process.env.PORT ?? 4173) });
  console.log(`The course is served at ${url}  (press Ctrl+C to stop)`);
}
