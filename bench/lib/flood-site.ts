// The production build for the flood bench's browser visitors: public/ copied to a temporary folder while holding
// /tmp/build.lock (other builds write public/), served from the copy on a free port, with the data API address the
// build was made for (read from its _headers, where every page's connect-src names it) so pages can be routed to
// the bench's own API.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startStaticServer } from '../../dev/static/static-server';

const REPO = path.resolve(__dirname, '..', '..');

export type FloodSite = { url: string; builtApiOrigin: string; close(): Promise<void> };

/** The origin most pages' connect-src names besides 'self' (the editor's own block names others). */
export function builtApiOrigin(headersFile: string): string {
  const counts = new Map<string, number>();
  for (const match of readFileSync(headersFile, 'utf8').matchAll(/connect-src 'self' (https?:\/\/[^\s;]+)[;\n]/g)) {
    counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  const [origin] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!origin) throw new Error(`No data API origin in ${headersFile}`);
  return origin;
}

export async function serveBuildCopy(): Promise<FloodSite> {
  const copy = mkdtempSync(path.join(tmpdir(), 'lead-flood-site-'));
  try {
    await promisify(execFile)('flock', ['/tmp/build.lock', 'cp', '-a', 'public/.', copy], { cwd: REPO });
    for (const file of ['index.html', '_headers', 'lead-challenge-worker.js']) {
      if (!existsSync(path.join(copy, file))) throw new Error(`public/ has no ${file}: run npm run build:test first`);
    }
    const origin = builtApiOrigin(path.join(copy, '_headers'));
    const server = await startStaticServer({ root: copy, host: '127.0.0.1', port: 0 });
    return {
      url: server.url,
      builtApiOrigin: origin,
      async close() {
        await server.close();
        rmSync(copy, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}
