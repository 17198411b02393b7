import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitForOutput } from './wait-for-output';

// One Supabase Edge Function run locally, unchanged, under real Deno (the `deno` npm package's binary), on a port
// the system picks, and invoked every `intervalMs` as pg_cron invokes it every minute on a hosted project. The
// notification and calendar runners are this with their own settings.
const REPO_ROOT = path.resolve(__dirname, '..');
const DENO = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');

export type DenoFunctionOptions = {
  /** The folder under supabase/functions/, also the name in log lines. */
  name: string;
  /** The function's settings (its secrets on a hosted project). */
  env: Record<string, string>;
  /** Between the end of one invocation and the next; `null`: only when `invoke()` is called. */
  intervalMs?: number | null;
  log: (line: string) => void;
};

/**
 * The scheduled invocations so far (not `invoke()`'s): begun, finished either way, and finished with the function's
 * answer (HTTP 2xx, a run that went through to the end). One runs at a time.
 */
export type RunCounts = { started: number; finished: number; answered: number };

export type DenoFunction = {
  functionUrl: string;
  /** One invocation; resolves with the function's JSON answer. */
  invoke(): Promise<unknown>;
  /** The scheduled invocations so far; see runsAnsweredSince. */
  runs(): RunCounts;
  close(): Promise<void>;
};

/**
 * How many scheduled runs begun after `mark` was taken have been answered by `now`, at least (a run under way at
 * the mark is not counted, whatever it found). Once it is 2, say, anything the function had to do after the mark
 * has been done: a test waits for it to show that nothing more happens, instead of sleeping.
 */
export function runsAnsweredSince(mark: RunCounts, now: RunCounts): number {
  return Math.max(0, now.answered - mark.answered - (mark.started - mark.finished));
}

export async function startDenoFunction(options: DenoFunctionOptions): Promise<DenoFunction> {
  const { name, log } = options;
  const entry = path.join(REPO_ROOT, 'supabase', 'functions', name, 'index.ts');
  const child = spawn(DENO, ['run', '--allow-net', '--allow-env', entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR,
      NO_COLOR: '1',
      // Port 0: the system picks a free one, read back from Deno's "Listening on" line.
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const forward = (chunk: Buffer) => {
    output += chunk.toString();
    if (started) for (const line of chunk.toString().trimEnd().split('\n')) if (line) log(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  try {
    await waitForOutput(child, () => output, 'Listening on', { name, timeoutMs: 60_000 });
  } catch (error) {
    child.kill();
    throw error;
  }
  started = true;
  const port = /Listening on https?:\/\/[^\s:]+:(\d+)/.exec(output)?.[1];
  const functionUrl = `http://127.0.0.1:${port}/`;

  const post = () => fetch(functionUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(60_000) });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const counts: RunCounts = { started: 0, finished: 0, answered: 0 };
  const tick = () => {
    counts.started += 1;
    inFlight = post()
      .then(async (response) => {
        await response.text();
        // A run that failed prints why itself (the functions log their errors).
        if (response.ok) counts.answered += 1;
      })
      .catch((error: unknown) => {
        if (!stopped) log(`${name}: invocation failed: ${error}`);
      })
      .finally(() => {
        counts.finished += 1;
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 1000);
      });
  };
  if (options.intervalMs !== null) tick();

  return {
    functionUrl,
    invoke: async () => (await post()).json() as Promise<unknown>,
    runs: () => ({ ...counts }),
    async close() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
    },
  };
}
