import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitForOutput } from '../wait-for-output';

// Runs the calendar-sync Edge Function locally, unchanged, under real Deno (the `deno` npm package's binary),
// against a data API, and invokes it every `intervalMs` as pg_cron does every minute on a hosted project. The
// hosts' calendar accounts are given as the function's CALDAV_ACCOUNTS secret. Not part of `npm start` yet.
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const FUNCTION_ENTRY = path.join(REPO_ROOT, 'supabase', 'functions', 'calendar-sync', 'index.ts');
const DENO = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');

export type CalDavAccounts = Record<string, { username: string; password: string }>;

export type CalendarSyncRunnerOptions = {
  apiUrl: string;
  serviceKey: string;
  accounts: CalDavAccounts;
  /** Between the end of one invocation and the next; `null`: only when `invoke()` is called. */
  intervalMs?: number | null;
  /** Other settings of the function (CALDAV_TIMEOUT_MS, CALENDAR_SYNC_STALE_SECONDS, …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type CalendarSyncRunner = {
  functionUrl: string;
  /** One invocation; resolves with the function's JSON answer. */
  invoke(): Promise<unknown>;
  close(): Promise<void>;
};

export async function startCalendarSyncRunner(options: CalendarSyncRunnerOptions): Promise<CalendarSyncRunner> {
  const log = options.log ?? ((line: string) => console.log(line));
  const child = spawn(DENO, ['run', '--allow-net', '--allow-env', FUNCTION_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR,
      NO_COLOR: '1',
      // Port 0: the system picks a free one, read back from Deno's "Listening on" line.
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      SUPABASE_URL: options.apiUrl,
      SUPABASE_SERVICE_ROLE_KEY: options.serviceKey,
      CALDAV_ACCOUNTS: JSON.stringify(options.accounts),
      // Locally a failed write is retried within seconds and a host is read again every few seconds.
      CALENDAR_RETRY_BASE_SECONDS: '1',
      CALENDAR_RETRY_MAX_SECONDS: '4',
      CALENDAR_SYNC_STALE_SECONDS: '5',
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
    await waitForOutput(child, () => output, 'Listening on', { name: 'calendar-sync', timeoutMs: 60_000 });
  } catch (error) {
    child.kill();
    throw error;
  }
  started = true;
  const port = /Listening on https?:\/\/[^\s:]+:(\d+)/.exec(output)?.[1];
  const functionUrl = `http://127.0.0.1:${port}/`;

  const invoke = async () => {
    const response = await fetch(functionUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(60_000) });
    return response.json() as Promise<unknown>;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    inFlight = invoke()
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopped) log(`calendar-sync: invocation failed: ${error}`);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 1000);
      });
  };
  if (options.intervalMs !== null) tick();

  return {
    functionUrl,
    invoke,
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
