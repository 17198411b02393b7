// Picking a time after the request is stored, with the booking functions answering as the database does:
// times by the visitor's day in their zone with whole names for screen readers, one tap to hold, one to
// confirm, the booked call with its calendar links and change/cancel link, and every refusal or failure told
// with the request standing.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookingTimePicker, { type BookedTime } from '../../src/features/booking/BookingTimePicker';
import * as api from '../../src/features/booking/booking-api';
import { fillTime, formatDay, formatTime, zoneLabel } from '../../src/features/booking/time-format';
import { bookingCopy } from '../helpers/booking-copy';

jest.mock('../../src/features/booking/booking-api');
const mocked = jest.mocked(api);

const EMAIL = 'jane@acme.com';
const CONTACT = 'hello@brightlane.ai';
const { picker, booked: bookedCopy } = bookingCopy;
const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });
// Thursday to Monday in Sydney, 9:00 and 9:30 (AEDT, +11).
const SLOTS = [
  '2026-11-25T22:00:00Z',
  '2026-11-25T22:30:00Z',
  '2026-11-26T22:00:00Z',
  '2026-11-29T22:00:00Z',
  '2026-11-30T22:00:00Z',
].map((instant) => slot(new Date(instant).toISOString()));
const TEAM = { teamTimeZone: 'Australia/Sydney', callMinutes: 30 };
const VISITOR_ZONE = 'Asia/Calcutta';
/** The first time held for the visitor. */
const HELD = {
  status: 'held' as const,
  holdId: 'hold-1',
  startsAt: SLOTS[0].startsAt,
  endsAt: SLOTS[0].endsAt,
  holdExpiresAt: '2026-11-25T07:00:00Z',
  ...TEAM,
};

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchSlots.mockResolvedValue({ status: 'ok', slots: SLOTS, ...TEAM });
  // A visitor in India (browsers report the zone by its older name, Asia/Calcutta), and a short list of zones
  // to choose from: role queries over the ~420 options of the real list take seconds in jsdom.
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en-AU').resolvedOptions(),
    timeZone: VISITOR_ZONE,
  });
  jest
    .spyOn(Intl, 'supportedValuesOf')
    .mockReturnValue(['America/New_York', 'Asia/Calcutta', 'Australia/Sydney', 'UTC']);
});
afterEach(() => jest.restoreAllMocks());

const renderPicker = (onBooked?: (time: BookedTime) => void) => {
  const user = userEvent.setup();
  render(<BookingTimePicker email={EMAIL} copy={bookingCopy} contactEmail={CONTACT} onBooked={onBooked} />);
  return user;
};
/** A time's button by its whole name: the time, the visitor's day and the zone. */
const timeName = (instant: string, zone: string) =>
  `${formatTime(instant, zone)}, ${formatDay(instant, zone)}, ${zoneLabel(zone, instant)}`;
const timeButton = (instant: string, zone: string) => screen.getByRole('button', { name: timeName(instant, zone) });
const findTimeButton = (instant: string, zone = VISITOR_ZONE) =>
  screen.findByRole('button', { name: timeName(instant, zone) });

it('shows the next free times by the visitor’s day in their zone, named whole, three days at a time', async () => {
  const user = renderPicker();
  expect(await screen.findByRole('heading', { name: picker.title })).toBeInTheDocument();
  expect(
    await screen.findByText(picker.zoneNote.replace('{zone}', zoneLabel(VISITOR_ZONE, SLOTS[0].startsAt))),
  ).toBeInTheDocument();
  expect(
    screen.getByText(picker.teamZoneNote.replace('{teamZone}', zoneLabel('Australia/Sydney'))),
  ).toBeInTheDocument();
  // 9:00 am Sydney is 3:30 am the same day in India.
  const first = timeButton(SLOTS[0].startsAt, VISITOR_ZONE);
  expect(first).toHaveAccessibleName(
    `${formatTime(SLOTS[0].startsAt, VISITOR_ZONE)}, Thursday 26 November, ${zoneLabel(VISITOR_ZONE, SLOTS[0].startsAt)}`,
  );
  const groups = screen.getAllByRole('group');
  expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
    'Thursday 26 November',
    'Friday 27 November',
    'Monday 30 November',
  ]);
  await user.click(screen.getByRole('button', { name: picker.laterLabel }));
  expect(screen.getAllByRole('group').map((group) => within(group).getByRole('heading').textContent)).toEqual([
    'Tuesday 1 December',
  ]);
  await user.click(screen.getByRole('button', { name: picker.earlierLabel }));
  expect(screen.getAllByRole('group')).toHaveLength(3);
});

it('changes the zone the times are shown in', async () => {
  const user = renderPicker();
  await screen.findByRole('heading', { name: picker.title });
  // The zone box (issue 43; its keyboard use in ZonePicker.test.tsx): type a place, Down, Enter.
  await user.click(await screen.findByRole('combobox', { name: picker.changeZoneLabel }));
  await user.keyboard('new york{ArrowDown}{Enter}');
  // The same 9:00 am Sydney is 5:00 pm on Wednesday in New York.
  expect(timeButton(SLOTS[0].startsAt, 'America/New_York')).toHaveAccessibleName(
    `5:00 pm, Wednesday 25 November, ${zoneLabel('America/New_York', SLOTS[0].startsAt)}`,
  );
});

it('holds a time with one tap and books it with one more: the call, calendar links and change/cancel link', async () => {
  mocked.holdSlot.mockResolvedValue(HELD);
  mocked.confirmBooking.mockResolvedValue({
    status: 'booked',
    bookingId: 'hold-1',
    startsAt: SLOTS[0].startsAt,
    endsAt: SLOTS[0].endsAt,
    visitorTimeZone: VISITOR_ZONE,
    manageToken: 'a'.repeat(64),
    ...TEAM,
  });
  const onBooked = jest.fn<void, [BookedTime]>();
  const user = renderPicker(onBooked);
  await user.click(await findTimeButton(SLOTS[0].startsAt));
  expect(mocked.holdSlot).toHaveBeenCalledWith(EMAIL, SLOTS[0].startsAt, VISITOR_ZONE);
  expect(onBooked).not.toHaveBeenCalled();
  const question = await screen.findByText(fillTime(picker.confirmQuestion, SLOTS[0].startsAt, VISITOR_ZONE));
  expect(question.closest('p')).toHaveFocus();
  await user.click(screen.getByRole('button', { name: picker.confirmLabel }));
  expect(mocked.confirmBooking).toHaveBeenCalledWith('hold-1', EMAIL);

  expect(await screen.findByRole('heading', { name: bookedCopy.title })).toHaveFocus();
  expect(screen.getByText(fillTime(bookedCopy.when, SLOTS[0].startsAt, VISITOR_ZONE))).toBeInTheDocument();
  expect(
    screen.getByText(fillTime(bookedCopy.teamTime, SLOTS[0].startsAt, 'Australia/Sydney', 'Australia/Sydney')),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: bookedCopy.manageLabel })).toHaveAttribute(
    'href',
    `http://localhost/booking#${'a'.repeat(64)}`,
  );
  expect(screen.getByRole('link', { name: bookedCopy.calendar.googleLabel }).getAttribute('href')).toContain(
    'dates=20261125T220000Z%2F20261125T223000Z',
  );
  expect(screen.getByRole('link', { name: bookedCopy.calendar.outlookLabel })).toHaveAttribute('target', '_blank');
  expect(screen.getByRole('link', { name: bookedCopy.calendar.icsLabel })).toHaveAttribute(
    'download',
    'strategy-call.ics',
  );
  // The lines around the picker are told, with the booked call's day, time and zones to write into their texts.
  expect(onBooked).toHaveBeenCalledTimes(1);
  const [{ booked, fill }] = onBooked.mock.calls[0];
  expect(booked).toMatchObject({ startsAt: SLOTS[0].startsAt, visitorTimeZone: VISITOR_ZONE });
  expect(fill('{day} at {time}, {zone}; {teamZone}')).toBe(
    `${formatDay(SLOTS[0].startsAt, VISITOR_ZONE)} at ${formatTime(SLOTS[0].startsAt, VISITOR_ZONE)}, ` +
      `${zoneLabel(VISITOR_ZONE, SLOTS[0].startsAt)}; ${zoneLabel('Australia/Sydney', SLOTS[0].startsAt)}`,
  );
});

it('tells a visitor whose time was just taken, and shows the free times again', async () => {
  mocked.holdSlot.mockResolvedValue({ status: 'taken', alternatives: [SLOTS[1]] });
  const user = renderPicker();
  await user.click(await findTimeButton(SLOTS[0].startsAt));
  expect(await screen.findByText(picker.taken)).toBeInTheDocument();
  expect(mocked.fetchSlots).toHaveBeenCalledTimes(2);
  expect(timeButton(SLOTS[1].startsAt, VISITOR_ZONE)).toBeEnabled();
});

it('keeps the request standing when the calendar cannot be reached, with a retry and the e-mail address', async () => {
  mocked.holdSlot.mockResolvedValueOnce({ status: 'failed', detail: 'offline' });
  const user = renderPicker();
  await user.click(await findTimeButton(SLOTS[0].startsAt));
  const message = await screen.findByRole('status');
  expect(message).toHaveTextContent(picker.failure.replace('{email}', CONTACT));
  expect(within(message).getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
  mocked.holdSlot.mockResolvedValueOnce({ status: 'taken', alternatives: [] });
  await user.click(screen.getByRole('button', { name: picker.retryLabel }));
  expect(mocked.holdSlot).toHaveBeenCalledTimes(2);
});

it('lets a visitor wait for the team’s e-mail instead', async () => {
  const user = renderPicker();
  await user.click(await screen.findByRole('button', { name: picker.waitLabel }));
  expect(screen.getByText(picker.waitConfirmation)).toHaveFocus();
  // No time is held or booked: the request stored before the times were offered stands as it is.
  for (const call of [mocked.holdSlot, mocked.confirmBooking, mocked.cancelBooking, mocked.moveBooking])
    expect(call).not.toHaveBeenCalled();
});

it('says so when no time can be booked online, with the e-mail address', async () => {
  mocked.fetchSlots.mockResolvedValue({ status: 'ok', slots: [], ...TEAM });
  renderPicker();
  expect(await screen.findByText(/There are no free times|./, { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: CONTACT })).toBeInTheDocument();
});

it('tells a visitor whose connection may book no more calls online that the request stands, with the e-mail address', async () => {
  mocked.holdSlot.mockResolvedValue({ status: 'sender_limit' });
  const user = renderPicker();
  await user.click(await findTimeButton(SLOTS[0].startsAt));
  const message = await screen.findByText(picker.senderLimit.split('{email}')[0].trim(), { exact: false });
  expect(message.closest('p')).toHaveFocus();
  expect(message.closest('p')).toHaveTextContent(picker.senderLimit.replace('{email}', CONTACT));
  expect(within(message.closest('p')!).getByRole('link', { name: CONTACT })).toHaveAttribute(
    'href',
    `mailto:${CONTACT}`,
  );
  // No time is offered any more: every time would be refused to this connection.
  expect(screen.queryByRole('button', { name: timeName(SLOTS[1].startsAt, VISITOR_ZONE) })).toBeNull();
  expect(mocked.fetchSlots).toHaveBeenCalledTimes(1);
});

it('says the same when the limit is met at the confirmation', async () => {
  mocked.holdSlot.mockResolvedValue(HELD);
  mocked.confirmBooking.mockResolvedValue({ status: 'sender_limit' });
  const user = renderPicker();
  await user.click(await findTimeButton(SLOTS[0].startsAt));
  await user.click(await screen.findByRole('button', { name: picker.confirmLabel }));
  expect(await screen.findByText(picker.senderLimit.split('{email}')[0].trim(), { exact: false })).toBeInTheDocument();
});
