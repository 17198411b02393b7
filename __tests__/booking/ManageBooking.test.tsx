// The change/cancel page as the e-mail's link opens it: the call from the secret in the fragment, moving it to
// a free time (with a confirmation), cancelling it (with a confirmation), and clear answers for a wrong link or
// a call that has taken place.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ManageBooking from '../../src/features/booking/ManageBooking';
import * as api from '../../src/features/booking/booking-api';
import { fillTime, formatDay, formatTime, zoneLabel } from '../../src/features/booking/time-format';
import { bookingCopy } from '../helpers/booking-copy';

jest.mock('../../src/features/booking/booking-api');
const mocked = jest.mocked(api);
const { manage, picker } = bookingCopy;
const CONTACT = 'hello@brightlane.ai';
const TOKEN = 'b'.repeat(64);
const ZONE = 'America/New_York';
const TEAM = { teamTimeZone: 'Australia/Sydney', callMinutes: 30 };
const future = (days: number) => new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + days * 86400_000).toISOString();
const BOOKED = {
  status: 'booked' as const,
  bookingId: 'booking-1',
  startsAt: future(2),
  endsAt: new Date(Date.parse(future(2)) + 30 * 60_000).toISOString(),
  visitorTimeZone: ZONE,
  ...TEAM,
};
const OTHER = { startsAt: future(3), endsAt: new Date(Date.parse(future(3)) + 30 * 60_000).toISOString() };

beforeEach(() => {
  jest.resetAllMocks();
  window.location.hash = `#${TOKEN}`;
  mocked.managedBooking.mockResolvedValue(BOOKED);
  mocked.fetchSlots.mockResolvedValue({ status: 'ok', slots: [OTHER], ...TEAM });
  jest.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/New_York', 'Australia/Sydney', 'UTC']);
});
afterEach(() => jest.restoreAllMocks());

const renderPage = () => {
  const user = userEvent.setup();
  render(
    <>
      <h1 id="manage-title">{manage.title}</h1>
      <ManageBooking copy={bookingCopy} contactEmail={CONTACT} bookPath="/book" />
    </>,
  );
  return user;
};

it('shows the call from the link’s secret, in the zone the visitor booked in', async () => {
  renderPage();
  expect(await screen.findByText(fillTime(manage.when, BOOKED.startsAt, ZONE))).toBeInTheDocument();
  expect(mocked.managedBooking).toHaveBeenCalledWith(TOKEN);
});

it('cancels after asking, and offers a new booking', async () => {
  mocked.cancelBooking.mockResolvedValue({ status: 'cancelled' });
  const user = renderPage();
  await user.click(await screen.findByRole('button', { name: manage.cancelLabel }));
  expect(screen.getByText(fillTime(manage.cancelQuestion, BOOKED.startsAt, ZONE))).toBeInTheDocument();
  expect(mocked.cancelBooking).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: manage.cancelConfirmLabel }));
  expect(mocked.cancelBooking).toHaveBeenCalledWith(TOKEN);
  expect(await screen.findByText(manage.cancelled)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: manage.bookAgainLabel })).toHaveAttribute('href', '/book');
});

it('moves the call to a free time after asking, and says where it is now', async () => {
  mocked.moveBooking.mockResolvedValue({ ...BOOKED, startsAt: OTHER.startsAt, endsAt: OTHER.endsAt });
  const user = renderPage();
  const name = `${formatTime(OTHER.startsAt, ZONE)}, ${formatDay(OTHER.startsAt, ZONE)}, ${zoneLabel(ZONE, OTHER.startsAt)}`;
  await user.click(await screen.findByRole('button', { name }));
  await user.click(screen.getByRole('button', { name: manage.moveConfirmLabel }));
  expect(mocked.moveBooking).toHaveBeenCalledWith(TOKEN, OTHER.startsAt);
  expect(await screen.findByText(fillTime(manage.moved, OTHER.startsAt, ZONE))).toBeInTheDocument();
  expect(screen.getByText(fillTime(manage.when, OTHER.startsAt, ZONE))).toBeInTheDocument();
});

it('tells a visitor whose new time was just taken, keeping the call where it was', async () => {
  mocked.moveBooking.mockResolvedValue({ status: 'taken', alternatives: [] });
  const user = renderPage();
  const name = `${formatTime(OTHER.startsAt, ZONE)}, ${formatDay(OTHER.startsAt, ZONE)}, ${zoneLabel(ZONE, OTHER.startsAt)}`;
  await user.click(await screen.findByRole('button', { name }));
  await user.click(screen.getByRole('button', { name: manage.moveConfirmLabel }));
  expect(await screen.findByText(picker.taken)).toBeInTheDocument();
  expect(screen.getByText(fillTime(manage.when, BOOKED.startsAt, ZONE))).toBeInTheDocument();
});

it.each([
  ['a wrong link', { status: 'not_found' as const }, manage.notFound],
  ['a call already cancelled', { ...BOOKED, status: 'cancelled' as const }, manage.cancelled],
  ['an unreachable calendar', { status: 'failed' as const, detail: 'offline' }, picker.failure],
])('answers %s clearly', async (_case, answer, text) => {
  mocked.managedBooking.mockResolvedValue(answer);
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(text.replace('{email}', CONTACT));
});

it('reads no secret when the link has none', async () => {
  window.location.hash = '';
  renderPage();
  expect(await screen.findByRole('status')).toHaveTextContent(manage.notFound.replace('{email}', CONTACT));
  expect(mocked.managedBooking).not.toHaveBeenCalled();
});
