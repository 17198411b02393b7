// Times as visitors read them, from IANA zones: days split at the visitor's midnight (not the team's), zone
// names that change with daylight saving, and odd offsets.
import {
  dayKey,
  fillTime,
  formatDay,
  formatTime,
  groupByDay,
  zoneLabel,
  zoneName,
} from '../../src/features/booking/time-format';

const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });

describe('the visitor’s days', () => {
  // 4:00–5:30 pm on Thursday in Sydney (AEDT, +11) is 12:00–1:30 am on Thursday in New York (EST, −5), and
  // 3:30 pm Sydney is 11:30 pm Wednesday there: one team day, two visitor days.
  const thursdayInSydney = ['2026-11-26T05:00:00Z', '2026-11-26T05:30:00Z', '2026-11-26T06:00:00Z'].map(slot);

  it('splits one team day at the visitor’s midnight', () => {
    const days = groupByDay(thursdayInSydney, 'America/New_York');
    expect(days.map((day) => [day.label, day.slots.map((s) => formatTime(s.startsAt, 'America/New_York'))])).toEqual([
      ['Thursday 26 November', ['12:00 am', '12:30 am', '1:00 am']],
    ]);
    const crossing = groupByDay(['2026-11-26T04:30:00Z', '2026-11-26T05:00:00Z'].map(slot), 'America/New_York');
    expect(crossing.map((day) => day.label)).toEqual(['Wednesday 25 November', 'Thursday 26 November']);
    expect(
      groupByDay(
        crossing.flatMap((day) => day.slots),
        'Australia/Sydney',
      ).map((day) => day.label),
    ).toEqual(['Thursday 26 November']);
  });

  it('orders the slots and keeps each day’s key on the visitor’s calendar', () => {
    const days = groupByDay([...thursdayInSydney].reverse(), 'Australia/Sydney');
    expect(days).toHaveLength(1);
    expect(days[0].key).toBe('2026-11-26');
    expect(days[0].slots.map((s) => formatTime(s.startsAt, 'Australia/Sydney'))).toEqual([
      '4:00 pm',
      '4:30 pm',
      '5:00 pm',
    ]);
    expect(dayKey('2026-11-26T05:00:00Z', 'Pacific/Honolulu')).toBe('2026-11-25');
  });
});

describe('zones', () => {
  it('names a zone as it is at that moment: New York across the US change', () => {
    expect(zoneName('America/New_York', '2027-03-13T17:00:00Z')).toBe('Eastern Standard Time');
    expect(zoneName('America/New_York', '2027-03-15T17:00:00Z')).toBe('Eastern Daylight Time');
    // The same Sydney 9:00 am is 6:00 pm the day before in New York one week and 7:00 pm the next.
    expect(formatTime('2027-03-12T22:00:00Z', 'America/New_York')).toBe('5:00 pm');
    expect(formatTime('2027-03-15T22:00:00Z', 'America/New_York')).toBe('6:00 pm');
  });

  it('shows odd offsets and the half-hour shift of Lord Howe Island as they are', () => {
    expect(formatTime('2026-11-26T03:15:00Z', 'Asia/Kathmandu')).toBe('9:00 am');
    expect(formatTime('2026-11-26T03:30:00Z', 'Asia/Kolkata')).toBe('9:00 am');
    expect(formatTime('2026-11-26T22:30:00Z', 'Australia/Adelaide')).toBe('9:00 am');
    // Lord Howe: +11 in summer, +10:30 in winter.
    expect(formatTime('2026-11-25T22:00:00Z', 'Australia/Lord_Howe')).toBe('9:00 am');
    expect(formatTime('2026-06-24T22:30:00Z', 'Australia/Lord_Howe')).toBe('9:00 am');
  });

  it('labels a zone by its name and place, without repeating what the name says', () => {
    expect(zoneLabel('Australia/Sydney', '2026-11-26T00:00:00Z')).toBe('Australian Eastern Daylight Time (Sydney)');
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time (Kolkata)');
    expect(zoneLabel('UTC')).toBe('Coordinated Universal Time');
  });

  it('fills a text with the day, time and zones of a call', () => {
    expect(
      fillTime(
        '{day} at {time} ({zone}); team: {teamZone}',
        '2026-11-26T03:30:00Z',
        'Asia/Kolkata',
        'Australia/Sydney',
      ),
    ).toBe(
      'Thursday 26 November at 9:00 am (India Standard Time (Kolkata)); team: Australian Eastern Daylight Time (Sydney)',
    );
    expect(formatDay('2026-11-26T03:30:00Z', 'Pacific/Honolulu')).toBe('Wednesday 25 November');
  });
});
