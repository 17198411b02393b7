// `npm run editor-backend` (part of `npm start`): the editor's local backend for this checkout, in the foreground.
import { spawn } from 'node:child_process';
import { editorBackendEnv, serverScript } from './start';

const child = spawn(process.execPath, [serverScript], {
  env: { ...process.env, ...editorBackendEnv({ repoDir: process.cwd() }) },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
