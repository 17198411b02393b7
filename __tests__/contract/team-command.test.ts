/** @jest-environment node */
// `npm run team -- add | remove | list` (issue 44, "Who can see it") against the local API: adding makes the sign-in
// account and the list row, removing deletes both, each may be repeated and says what it changed; the command line
// reads its target from the environment as `npm run leads` does.
import { runDevCommand } from '../helpers/dev-command';
import { runTeamCommand, TEAM_HELP } from '../../dev/team/team-commands';
import { startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

const team = (...args: string[]) => runTeamCommand(api.service, args, 'operator (test)');
const listed = (email: string) => api.sql('select added_by from private.team_members where email = $1', [email]);
const accounts = (email: string) =>
  api.sql('select email_confirmed_at is not null as confirmed from auth.users where email = $1', [email]);

const runCli = (args: string[]) => runDevCommand('dev/team.ts', args, api.url);

test('add makes a confirmed sign-in account and the list row, in lower case; again, it changes nothing', async () => {
  const email = uniqueEmail('Team.Add');
  const added = await team('add', `  ${email} `);
  const address = email.toLowerCase();
  expect(added).toEqual({
    ok: true,
    lines: [
      `Added ${address} to the team's list; a sign-in account was created for it.`,
      'They sign in at /insights with a one-time code e-mailed to that address.',
    ],
  });
  expect(await listed(address)).toEqual([{ added_by: 'operator (test)' }]);
  expect(await accounts(address)).toEqual([{ confirmed: true }]);

  expect(await team('add', address)).toEqual({
    ok: true,
    lines: [`${address} was on the team's list already; its sign-in account existed already. Nothing else changed.`],
  });
  expect(await listed(address)).toHaveLength(1);
});

test('remove takes the address off the list and deletes its account; again, it says nothing changed', async () => {
  const email = uniqueEmail('team.remove').toLowerCase();
  await team('add', email);
  expect(await team('remove', email.toUpperCase())).toEqual({
    ok: true,
    lines: [`Removed ${email}: took it off the team's list; deleted its sign-in account (its sessions end).`],
  });
  expect(await listed(email)).toEqual([]);
  expect(await accounts(email)).toEqual([]);
  expect(await team('remove', email)).toEqual({
    ok: true,
    lines: [`${email}: not on the team's list and no sign-in account. Nothing changed.`],
  });
});

test('list shows the members and any account that is not on the list; both commands mend a half-done change', async () => {
  const member = uniqueEmail('team.member').toLowerCase();
  const stray = uniqueEmail('team.stray').toLowerCase();
  await team('add', member);
  expect((await api.service.auth.admin.createUser({ email: stray, email_confirm: true })).error).toBeNull();

  const list = await team('list');
  expect(list).toMatchObject({ ok: true });
  const lines = (list as { lines: string[] }).lines;
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(`^  ${member} · added \\d{4}-\\d{2}-\\d{2} by operator \\(test\\) · never signed in$`),
    ),
  );
  expect(lines).toContainEqual(
    `  ${stray}: a sign-in account not on the list, so it sees nothing (npm run team -- remove it)`,
  );

  // An account without its list row (an add cut short): adding again completes it.
  expect(await team('add', stray)).toMatchObject({
    lines: [`Added ${stray} to the team's list; its sign-in account existed already.`, expect.any(String)],
  });
  // A list row without its account: removing still takes it off.
  await api.sql('delete from auth.users where email = $1', [member]);
  expect(await team('remove', member)).toEqual({
    ok: true,
    lines: [`Removed ${member}: took it off the team's list; it had no sign-in account.`],
  });
});

test('refuses what is not an address, and says why', async () => {
  expect(await team('add', 'nobody')).toEqual({
    usage: '"nobody" is not an e-mail address.\nUsage: npm run team -- add <email>  |  remove <email>  |  list',
  });
  expect(await team('add', 'two words@example.com')).toEqual({
    ok: false,
    lines: ['Not added: Unable to validate email address: invalid format (validation_failed)'],
  });
  expect(await team('promote', 'x@example.com')).toEqual({ usage: expect.stringMatching(/^Usage: npm run team/) });
});

test('the command line: help, a usage error (exit 2), and an add against the target in the environment', async () => {
  const help = await runCli(['--help']);
  expect(help).toMatchObject({ code: 0, stdout: `${TEAM_HELP}\n` });
  const wrong = await runCli(['add']);
  expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run team -- add <email>') });
  const email = uniqueEmail('team.cli').toLowerCase();
  const added = await runCli(['add', email]);
  expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining(`Added ${email} to the team's list`) });
  expect(await listed(email)).toEqual([{ added_by: expect.stringMatching(/^operator \(.+\)$/) }]);
});
