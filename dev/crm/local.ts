import { CRM_SETTINGS, startCrmSyncRunner, type CrmSettings, type CrmSyncRunner } from './runner';

// The CRM sync of `npm run backend` (and so `npm start`): the crm-sync function under Deno every second against the
// local data API, with the CRMs' settings from the developer's environment (docs/crm.md). With none of them set the
// backend starts no Deno process for it: a developer without a CRM pays nothing.

/** The CRM settings set (not blank) in `env`; empty when none is. */
export function crmSettingsFrom(env: NodeJS.ProcessEnv): CrmSettings {
  return Object.fromEntries(
    CRM_SETTINGS.flatMap((name) => (env[name]?.trim() ? [[name, env[name] as string]] : [])),
  ) as CrmSettings;
}

/** The backend's line about the CRM sync: which settings came from the environment, by name, never a value. */
export function crmSyncLine(settings: CrmSettings): string {
  return (
    `CRM sync: crm-sync under Deno each second, settings from ${Object.keys(settings).join(', ')}; ` +
    'a target syncs once turned on: npm run leads -- crm on <target> (docs/crm.md)'
  );
}

/** Starts the local CRM sync, or nothing (undefined) when no CRM setting is in the environment. */
export async function startLocalCrmSync(options: {
  apiUrl: string;
  serviceKey: string;
  env?: NodeJS.ProcessEnv;
  intervalMs?: number;
  log?: (line: string) => void;
}): Promise<{ runner: CrmSyncRunner; line: string } | undefined> {
  const settings = crmSettingsFrom(options.env ?? process.env);
  if (Object.keys(settings).length === 0) return undefined;
  const runner = await startCrmSyncRunner({
    apiUrl: options.apiUrl,
    serviceKey: options.serviceKey,
    settings,
    intervalMs: options.intervalMs ?? 1000,
    log: options.log,
  });
  return { runner, line: crmSyncLine(settings) };
}
