/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { headersFor, parseHeadersFile } from '../../dev/static/headers-file';
import { startStaticServer, type StaticServer } from '../../dev/static/static-server';

let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.mkdirSync(path.join(root, 'pricing'));
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(root, 'pricing', 'index.html'), '<h1>Pricing</h1>');
  fs.writeFileSync(path.join(root, '_headers'), '/*\n  X-Frame-Options: DENY\n/pricing\n  X-Page: pricing\n');
  server = await startStaticServer({ root });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true });
});

it('serves pretty URLs with the headers of every matching _headers block', async () => {
  const response = await fetch(`${server.url}/pricing`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('<h1>Pricing</h1>');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-page')).toBe('pricing');
});

it('compresses text for clients that accept gzip, as static hosts do', async () => {
  const response = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect(await response.text()).toBe('<h1>Home</h1>');
  const raw = await new Promise<Buffer>((resolve) => {
    http.get(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
  expect(zlib.gunzipSync(raw).toString()).toBe('<h1>Home</h1>');
});

it('answers 404 for unknown paths, even without a 404 page, and refuses paths outside the build', async () => {
  expect((await fetch(`${server.url}/nope`)).status).toBe(404);
  expect((await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
});

it('matches _headers patterns as Netlify does: a trailing slash, any case, a splat that also matches its folder', () => {
  const rules = parseHeadersFile('/pricing\n  X-Page: pricing\n/admin/*\n  X-Admin: yes\n/*\n  X-All: yes\n');
  const names = (pathname: string) => headersFor(rules, pathname).map(([name]) => name);
  expect(names('/pricing')).toEqual(['X-Page', 'X-All']);
  expect(names('/pricing/')).toEqual(['X-Page', 'X-All']);
  expect(names('/Pricing')).toEqual(['X-Page', 'X-All']);
  expect(names('/pricing-old')).toEqual(['X-All']);
  expect(names('/admin')).toEqual(['X-Admin', 'X-All']);
  expect(names('/admin/config.yml')).toEqual(['X-Admin', 'X-All']);
  // Netlify's splat makes the slash before it optional: `/admin/*` is `^/admin/?(.*)/?$`.
  expect(names('/administrator')).toEqual(['X-Admin', 'X-All']);
  expect(names('/adm')).toEqual(['X-All']);
  expect(names('/')).toEqual(['X-All']);
});

it('joins the values of a header that several matching blocks set, as a host does', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n/\n  X-Frame-Options: SAMEORIGIN\n');
  const joined = await startStaticServer({ root: dir });
  try {
    expect((await fetch(`${joined.url}/`)).headers.get('x-frame-options')).toBe('DENY, SAMEORIGIN');
  } finally {
    await joined.close();
    fs.rmSync(dir, { recursive: true });
  }
});
