// The editor's local backend (decap-server): /admin on this machine reads and writes the files of a checkout
// through it. It listens on 127.0.0.1 only and answers only the site's own origin: bound to every interface, as it
// is by default, anyone on the same network could write the checkout.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitForOutput } from '../wait-for-output';

export const EDITOR_BACKEND_PORT = 8081;
/** The develop site's origin (`gatsby develop -H 127.0.0.1`, port 8000): the one page allowed to call the backend. */
export const DEVELOP_SITE_ORIGIN = 'http://127.0.0.1:8000';

export type EditorBackendOptions = {
  /** The checkout whose files the editor edits. */
  repoDir: string;
  siteOrigin?: string;
  port?: number;
  /** `fs` writes files in place; `git` commits each save on a branch (the editorial workflow, as on GitHub). */
  mode?: 'fs' | 'git';
};

export const serverScript = path.resolve(__dirname, '../../node_modules/decap-server/dist/index.js');

export function editorBackendEnv(options: EditorBackendOptions): NodeJS.ProcessEnv {
  return {
    PORT: String(options.port ?? EDITOR_BACKEND_PORT),
    BIND_HOST: '127.0.0.1',
    ORIGIN: options.siteOrigin ?? DEVELOP_SITE_ORIGIN,
    MODE: options.mode ?? 'fs',
    GIT_REPO_DIRECTORY: path.resolve(options.repoDir),
    LOG_LEVEL: 'info',
  };
}

/** Starts decap-server and resolves once it listens; the caller stops it with `.kill()`. */
export async function startEditorBackend(options: EditorBackendOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverScript], {
    cwd: path.resolve(options.repoDir),
    env: { ...process.env, ...editorBackendEnv(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(child, () => output, 'listening on', { name: 'decap-server', timeoutMs: 30_000 });
  return child;
}
