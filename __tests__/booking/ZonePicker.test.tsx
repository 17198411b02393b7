// The time-zone box after a /book request (issue 43), with the keyboard alone, as the WAI-ARIA combobox
// pattern has it: the box is named by its label and says the chosen zone; typing filters the list; Down, Up,
// Home and End move through it (focus stays in the box); Enter picks and the times follow; Escape closes it
// and leaves the zone as it was.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookingTimePicker from '../../src/features/booking/BookingTimePicker';
import * as api from '../../src/features/booking/booking-api';
import { formatDay, formatTime, zoneChoiceLabel, zoneLabel } from '../../src/features/booking/time-format';
import { ZONE_BATCH } from '../../src/features/booking/ZonePicker';
import { bookingCopy } from '../helpers/booking-copy';

jest.mock('../../src/features/booking/booking-api');
const mocked = jest.mocked(api);

const { picker } = bookingCopy;
const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });
// Thursday 26 and Friday 27 November, 9:00 am in Sydney (AEDT, +11).
const SLOTS = ['2026-11-25T22:00:00Z', '2026-11-26T22:00:00Z'].map(slot);
const TEAM = { teamTimeZone: 'Australia/Sydney', callMinutes: 30 };
const DEVICE_ZONE = 'Asia/Calcutta';
const PERTH = 'Australia/Perth';
// A short list (role queries over the ~420 options of the real one take seconds in jsdom); the platform's own
// list has the same names. UTC is added by the list itself.
const PLATFORM_ZONES = Intl.supportedValuesOf('timeZone');
const ZONES = ['America/New_York', 'Asia/Calcutta', 'Australia/Perth', 'Australia/Sydney', 'Europe/London'];

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchSlots.mockResolvedValue({ status: 'ok', slots: SLOTS, ...TEAM });
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en-AU').resolvedOptions(),
    timeZone: DEVICE_ZONE,
  });
  jest.spyOn(Intl, 'supportedValuesOf').mockReturnValue(ZONES);
});
afterEach(() => jest.restoreAllMocks());

/** The picker with its times shown, and focus moved into the zone box with Tab (it is the first control). */
async function tabToZoneBox() {
  const user = userEvent.setup();
  render(<BookingTimePicker email="jane@acme.com" copy={bookingCopy} contactEmail="hello@brightlane.ai" />);
  await screen.findByRole('button', { name: timeName(SLOTS[0].startsAt, DEVICE_ZONE) });
  await user.tab();
  const box = screen.getByRole('combobox', { name: picker.changeZoneLabel });
  expect(box).toHaveFocus();
  return { user, box };
}
const timeName = (instant: string, zone: string) =>
  `${formatTime(instant, zone)}, ${formatDay(instant, zone)}, ${zoneLabel(zone, instant)}`;
const optionNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);
const activeOption = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

it('is named by its label, says the chosen zone and how to find another, and starts closed', async () => {
  const { box } = await tabToZoneBox();
  expect(box).toHaveValue(zoneChoiceLabel(DEVICE_ZONE));
  expect(box).toHaveValue('Kolkata (GMT+5:30)');
  expect(box).toHaveAccessibleDescription(picker.zoneHint);
  expect(box).toHaveAttribute('aria-autocomplete', 'list');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).not.toHaveAttribute('aria-activedescendant');
  expect(screen.queryByRole('listbox')).toBeNull();
});

it('type “perth”, Down, Enter: the times are shown in Perth, and the new zone is announced', async () => {
  const { user, box } = await tabToZoneBox();
  await user.keyboard('perth');
  const list = await screen.findByRole('listbox', { name: picker.changeZoneLabel });
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(box).toHaveAttribute('aria-controls', list.id);
  expect(box).toHaveValue('perth');
  expect(optionNames(list)).toEqual(['Perth (GMT+8)']);
  // Typing suggests; nothing is chosen until the visitor says so.
  expect(box).not.toHaveAttribute('aria-activedescendant');

  await user.keyboard('{ArrowDown}');
  const perth = within(list).getByRole('option', { name: 'Perth (GMT+8)' });
  expect(activeOption(box)).toBe(perth);
  expect(perth).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveFocus();

  await user.keyboard('{Enter}');
  expect(box).toHaveFocus();
  expect(box).toHaveValue('Perth (GMT+8)');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('listbox')).toBeNull();
  // 9:00 am in Sydney is 6:00 am the same day in Perth.
  expect(screen.getByRole('button', { name: timeName(SLOTS[0].startsAt, PERTH) })).toHaveAccessibleName(
    `6:00 am, Thursday 26 November, ${zoneLabel(PERTH, SLOTS[0].startsAt)}`,
  );
  expect(screen.queryByRole('button', { name: timeName(SLOTS[0].startsAt, DEVICE_ZONE) })).toBeNull();
  const note = screen.getByText(picker.zoneNote.replace('{zone}', zoneLabel(PERTH, SLOTS[0].startsAt)));
  expect(note).toHaveAttribute('aria-live', 'polite');

  // The time held is in the zone chosen.
  mocked.holdSlot.mockResolvedValue({ status: 'taken', alternatives: [] });
  await user.click(screen.getByRole('button', { name: timeName(SLOTS[0].startsAt, PERTH) }));
  expect(mocked.holdSlot).toHaveBeenCalledWith('jane@acme.com', SLOTS[0].startsAt, PERTH);
});

it('Escape closes the list and keeps the zone; so does leaving the box', async () => {
  const { user, box } = await tabToZoneBox();
  await user.keyboard('syd');
  await screen.findByRole('listbox');
  await user.keyboard('{ArrowDown}');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).not.toHaveAttribute('aria-activedescendant');
  expect(box).toHaveValue('Kolkata (GMT+5:30)');
  expect(box).toHaveFocus();
  expect(screen.getByRole('button', { name: timeName(SLOTS[0].startsAt, DEVICE_ZONE) })).toBeInTheDocument();

  await user.keyboard('lon');
  expect(await screen.findByRole('option', { name: 'London (GMT)' })).toBeInTheDocument();
  await user.tab();
  expect(box).not.toHaveFocus();
  expect(box).toHaveValue('Kolkata (GMT+5:30)');
  expect(screen.queryByRole('listbox')).toBeNull();
});

it('Down opens the whole list at the chosen zone: the device’s zone, the team’s, then every place', async () => {
  const { user, box } = await tabToZoneBox();
  await user.keyboard('{ArrowDown}');
  const list = await screen.findByRole('listbox', { name: picker.changeZoneLabel });
  const groups = within(list).getAllByRole('group');
  expect(groups.map(optionNames)).toEqual([
    ['Kolkata (GMT+5:30)'],
    ['Sydney (GMT+11)'],
    ['London (GMT)', 'New York (GMT-5)', 'Perth (GMT+8)', 'UTC (GMT)'],
  ]);
  expect(groups[0]).toHaveAccessibleName(picker.zoneDeviceGroup);
  expect(groups[1]).toHaveAccessibleName(picker.zoneTeamGroup);
  expect(groups[2]).toHaveAccessibleName(picker.zoneAllGroup);
  expect(activeOption(box)).toHaveTextContent('Kolkata (GMT+5:30)');

  // Down and Up move and wrap; End and Home go to the last and first option.
  await user.keyboard('{ArrowDown}');
  expect(activeOption(box)).toHaveTextContent('Sydney (GMT+11)');
  await user.keyboard('{End}');
  expect(activeOption(box)).toHaveTextContent('UTC (GMT)');
  await user.keyboard('{ArrowDown}');
  expect(activeOption(box)).toHaveTextContent('Kolkata (GMT+5:30)');
  await user.keyboard('{ArrowUp}');
  expect(activeOption(box)).toHaveTextContent('UTC (GMT)');
  await user.keyboard('{Home}');
  expect(activeOption(box)).toHaveTextContent('Kolkata (GMT+5:30)');
  expect(within(list).getAllByRole('option', { selected: true })).toHaveLength(1);

  await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
  expect(box).toHaveValue('Perth (GMT+8)');
  expect(screen.getByRole('button', { name: timeName(SLOTS[0].startsAt, PERTH) })).toBeInTheDocument();
});

it('finds a zone by an abbreviation, and says so when nothing matches', async () => {
  const { user, box } = await tabToZoneBox();
  await user.keyboard('AEDT');
  expect(optionNames(await screen.findByRole('listbox'))).toEqual(['Sydney (GMT+11)']);
  await user.clear(box);
  await user.keyboard('zzz');
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(box).toHaveAttribute('aria-expanded', 'false');
  // Told in a live region, under the box.
  expect(screen.getByText(picker.zoneNoMatch)).toHaveAttribute('aria-live', 'polite');
  await user.keyboard('{Escape}');
  expect(box).toHaveValue('Kolkata (GMT+5:30)');
  expect(screen.queryByText(picker.zoneNoMatch)).toBeNull();
});

it('with a pointer: a tap on the box opens the list, a tap on a place picks it', async () => {
  const user = userEvent.setup();
  render(<BookingTimePicker email="jane@acme.com" copy={bookingCopy} contactEmail="hello@brightlane.ai" />);
  const box = await screen.findByRole('combobox', { name: picker.changeZoneLabel });
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: 'Perth (GMT+8)' }));
  expect(box).toHaveValue('Perth (GMT+8)');
  expect(box).toHaveFocus();
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(screen.getByRole('button', { name: timeName(SLOTS[0].startsAt, PERTH) })).toBeInTheDocument();
});

it('renders a long list a batch at a time, and End reaches its last place at once', async () => {
  // Neither the device's zone nor the team's is among them; about 320.
  const many = PLATFORM_ZONES.filter((zone) => !/^(Asia|Australia)\//.test(zone));
  expect(many.length).toBeGreaterThan(ZONE_BATCH * 5);
  jest.mocked(Intl.supportedValuesOf).mockReturnValue(many);
  const { user, box } = await tabToZoneBox();
  await user.keyboard('{ArrowDown}');
  const list = await screen.findByRole('listbox');
  const count = () => list.querySelectorAll('[role="option"]').length;
  expect(count()).toBeLessThan(many.length);
  // Every option says where it stands in its group, rendered or not yet.
  const all = within(list).getAllByRole('group')[2];
  expect(all.querySelector('[role="option"]')).toHaveAttribute('aria-setsize', String(many.length + 1));
  await user.keyboard('{ArrowDown}{End}');
  // The device's zone, the team's, every zone of the list and UTC.
  expect(count()).toBe(many.length + 3);
  const options = list.querySelectorAll('[role="option"]');
  expect(activeOption(box)).toBe(options[options.length - 1]);
  expect(options[options.length - 1]).toHaveAttribute('aria-posinset', String(many.length + 1));
});
