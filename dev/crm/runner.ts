import { startDenoFunction, type DenoFunction } from '../deno-function';

// Runs the crm-sync Edge Function locally under Deno (dev/deno-function.ts) against a data API, for the tests and for
// `npm run backend` (dev/crm/local.ts). The CRMs' credentials and addresses are given as the function's secrets
// (docs/crm.md); a target left without them pauses its changes with the names of the settings to fix.
export const CRM_SETTINGS = [
  'HUBSPOT_ACCESS_TOKEN',
  'HUBSPOT_API_BASE',
  'PIPEDRIVE_API_TOKEN',
  'PIPEDRIVE_COMPANY_DOMAIN',
  'PIPEDRIVE_API_BASE',
  'CRM_WEBHOOK_URL',
  'CRM_WEBHOOK_SECRET',
] as const;
export type CrmSetting = (typeof CRM_SETTINGS)[number];
export type CrmSettings = Partial<Record<CrmSetting, string>>;

export type CrmSyncRunnerOptions = {
  apiUrl: string;
  serviceKey: string;
  settings: CrmSettings;
  /** Between the end of one invocation and the next; `null`: only when `invoke()` is called. */
  intervalMs?: number | null;
  /** Other settings of the function (CRM_TIMEOUT_MS, CRM_PAUSE_AFTER_ATTEMPTS, …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type CrmSyncRunner = DenoFunction;

export function startCrmSyncRunner(options: CrmSyncRunnerOptions): Promise<CrmSyncRunner> {
  const settings = Object.fromEntries(
    Object.entries(options.settings).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
  return startDenoFunction({
    name: 'crm-sync',
    env: {
      SUPABASE_URL: options.apiUrl,
      SUPABASE_SERVICE_ROLE_KEY: options.serviceKey,
      ...settings,
      // Locally a CRM that fails for a moment is tried again within seconds.
      CRM_RETRY_BASE_SECONDS: '1',
      CRM_RETRY_MAX_SECONDS: '4',
      ...options.env,
    },
    intervalMs: options.intervalMs,
    log: options.log ?? ((line: string) => console.log(line)),
  });
}
