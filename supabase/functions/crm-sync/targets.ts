// Each target's sync from its settings; a target without usable settings keeps what to fix (its jobs pause).
import type { TargetSettings } from './config.ts';
import type { HttpDeps } from './http.ts';
import { hubspotSync } from './hubspot.ts';
import { pipedriveSync } from './pipedrive.ts';
import type { Targets } from './run.ts';
import { webhookSync } from './webhook.ts';

export function targetSyncs(settings: TargetSettings, http: HttpDeps): Targets {
  const { hubspot, pipedrive, webhook } = settings;
  return {
    hubspot: 'problem' in hubspot ? hubspot : hubspotSync(hubspot, http),
    pipedrive: 'problem' in pipedrive ? pipedrive : pipedriveSync(pipedrive, http),
    webhook: 'problem' in webhook ? webhook : webhookSync(webhook, http),
  };
}

/** The values no error or log line may show. */
export function secretsOf(settings: TargetSettings): string[] {
  const { hubspot, pipedrive, webhook } = settings;
  return [
    ...('accessToken' in hubspot ? [hubspot.accessToken] : []),
    ...('apiToken' in pipedrive ? [pipedrive.apiToken] : []),
    // A webhook URL's path often is a secret too (Zapier's, Make's).
    ...('secret' in webhook ? [webhook.secret, webhook.url] : []),
  ];
}
