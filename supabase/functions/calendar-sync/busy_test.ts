// deno test: busy times from calendar data (busy.ts, zoned.ts, ranges.ts): recurrences expanded here with
// EXDATE and moved instances, server-expanded instances, all-day events in the host's zone across daylight-saving
// changes (Sydney, Lord Howe Island's half hour), free and cancelled events, overlaps and the window's edges.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { bookingUid } from '../_shared/booking-uid.ts';
import { busyTimesOf, UnreadableCalendarData } from './busy.ts';
import { mergeAndClip, toBusyTimes, type Range } from './ranges.ts';
import { vcalendar, vevent } from './testdata/stubs.ts';
import { zonedToInstant } from './zoned.ts';

const at = (iso: string) => Date.parse(iso);
const window = (start: string, end: string): Range => ({ start: at(start), end: at(end) });
const busy = (data: string, range: Range, zone = 'Australia/Sydney') =>
  toBusyTimes(busyTimesOf([{ url: 'https://cal.test/a.ics', data }], range, zone));
const span = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });

// Sydney's clocks go forward on Sunday 4 October 2026 (AEST +10 to AEDT +11), as do Lord Howe's (+10:30 to +11).
const OCTOBER = window('2026-09-27T14:00:00Z', '2026-10-20T13:00:00Z');

const SYDNEY_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:AUS Eastern Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+1100',
  'TZOFFSETTO:+1000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+1000',
  'TZOFFSETTO:+1100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

Deno.test(
  'a weekly event: each instance at 9 am Sydney time on both sides of the change, minus EXDATE, one moved',
  () => {
    for (const [zone, tzid, extra] of [
      ['IANA name', 'Australia/Sydney', []],
      ['Windows name with its VTIMEZONE', 'AUS Eastern Standard Time', SYDNEY_VTIMEZONE],
    ] as const) {
      const data = vcalendar(
        ...extra,
        ...vevent(
          'standup',
          `DTSTART;TZID=${tzid}:20260928T090000`,
          `DTEND;TZID=${tzid}:20260928T100000`,
          'RRULE:FREQ=WEEKLY;COUNT=6',
          `EXDATE;TZID=${tzid}:20261005T090000`,
        ),
        ...vevent(
          'standup',
          `RECURRENCE-ID;TZID=${tzid}:20261012T090000`,
          `DTSTART;TZID=${tzid}:20261012T140000`,
          `DTEND;TZID=${tzid}:20261012T150000`,
        ),
      );
      assert.deepEqual(
        busy(data, OCTOBER),
        [
          span('2026-09-27T23:00:00.000Z', '2026-09-28T00:00:00.000Z'), // 9 am AEST
          span('2026-10-12T03:00:00.000Z', '2026-10-12T04:00:00.000Z'), // moved to 2 pm AEDT
          span('2026-10-18T22:00:00.000Z', '2026-10-18T23:00:00.000Z'), // 9 am AEDT
        ],
        zone,
      );
    }
  },
);

Deno.test('an EXDATE in UTC and a cancelled instance remove instances of a zoned series', () => {
  const data = vcalendar(
    ...vevent(
      'daily',
      'DTSTART;TZID=Australia/Sydney:20261001T080000',
      'DURATION:PT30M',
      'RRULE:FREQ=DAILY;UNTIL=20261003T220000Z',
      'EXDATE:20261001T220000Z',
    ),
    ...vevent(
      'daily',
      'RECURRENCE-ID;TZID=Australia/Sydney:20261003T080000',
      'STATUS:CANCELLED',
      'DTSTART;TZID=Australia/Sydney:20261003T080000',
      'DURATION:PT30M',
    ),
  );
  // 1 Oct 8 am AEST = 30 Sep 22:00Z; 2 Oct 8 am AEST = 1 Oct 22:00Z (excluded); 3 Oct cancelled.
  assert.deepEqual(busy(data, OCTOBER), [span('2026-09-30T22:00:00.000Z', '2026-09-30T22:30:00.000Z')]);
});

Deno.test('instances a server expanded (RFC 4791, 9.6.5: RECURRENCE-ID, no RRULE, UTC) are taken as they are', () => {
  const data = vcalendar(
    ...vevent('standup', 'RECURRENCE-ID:20260927T230000Z', 'DTSTART:20260927T230000Z', 'DURATION:PT1H'),
    ...vevent('standup', 'RECURRENCE-ID:20261011T220000Z', 'DTSTART:20261012T030000Z', 'DURATION:PT1H'),
  );
  assert.deepEqual(busy(data, OCTOBER), [
    span('2026-09-27T23:00:00.000Z', '2026-09-28T00:00:00.000Z'),
    span('2026-10-12T03:00:00.000Z', '2026-10-12T04:00:00.000Z'),
  ]);
});

Deno.test('all-day leave is busy from midnight to midnight in the host’s zone, across the October change', () => {
  const leave = vcalendar(...vevent('leave', 'DTSTART;VALUE=DATE:20261003', 'DTEND;VALUE=DATE:20261006'));
  // Saturday 3 October 00:00 AEST to Tuesday 6 October 00:00 AEDT: 71 hours, not 72.
  assert.deepEqual(busy(leave, OCTOBER), [span('2026-10-02T14:00:00.000Z', '2026-10-05T13:00:00.000Z')]);
  // The same dates for a host in New York (EDT, -4).
  assert.deepEqual(busy(leave, OCTOBER, 'America/New_York'), [
    span('2026-10-03T04:00:00.000Z', '2026-10-06T04:00:00.000Z'),
  ]);
});

Deno.test('Lord Howe Island: the day its clocks move half an hour is 23.5 hours long', () => {
  const day = vcalendar(...vevent('off', 'DTSTART;VALUE=DATE:20261004'));
  assert.deepEqual(busy(day, OCTOBER, 'Australia/Lord_Howe'), [
    span('2026-10-03T13:30:00.000Z', '2026-10-04T13:00:00.000Z'),
  ]);
  const wall = { year: 2026, month: 10, day: 4, hour: 2, minute: 15, second: 0 };
  // 02:15 does not exist there that night (02:00 becomes 02:30): read with the offset before the gap (+10:30).
  assert.equal(new Date(zonedToInstant(wall, 'Australia/Lord_Howe')).toISOString(), '2026-10-03T15:45:00.000Z');
  // Sydney's 02:30 on 5 April 2026 happens twice (03:00 AEDT becomes 02:00 AEST): the first one.
  const twice = { year: 2026, month: 4, day: 5, hour: 2, minute: 30, second: 0 };
  assert.equal(new Date(zonedToInstant(twice, 'Australia/Sydney')).toISOString(), '2026-04-04T15:30:00.000Z');
});

Deno.test('floating times are the host’s; free and cancelled events are not busy', () => {
  const data = vcalendar(
    ...vevent('gym', 'DTSTART:20261014T100000', 'DTEND:20261014T110000'),
    ...vevent('free', 'DTSTART:20261007T010000Z', 'DTEND:20261007T020000Z', 'TRANSP:TRANSPARENT'),
    ...vevent('off', 'DTSTART:20261008T010000Z', 'DTEND:20261008T020000Z', 'STATUS:CANCELLED'),
    ...vevent('free-series', 'DTSTART:20261001T010000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY', 'TRANSP:TRANSPARENT'),
  );
  assert.deepEqual(busy(data, OCTOBER), [span('2026-10-13T23:00:00.000Z', '2026-10-14T00:00:00.000Z')]);
});

Deno.test('a booked call’s own event (its invitation’s UID) is not busy: the database blocks it already', () => {
  const data = vcalendar(
    ...vevent(bookingUid('5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02'), 'DTSTART:20261014T230000Z', 'DTEND:20261014T233000Z'),
    ...vevent('booking-notes@example.com', 'DTSTART:20261015T230000Z', 'DTEND:20261015T233000Z'),
  );
  assert.deepEqual(busy(data, OCTOBER), [span('2026-10-15T23:00:00.000Z', '2026-10-15T23:30:00.000Z')]);
});

Deno.test('overlapping and touching busy times merge; the window clips them', () => {
  const data = vcalendar(
    ...vevent('a', 'DTSTART:20261009T000000Z', 'DTEND:20261009T010000Z'),
    ...vevent('b', 'DTSTART:20261009T003000Z', 'DTEND:20261009T020000Z'),
    ...vevent('c', 'DTSTART:20261009T020000Z', 'DTEND:20261009T030000Z'),
    ...vevent('early', 'DTSTART:20260927T120000Z', 'DTEND:20260927T150000Z'),
    ...vevent('late', 'DTSTART:20261020T120000Z', 'DTEND:20261020T150000Z'),
    ...vevent('outside', 'DTSTART:20260901T120000Z', 'DTEND:20260901T150000Z'),
  );
  assert.deepEqual(busy(data, OCTOBER), [
    span('2026-09-27T14:00:00.000Z', '2026-09-27T15:00:00.000Z'),
    span('2026-10-09T00:00:00.000Z', '2026-10-09T03:00:00.000Z'),
    span('2026-10-20T12:00:00.000Z', '2026-10-20T13:00:00.000Z'),
  ]);
  assert.deepEqual(
    mergeAndClip(
      [
        { start: 5, end: 5 },
        { start: 1, end: 3 },
        { start: 2, end: 4 },
      ],
      { start: 0, end: 10 },
    ),
    [{ start: 1, end: 4 }],
  );
});

Deno.test('a series that started years ago is expanded up to the window; one that never ends stops there', () => {
  const data = vcalendar(
    ...vevent(
      'forever',
      'DTSTART;TZID=Australia/Sydney:20100104T120000',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
    ),
  );
  assert.deepEqual(busy(data, window('2026-10-04T14:00:00Z', '2026-10-11T13:00:00Z')), [
    span('2026-10-05T01:00:00.000Z', '2026-10-05T02:00:00.000Z'),
  ]);
});

Deno.test('calendar data that is not iCalendar is an error that does not quote it', () => {
  assert.throws(
    () =>
      busyTimesOf(
        [{ url: 'https://cal.test/x.ics', data: 'BEGIN:VCALENDAR\r\nSUMMARY Private dinner\r\n' }],
        OCTOBER,
        'UTC',
      ),
    (error: Error) => error instanceof UnreadableCalendarData && !error.message.includes('dinner'),
  );
});

Deno.test('an event ending in another zone than it starts: busy between the two instants', () => {
  // 10:00 in London (GMT) to 13:00 in New York (EST): 10:00 to 18:00 UTC, not the three hours on the clocks.
  const data = vcalendar(
    ...vevent('flight', 'DTSTART;TZID=Europe/London:20261125T100000', 'DTEND;TZID=America/New_York:20261125T130000'),
  );
  const november = window('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z');
  assert.deepEqual(busy(data, november, 'Europe/London'), [
    span('2026-11-25T10:00:00.000Z', '2026-11-25T18:00:00.000Z'),
  ]);
  // The same for a host anywhere: the zones are the event's own.
  assert.deepEqual(busy(data, november, 'Australia/Sydney'), busy(data, november, 'Europe/London'));
});

Deno.test('a recurring event lasts the master’s exact length with DTEND, a nominal one with DURATION', () => {
  // RFC 5545, 3.8.5.3: DTEND gives every instance the master's exact duration (8 h here: 10:00 GMT to 13:00
  // EST), also on the Mondays New York's clocks are an hour ahead of their winter time and London's are not.
  const exact = vcalendar(
    ...vevent(
      'weekly',
      'DTSTART;TZID=Europe/London:20260302T100000',
      'DTEND;TZID=America/New_York:20260302T130000',
      'RRULE:FREQ=WEEKLY;COUNT=6',
    ),
  );
  assert.deepEqual(busy(exact, window('2026-03-01T00:00:00Z', '2026-04-12T00:00:00Z'), 'Europe/London'), [
    span('2026-03-02T10:00:00.000Z', '2026-03-02T18:00:00.000Z'),
    span('2026-03-09T10:00:00.000Z', '2026-03-09T18:00:00.000Z'), // New York on EDT since the 8th
    span('2026-03-16T10:00:00.000Z', '2026-03-16T18:00:00.000Z'),
    span('2026-03-23T10:00:00.000Z', '2026-03-23T18:00:00.000Z'),
    span('2026-03-30T09:00:00.000Z', '2026-03-30T17:00:00.000Z'), // London on BST since the 29th
    span('2026-04-06T09:00:00.000Z', '2026-04-06T17:00:00.000Z'),
  ]);
  // DURATION: a day is a day on the clocks (Saturday 22:00 to Sunday 22:00 across Sydney's change, 23 hours), an
  // hour an hour.
  const nominal = vcalendar(
    ...vevent('watch', 'DTSTART;TZID=Australia/Sydney:20261003T220000', 'DURATION:P1D'),
    ...vevent('night', 'DTSTART;TZID=Australia/Sydney:20261004T013000', 'DURATION:PT1H'),
  );
  assert.deepEqual(busy(nominal, OCTOBER), [span('2026-10-03T12:00:00.000Z', '2026-10-04T11:00:00.000Z')]);
  const night = vcalendar(...vevent('night', 'DTSTART;TZID=Australia/Sydney:20261004T013000', 'DURATION:PT1H'));
  // 01:30 AEST to 03:30 AEDT: one hour, though the clocks show two.
  assert.deepEqual(busy(night, OCTOBER), [span('2026-10-03T15:30:00.000Z', '2026-10-03T16:30:00.000Z')]);
});
