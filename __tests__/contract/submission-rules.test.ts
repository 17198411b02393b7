/** @jest-environment node */
// The rules the database enforces on every submission, through the data API (supabase-js with the
// publishable key), on the embedded database and on a real PostgreSQL server prepared like a hosted project:
// a retried identical submission answers exactly like a new one but is marked as a duplicate, one request
// stores at most one lead, the rate limits tied to the sender (per client, per network block, per address and
// client) refuse, and nothing else does: above the global rate a lead is stored and held (issue 36; the holds
// themselves: held-leads.test.ts).
import {
  BACKENDS,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

type LeadTable = 'consultation_requests' | 'contact_messages';
// Many requests per test: generous under a loaded CI machine (timings are measured by bench/, not here).
jest.setTimeout(30_000);

describe.each(BACKENDS)('on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 60_000);
  afterAll(() => api?.close());

  /** supabase-js for one visitor's connection (one client address, in a network block of its own). */
  const visitor = (clientAddress = uniqueClientAddress()) =>
    api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress });

  async function stored(table: LeadTable, email: string) {
    const [counts] = await api.sql<{ leads: number; duplicates: number }>(
      `select count(*) filter (where duplicate_of is null)::int as leads,
              count(*) filter (where duplicate_of is not null)::int as duplicates
         from public.${table} where lower(email) = lower($1)`,
      [email],
    );
    return counts;
  }

  /** Moves this address's stored rows into the past, as if time had passed. */
  async function age(table: LeadTable, email: string, minutes: number): Promise<void> {
    await api.sql(
      `update public.${table} set created_at = created_at - make_interval(mins => $2) where lower(email) = lower($1)`,
      [email, minutes],
    );
  }

  describe('a retried identical submission', () => {
    test('answers exactly like a new one, even with count=exact, and is kept as a marked duplicate', async () => {
      const lead = { name: 'Ivy', email: uniqueEmail('retry'), company: 'Acme', phone: '1', message: 'Call me' };
      const client = visitor();
      const answer = async () => {
        const { status, statusText, count, error, data } = await client
          .from('consultation_requests')
          .insert(lead, { count: 'exact' });
        return { status, statusText, count, error, data };
      };
      const first = await answer();
      const retry = await answer();
      expect(first).toEqual({ status: 201, statusText: 'Created', count: 1, error: null, data: null });
      expect(retry).toEqual(first);
      expect(await stored('consultation_requests', lead.email)).toEqual({ leads: 1, duplicates: 1 });
      const [marked] = await api.sql<{ points_to_original: boolean }>(
        `select d.duplicate_of = o.id as points_to_original
           from public.consultation_requests d join public.consultation_requests o on o.email = d.email
          where d.email = $1 and d.duplicate_of is not null and o.duplicate_of is null`,
        [lead.email],
      );
      expect(marked.points_to_original).toBe(true);
    });

    test('from another connection is still a duplicate', async () => {
      const lead = { name: 'Jo', email: uniqueEmail('other-network'), message: 'Hi' };
      expect((await visitor().from('contact_messages').insert(lead)).error).toBeNull();
      expect((await visitor().from('contact_messages').insert(lead)).error).toBeNull();
      expect(await stored('contact_messages', lead.email)).toEqual({ leads: 1, duplicates: 1 });
    });

    test('any difference in any field, including letter case, is a new lead', async () => {
      const email = uniqueEmail('Different');
      const lead = { name: 'Kim', email, company: 'Acme', message: 'Hello' };
      const client = visitor();
      await client.from('contact_messages').insert(lead);
      await client.from('contact_messages').insert({ ...lead, message: 'Hello!' });
      await client.from('contact_messages').insert({ ...lead, email: email.toLowerCase() });
      const { company: _omitted, ...withoutCompany } = lead;
      await client.from('contact_messages').insert(withoutCompany);
      expect(await stored('contact_messages', email)).toEqual({ leads: 4, duplicates: 0 });
    });

    test('after 10 minutes is a new lead; in the other table it is a new lead', async () => {
      const lead = { name: 'Lee', email: uniqueEmail('later'), company: 'Acme', message: 'Hi' };
      const client = visitor();
      await client.from('consultation_requests').insert(lead);
      await age('consultation_requests', lead.email, 11);
      expect((await client.from('consultation_requests').insert(lead)).error).toBeNull();
      expect((await client.from('contact_messages').insert(lead)).error).toBeNull();
      expect(await stored('consultation_requests', lead.email)).toEqual({ leads: 2, duplicates: 0 });
      expect(await stored('contact_messages', lead.email)).toEqual({ leads: 1, duplicates: 0 });
    });

    test('20 identical submissions at once from 20 connections store one lead', async () => {
      const lead = { name: 'Mia', email: uniqueEmail('parallel'), message: 'Once' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => visitor().from('contact_messages').insert(lead, { count: 'exact' })),
      );
      expect(answers.map(({ status, count, error }) => ({ status, count, error }))).toEqual(
        Array(20).fill({ status: 201, count: 1, error: null }),
      );
      expect(await stored('contact_messages', lead.email)).toEqual({ leads: 1, duplicates: 19 });
    });
  });

  describe('one request, at most one lead', () => {
    test.each([2, 2000])('an array of %i leads is refused with 400 P0001 and nothing is stored', async (size) => {
      const marker = uniqueEmail('array');
      const leads = Array.from({ length: size }, (_, index) => ({
        name: 'Ned',
        email: `${index}.${marker}`,
        message: `Lead ${index}`,
      }));
      const { status, error } = await visitor().from('contact_messages').insert(leads);
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'P0001',
        message: 'One request can store one lead only: send a single object, not an array.',
      });
      const [{ count }] = await api.sql<{ count: number }>(
        `select count(*)::int as count from public.contact_messages where email like $1`,
        [`%.${marker}`],
      );
      expect(count).toBe(0);
    });
  });

  describe('rate limits', () => {
    const submit = (client: ReturnType<typeof visitor>, table: LeadTable, email: string, index: number) =>
      client.from(table).insert({ name: `Oz ${index}`, email, company: 'Acme', message: `Request ${index}` });

    test('one connection: the 6th lead an hour from one address (any case, any +tag) is refused', async () => {
      const email = uniqueEmail('busy');
      const variants = [email, email.toUpperCase(), email.replace('@', '+news@'), email.replace('@', '+a+b@'), email];
      const client = visitor();
      for (const [index, variant] of variants.entries()) {
        expect((await submit(client, 'contact_messages', variant, index)).error).toBeNull();
      }
      const sixth = await submit(client, 'contact_messages', email.replace('@', '+sixth@'), 5);
      expect(sixth.status).toBe(400);
      expect(sixth.error).toMatchObject({
        code: 'P0001',
        message: 'Too many submissions from this e-mail address: at most 5 per hour are accepted.',
        hint: expect.stringContaining('Wait an hour'),
      });
      // Counted per table: the booking form is still open to this address.
      expect((await submit(client, 'consultation_requests', email, 6)).error).toBeNull();
    });

    test('someone else using a visitor’s address from another connection does not block the visitor', async () => {
      const email = uniqueEmail('victim');
      const attacker = visitor();
      for (let index = 0; index < 7; index++) await submit(attacker, 'contact_messages', email, index);
      expect((await submit(attacker, 'contact_messages', email, 7)).error?.code).toBe('P0001');
      expect((await submit(visitor(), 'contact_messages', email, 8)).error).toBeNull();
    });

    test('retries of an identical submission do not use up the address limit', async () => {
      const lead = { name: 'Pia', email: uniqueEmail('retries'), company: 'Acme' };
      const client = visitor();
      for (let attempt = 0; attempt < 8; attempt++) {
        expect((await client.from('consultation_requests').insert(lead)).error).toBeNull();
      }
      expect((await submit(client, 'consultation_requests', lead.email, 9)).error).toBeNull();
    });

    test('an hour later the address may submit again', async () => {
      const email = uniqueEmail('patient');
      const client = visitor();
      for (let index = 0; index < 5; index++) await submit(client, 'consultation_requests', email, index);
      expect((await submit(client, 'consultation_requests', email, 5)).error?.code).toBe('P0001');
      await age('consultation_requests', email, 61);
      expect((await submit(client, 'consultation_requests', email, 6)).error).toBeNull();
    });

    test('one connection: the 11th request a minute is refused, another connection still gets through', async () => {
      const client = visitor();
      for (let index = 0; index < 10; index++) {
        expect((await submit(client, 'contact_messages', uniqueEmail(`flood${index}`), index)).error).toBeNull();
      }
      const eleventh = await submit(client, 'contact_messages', uniqueEmail('flood'), 10);
      expect(eleventh.status).toBe(400);
      expect(eleventh.error).toMatchObject({
        code: 'P0001',
        message: 'Too many submissions from this connection: at most 10 a minute are accepted.',
      });
      expect((await submit(visitor(), 'contact_messages', uniqueEmail('bystander'), 0)).error).toBeNull();
    });

    test('a flood of 200 requests at once from one connection stores 10; visitors sending meanwhile all get through', async () => {
      await api.sql('delete from public.contact_messages'); // start below the ceiling, whatever ran before
      const flooder = visitor();
      const floodRequests = Array.from({ length: 200 }, (_, index) =>
        submit(flooder, 'contact_messages', uniqueEmail(`wave${index}`), index),
      );
      const visitors = Array.from({ length: 5 }, (_, index) =>
        submit(visitor(), 'contact_messages', uniqueEmail(`meanwhile${index}`), index),
      );
      const [flood, meanwhile] = await Promise.all([Promise.all(floodRequests), Promise.all(visitors)]);
      expect(meanwhile.map((answer) => answer.status)).toEqual(Array(5).fill(201));
      const outcomes = flood.map((answer) => answer.error?.message ?? 'stored');
      expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(10);
      expect(new Set(outcomes.filter((outcome) => outcome !== 'stored'))).toEqual(
        new Set(['Too many submissions from this connection: at most 10 a minute are accepted.']),
      );
    });

    test('one network block: the 31st request a minute from 31 addresses of one /24 is refused, another block gets through', async () => {
      const block = (host: number) => `192.0.2.${host}`;
      for (let host = 1; host <= 30; host++) {
        expect(
          (await submit(visitor(block(host)), 'contact_messages', uniqueEmail(`net${host}`), host)).error,
        ).toBeNull();
      }
      const refused = await submit(visitor(block(31)), 'contact_messages', uniqueEmail('net31'), 31);
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({
        code: 'P0001',
        message: 'Too many submissions from this network: at most 30 a minute are accepted.',
        hint: expect.stringContaining('Wait a minute'),
      });
      expect((await submit(visitor('192.0.3.1'), 'contact_messages', uniqueEmail('next-block'), 0)).error).toBeNull();
      // Counted per table: the booking form is still open to the block.
      expect((await submit(visitor(block(32)), 'consultation_requests', uniqueEmail('net-book'), 0)).error).toBeNull();
    });

    describe('no global ceiling: above the old one, leads are stored and held', () => {
      // A flood already stored by many connections within the last minute (inserted directly, as the owner).
      async function flood(rows: number, fromClient: string) {
        await api.sql(
          `insert into public.consultation_requests (name, email, company, client_hash)
           select 'Flood', 'flood' || g || '.' || $2 || '@example.com', 'Bots',
                  encode(sha256(convert_to($1 || g % 50, 'UTF8')), 'hex')
             from generate_series(1, $3) g`,
          [fromClient, Date.now().toString(36), rows],
        );
      }
      const holdOf = async (email: string) =>
        (
          await api.sql<{ hold_reason: string | null }>(
            `select hold_reason from public.consultation_requests where email = $1`,
            [email],
          )
        )[0]?.hold_reason;
      afterEach(() => api.sql(`delete from public.consultation_requests where name = 'Flood' or company = 'Ceiling'`));

      test('above 60 a minute, a connection that already submitted is stored and held, not refused', async () => {
        const repeat = visitor();
        expect((await submit(repeat, 'consultation_requests', uniqueEmail('early'), 0)).error).toBeNull();
        await flood(60, 'bot');
        const email = uniqueEmail('again');
        const answer = await submit(repeat, 'consultation_requests', email, 1);
        expect(answer).toMatchObject({ status: 201, error: null });
        expect(await holdOf(email)).toBe('over_global_rate');
      });

      test('far above the old ceiling (300 a minute), a visitor from a fresh address is stored and answered 201 as ever', async () => {
        await flood(300, 'botnet');
        const lead = { name: 'Real', email: uniqueEmail('late'), company: 'Ceiling' };
        const during = await visitor().from('consultation_requests').insert(lead, { count: 'exact' });
        expect({ status: during.status, count: during.count, error: during.error, data: during.data }).toEqual({
          status: 201,
          count: 1,
          error: null,
          data: null,
        });
        expect(await holdOf(lead.email)).toBe('over_global_rate');
        // Once the minute has passed, a new lead is not held.
        await api.sql(`update public.consultation_requests set created_at = created_at - interval '61 seconds'`);
        const after = { ...lead, email: uniqueEmail('after') };
        expect((await visitor().from('consultation_requests').insert(after)).error).toBeNull();
        expect(await holdOf(after.email)).toBeNull();
      });

      test('a flood of 150 requests at once from 150 addresses in as many networks refuses nobody; visitors meanwhile are all stored', async () => {
        await api.sql('delete from public.contact_messages');
        const floodRequests = Array.from({ length: 150 }, (_, index) =>
          submit(visitor(), 'contact_messages', uniqueEmail(`botnet${index}`), index),
        );
        const visitors = Array.from({ length: 5 }, (_, index) =>
          submit(visitor(), 'contact_messages', uniqueEmail(`real${index}`), index),
        );
        const [floodAnswers, meanwhile] = await Promise.all([Promise.all(floodRequests), Promise.all(visitors)]);
        expect([...floodAnswers, ...meanwhile].map((answer) => answer.status)).toEqual(Array(155).fill(201));
        const [counts] = await api.sql<{ stored: number; held: number; jobs: number }>(
          `select count(*)::int as stored, count(*) filter (where hold_reason = 'over_global_rate')::int as held,
                  (select count(*)::int from private.outbox n where n.lead_table = 'contact_messages'
                      and n.lead_id in (select id from public.contact_messages)) as jobs
             from public.contact_messages`,
        );
        // The first 60 of the minute get a job of their own (which waits a minute to be judged: below);
        // the rest wait, held, for the hour's digest. Counts are read without a shared lock, so concurrent requests
        // (10 connections on the real server) may pass a few more.
        expect(counts.stored).toBe(155);
        expect(counts.held + counts.jobs).toBe(155);
        expect(counts.jobs).toBeGreaterThanOrEqual(60);
        expect(counts.jobs).toBeLessThanOrEqual(backend === 'pglite' ? 60 : 70);
      });
    });

    describe("a flood's first minute, judged a minute later", () => {
      type JobRow = { lead_id: string; settle_until: string | null };
      const jobsOf = (ids: string[]) =>
        api.sql<JobRow>(
          `select lead_id, settle_until::text from private.outbox where kind = 'lead' and lead_id = any ($1::uuid[])`,
          [ids],
        );
      const rowsOf = (emails: string[]) =>
        api.sql<{ id: string; email: string; hold_reason: string | null }>(
          `select id, email, hold_reason from public.contact_messages where email = any ($1::text[]) order by created_at`,
          [emails],
        );
      /** As if the minute after these leads had passed: their waiting jobs are due. */
      const minutePasses = () =>
        api.sql(
          `update private.outbox set next_attempt_at = now() - interval '1 second',
                  settle_until = now() - interval '1 second' where settle_until is not null`,
        );
      const claim = async () => {
        const { data, error } = await api.service.rpc('claim_lead_notifications', { batch_size: 100 });
        expect(error).toBeNull();
        return (data ?? []).map((job) => String(job.lead_id));
      };
      beforeEach(async () => {
        await api.sql('delete from public.contact_messages');
        // The earlier tests' jobs too: with every lead waiting a minute, theirs would be due with these.
        await api.sql(`delete from private.outbox where queue = 'lead_notification'`);
      });

      test('every lead waits a minute for its own notification, and is sent then when no flood came', async () => {
        const emails = [uniqueEmail('quiet'), uniqueEmail('quiet-next')];
        for (const [index, email] of emails.entries()) {
          expect((await submit(visitor(), 'contact_messages', email, index)).error).toBeNull();
        }
        const ids = (await rowsOf(emails)).map((row) => row.id);
        expect((await jobsOf(ids)).map((job) => job.settle_until)).toEqual([expect.any(String), expect.any(String)]);
        expect((await claim()).filter((id) => ids.includes(id))).toEqual([]);
        await minutePasses();
        expect((await claim()).sort()).toEqual([...ids].sort());
        expect((await rowsOf(emails)).map((row) => row.hold_reason)).toEqual([null, null]);
      });

      test('with settle_after_per_minute 1, a lead alone in its minute is sent at once and the next waits', async () => {
        await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1');
        try {
          const emails = [uniqueEmail('alone'), uniqueEmail('soon-after')];
          for (const [index, email] of emails.entries()) {
            expect((await submit(visitor(), 'contact_messages', email, index)).error).toBeNull();
          }
          const [alone, soonAfter] = await rowsOf(emails);
          const jobs = new Map((await jobsOf([alone.id, soonAfter.id])).map((job) => [job.lead_id, job.settle_until]));
          expect(jobs.get(alone.id)).toBeNull();
          expect(jobs.get(soonAfter.id)).toEqual(expect.any(String));
          expect((await claim()).filter((id) => id === alone.id || id === soonAfter.id)).toEqual([alone.id]);
          await minutePasses();
          expect(await claim()).toContain(soonAfter.id);
        } finally {
          await api.sql('update private.lead_guard_settings set settle_after_per_minute = 0');
        }
      });

      test('the leads that opened a flood, its very first included, are held once the flood is seen, none sent on its own', async () => {
        // 70 leads from 70 networks, one after another: the first 60 arrive before the table has 60 in a minute.
        const emails = Array.from({ length: 70 }, (_, index) => uniqueEmail(`opening${index}`));
        for (const [index, email] of emails.entries()) {
          expect((await submit(visitor(), 'contact_messages', email, index)).error).toBeNull();
        }
        const before = await rowsOf(emails);
        expect(before.filter((row) => row.hold_reason === null)).toHaveLength(60);
        expect(await claim()).toEqual([]);

        await minutePasses();
        expect(await claim()).toEqual([]);
        const after = await rowsOf(emails);
        expect(after.map((row) => row.hold_reason)).toEqual(Array(70).fill('over_global_rate'));
        expect(await jobsOf(after.map((row) => row.id))).toEqual([]);
        const [digests] = await api.sql<{ count: number }>(
          `select count(*)::int from private.outbox where kind = 'held_digest'`,
        );
        expect(digests.count).toBe(1);
        // Held like any other: one release queues its notification, sent at once.
        const { data: released } = await api.service.rpc(
          'release_held_lead' as never,
          {
            lead_table: 'contact_messages',
            lead_id: after[0].id,
          } as never,
        );
        expect(released).toMatchObject({ status: 'released' });
        expect(await claim()).toEqual([after[0].id]);
      });
    });
  });
});
