import { DEFAULT_BACKOFF, type BackoffPolicy } from '../_shared/backoff.ts';
import { ConfigError, positiveNumber } from '../_shared/settings.ts';

export { ConfigError };

// Everything the function needs, read from its environment only (hosted: `supabase secrets set`, plus
// SUPABASE_URL and the service key, which hosted functions receive automatically).
export type NotifyConfig = {
  supabaseUrl: string;
  serviceKey: string;
  resendApiKey: string;
  /** Resend's API; the local stack points it at its mail sink. */
  resendApiUrl: string;
  to: string[];
  from: string;
  slackWebhookUrl: string | undefined;
  /**
   * The public site's address (SITE_URL, content/site.json's siteUrl in production): the visitor's change/cancel
   * link is `<siteUrl>/booking#<secret>`. Booking messages wait (and the run says so) until it is set.
   */
  siteUrl: string | undefined;
  /** Sender of the visitor's booking messages (BOOKING_FROM); the team's come from NOTIFY_FROM. */
  bookingFrom: string;
  providerTimeoutMs: number;
  backoff: BackoffPolicy;
};

/** Reads the configuration; names (never values) of missing variables are in the error. */
export function readConfig(env: Record<string, string | undefined>): NotifyConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const serviceKey = value('SUPABASE_SECRET_KEY') ?? value('SUPABASE_SERVICE_ROLE_KEY');
  const required = { SUPABASE_URL: value('SUPABASE_URL'), RESEND_API_KEY: value('RESEND_API_KEY') };
  const to = (value('NOTIFY_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const from = value('NOTIFY_FROM');
  const missing = [
    ...Object.entries(required)
      .filter(([, setting]) => !setting)
      .map(([name]) => name),
    ...(serviceKey ? [] : ['SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY)']),
    ...(to.length > 0 ? [] : ['NOTIFY_TO']),
    ...(from ? [] : ['NOTIFY_FROM']),
  ];
  if (missing.length > 0) throw new ConfigError(`notify-leads is not configured: set ${missing.join(', ')}`);
  const siteUrl = value('SITE_URL')?.replace(/\/+$/, '');
  if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(siteUrl)) {
    throw new ConfigError("SITE_URL must be the site's address without a path, e.g. https://brightlane.ai");
  }
  return {
    supabaseUrl: required.SUPABASE_URL!.replace(/\/+$/, ''),
    serviceKey: serviceKey!,
    resendApiKey: required.RESEND_API_KEY!,
    resendApiUrl: (value('RESEND_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, ''),
    to,
    from: from!,
    slackWebhookUrl: value('SLACK_WEBHOOK_URL'),
    siteUrl,
    bookingFrom: value('BOOKING_FROM') ?? from!,
    providerTimeoutMs: positiveNumber(env, 'NOTIFY_PROVIDER_TIMEOUT_MS', 10_000),
    backoff: {
      baseSeconds: positiveNumber(env, 'NOTIFY_RETRY_BASE_SECONDS', DEFAULT_BACKOFF.baseSeconds),
      maxSeconds: positiveNumber(env, 'NOTIFY_RETRY_MAX_SECONDS', DEFAULT_BACKOFF.maxSeconds),
    },
  };
}
