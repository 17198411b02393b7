import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { waitForOutput } from '../wait-for-output';
import { startMailSink, type MailSink } from './mail-sink';

// Runs the notify-leads Edge Function locally, unchanged, under real Deno (the `deno` npm package's binary),
// against the local data API, and invokes it every `intervalMs` as pg_cron does every minute on a hosted
// project. Resend's API is replaced by the local mail sink through the function's RESEND_API_URL setting.
// Booking messages go the same way; reminders are sent by the first run after they fall due.
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const FUNCTION_ENTRY = path.join(REPO_ROOT, 'supabase', 'functions', 'notify-leads', 'index.ts');
const DENO = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
export const LOCAL_MAIL_DIR = path.join(REPO_ROOT, '.local-mail');
export const LOCAL_SITE_URL = 'http://127.0.0.1:8000';

export type NotificationRunnerOptions = {
  apiUrl: string;
  serviceKey: string;
  mailDir?: string;
  intervalMs?: number;
  log?: (line: string) => void;
};

export type NotificationRunner = { sink: MailSink; functionUrl: string; close(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startNotificationRunner(options: NotificationRunnerOptions): Promise<NotificationRunner> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sink = await startMailSink({ dir: options.mailDir ?? LOCAL_MAIL_DIR, log });
  const port = await freePort();
  const child = spawn(DENO, ['run', '--allow-net', '--allow-env', FUNCTION_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR,
      NO_COLOR: '1',
      DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
      SUPABASE_URL: options.apiUrl,
      SUPABASE_SERVICE_ROLE_KEY: options.serviceKey,
      RESEND_API_KEY: 'local-mail-sink',
      RESEND_API_URL: sink.url,
      NOTIFY_TO: process.env.NOTIFY_TO ?? 'sales@brightlane.local',
      NOTIFY_FROM: process.env.NOTIFY_FROM ?? 'Brightlane leads <leads@brightlane.local>',
      BOOKING_FROM: process.env.BOOKING_FROM ?? 'Brightlane AI <calls@brightlane.local>',
      // The booking messages' change/cancel link points at the local site (`npm start`'s gatsby develop).
      SITE_URL: process.env.SITE_URL ?? LOCAL_SITE_URL,
      // Locally a failed attempt is retried within seconds, so recovering from an outage is quick to see.
      NOTIFY_RETRY_BASE_SECONDS: '1',
      NOTIFY_RETRY_MAX_SECONDS: '4',
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
    await waitForOutput(child, () => output, 'Listening on', { name: 'notify-leads', timeoutMs: 60_000 });
  } catch (error) {
    child.kill();
    await sink.close();
    throw error;
  }
  started = true;

  const functionUrl = `http://127.0.0.1:${port}/`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    inFlight = fetch(functionUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(60_000) })
      .then((response) => response.text())
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopped) log(`notify-leads: invocation failed: ${error}`);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 1000);
      });
  };
  tick();

  return {
    sink,
    functionUrl,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      await sink.close();
    },
  };
}
