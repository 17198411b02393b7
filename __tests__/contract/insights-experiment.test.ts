/** @jest-environment node */
// The experiment report (issue 44, supabase/migrations/20261202130000_insights_experiment.sql) through the data API
// as the dashboard calls it, on the embedded database and on a real PostgreSQL server prepared like a hosted project.
// Visits are counted through the site's own path (public.record_visit_events, with the variant label the page sends),
// leads through the lead path (attribution.visit_id), a booked call and its outcome as rows; one page view is written
// before the start. Per version: visits counted once, engaged visits, visits that sent a counted lead (a held lead is
// not one), booked and attended. Only a signed-in team member reads it: anon and a signed-in stranger get 42501; an
// experiment id or start the content could not have is refused with what is wrong.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeSupabaseClient } from '../../dev/local-api/node-client';
import { variantLabel } from '../../src/insights/experiments/shown-variant';
import {
  BACKENDS,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  signJwt,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type LeadClient,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(60_000);

const EXPERIMENT = 'home-hero-headline';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3_600_000;

type Kind = 'page_view' | 'chat_opened' | 'form_started';
type ReportRow = {
  variant: number;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  attended: number;
};
type Arguments = { experiment_id: string | null; started_at: string | null };

/**
 * The report through supabase-js. src/lib/database.types.ts does not declare the function yet (the dashboard's
 * change adds it), so the call goes through the untyped client.
 */
const report = (client: LeadClient, args: Arguments) =>
  (client as unknown as SupabaseClient).rpc('insights_experiment', args).then(({ data, error, status }) => ({
    rows: data as ReportRow[] | null,
    error: error as { code: string; message: string } | null,
    status,
  }));

describe.each(BACKENDS)('the experiment report on %s', (backend) => {
  let api: TestApi;
  let member: LeadClient;
  const startedAt = new Date(Date.now() - 2 * HOUR).toISOString();

  /** supabase-js with the site's key and a signed-in user's token for `email`. */
  const signedInAs = (email: string) =>
    createNodeSupabaseClient(api.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
      headers: {
        Authorization: `Bearer ${signJwt({
          role: 'authenticated',
          aud: 'authenticated',
          sub: randomUUID(),
          email,
          exp: Math.floor(Date.now() / 1000) + 3600,
        })}`,
      },
    });

  /** A visit in a browser: its events sent as the site sends them, each page view with the page's variant label. */
  async function visit(events: [Kind, string | undefined][]): Promise<string> {
    const visitId = randomUUID();
    const browser = createNodeSupabaseClient(api.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
      headers: { 'User-Agent': CHROME, 'cf-connecting-ip': uniqueClientAddress() },
    });
    const sent = events.map(([kind, variant]) => ({ kind, visit_id: visitId, path: '/', landing_page: '/', variant }));
    const { data, error } = await browser.rpc('record_visit_events', { events: sent });
    expect(error).toBeNull();
    expect(data).toMatchObject({ stored: events.length });
    return visitId;
  }

  /** A lead sent through the lead path from the visit; its id. Without the challenge it is held, not counted. */
  async function lead(
    visitId: string,
    table: 'consultation_requests' | 'contact_messages' = 'consultation_requests',
    { challenge = true } = {},
  ): Promise<string> {
    const email = uniqueEmail('experiment-lead');
    const attribution = { surface: 'booking_form', landing_page: '/', submitted_from: '/', visit_id: visitId };
    const { error } = await api
      .clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { challenge })
      .from(table)
      .insert({ name: 'Ada', email, company: 'Acme', message: 'Hello', attribution });
    expect(error).toBeNull();
    const [row] = await api.sql<{ id: string; hold_reason: string | null }>(
      `select id, hold_reason from public.${table} where email = $1`,
      [email],
    );
    expect(row.hold_reason === null).toBe(challenge);
    return row.id;
  }

  /** A call booked for the lead (a row as the booking confirms it), with its outcome when given. */
  async function bookCall(requestId: string, startsAt: string, outcome?: 'attended' | 'no_show') {
    const [call] = await api.sql<{ id: string }>(
      `insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day,
                                     visitor_time_zone, manage_token, host_id)
       select $1, 'lead@example.com', 'booked', $2::timestamptz, $2::timestamptz + interval '30 minutes',
              tstzrange($2::timestamptz, $2::timestamptz + interval '45 minutes'), ($2::timestamptz)::date,
              'Australia/Sydney', $3, h.id
         from private.booking_hosts h
        limit 1
       returning id`,
      [requestId, startsAt, `token-${randomUUID()}`],
    );
    if (outcome)
      await api.sql(`insert into private.call_outcomes (booking_id, outcome, recorded_by) values ($1, $2, 'test')`, [
        call.id,
        outcome,
      ]);
  }

  beforeAll(async () => {
    api = await startTestApi({ backend });
    const email = uniqueEmail('experiment-member').toLowerCase();
    await api.sql(`insert into private.team_members (email, added_by) values ($1, 'test')`, [email]);
    member = signedInAs(email);

    const original = variantLabel(EXPERIMENT, 0);
    const variant = variantLabel(EXPERIMENT, 1);
    // The original: a visit that viewed two pages, opened the chat, sent a lead, booked a call and attended it; and
    // one that only looked.
    const engagedOriginal = await visit([
      ['page_view', original],
      ['page_view', original],
      ['chat_opened', undefined],
    ]);
    await bookCall(await lead(engagedOriginal), '2030-01-07T00:00:00Z', 'attended');
    await visit([['page_view', original]]);
    // The variant: a visit that started a form and sent a contact message; one that started a form, sent two leads
    // (counted as one visit) and booked a call it did not attend; one whose lead was held (sent without the
    // challenge, as a flood's are), not counted.
    const contactVariant = await visit([
      ['page_view', variant],
      ['form_started', undefined],
    ]);
    await lead(contactVariant, 'contact_messages');
    const bookedVariant = await visit([
      ['page_view', variant],
      ['form_started', undefined],
    ]);
    await bookCall(await lead(bookedVariant), '2030-01-07T01:00:00Z', 'no_show');
    await lead(bookedVariant, 'contact_messages');
    await lead(await visit([['page_view', variant]]), 'consultation_requests', { challenge: false });
    // A visit whose version changed (the shares were edited) is the version of its first page view: the original.
    await visit([
      ['page_view', original],
      ['page_view', variant],
    ]);

    // Not counted: another experiment's versions (one whose id begins with this one's), a page without an
    // experiment (with a lead), a malformed label, and a page view of the variant before the start.
    await visit([['page_view', variantLabel('pricing-cta', 1)]]);
    await visit([['page_view', variantLabel(`${EXPERIMENT}-2`, 0)]]);
    await lead(await visit([['page_view', undefined]]));
    await visit([['page_view', `${EXPERIMENT}:x`]]);
    await api.sql(
      `insert into private.visit_events (occurred_at, visit_id, kind, path, variant)
       values ($1::timestamptz - interval '1 minute', $2, 'page_view', '/', $3)`,
      [startedAt, randomUUID(), variant],
    );
  }, 120_000);
  afterAll(() => api?.close());

  test('a team member reads one row per version, in order: visits once each, engaged, leads, booked, attended', async () => {
    const { rows, error } = await report(member, { experiment_id: EXPERIMENT, started_at: startedAt });
    expect(error).toBeNull();
    expect(rows).toEqual([
      { variant: 0, visitors: 3, engaged: 1, leads: 1, booked: 1, attended: 1 },
      { variant: 1, visitors: 3, engaged: 2, leads: 2, booked: 1, attended: 0 },
    ]);
  });

  test('a start after the visits counts none of them; an experiment nobody saw has no rows', async () => {
    const now = new Date().toISOString();
    expect(await report(member, { experiment_id: EXPERIMENT, started_at: now })).toMatchObject({
      rows: [],
      error: null,
    });
    expect(await report(member, { experiment_id: 'nobody-saw-it', started_at: startedAt })).toMatchObject({
      rows: [],
      error: null,
    });
  });

  test.each([
    ['capitals', 'Home-Hero', /experiment_id must be the experiment's id as in the content/],
    ['a double dash', 'home--hero', /lowercase letters, digits and single dashes/],
    ['a colon', 'home:1', /lowercase letters, digits and single dashes/],
    ['81 characters', 'a'.repeat(81), /at most 80 characters/],
    ['no id', null, /this one is missing/],
  ])('an experiment id with %s is refused with what is wrong (22023)', async (_, id, message) => {
    const { rows, error } = await report(member, { experiment_id: id, started_at: startedAt });
    expect(rows).toBeNull();
    expect(error?.code).toBe('22023');
    expect(error?.message).toMatch(message);
  });

  test('an id of 80 characters is one', async () => {
    const { error } = await report(member, { experiment_id: 'a'.repeat(80), started_at: startedAt });
    expect(error).toBeNull();
  });

  test('a start in the future, or none, is refused with what is wrong (22023)', async () => {
    const future = await report(member, {
      experiment_id: EXPERIMENT,
      started_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(future.error?.code).toBe('22023');
    expect(future.error?.message).toMatch(/is in the future/);
    const missing = await report(member, { experiment_id: EXPERIMENT, started_at: null });
    expect(missing.error?.code).toBe('22023');
    expect(missing.error?.message).toMatch(/started_at is missing/);
  });

  describe('who may read', () => {
    const args = { experiment_id: EXPERIMENT, started_at: startedAt };

    test('anon reads nothing: 401, permission denied', async () => {
      const { rows, error, status } = await report(api.anon, args);
      expect({ status, code: error?.code }).toEqual({ status: 401, code: '42501' });
      expect(rows).toBeNull();
    });

    test('a signed-in stranger reads nothing, whatever the arguments: 403 and a clear message', async () => {
      const stranger = signedInAs(uniqueEmail('stranger'));
      for (const strangerArgs of [args, { experiment_id: 'Bad Id', started_at: null }]) {
        const { rows, error, status } = await report(stranger, strangerArgs);
        expect({ status, code: error?.code, message: error?.message }).toEqual({
          status: 403,
          code: '42501',
          message: 'Only signed-in team members can read the insights.',
        });
        expect(rows).toBeNull();
      }
    });

    test('a member taken off the list reads nothing with the same token', async () => {
      const email = uniqueEmail('former-member').toLowerCase();
      await api.sql(`insert into private.team_members (email, added_by) values ($1, 'test')`, [email]);
      const client = signedInAs(email);
      expect((await report(client, args)).error).toBeNull();
      await api.sql(`delete from private.team_members where email = $1`, [email]);
      expect(await report(client, args)).toMatchObject({ status: 403, error: { code: '42501' }, rows: null });
    });
  });
});
