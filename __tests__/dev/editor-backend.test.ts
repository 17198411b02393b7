/**
 * @jest-environment node
 */
// The editor's local backend as `npm start` runs it: reachable from this machine only, and answering only the
// develop site's origin, so another device on the network, or another site open in the browser, cannot write the
// checkout through it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVELOP_SITE_ORIGIN, startEditorBackend } from '../../dev/editor-backend/start';

const PORT = 18081;
const URL_ = `http://127.0.0.1:${PORT}/api/v1`;

/** The local addresses of the TCP sockets listening on `port`, from the kernel's tables (IPv4 and IPv6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((table) => fs.existsSync(table))
    .flatMap((table) => fs.readFileSync(table, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === '0A' && columns[1]?.endsWith(`:${hexPort}`))
    .map((columns) => columns[1].split(':')[0]);
}

const info = (origin: string) =>
  fetch(URL_, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'info' }),
  });

const preflight = (origin: string) =>
  fetch(URL_, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe('the editor backend started by npm start', () => {
  let backend: ChildProcess;
  let repoDir: string;

  beforeAll(async () => {
    repoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-backend-'));
    backend = await startEditorBackend({ repoDir, port: PORT });
  });
  afterAll(() => {
    backend?.kill();
    fs.rmSync(repoDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', () => {
    if (!fs.existsSync('/proc/net/tcp')) throw new Error('this test reads Linux /proc/net/tcp');
    // 0100007F is 127.0.0.1 in the table's byte order; 00000000 would be every interface.
    expect(listeningAddresses(PORT)).toEqual(['0100007F']);
  });

  it('lets the develop site call it and no other origin', async () => {
    const own = await info(DEVELOP_SITE_ORIGIN);
    expect(own.headers.get('access-control-allow-origin')).toBe(DEVELOP_SITE_ORIGIN);
    expect(await own.json()).toMatchObject({ type: 'local_fs' });
    for (const origin of ['http://evil.example', 'http://localhost:8000', 'http://127.0.0.1:9000']) {
      expect((await info(origin)).headers.get('access-control-allow-origin')).not.toBe(origin);
      // A browser sends the editor's JSON requests only after this preflight allows them.
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).not.toBe(origin);
    }
    expect((await preflight(DEVELOP_SITE_ORIGIN)).headers.get('access-control-allow-origin')).toBe(DEVELOP_SITE_ORIGIN);
  });
});
