/** @jest-environment node */
// The local static server (browser tests, npm run preview) honours public/_redirects as Netlify does: an exact
// path with or without its trailing slash, the rule's status and Location, the request's query passed on, a file
// winning over an unforced rule, and the _headers still sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRedirectsFile, redirectFor, redirectLocation } from '../../dev/static/redirects-file';
import { startStaticServer, type StaticServer } from '../../dev/static/static-server';

let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.mkdirSync(path.join(root, 'contact'));
  fs.writeFileSync(path.join(root, 'contact', 'index.html'), '<h1>Contact</h1>');
  fs.writeFileSync(path.join(root, '404.html'), '<h1>Not found</h1>');
  fs.writeFileSync(path.join(root, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  fs.writeFileSync(
    path.join(root, '_redirects'),
    [
      '# Short links',
      '/dental    /contact?utm_source=short-link  302',
      '/plans     /pricing                        301',
      '/linkedin  https://www.linkedin.com/company/example',
      '/contact   /pricing                        302',
      '',
    ].join('\n'),
  );
  server = await startStaticServer({ root });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true });
});

const get = (pathname: string, method = 'GET') => fetch(`${server.url}${pathname}`, { method, redirect: 'manual' });

it('answers a short link with its status and Location, and the _headers', async () => {
  const response = await get('/dental');
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/contact?utm_source=short-link');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect((await get('/plans')).status).toBe(301);
  const external = await get('/linkedin');
  expect(external.status).toBe(301);
  expect(external.headers.get('location')).toBe('https://www.linkedin.com/company/example');
});

it('answers the trailing-slash address and HEAD too, and nothing but the exact path', async () => {
  expect((await get('/dental/')).headers.get('location')).toBe('/contact?utm_source=short-link');
  expect((await get('/dental', 'HEAD')).status).toBe(302);
  expect((await get('/Dental')).status).toBe(404);
  expect((await get('/dental/more')).status).toBe(404);
  expect((await get('/dentals')).status).toBe(404);
});

it('passes the request’s query on when the rule has none of its own', async () => {
  expect((await get('/plans?utm_source=flyer')).headers.get('location')).toBe('/pricing?utm_source=flyer');
  expect((await get('/dental?utm_source=flyer')).headers.get('location')).toBe('/contact?utm_source=short-link');
});

it('serves a file rather than an unforced rule over it, as Netlify does', async () => {
  const response = await get('/contact');
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('<h1>Contact</h1>');
});

it('reads statuses as Netlify does: 301 by default, ! forces, rewrites and unknown codes are not redirects', () => {
  const rules = parseRedirectsFile('/a /b\n/c /d 302!\n/e /f 200\n/g /h 404\n  # note\n/i\n');
  expect(rules).toEqual([
    { from: '/a', to: '/b', status: 301, force: false },
    { from: '/c', to: '/d', status: 302, force: true },
  ]);
  expect(redirectFor(rules, '/')).toBeUndefined();
  expect(redirectLocation({ from: '/a', to: '/b#form', status: 302, force: false }, '?x=1')).toBe('/b?x=1#form');
});
