// The dashboard's sign-in as a team member meets it at /insights (src/insights/dashboard/InsightsApp.tsx), with the
// team's supabase-js client replaced at its module (src/insights/dashboard/team-client.ts): an address and "send
// code", then the code and "sign in". After "send code" the page says the same thing for a team member and for a
// stranger (whose address Supabase Auth refuses) and moves focus to the code's field; a wrong code is said next to
// the field; a failed connection is said; a kept session opens the dashboard at once; a signed-in address not on the
// team's list is told so; signing out comes back to the address's field.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InsightsApp from '../../../src/insights/dashboard/InsightsApp';
import { todayIn } from '../../../src/insights/dashboard/periods';
import { answerReports, copy, fakeTeamClient, sessionOf, type FakeTeamClient } from '../../helpers/insights-dashboard';

let mockClient: FakeTeamClient;
jest.mock('../../../src/insights/dashboard/team-client', () => ({ getTeamClient: () => mockClient }));
jest.mock('uplot', () => {
  const chart = jest.fn(() => ({ destroy: jest.fn(), setSize: jest.fn() }));
  return { __esModule: true, default: Object.assign(chart, { tzDate: (date: Date) => date }) };
});

const MEMBER = 'ada@example.com';
const CODE_SENT = (email: string) => copy.signIn.codeSent.replace('{email}', email);

beforeEach(() => {
  mockClient = fakeTeamClient();
  answerReports(mockClient, todayIn(undefined));
});

async function showSignIn() {
  const user = userEvent.setup();
  render(<InsightsApp copy={copy} />);
  const email = await screen.findByLabelText(copy.signIn.emailLabel);
  return { user, email };
}

async function askForCode(email: string) {
  const page = await showSignIn();
  await page.user.type(page.email, email);
  await page.user.click(screen.getByRole('button', { name: copy.signIn.sendCode }));
  return page;
}

test('a team member asks for a code, types it and sees the dashboard, focus on its figures', async () => {
  mockClient.auth.signInWithOtp.mockResolvedValue({ data: { user: null, session: null }, error: null });
  const { user } = await askForCode(MEMBER);
  expect(mockClient.auth.signInWithOtp).toHaveBeenCalledWith({
    email: MEMBER,
    options: { shouldCreateUser: false },
  });
  expect(screen.getByRole('status')).toHaveTextContent(CODE_SENT(MEMBER));
  const code = screen.getByLabelText(copy.signIn.codeLabel);
  expect(code).toHaveFocus();
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAccessibleDescription(copy.signIn.codeHint);

  mockClient.auth.verifyOtp.mockResolvedValue({ data: { user: { email: MEMBER }, session: {} }, error: null });
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: copy.signIn.signIn }));
  expect(mockClient.auth.verifyOtp).toHaveBeenCalledWith({ email: MEMBER, token: '123456', type: 'email' });
  const heading = await screen.findByRole('heading', { name: copy.figures.heading });
  expect(heading).toHaveFocus();
  expect(screen.getByText(copy.account.signedInAs.replace('{email}', MEMBER))).toBeInTheDocument();
  await waitFor(() => expect(mockClient.rpc).toHaveBeenCalledWith('insights_overview', expect.anything()));
});

test('a stranger’s address gets exactly the words a member’s gets: the page shows nobody who is on the list', async () => {
  mockClient.auth.signInWithOtp.mockResolvedValue({
    data: { user: null, session: null },
    error: { status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' },
  });
  await askForCode('mallory@example.com');
  expect(screen.getByRole('status')).toHaveTextContent(CODE_SENT('mallory@example.com'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByLabelText(copy.signIn.codeLabel)).toHaveFocus();
});

test('asking again within the minute is said the same way too', async () => {
  mockClient.auth.signInWithOtp.mockResolvedValue({
    data: { user: null, session: null },
    error: { status: 429, code: 'over_email_send_rate_limit', message: 'For security purposes…' },
  });
  await askForCode(MEMBER);
  expect(screen.getByRole('status')).toHaveTextContent(CODE_SENT(MEMBER));
});

test('a wrong or spent code is said next to the field, which keeps focus; a new one can be asked for', async () => {
  mockClient.auth.signInWithOtp.mockResolvedValue({ data: { user: null, session: null }, error: null });
  const { user } = await askForCode(MEMBER);
  mockClient.auth.verifyOtp.mockResolvedValue({
    data: { user: null, session: null },
    error: { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' },
  });
  const code = screen.getByLabelText(copy.signIn.codeLabel);
  await user.type(code, '000000{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(copy.signIn.wrongCode);
  expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(code).toHaveAccessibleDescription(`${copy.signIn.codeHint} ${copy.signIn.wrongCode}`);
  expect(code).toHaveFocus();
  expect(mockClient.rpc).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: copy.signIn.otherAddress }));
  expect(screen.getByLabelText(copy.signIn.emailLabel)).toHaveFocus();
  expect(screen.getByLabelText(copy.signIn.emailLabel)).toHaveValue(MEMBER);
});

test('what is not an address or a 6-digit code is refused before asking anyone', async () => {
  const { user, email } = await showSignIn();
  await user.type(email, 'ada@example{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(copy.signIn.emailNotValid);
  expect(email).toHaveFocus();
  expect(mockClient.auth.signInWithOtp).not.toHaveBeenCalled();

  mockClient.auth.signInWithOtp.mockResolvedValue({ data: { user: null, session: null }, error: null });
  await user.type(email, '.com{Enter}');
  const code = await screen.findByLabelText(copy.signIn.codeLabel);
  await user.type(code, '12ab{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(copy.signIn.invalidCode);
  expect(mockClient.auth.verifyOtp).not.toHaveBeenCalled();
});

test('a lost connection is said, and nothing moves on', async () => {
  mockClient.auth.signInWithOtp.mockResolvedValue({
    data: { user: null, session: null },
    error: { status: 0, code: undefined, message: 'Failed to fetch' },
  });
  await askForCode(MEMBER);
  expect(screen.getByRole('alert')).toHaveTextContent(copy.signIn.failure);
  expect(screen.queryByLabelText(copy.signIn.codeLabel)).not.toBeInTheDocument();
});

test('a session kept in the tab opens the dashboard at once; signing out comes back to the address', async () => {
  mockClient.auth.getSession.mockResolvedValue(sessionOf(MEMBER));
  const user = userEvent.setup();
  render(<InsightsApp copy={copy} />);
  const signOut = await screen.findByRole('button', { name: copy.account.signOut });
  // Not just signed in: focus stays where the visitor put it.
  expect(screen.getByRole('heading', { name: copy.figures.heading })).not.toHaveFocus();
  await user.click(signOut);
  expect(mockClient.auth.signOut).toHaveBeenCalled();
  expect(await screen.findByLabelText(copy.signIn.emailLabel)).toHaveFocus();
});

test('an address signed in but not on the team’s list is told so, and may sign out', async () => {
  mockClient.auth.getSession.mockResolvedValue(sessionOf('former@example.com'));
  mockClient.rpc.mockResolvedValue({
    data: null,
    error: { code: '42501', message: 'Only signed-in team members can read the insights.' },
  });
  render(<InsightsApp copy={copy} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    copy.account.notMember.replace('{email}', 'former@example.com'),
  );
  expect(screen.getByRole('button', { name: copy.account.signOut })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: copy.figures.heading })).not.toBeInTheDocument();
});
