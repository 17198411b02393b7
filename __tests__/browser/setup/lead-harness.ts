// What a lead test file runs against: Chromium, the production build on 127.0.0.1 and the local data API
// it sends leads to. Started before the file's tests and stopped after them; a test that stops the API
// (to simulate an outage) starts a new one with `harness.api = await startLeadApi()`.
import type { Browser } from 'playwright-core';
import type { StaticServer } from '../../../dev/static/static-server';
import type { TestApiOptions } from '../../helpers/local-api';
import { launchBrowser } from './browser';
import { serveBuild, startLeadApi, type LeadApi } from './test-env';

export type LeadHarness = { browser: Browser; site: StaticServer; api: LeadApi };

/** `mailDir`: where the data API's Auth server writes the sign-in e-mails (a test that reads the codes gives its own). */
export function leadHarnessForThisFile(apiOptions: Pick<TestApiOptions, 'mailDir'> = {}): LeadHarness {
  const harness = {} as LeadHarness;
  beforeAll(async () => {
    [harness.browser, harness.site, harness.api] = await Promise.all([
      launchBrowser(),
      serveBuild(),
      startLeadApi(apiOptions),
    ]);
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.site?.close();
    await harness.api?.close();
  });
  return harness;
}

export type LeadTable = 'contact_messages' | 'consultation_requests';

/** The rows stored for one e-mail address, read with the service key, without the columns the database fills in. */
export async function storedLeadRows(api: LeadApi, table: LeadTable, email: string) {
  // Leads only: a retry the database stored as a marked duplicate is not a second lead.
  const { data, error } = await api.service.from(table).select('*').eq('email', email).is('duplicate_of', null);
  expect(error).toBeNull();
  // The guard's columns (hold, challenge, trap, network) are the database's, tested in __tests__/contract; where the lead came from is checked in attribution.test.ts.
  return (data ?? []).map(
    ({
      id,
      created_at: createdAt,
      client_hash: _client,
      duplicate_of: _duplicate,
      attribution: _attribution,
      network_hash: _network,
      release_token_hash: _releaseToken,
      released_at: _releasedAt,
      released_by: _releasedBy,
      hold_reason: _holdReason,
      challenge: _challenge,
      challenge_issued_at: _challengeIssuedAt,
      honeypot: _honeypot,
      ...row
    }: Record<string, unknown>) => {
      expect(typeof id).toBe('string');
      expect(typeof createdAt).toBe('string');
      return row;
    },
  );
}
