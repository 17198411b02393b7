// The team's page for one held lead as the digest's link opens it: the lead from the secret in the fragment (who,
// through which form, when in the viewer's zone, why it was held), one tap to release it with a spoken answer that
// takes the focus, and clear answers for a lead released already, a wrong or expired link, a link without its
// secret and a lost connection (try again, nothing lost). Texts from content/release-lead.json.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import releaseLeadJson from '../../content/release-lead.json';
import site from '../../content/site.json';
import type { SiteSettings } from '../../src/content-model/schemas';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import { detectTimeZone, fillTime } from '../../src/features/booking/time-format';
import ReleaseLead from '../../src/features/release-lead/ReleaseLead';
import { releaseLeadCopy, type ReleaseLeadCopy } from '../../src/features/release-lead/copy-schema';
import * as api from '../../src/features/release-lead/release-api';
import { mapStrings } from '../../src/lib/json-strings';

jest.mock('../../src/features/release-lead/release-api', () => ({
  ...jest.requireActual('../../src/features/release-lead/release-api'),
  heldLeadForRelease: jest.fn(),
  releaseHeldLead: jest.fn(),
}));
const mocked = jest.mocked(api);
const copy: ReleaseLeadCopy = mapStrings(releaseLeadCopy.parse(releaseLeadJson), (text) =>
  fillSiteTokens(text, siteTokenValues(site as SiteSettings)),
);
const CONTACT = 'hello@brightlane.ai';
const TOKEN = 'd'.repeat(64);
const LEAD = {
  status: 'found' as const,
  name: 'Ada Lovelace',
  company: 'Acme',
  receivedAt: '2026-11-25T23:04:00.000Z',
  holdReason: 'network_burst',
  surface: 'contact_form',
  releasedAt: '',
};
const RELEASED_AT = '2026-11-26T01:30:00.000Z';
const zone = detectTimeZone();
const when = (text: string, instant: string) => fillTime(text, instant, zone).replaceAll('{zoneId}', zone);
const releaseButton = () => screen.queryByRole('button', { name: copy.releaseLabel });

beforeEach(() => {
  jest.resetAllMocks();
  window.location.hash = `#${TOKEN}`;
  mocked.heldLeadForRelease.mockResolvedValue(LEAD);
});

const renderPage = () => {
  const user = userEvent.setup();
  render(
    <>
      <h1 id="release-title">{copy.title}</h1>
      <ReleaseLead copy={copy} contactEmail={CONTACT} />
    </>,
  );
  return { user };
};

it('shows who sent the lead, through which form, when in the viewer’s zone and why it was held', async () => {
  renderPage();
  await screen.findByRole('button', { name: copy.releaseLabel });
  expect(mocked.heldLeadForRelease).toHaveBeenCalledWith(TOKEN);
  expect(screen.getByRole('region', { name: copy.title })).toBeInTheDocument();
  expect(
    screen.getByText(
      copy.lead.replace('{name}', 'Ada Lovelace (Acme)').replace('{surface}', copy.surfaces.contact_form),
    ),
  ).toBeInTheDocument();
  const received = when(copy.received, LEAD.receivedAt);
  expect(received).toContain(zone);
  expect(screen.getByText(received)).toBeInTheDocument();
  expect(screen.getByText(copy.heldBecause.replace('{reason}', copy.reasons.network_burst))).toBeInTheDocument();
  expect(screen.getByText(copy.explanation)).toBeInTheDocument();
  expect(mocked.releaseHeldLead).not.toHaveBeenCalled();
});

it.each([
  ['contact_form', 'honeypot'],
  ['booking_form', 'no_challenge'],
  ['chat', 'bad_challenge'],
  ['booking_form', 'over_global_rate'],
] as const)('names the form (%s) and the reason (%s) in the content’s words', async (surface, reason) => {
  mocked.heldLeadForRelease.mockResolvedValue({ ...LEAD, company: '', surface, holdReason: reason });
  renderPage();
  expect(
    await screen.findByText(copy.lead.replace('{name}', 'Ada Lovelace').replace('{surface}', copy.surfaces[surface])),
  ).toBeInTheDocument();
  expect(screen.getByText(copy.heldBecause.replace('{reason}', copy.reasons[reason]))).toBeInTheDocument();
});

it('a lead without a surface, or held for a reason the content has no words for yet, still reads', async () => {
  mocked.heldLeadForRelease.mockResolvedValue({ ...LEAD, surface: '', holdReason: 'too_fast' });
  renderPage();
  expect(await screen.findByText(new RegExp(copy.surfaces.unknown))).toBeInTheDocument();
  expect(screen.getByText(copy.heldBecause.replace('{reason}', 'too fast'))).toBeInTheDocument();
});

it('releases the lead with one tap, says the team will be notified, and moves the focus to that answer', async () => {
  mocked.releaseHeldLead.mockResolvedValueOnce({ status: 'released', releasedAt: RELEASED_AT });
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.releaseLabel }));
  expect(mocked.releaseHeldLead).toHaveBeenCalledTimes(1);
  expect(mocked.releaseHeldLead).toHaveBeenCalledWith(TOKEN);
  const answer = await screen.findByText(copy.released);
  expect(screen.getByRole('status')).toContainElement(answer);
  await waitFor(() => expect(answer).toHaveFocus());
  expect(releaseButton()).toBeNull();
});

it('says so while the release is on its way, with the button disabled', async () => {
  let answer!: (value: api.ReleaseAnswer) => void;
  mocked.releaseHeldLead.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.releaseLabel }));
  expect(screen.getByRole('status')).toHaveTextContent(copy.releasing);
  expect(releaseButton()).toBeDisabled();
  answer({ status: 'released', releasedAt: RELEASED_AT });
  expect(await screen.findByText(copy.released)).toBeInTheDocument();
});

it('a lead released already shows when, with nothing to press', async () => {
  mocked.heldLeadForRelease.mockResolvedValue({ ...LEAD, releasedAt: RELEASED_AT });
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(when(copy.alreadyReleased, RELEASED_AT));
  expect(screen.getByText(/Ada Lovelace \(Acme\)/)).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
});

it('a lead someone else released in the meantime is not released twice: the page says when it was', async () => {
  mocked.releaseHeldLead.mockResolvedValueOnce({ status: 'already_released', releasedAt: RELEASED_AT });
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.releaseLabel }));
  const answer = await screen.findByText(when(copy.alreadyReleased, RELEASED_AT));
  await waitFor(() => expect(answer).toHaveFocus());
  expect(releaseButton()).toBeNull();
});

it('a wrong or expired link is explained, with nothing to press', async () => {
  const notFound = copy.notFound.replace('{email}', CONTACT);
  mocked.heldLeadForRelease.mockResolvedValueOnce({ status: 'not_found' });
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(notFound);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
});

it('a lead deleted between the page’s load and the tap is explained', async () => {
  mocked.releaseHeldLead.mockResolvedValueOnce({ status: 'not_found' });
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.releaseLabel }));
  const answer = await screen.findByRole('status');
  await waitFor(() => expect(answer).toHaveTextContent(copy.notFound.replace('{email}', CONTACT)));
  await waitFor(() => expect(answer).toHaveFocus());
  expect(screen.queryByRole('button')).toBeNull();
});

it('a link without its secret asks nothing of the database', async () => {
  window.location.hash = '';
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(copy.noSecret.replace('{email}', CONTACT));
  expect(mocked.heldLeadForRelease).not.toHaveBeenCalled();
  expect(screen.queryByRole('button')).toBeNull();
});

it('a lost connection on load offers to try again, and the lead that then shows takes the focus', async () => {
  mocked.heldLeadForRelease.mockResolvedValueOnce({ status: 'failed', detail: 'offline' });
  const { user } = renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(copy.failure.replace('{email}', CONTACT));
  expect(releaseButton()).toBeNull();
  await user.click(screen.getByRole('button', { name: copy.retryLabel }));
  await screen.findByRole('button', { name: copy.releaseLabel });
  expect(mocked.heldLeadForRelease).toHaveBeenCalledTimes(2);
  expect(mocked.heldLeadForRelease).toHaveBeenLastCalledWith(TOKEN);
  await waitFor(() => expect(screen.getByText(/Ada Lovelace \(Acme\)/)).toHaveFocus());
});

it('a lost connection on the tap keeps the lead on screen and releases it on the next tap', async () => {
  mocked.releaseHeldLead
    .mockResolvedValueOnce({ status: 'failed', detail: 'offline' })
    .mockResolvedValueOnce({ status: 'released', releasedAt: RELEASED_AT });
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: copy.releaseLabel }));
  const failure = await screen.findByText(copy.failure.split('{email}')[0], { exact: false });
  await waitFor(() => expect(failure).toHaveFocus());
  expect(screen.getByText(/Ada Lovelace \(Acme\)/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: copy.releaseLabel }));
  expect(mocked.releaseHeldLead).toHaveBeenCalledTimes(2);
  expect(mocked.releaseHeldLead).toHaveBeenLastCalledWith(TOKEN);
  await waitFor(() => expect(screen.getByText(copy.released)).toHaveFocus());
});
