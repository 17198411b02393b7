// The host's "who turned up" page as the reminder's link opens it: the call from the secret in the fragment, one tap
// to record attended, no-show or moved (pressed state and a spoken confirmation), changing the answer, and clear
// answers for a call not started yet, a wrong link and a lost connection. Texts from content/call-outcome.json.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import callOutcomeJson from '../../content/call-outcome.json';
import site from '../../content/site.json';
import type { SiteSettings } from '../../src/content-model/schemas';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import CallOutcome from '../../src/features/call-outcome/CallOutcome';
import { callOutcomeCopy, type CallOutcomeCopy } from '../../src/features/call-outcome/copy-schema';
import * as api from '../../src/features/call-outcome/outcome-api';
import { mapStrings } from '../../src/lib/json-strings';

jest.mock('../../src/features/call-outcome/outcome-api', () => ({
  ...jest.requireActual('../../src/features/call-outcome/outcome-api'),
  callForOutcome: jest.fn(),
  recordCallOutcome: jest.fn(),
}));
const mocked = jest.mocked(api);
const tokens = siteTokenValues(site as SiteSettings);
const copy: CallOutcomeCopy = mapStrings(callOutcomeCopy.parse(callOutcomeJson), (text) =>
  fillSiteTokens(text, tokens),
);
const CONTACT = 'hello@brightlane.ai';
const TOKEN = 'c'.repeat(64);
const CALL = {
  status: 'found' as const,
  startsAt: '2026-11-25T23:00:00.000Z',
  visitorName: 'Ada Lovelace',
  company: 'Acme',
  hostName: 'Grace Hopper',
  outcome: null,
  recordedBy: null,
};

beforeEach(() => {
  jest.resetAllMocks();
  window.location.hash = `#${TOKEN}`;
  mocked.callForOutcome.mockResolvedValue(CALL);
});

const renderPage = () => {
  const user = userEvent.setup();
  render(
    <>
      <h1 id="outcome-title">{copy.title}</h1>
      <CallOutcome copy={copy} contactEmail={CONTACT} />
    </>,
  );
  return { user };
};

it('records an answer with one tap, says so, and changes it with another', async () => {
  mocked.recordCallOutcome.mockResolvedValueOnce({
    status: 'recorded',
    outcome: 'no_show',
    recordedBy: 'host Grace Hopper',
  });
  const { user } = renderPage();
  const noShow = await screen.findByRole('button', { name: copy.answers.no_show.label });
  expect(mocked.callForOutcome).toHaveBeenCalledWith(TOKEN);
  expect(screen.getByText(/Ada Lovelace \(Acme\)/)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: copy.question })).toBeInTheDocument();

  await user.click(noShow);
  expect(mocked.recordCallOutcome).toHaveBeenCalledWith(TOKEN, 'no_show');
  expect(await screen.findByRole('status')).toHaveTextContent(
    copy.recorded.replace('{outcome}', copy.answers.no_show.recorded),
  );
  expect(noShow).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: copy.answers.attended.label })).toHaveAttribute('aria-pressed', 'false');

  mocked.recordCallOutcome.mockResolvedValueOnce({
    status: 'recorded',
    outcome: 'attended',
    recordedBy: 'host Grace Hopper',
  });
  await user.click(screen.getByRole('button', { name: copy.answers.attended.label }));
  expect(mocked.recordCallOutcome).toHaveBeenLastCalledWith(TOKEN, 'attended');
  expect(await screen.findByRole('button', { name: copy.answers.attended.label })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

it('shows an answer recorded before, with who recorded it', async () => {
  mocked.callForOutcome.mockResolvedValue({ ...CALL, outcome: 'moved', recordedBy: 'operator (sam)' });
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(
    copy.current.replace('{outcome}', copy.answers.moved.recorded).replace('{by}', 'operator (sam)'),
  );
  expect(screen.getByRole('button', { name: copy.answers.moved.label })).toHaveAttribute('aria-pressed', 'true');
});

it.each([
  ['not_started', () => copy.notStarted],
  ['not_found', () => copy.notFound.replace('{email}', CONTACT)],
  ['cancelled', () => copy.cancelled],
] as const)('a call that is %s is explained, with nothing to press', async (status, text) => {
  mocked.callForOutcome.mockResolvedValue({ status });
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(text());
  expect(screen.queryByRole('button')).toBeNull();
});

it('a link without a secret asks nothing of the database; a lost connection offers to try again', async () => {
  window.location.hash = '';
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(copy.notFound.replace('{email}', CONTACT));
  expect(mocked.callForOutcome).not.toHaveBeenCalled();

  window.location.hash = `#${TOKEN}`;
  mocked.callForOutcome.mockResolvedValueOnce({ status: 'failed', detail: 'offline' });
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.retryLabel }));
  expect(await screen.findAllByRole('button', { name: copy.answers.attended.label })).toHaveLength(1);
});
