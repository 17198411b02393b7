/** @jest-environment node */
// The team's sign-in (issue 44, "Who can see it") against the local backend, on the embedded database and on a real
// PostgreSQL server, with supabase-js as the site uses it: a team member asks for a code, it arrives as an e-mail in
// the mail folder, and verifying it opens a session as Supabase Auth's would (its token maps to `authenticated`,
// the database sees its claims). The answers are pinned to Supabase Auth's: a code works once and expires; a wrong
// or expired one is refused with otp_expired; a stranger gets no e-mail and otp_disabled; a second e-mail within
// the frequency is refused with over_email_send_rate_limit; refresh tokens rotate; signing out ends the session.
// In SQL, private.is_team_member() is true only for a listed member's request.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAuthSettings } from '../../dev/local-api/auth-server/auth-settings';
import { signInMessage } from '../../dev/local-api/auth-server/sign-in-mail';
import { addTeamMember, removeTeamMember } from '../../dev/team/team-members';
import { latestCode, mailsTo } from '../helpers/sign-in-mail';
import {
  BACKENDS,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueEmail,
  type LeadClient,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(60_000);

const settings = readAuthSettings();
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(BACKENDS)('team sign-in on %s', (backend) => {
  let api: TestApi;
  let mailDir: string;
  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'sign-in-mail-'));
    api = await startTestApi({ backend, mailDir });
  }, 90_000);
  afterAll(async () => {
    await api?.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  /** A browser of the site: supabase-js with the publishable key, its session kept in memory. */
  const browser = () => api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { challenge: false });

  async function teamMember(label: string): Promise<string> {
    const email = uniqueEmail(label).toLowerCase();
    expect(await addTeamMember(api.service, email, 'test')).toMatchObject({ ok: true });
    return email;
  }

  const askForCode = (client: LeadClient, email: string) =>
    client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });

  /** Moves the address's last code back in time, as if `seconds` had passed. */
  const timePasses = (email: string, seconds: number) =>
    api.sql(`update auth.users set recovery_sent_at = recovery_sent_at - make_interval(secs => $2) where email = $1`, [
      email,
      seconds,
    ]);

  async function signedIn(email: string) {
    const client = browser();
    expect((await askForCode(client, email)).error).toBeNull();
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: await latestCode(mailDir, email),
      type: 'email',
    });
    expect(error).toBeNull();
    return { client, session: data.session! };
  }

  /** private.is_team_member() for a request carrying `claims`, as the data API would run it. */
  async function isTeamMember(claims: Record<string, unknown>): Promise<boolean> {
    const [row] = await api.sql<{ member: boolean }>(
      `select private.is_team_member() as member from (select set_config('request.jwt.claims', $1, true)) request`,
      [JSON.stringify(claims)],
    );
    return row.member;
  }

  test('a team member asks for a code, it arrives by e-mail, and it opens a session whose user is the address', async () => {
    const email = await teamMember('Member');
    const client = browser();
    expect(await askForCode(client, email)).toEqual({ data: { user: null, session: null }, error: null });

    // The e-mail says what content/insights.json says, with the code and how many minutes it is valid.
    const [mail] = await mailsTo(mailDir, email);
    const code = await latestCode(mailDir, email, settings.otpLength);
    const expected = await signInMessage(code, settings.otpExpirySeconds / 60);
    expect(mail).toMatchObject({ subject: expected.subject, text: expected.text });
    expect(mail.text).toContain(code);

    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: settings.jwtExpirySeconds });
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', is_anonymous: false });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user).toMatchObject({ id: data.user!.id, email });
    expect((await client.auth.getSession()).data.session?.user.email).toBe(email);

    const claims = claimsOf(data.session!.access_token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      email,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(settings.jwtExpirySeconds);

    // The data API runs the session's requests as `authenticated` (403 on a lead table, where anon gets 401) …
    expect((await client.from('consultation_requests').select('id')).status).toBe(403);
    // … and the database sees its claims as on a hosted project.
    const [seen] = await api.sql<{ uid: string; email: string; role: string }>(
      `select auth.uid()::text as uid, auth.jwt() ->> 'email' as email, auth.role() as role
         from (select set_config('request.jwt.claims', $1, true)) request`,
      [JSON.stringify(claims)],
    );
    expect(seen).toEqual({ uid: data.user!.id, email, role: 'authenticated' });
  });

  test('a code works once', async () => {
    const email = await teamMember('Once');
    await signedIn(email);
    const again = await browser().auth.verifyOtp({ email, token: await latestCode(mailDir, email), type: 'email' });
    expect(again.data.session).toBeNull();
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  test('a wrong code is refused as Supabase Auth refuses it, in both of its error shapes', async () => {
    const email = await teamMember('Wrong');
    const client = browser();
    await askForCode(client, email);
    const code = await latestCode(mailDir, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await client.auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });

    const verify = (headers: Record<string, string>) =>
      fetch(`${api.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email, token: wrong, type: 'email' }),
      });
    const current = await verify({ 'X-Supabase-Api-Version': '2024-01-01' });
    expect(current.status).toBe(403);
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(current.headers.get('x-sb-error-code')).toBe('otp_expired');
    expect(await current.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });
    const legacy = await verify({});
    expect(legacy.status).toBe(403);
    expect(await legacy.json()).toEqual({
      code: 403,
      error_code: 'otp_expired',
      msg: 'Token has expired or is invalid',
    });

    // A wrong guess does not spend the code.
    expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });

  test('an expired code is refused', async () => {
    const email = await teamMember('Expired');
    const client = browser();
    await askForCode(client, email);
    await timePasses(email, settings.otpExpirySeconds + 1);
    const late = await client.auth.verifyOtp({ email, token: await latestCode(mailDir, email), type: 'email' });
    expect(late.data.session).toBeNull();
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  test("a stranger's address gets no e-mail, only Supabase Auth's refusal", async () => {
    const stranger = uniqueEmail('stranger').toLowerCase();
    const refused = await askForCode(browser(), stranger);
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    // Without shouldCreateUser: false, Supabase Auth would sign the address up; sign-ups are off.
    const signUp = await browser().auth.signInWithOtp({ email: stranger });
    expect(signUp.error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
    expect(await mailsTo(mailDir, stranger)).toEqual([]);
    expect(await api.sql('select 1 from auth.users where email = $1', [stranger])).toEqual([]);
  });

  test('a second e-mail within the frequency is refused; once it has passed, a new code replaces the old', async () => {
    const email = await teamMember('Twice');
    const client = browser();
    expect((await askForCode(client, email)).error).toBeNull();
    const first = await latestCode(mailDir, email);
    const again = await askForCode(client, email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await mailsTo(mailDir, email)).toHaveLength(1);

    await timePasses(email, settings.maxFrequencySeconds);
    expect((await askForCode(client, email)).error).toBeNull();
    expect(await mailsTo(mailDir, email)).toHaveLength(2);
    const second = await latestCode(mailDir, email);
    if (second !== first) {
      expect((await client.auth.verifyOtp({ email, token: first, type: 'email' })).error?.code).toBe('otp_expired');
    }
    expect((await client.auth.verifyOtp({ email, token: second, type: 'email' })).error).toBeNull();
  });

  test('refresh tokens rotate, and a spent one used again ends the session', async () => {
    const { client, session } = await signedIn(await teamMember('Rotate'));
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const next = refreshed.data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(next.access_token).session_id).toBe(claimsOf(session.access_token).session_id);

    const replay = await browser().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const afterReplay = await browser().auth.refreshSession({ refresh_token: next.refresh_token });
    expect(afterReplay.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  test('signing out ends the session: its refresh token and its access token are refused', async () => {
    const { client, session } = await signedIn(await teamMember('SignOut'));
    expect(await client.auth.signOut()).toEqual({ error: null });
    expect((await client.auth.getSession()).data.session).toBeNull();

    const refresh = await browser().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const user = await fetch(`${api.url}/auth/v1/user`, {
      headers: {
        apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
        Authorization: `Bearer ${session.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  test('only the service key may use the admin routes; an address has one account', async () => {
    const email = uniqueEmail('admin').toLowerCase();
    const asVisitor = await browser().auth.admin.createUser({ email, email_confirm: true });
    expect(asVisitor.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const created = await api.service.auth.admin.createUser({ email, email_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    const twice = await api.service.auth.admin.createUser({ email: email.toUpperCase(), email_confirm: true });
    expect(twice.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const found = await api.service.auth.admin.getUserById(created.data.user!.id);
    expect(found.data.user?.email).toBe(email);
    expect((await api.service.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect((await api.service.auth.admin.getUserById(created.data.user!.id)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
  });

  describe('private.is_team_member()', () => {
    test("is true for a listed member's request and false for anon's", async () => {
      const { session } = await signedIn(await teamMember('Listed'));
      expect(await isTeamMember(claimsOf(session.access_token))).toBe(true);
      expect(await isTeamMember({ role: 'anon' })).toBe(false);
      expect(await isTeamMember({})).toBe(false);
      // The e-mail claim alone is not enough: the request must be a signed-in one.
      expect(await isTeamMember({ ...claimsOf(session.access_token), role: 'anon' })).toBe(false);
    });

    test('is false for a signed-in user who is not on the list', async () => {
      const email = uniqueEmail('unlisted').toLowerCase();
      expect((await api.service.auth.admin.createUser({ email, email_confirm: true })).error).toBeNull();
      const { session } = await signedIn(email);
      expect(await isTeamMember(claimsOf(session.access_token))).toBe(false);
    });

    test('is false once the operator has removed the member, even with a token still valid', async () => {
      const email = await teamMember('Removed');
      const { client, session } = await signedIn(email);
      expect(await isTeamMember(claimsOf(session.access_token))).toBe(true);
      expect(await removeTeamMember(api.service, email)).toMatchObject({ ok: true });
      expect(await isTeamMember(claimsOf(session.access_token))).toBe(false);
      expect((await client.auth.getUser()).data.user).toBeNull();
      expect(await askForCode(browser(), email)).toMatchObject({ error: { code: 'otp_disabled' } });
    });
  });

  test('neither anon nor a signed-in member reads or changes the list through the data API', async () => {
    const { client } = await signedIn(await teamMember('Reader'));
    for (const caller of [browser(), client]) {
      const list = await caller.rpc('list_team_members' as never);
      expect(list.data).toBeNull();
      expect(list.error?.code).toBe('42501');
      const add = await caller.rpc(
        'add_team_member' as never,
        { email: 'mallory@example.com', added_by: 'x' } as never,
      );
      expect(add.error?.code).toBe('42501');
    }
    expect(await api.sql(`select 1 from private.team_members where email = 'mallory@example.com'`)).toEqual([]);
  });
});
