// deno test: the settings, from the environment only; a target's problem names its settings, never their values.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { ConfigError, readConfig, readTargets } from './config.ts';

Deno.test('config: defaults, a regional HubSpot host, and the Pipedrive company domain in any form', () => {
  assert.deepEqual(readTargets({ HUBSPOT_ACCESS_TOKEN: 'pat-1' }).hubspot, {
    accessToken: 'pat-1',
    apiBase: 'https://api.hubapi.com',
  });
  assert.deepEqual(
    readTargets({ HUBSPOT_ACCESS_TOKEN: 'pat-1', HUBSPOT_API_BASE: 'https://api-eu1.hubapi.com/' }).hubspot,
    { accessToken: 'pat-1', apiBase: 'https://api-eu1.hubapi.com' },
  );
  for (const domain of ['acme', 'acme.pipedrive.com', 'https://acme.pipedrive.com/']) {
    assert.deepEqual(readTargets({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_COMPANY_DOMAIN: domain }).pipedrive, {
      apiToken: 't',
      apiBase: 'https://acme.pipedrive.com',
    });
  }
});

Deno.test('config: what is missing or malformed is named, never shown', () => {
  const targets = readTargets({
    HUBSPOT_ACCESS_TOKEN: 'pat-secret',
    HUBSPOT_API_BASE: 'http://api.hubapi.com',
    PIPEDRIVE_API_TOKEN: 'pd-secret',
    CRM_WEBHOOK_URL: 'https://hooks.example.test/secret-path',
    CRM_WEBHOOK_SECRET: 'whsec_short',
  });
  assert.deepEqual(targets, {
    hubspot: { problem: 'HUBSPOT_API_BASE must be an https address such as https://api-eu1.hubapi.com' },
    pipedrive: { problem: 'set the PIPEDRIVE_COMPANY_DOMAIN secret' },
    webhook: { problem: 'CRM_WEBHOOK_SECRET must be whsec_ followed by base64 (at least 16 random bytes)' },
  });
  assert.deepEqual(readTargets({}).webhook, { problem: 'set the CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET secrets' });
  assert.throws(
    () => readConfig({ SUPABASE_URL: 'http://db.invalid' }),
    (error: unknown) =>
      error instanceof ConfigError && /set SUPABASE_SERVICE_ROLE_KEY \(or SUPABASE_SECRET_KEY\)$/.test(error.message),
  );
  assert.throws(
    () => readConfig({ SUPABASE_URL: 'u', SUPABASE_SECRET_KEY: 'k', CRM_TIMEOUT_MS: 'soon' }),
    /CRM_TIMEOUT_MS must be a positive number/,
  );
});
