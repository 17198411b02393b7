import { startDenoFunction, type RunCounts } from '../deno-function';
import { LOCAL_MAIL_DIR } from './local-mail';
import { startMailSink, type MailSink } from './mail-sink';

// Runs the notify-leads Edge Function locally under Deno (dev/deno-function.ts) against the local data API.
// Resend's API is replaced by the local mail sink through the function's RESEND_API_URL setting. Booking
// messages go the same way; reminders are sent by the first run after they fall due.
export { LOCAL_MAIL_DIR };
export const LOCAL_SITE_URL = 'http://127.0.0.1:8000';

export type NotificationRunnerOptions = {
  apiUrl: string;
  serviceKey: string;
  mailDir?: string;
  intervalMs?: number;
  log?: (line: string) => void;
};

export type NotificationRunner = {
  sink: MailSink;
  functionUrl: string;
  /** The function's runs so far (dev/deno-function.ts, runsAnsweredSince): a test waits on them, not a clock. */
  runs(): RunCounts;
  close(): Promise<void>;
};

export async function startNotificationRunner(options: NotificationRunnerOptions): Promise<NotificationRunner> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sink = await startMailSink({ dir: options.mailDir ?? LOCAL_MAIL_DIR, log });
  const { functionUrl, runs, close } = await startDenoFunction({
    name: 'notify-leads',
    env: {
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
    intervalMs: options.intervalMs ?? 1000,
    log,
  }).catch(async (error: unknown) => {
    await sink.close();
    throw error;
  });
  return {
    sink,
    functionUrl,
    runs,
    async close() {
      await close();
      await sink.close();
    },
  };
}
