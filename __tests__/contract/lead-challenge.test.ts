/** @jest-environment node */
// The proof-of-work challenge (issue 36, supabase/migrations/20261128100000_lead_challenge.sql), through the data
// API on a real PostgreSQL server prepared like a hosted project (the same SQL as on npm start's embedded database,
// which runs a sample of the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): visitors get a challenge
// in ALTCHA's format signed with a secret only the database knows, whose difficulty rises with the last minutes'
// volume of leads up to a cap; a lead carrying its solution is stored as any other, one without it, or with a
// forged, tampered, expired or already used one, is stored and held, answered exactly the same.
import { solveChallenge, type LeadChallenge } from '../../src/lib/lead-challenge/solve';
import {
  encodeChallengePayload,
  hmacHex,
  mintChallenge,
  readChallengeSecret,
  sha256Hex,
} from '../helpers/lead-challenge';
import {
  POSTGRES_ONLY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

type LeadTable = 'consultation_requests' | 'contact_messages';
jest.setTimeout(60_000);

/** The levels as measured (20261128110000_lead_challenge_measured_levels.sql). */
const DEFAULT_LEVELS = [
  { leads_in_window: 0, max_number: 50_000 },
  { leads_in_window: 30, max_number: 200_000 },
  { leads_in_window: 150, max_number: 800_000 },
  { leads_in_window: 600, max_number: 3_200_000 },
];

describe.each(POSTGRES_ONLY)('on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());

  /** A visitor's supabase-js that sends exactly what it is given (no challenge of its own). */
  const visitor = (clientAddress = uniqueClientAddress()) =>
    api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress, challenge: false });

  const contact = (label: string, extra: Record<string, unknown> = {}) => ({
    name: `Challenge ${label}`,
    email: uniqueEmail(label),
    company: 'Acme',
    message: 'Problem: Other',
    ...extra,
  });

  async function stored(table: LeadTable, email: string) {
    return api.sql<{ id: string; hold_reason: string | null; challenge: string | null; duplicate_of: string | null }>(
      `select id, hold_reason, challenge, duplicate_of from public.${table} where email = $1 order by created_at`,
      [email],
    );
  }
  const holdReason = async (table: LeadTable, email: string) => (await stored(table, email))[0]?.hold_reason;

  /** A challenge issued by the database to a visitor, as the site fetches it. */
  async function issued(): Promise<LeadChallenge> {
    const { data, error } = await visitor().rpc('lead_challenge');
    if (error) throw new Error(`lead_challenge: ${error.message}`);
    return data as unknown as LeadChallenge;
  }

  /** The payload of an issued challenge, solved with the site's solver. */
  async function solvedPayload(challenge?: LeadChallenge): Promise<string> {
    const issuedChallenge = challenge ?? (await issued());
    const number = solveChallenge(issuedChallenge.challenge, issuedChallenge.salt, issuedChallenge.maxnumber);
    if (number === null) throw new Error('the issued challenge has no solution');
    return encodeChallengePayload({ ...issuedChallenge, number });
  }

  /** Sends one lead and gives back everything of the answer a visitor (or a bot) can see. */
  async function send(table: LeadTable, lead: Record<string, unknown>, clientAddress?: string) {
    const { status, statusText, count, error, data } = await visitor(clientAddress)
      .from(table)
      .insert(lead as never, { count: 'exact' });
    return { status, statusText, count, error, data };
  }
  const ANSWER = { status: 201, statusText: 'Created', count: 1, error: null, data: null };

  const secret = () => readChallengeSecret(api.sql);

  describe('issuing', () => {
    test("a challenge in ALTCHA's format: SHA-256 of the salt and a number up to maxnumber, signed with the database's secret", async () => {
      const issuedFrom = Date.now();
      const challenge = await issued();
      const issuedTo = Date.now();
      expect(Object.keys(challenge).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
      expect(challenge.algorithm).toBe('SHA-256');
      expect(challenge.salt).toMatch(/^[0-9a-f]{16,}\?expires=\d{10}&max=\d+&$/);
      expect(challenge.salt).toHaveLength(64);
      expect(challenge.salt).toContain(`&max=${challenge.maxnumber}&`);
      const expires = Number(/expires=(\d+)/.exec(challenge.salt)![1]);
      // Ten minutes from the moment of issue, in whole seconds (the database rounds).
      expect(expires).toBeGreaterThanOrEqual(Math.floor(issuedFrom / 1000) + 600);
      expect(expires).toBeLessThanOrEqual(Math.ceil(issuedTo / 1000) + 600);
      expect(challenge.signature).toBe(hmacHex(challenge.challenge, await secret()));
      const number = solveChallenge(challenge.challenge, challenge.salt, challenge.maxnumber);
      expect(number).not.toBeNull();
      expect(sha256Hex(challenge.salt + number)).toBe(challenge.challenge);
      // A new salt and number every time.
      const other = await issued();
      expect(other.salt).not.toBe(challenge.salt);
      expect(other.challenge).not.toBe(challenge.challenge);
    });

    test('the secret is generated at migration time and no API role can read it', async () => {
      expect(await secret()).toMatch(/^[0-9a-f]{64}$/);
      const privileges = await api.sql<{ role: string; any: boolean }>(
        `select r as role, has_table_privilege(r, 'private.lead_challenge_secret', 'SELECT,INSERT,UPDATE,DELETE') as any
           from unnest(array['anon', 'authenticated', 'service_role']) r`,
      );
      expect(privileges.every((row) => !row.any)).toBe(true);
      const { error } = await visitor().rpc('rotate_lead_challenge_secret' as never);
      expect(error).not.toBeNull();
    });

    describe('difficulty', () => {
      // Back to the defaults, and to normal traffic for the tests that follow (each solves a challenge).
      afterEach(async () => {
        await api.sql(`update public.contact_messages set created_at = created_at - interval '1 hour'`);
        await api.sql(`update public.consultation_requests set created_at = created_at - interval '1 hour'`);
        await api.sql('delete from private.lead_challenge_levels');
        for (const level of DEFAULT_LEVELS)
          await api.sql('insert into private.lead_challenge_levels values ($1, $2)', [
            level.leads_in_window,
            level.max_number,
          ]);
      });

      const leadsInWindow = async () => {
        const [{ count }] = await api.sql<{ count: number }>(
          `select ((select count(*) from public.consultation_requests where created_at > now() - interval '5 minutes')
                 + (select count(*) from public.contact_messages where created_at > now() - interval '5 minutes'))::int as count`,
        );
        return count;
      };
      /** `count` leads stored by the server (not limited, not held), in the table given. */
      const storeLeads = (count: number, table: LeadTable = 'contact_messages', label = 'volume') =>
        api.sql(
          `insert into public.${table} (name, email, company, message)
           select 'Volume', $1 || n || '@example.com', 'Acme', 'Problem: Other' from generate_series(1, $2::int) n`,
          [`${label}.${Date.now()}.${Math.random().toString(36).slice(2)}.`, count],
        );

      test('at normal traffic, the first level: the default is 50,000', async () => {
        await api.sql(`update public.contact_messages set created_at = created_at - interval '1 hour'`);
        await api.sql(`update public.consultation_requests set created_at = created_at - interval '1 hour'`);
        expect(await leadsInWindow()).toBe(0);
        expect((await issued()).maxnumber).toBe(50_000);
        expect(await api.sql('select * from private.lead_challenge_levels order by 1')).toEqual(DEFAULT_LEVELS);
      });

      test('rises with the leads of both tables in the last minutes, level by level, and stays at the cap', async () => {
        const base = await leadsInWindow();
        await api.sql('delete from private.lead_challenge_levels');
        await api.sql(`insert into private.lead_challenge_levels values (0, 1000), ($1, 2000), ($2, 8000)`, [
          base + 20,
          base + 60,
        ]);
        expect((await issued()).maxnumber).toBe(1000);
        await storeLeads(19);
        expect((await issued()).maxnumber).toBe(1000);
        await storeLeads(1, 'consultation_requests');
        expect((await issued()).maxnumber).toBe(2000);
        await storeLeads(40, 'consultation_requests');
        expect((await issued()).maxnumber).toBe(8000);
        await storeLeads(500);
        expect((await issued()).maxnumber).toBe(8000);
        // A challenge of a higher level is verified like any other: this lead is held for the volume (over 60 in
        // the table's last minute), not for its challenge, which the guard checks first.
        const lead = contact('level');
        expect(await send('contact_messages', { ...lead, challenge: await solvedPayload() })).toEqual(ANSWER);
        expect(await holdReason('contact_messages', lead.email)).toBe('over_global_rate');
        // Leads older than the window no longer count.
        await api.sql(`update public.contact_messages set created_at = created_at - interval '6 minutes'`);
        await api.sql(`update public.consultation_requests set created_at = created_at - interval '6 minutes'`);
        expect((await issued()).maxnumber).toBe(1000);
      });

      test('the default levels: 50,000 / 200,000 from 30 leads in 5 minutes / 800,000 from 150 / 3,200,000 from 600, the cap', async () => {
        await api.sql(`update public.contact_messages set created_at = created_at - interval '1 hour'`);
        await api.sql(`update public.consultation_requests set created_at = created_at - interval '1 hour'`);
        const seen: number[] = [];
        for (const [count, expected] of [
          [29, 50_000],
          [1, 200_000],
          [120, 800_000],
          [450, 3_200_000],
          [2000, 3_200_000],
        ] as const) {
          await storeLeads(count);
          seen.push((await issued()).maxnumber);
          expect(seen.at(-1)).toBe(expected);
        }
      });
    });
  });

  describe('verifying', () => {
    test('a solved challenge: stored, not held, notified; the column is cleared', async () => {
      const lead = contact('valid');
      expect(await send('contact_messages', { ...lead, challenge: await solvedPayload() })).toEqual(ANSWER);
      const [row] = await stored('contact_messages', lead.email);
      expect(row).toMatchObject({ hold_reason: null, challenge: null, duplicate_of: null });
      expect(await api.sql('select status from private.outbox where lead_id = $1', [row.id])).toEqual([
        { status: 'pending' },
      ]);
      const booking = contact('valid-booking', { phone: '0400 000 000' });
      expect(await send('consultation_requests', { ...booking, challenge: await solvedPayload() })).toEqual(ANSWER);
      expect(await holdReason('consultation_requests', booking.email)).toBeNull();
    });

    test("a valid challenge's issue time is kept on the lead; an invalid one's is not (20261201100000)", async () => {
      // Issued 42 s before the lead: a person filling in the form.
      const person = contact('took-time');
      const { payload } = mintChallenge(await secret(), { expiresIn: 600 - 42 });
      expect(await send('contact_messages', { ...person, challenge: payload })).toEqual(ANSWER);
      const [row] = await api.sql<{ seconds: number; hold_reason: string | null }>(
        `select private.seconds_to_send(created_at, challenge_issued_at) as seconds, hold_reason
           from public.contact_messages where email = $1`,
        [person.email],
      );
      expect(row.hold_reason).toBeNull();
      expect(row.seconds).toBeGreaterThanOrEqual(41);
      expect(row.seconds).toBeLessThanOrEqual(44);

      // Claiming an old issue with a forged signature, or without a solution: nothing kept.
      const forged = mintChallenge('not the secret', { expiresIn: 60 });
      const liar = contact('forged-time');
      const none = contact('no-time');
      expect(await send('contact_messages', { ...liar, challenge: forged.payload })).toEqual(ANSWER);
      expect(await send('contact_messages', none)).toEqual(ANSWER);
      expect(
        await api.sql(
          `select hold_reason, challenge_issued_at from public.contact_messages where email = any ($1) order by hold_reason`,
          [[liar.email, none.email]],
        ),
      ).toEqual([
        { hold_reason: 'bad_challenge', challenge_issued_at: null },
        { hold_reason: 'no_challenge', challenge_issued_at: null },
      ]);
      // A visitor cannot send it.
      const sent = await send('contact_messages', {
        ...contact('sends-time'),
        challenge: await solvedPayload(),
        challenge_issued_at: '2020-01-01T00:00:00Z',
      });
      expect(sent.status).not.toBe(201);
      // Out of the minute's count, which the later tests here stay under.
      await api.sql('delete from public.contact_messages where email = any ($1)', [
        [person.email, liar.email, none.email],
      ]);
    });

    test('no challenge (left out, null or blank): stored and held no_challenge, answered the same, not notified', async () => {
      for (const [label, extra] of [
        ['missing', {}],
        ['null', { challenge: null }],
        ['blank', { challenge: '  ' }],
      ] as const) {
        const lead = contact(label, extra);
        expect(await send('contact_messages', lead)).toEqual(ANSWER);
        const [row] = await stored('contact_messages', lead.email);
        expect({ label, reason: row.hold_reason, challenge: row.challenge }).toEqual({
          label,
          reason: 'no_challenge',
          challenge: null,
        });
        expect(await api.sql('select id from private.outbox where lead_id = $1', [row.id])).toEqual([]);
      }
      const booking = contact('missing-booking');
      expect(await send('consultation_requests', booking)).toEqual(ANSWER);
      expect(await holdReason('consultation_requests', booking.email)).toBe('no_challenge');
    });

    test('replayed: the second lead with the same solution is held bad_challenge, in either table', async () => {
      const payload = await solvedPayload();
      const first = contact('first');
      const second = contact('replay');
      const third = contact('replay-other-table', { phone: '1' });
      expect(await send('contact_messages', { ...first, challenge: payload })).toEqual(ANSWER);
      expect(await send('contact_messages', { ...second, challenge: payload })).toEqual(ANSWER);
      expect(await send('consultation_requests', { ...third, challenge: payload })).toEqual(ANSWER);
      expect(await holdReason('contact_messages', first.email)).toBeNull();
      expect(await holdReason('contact_messages', second.email)).toBe('bad_challenge');
      expect(await holdReason('consultation_requests', third.email)).toBe('bad_challenge');
    });

    test('expired: held bad_challenge', async () => {
      const lead = contact('expired');
      const { payload } = mintChallenge(await secret(), { expiresIn: -1 });
      expect(await send('contact_messages', { ...lead, challenge: payload })).toEqual(ANSWER);
      expect(await holdReason('contact_messages', lead.email)).toBe('bad_challenge');
      // The same challenge unexpired is accepted: only the expiry differs.
      const fresh = contact('fresh');
      expect(await send('contact_messages', { ...fresh, challenge: mintChallenge(await secret()).payload })).toEqual(
        ANSWER,
      );
      expect(await holdReason('contact_messages', fresh.email)).toBeNull();
    });

    test('forged signature: held bad_challenge', async () => {
      for (const [label, payload] of [
        ['another secret', mintChallenge('0'.repeat(64)).payload],
        ['no secret', mintChallenge('').payload],
        ['signature of another challenge', await solvedPayload().then((solved) => swapSignature(solved))],
      ] as const) {
        const lead = contact(label.replace(/ /g, '-'));
        expect(await send('contact_messages', { ...lead, challenge: payload })).toEqual(ANSWER);
        expect({ label, reason: await holdReason('contact_messages', lead.email) }).toEqual({
          label,
          reason: 'bad_challenge',
        });
      }

      async function swapSignature(payload: string) {
        const other = await issued();
        const decoded = JSON.parse(Buffer.from(payload, 'base64').toString()) as Record<string, unknown>;
        return Buffer.from(JSON.stringify({ ...decoded, signature: other.signature })).toString('base64');
      }
    });

    test('tampered difficulty: a lower max in the salt, a number beyond it, a wrong number: held bad_challenge', async () => {
      const challenge = await issued();
      const number = solveChallenge(challenge.challenge, challenge.salt, challenge.maxnumber)!;
      // The attacker's own salt with an easier difficulty and its own hash: the signature no longer matches.
      const easierSalt = challenge.salt.replace(/&max=\d+&$/, '&max=10&');
      const easier = encodeChallengePayload({
        challenge: sha256Hex(easierSalt + 3),
        number: 3,
        salt: easierSalt,
        signature: challenge.signature,
      });
      // Signed by the database's own secret, but the number is beyond the difficulty its salt says.
      const beyond = mintChallenge(await secret(), { maxNumber: 1000, number: 1001 }).payload;
      const wrongNumber = encodeChallengePayload({ ...challenge, number: number + 1 });
      const cases = { easier, beyond, wrongNumber };
      for (const [label, payload] of Object.entries(cases)) {
        const lead = contact(label);
        expect(await send('contact_messages', { ...lead, challenge: payload })).toEqual(ANSWER);
        expect({ label, reason: await holdReason('contact_messages', lead.email) }).toEqual({
          label,
          reason: 'bad_challenge',
        });
      }
      // The genuine solution of the same challenge is still unused, and accepted.
      const genuine = contact('genuine');
      expect(
        await send('contact_messages', { ...genuine, challenge: encodeChallengePayload({ ...challenge, number }) }),
      ).toEqual(ANSWER);
      expect(await holdReason('contact_messages', genuine.email)).toBeNull();
    });

    test('malformed payloads: held bad_challenge, never an error', async () => {
      const valid = mintChallenge(await secret());
      const decoded = JSON.parse(Buffer.from(valid.payload, 'base64').toString()) as Record<string, unknown>;
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
      const cases: Record<string, string> = {
        'not base64': '%%%not base64%%%',
        'base64 of text': Buffer.from('hello').toString('base64'),
        'a JSON array': encode([decoded]),
        'SHA-512': encode({ ...decoded, algorithm: 'SHA-512' }),
        'number as a string': encode({ ...decoded, number: String(decoded.number) }),
        'negative number': encode({ ...decoded, number: -1 }),
        'fractional number': encode({ ...decoded, number: 1.5 }),
        'no salt': encode({ ...decoded, salt: undefined }),
        'salt without expiry': encode({ ...decoded, salt: String(decoded.salt).replace(/expires=\d+&/, '') }),
        'upper-case hex': encode({ ...decoded, challenge: String(decoded.challenge).toUpperCase() }),
        'too long': 'A'.repeat(5000),
      };
      for (const [label, payload] of Object.entries(cases)) {
        const lead = contact(label.replace(/ /g, '-'));
        expect({ label, answer: await send('contact_messages', { ...lead, challenge: payload }) }).toEqual({
          label,
          answer: ANSWER,
        });
        expect({ label, reason: await holdReason('contact_messages', lead.email) }).toEqual({
          label,
          reason: 'bad_challenge',
        });
      }
      // base64url without padding, as some encoders write it, is the same payload.
      const url = contact('base64url');
      const urlPayload = valid.payload.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      expect(await send('contact_messages', { ...url, challenge: urlPayload })).toEqual(ANSWER);
      expect(await holdReason('contact_messages', url.email)).toBeNull();
    });

    test('two visitors racing with one solution: exactly one lead is not held', async () => {
      for (let round = 0; round < 3; round++) {
        const payload = await solvedPayload();
        const leads = Array.from({ length: 8 }, (_, index) => contact(`race${round}-${index}`));
        const answers = await Promise.all(
          leads.map((lead) => send('contact_messages', { ...lead, challenge: payload })),
        );
        expect(answers).toEqual(leads.map(() => ANSWER));
        const reasons = await Promise.all(leads.map((lead) => holdReason('contact_messages', lead.email)));
        expect(reasons.filter((reason) => reason === null)).toHaveLength(1);
        expect(reasons.filter((reason) => reason === 'bad_challenge')).toHaveLength(7);
      }
    });

    test('the trap field wins over the challenge as the reason, and the challenge is used up all the same', async () => {
      const payload = await solvedPayload();
      const trapped = contact('trap-valid', { honeypot: 'https://spam.example', challenge: payload });
      expect(await send('contact_messages', trapped)).toEqual(ANSWER);
      expect(await holdReason('contact_messages', trapped.email)).toBe('honeypot');
      const replay = contact('trap-replay', { challenge: payload });
      await send('contact_messages', replay);
      expect(await holdReason('contact_messages', replay.email)).toBe('bad_challenge');
      const trappedWithout = contact('trap-missing', { honeypot: 'x' });
      await send('contact_messages', trappedWithout);
      expect(await holdReason('contact_messages', trappedWithout.email)).toBe('honeypot');
    });

    test('a retry of a stored lead with a fresh solution is still a retry (marked duplicate, one notification)', async () => {
      const lead = contact('retry');
      const clientAddress = uniqueClientAddress();
      await send('contact_messages', { ...lead, challenge: await solvedPayload() }, clientAddress);
      await send('contact_messages', { ...lead, challenge: await solvedPayload() }, clientAddress);
      const rows = await stored('contact_messages', lead.email);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ hold_reason: null, duplicate_of: null });
      expect(rows[1].duplicate_of).toBe(rows[0].id);
      const notifications = await api.sql('select id from private.outbox where lead_id = any($1)', [
        rows.map((row) => row.id),
      ]);
      expect(notifications).toHaveLength(1);
    });

    test('server-side inserts (not a visitor role) need no challenge, and keep none', async () => {
      const lead = contact('server');
      await api.sql(
        `insert into public.contact_messages (name, email, message, challenge) values ($1, $2, 'Problem: Other', 'x')`,
        [lead.name, lead.email],
      );
      expect(await stored('contact_messages', lead.email)).toEqual([
        expect.objectContaining({ hold_reason: null, challenge: null }),
      ]);
    });

    test('a rotated secret: challenges signed with the previous one are accepted for one challenge lifetime', async () => {
      const before = mintChallenge(await secret());
      const beforeLater = mintChallenge(await secret());
      await api.sql('select private.rotate_lead_challenge_secret()');
      const lead = contact('rotated');
      await send('contact_messages', { ...lead, challenge: before.payload });
      expect(await holdReason('contact_messages', lead.email)).toBeNull();
      const after = contact('after-rotation');
      await send('contact_messages', { ...after, challenge: await solvedPayload() });
      expect(await holdReason('contact_messages', after.email)).toBeNull();
      // Once the previous secret is older than a challenge's lifetime, its challenges are refused.
      await api.sql(`update private.lead_challenge_secret set rotated_at = now() - interval '11 minutes'`);
      const late = contact('late');
      await send('contact_messages', { ...late, challenge: beforeLater.payload });
      expect(await holdReason('contact_messages', late.email)).toBe('bad_challenge');
    });

    test('used challenges are forgotten once expired, a few at a time by later verifications', async () => {
      await api.sql(
        `insert into private.used_lead_challenges (challenge, expires_at)
         select md5('expired' || n || random()) || md5(n::text), now() - interval '1 minute' from generate_series(1, 30) n`,
      );
      const expiredCount = async () =>
        (
          await api.sql<{ count: number }>(
            `select count(*)::int as count from private.used_lead_challenges where expires_at < now()`,
          )
        )[0].count;
      expect(await expiredCount()).toBeGreaterThanOrEqual(30);
      await send('contact_messages', { ...contact('cleanup1'), challenge: await solvedPayload() });
      await send('contact_messages', { ...contact('cleanup2'), challenge: await solvedPayload() });
      expect(await expiredCount()).toBe(0);
      const [{ unexpired }] = await api.sql<{ unexpired: number }>(
        `select count(*)::int as unexpired from private.used_lead_challenges where expires_at > now()`,
      );
      expect(unexpired).toBeGreaterThan(0);
    });
  });
});
