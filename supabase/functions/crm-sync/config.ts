// The CRM sync's settings, from the function's environment (hosted: `supabase secrets set`) only: never the
// database, a GATSBY_ variable or the repository. A target whose credentials are missing or malformed is not an
// error of the whole run: its jobs pause with the names of the settings to fix (never their values).
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../_shared/backoff.ts';
import { ConfigError, positiveNumber } from '../_shared/settings.ts';

export { ConfigError };

export type { CrmTarget as Target } from '../_shared/crm-targets.ts';

export type HubSpotSettings = { accessToken: string; apiBase: string };
export type PipedriveSettings = { apiToken: string; apiBase: string };
export type WebhookSettings = { url: string; secret: string };

/** Each target's settings, or what is wrong with them (to fix by a person: the target pauses). */
export type TargetSettings = {
  hubspot: HubSpotSettings | { problem: string };
  pipedrive: PipedriveSettings | { problem: string };
  webhook: WebhookSettings | { problem: string };
};

export type CrmSyncConfig = {
  supabaseUrl: string;
  serviceKey: string;
  targets: TargetSettings;
  /** Each request to a CRM's time limit (CRM_TIMEOUT_MS). */
  requestTimeoutMs: number;
  backoff: BackoffPolicy;
  /** A change still failing transiently this long after it was queued pauses its target (CRM_PAUSE_AFTER_HOURS). */
  pauseAfterSeconds: number;
  /** … once it has also failed this many times (CRM_PAUSE_AFTER_ATTEMPTS). */
  pauseAfterAttempts: number;
};

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\]|host\.docker\.internal|kong)$/;

/** An https address (http only to this machine, for the local stack); null when it is not one. */
function baseUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.test(url.hostname))) return url;
  } catch {
    // not a URL
  }
  return null;
}

function hubspot(value: (name: string) => string | undefined): TargetSettings['hubspot'] {
  const accessToken = value('HUBSPOT_ACCESS_TOKEN');
  if (!accessToken) return { problem: 'set the HUBSPOT_ACCESS_TOKEN secret (a HubSpot service key)' };
  // Regional data centres have their own host (e.g. https://api-eu1.hubapi.com).
  const base = baseUrl(value('HUBSPOT_API_BASE') ?? 'https://api.hubapi.com');
  if (!base) return { problem: 'HUBSPOT_API_BASE must be an https address such as https://api-eu1.hubapi.com' };
  return { accessToken, apiBase: base.href.replace(/\/+$/, '') };
}

function pipedrive(value: (name: string) => string | undefined): TargetSettings['pipedrive'] {
  const apiToken = value('PIPEDRIVE_API_TOKEN');
  // "acme", "acme.pipedrive.com" and "https://acme.pipedrive.com" all name the company "acme".
  const domain = value('PIPEDRIVE_COMPANY_DOMAIN')
    ?.replace(/^https?:\/\//, '')
    .replace(/\.pipedrive\.com\/?$/, '');
  const explicitBase = value('PIPEDRIVE_API_BASE');
  const missing = [
    ...(apiToken ? [] : ['PIPEDRIVE_API_TOKEN']),
    ...(domain || explicitBase ? [] : ['PIPEDRIVE_COMPANY_DOMAIN']),
  ];
  if (missing.length > 0) return { problem: `set the ${missing.join(' and ')} secret${missing.length > 1 ? 's' : ''}` };
  if (domain && !/^[a-z0-9-]+$/i.test(domain)) {
    return { problem: 'PIPEDRIVE_COMPANY_DOMAIN must be the company name in <name>.pipedrive.com' };
  }
  const base = baseUrl(explicitBase ?? `https://${domain}.pipedrive.com`);
  if (!base) return { problem: 'PIPEDRIVE_API_BASE must be an https address' };
  return { apiToken: apiToken!, apiBase: base.href.replace(/\/+$/, '') };
}

function webhook(value: (name: string) => string | undefined): TargetSettings['webhook'] {
  const rawUrl = value('CRM_WEBHOOK_URL');
  const secret = value('CRM_WEBHOOK_SECRET');
  const missing = [...(rawUrl ? [] : ['CRM_WEBHOOK_URL']), ...(secret ? [] : ['CRM_WEBHOOK_SECRET'])];
  if (missing.length > 0) return { problem: `set the ${missing.join(' and ')} secret${missing.length > 1 ? 's' : ''}` };
  const url = baseUrl(rawUrl!);
  if (!url) return { problem: 'CRM_WEBHOOK_URL must be an https address' };
  if (!/^whsec_[A-Za-z0-9+/]{22,}={0,2}$/.test(secret!)) {
    return { problem: 'CRM_WEBHOOK_SECRET must be whsec_ followed by base64 (at least 16 random bytes)' };
  }
  return { url: url.href, secret: secret! };
}

export function readTargets(env: Record<string, string | undefined>): TargetSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  return { hubspot: hubspot(value), pipedrive: pipedrive(value), webhook: webhook(value) };
}

/** Reads the configuration; names (never values) of missing or malformed settings are in the error. */
export function readConfig(env: Record<string, string | undefined>): CrmSyncConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const supabaseUrl = value('SUPABASE_URL');
  const serviceKey = value('SUPABASE_SECRET_KEY') ?? value('SUPABASE_SERVICE_ROLE_KEY');
  const missing = [
    ...(supabaseUrl ? [] : ['SUPABASE_URL']),
    ...(serviceKey ? [] : ['SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY)']),
  ];
  if (missing.length > 0) throw new ConfigError(`crm-sync is not configured: set ${missing.join(', ')}`);
  return {
    supabaseUrl: supabaseUrl!.replace(/\/+$/, ''),
    serviceKey: serviceKey!,
    targets: readTargets(env),
    requestTimeoutMs: positiveNumber(env, 'CRM_TIMEOUT_MS', 15_000),
    backoff: {
      baseSeconds: positiveNumber(env, 'CRM_RETRY_BASE_SECONDS', DEFAULT_BACKOFF.baseSeconds),
      maxSeconds: positiveNumber(env, 'CRM_RETRY_MAX_SECONDS', DEFAULT_BACKOFF.maxSeconds),
    },
    pauseAfterSeconds: positiveNumber(env, 'CRM_PAUSE_AFTER_HOURS', 24) * 3600,
    pauseAfterAttempts: Math.round(positiveNumber(env, 'CRM_PAUSE_AFTER_ATTEMPTS', 20)),
  };
}
