// The operators' command-line tools (`npm run leads`, `npm run team`) run as npm runs them: tsx from
// node_modules/.bin (through npx each run also paid npx's own start, about 0.6 CPU-s).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_SUPABASE_SECRET_KEY, REPO_ROOT } from './local-api';

export type CommandRun = { code: number; stdout: string; stderr: string };

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

/** Runs `script` with `args` against the data API at `supabaseUrl` with the local secret key; never rejects. */
export function runDevCommand(script: 'dev/leads.ts' | 'dev/team.ts', args: string[], supabaseUrl: string) {
  return promisify(execFile)(TSX, [script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SUPABASE_URL: supabaseUrl, SUPABASE_SECRET_KEY: LOCAL_SUPABASE_SECRET_KEY },
  }).then(
    (done): CommandRun => ({ code: 0, ...done }),
    (error: CommandRun) => error,
  );
}
