// Serves the production build the way a static host does: pretty URLs (/pricing → pricing/index.html),
// the 404 page with status 404, the headers from public/_headers, the short links in public/_redirects, and long
// caching for hashed assets.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { headersFor, parseHeadersFile } from './headers-file';
import { parseRedirectsFile, redirectFor, redirectLocation } from './redirects-file';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export type StaticServer = { url: string; close(): Promise<void> };

function resolveFile(root: string, pathname: string): string | undefined {
  const candidates = pathname.endsWith('/')
    ? [path.join(pathname, 'index.html')]
    : [pathname, `${pathname}.html`, path.join(pathname, 'index.html')];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (!file.startsWith(root)) return undefined;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

export function startStaticServer(options: { root: string; port?: number; host?: string }): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const headersPath = path.join(root, '_headers');
  const rules = fs.existsSync(headersPath) ? parseHeadersFile(fs.readFileSync(headersPath, 'utf8')) : [];
  const redirectsPath = path.join(root, '_redirects');
  const redirects = fs.existsSync(redirectsPath) ? parseRedirectsFile(fs.readFileSync(redirectsPath, 'utf8')) : [];

  // A header set by several matching blocks reaches the browser joined, as a host sends it.
  const setHeaders = (response: http.ServerResponse, pathname: string) => {
    for (const [name, value] of headersFor(rules, pathname)) {
      const earlier = response.getHeader(name);
      response.setHeader(name, earlier === undefined ? value : `${String(earlier)}, ${value}`);
    }
  };

  const server = http.createServer((request, response) => {
    let pathname: string;
    let search: string;
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      response.writeHead(400).end('Bad request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolveFile(root, pathname);
    // As on Netlify, a file wins over a redirect unless the rule is forced (`302!`).
    const redirect = redirectFor(redirects, pathname);
    if (redirect && (!file || redirect.force)) {
      const location = redirectLocation(redirect, search);
      setHeaders(response, pathname);
      response.writeHead(redirect.status, {
        Location: location,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=0, must-revalidate',
      });
      response.end(request.method === 'HEAD' ? undefined : `Redirecting to ${location}`);
      return;
    }
    const status = file ? 200 : 404;
    const served = file ?? path.join(root, '404.html');
    if (!file && !fs.existsSync(served)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    setHeaders(response, pathname);
    response.setHeader('Content-Type', contentTypes[path.extname(served)] ?? 'application/octet-stream');
    const immutable = /\/(static\/|[^/]+-[0-9a-f]{16,}\.(js|css))/.test(pathname);
    response.setHeader(
      'Cache-Control',
      immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    // Compressed like every static host serves text (Netlify, Vercel, Cloudflare…), so measurements are realistic.
    const compress =
      /gzip/.test(String(request.headers['accept-encoding'] ?? '')) &&
      /^(text\/|application\/(javascript|json|manifest|xml))|svg/.test(String(response.getHeader('Content-Type')));
    response.setHeader('Vary', 'Accept-Encoding');
    if (compress) response.setHeader('Content-Encoding', 'gzip');
    response.writeHead(status);
    if (request.method === 'HEAD') response.end();
    else if (compress) fs.createReadStream(served).pipe(zlib.createGzip()).pipe(response);
    else fs.createReadStream(served).pipe(response);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
