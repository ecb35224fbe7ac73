import { createReadStream, existsSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.bin': 'application/octet-stream',
  '.map': 'application/json',
};

/**
 * A host that sends no headers but the content type (a plain static file server), serving one folder
 * that the test may swap for another (a new build deployed): `root` is read on every request.
 */
export interface StaticHost {
  root: string;
  readonly close: () => Promise<void>;
}

export async function startStaticHost(root: string, port: number): Promise<StaticHost> {
  const host = { root } as StaticHost;
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let file = path.join(host.root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(host.root) || !existsSync(file) || statSync(file).isDirectory()) {
      // A path of the app with no file: a 404, as a static host gives (the old build's chunks, gone).
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    file = path.resolve(file);
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(host, {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
