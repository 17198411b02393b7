/** @jest-environment node */
// The time parser (issue 33): the tuning lists of __tests__/fixtures/chat-time-preferences.ts, every one read as
// written down, and the rules behind them. The held-out lists are reported (scripts/chat/time-preference-figures.ts,
// docs/chat.md), never asserted.
import { PREFERENCES_TUNING, ZONES_TUNING, type PreferenceCase } from '../fixtures/chat-time-preferences';
import { builtChatScript } from '../helpers/chat-script';
import {
  describePreference,
  fits,
  nearestTimes,
  offsetMinutes,
  parsePreference,
  parseTimeZone,
  zoneForOffset,
} from '../../src/features/booking/time-preference';

const words = builtChatScript().callTimes;
const NOW = new Date('2026-11-25T00:00:00Z'); // Wednesday 25 November, 11 am in Sydney

function zoneOf(text: string): string | null {
  const zone = parseTimeZone(text, words, NOW);
  if (!zone) return null;
  if (zone.kind === 'named') return zone.zone;
  const minutes = Math.abs(zone.minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${zone.minutes < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

describe('the zone a timezone answer names (tuning list)', () => {
  it.each(ZONES_TUNING.map((item) => [item.text, item.zone]))('%j → %s', (text, zone) => {
    expect(zoneOf(text)).toBe(zone);
  });
});

describe('what a preferred-time answer asks for (tuning list)', () => {
  it.each(PREFERENCES_TUNING.map((item): [string, PreferenceCase] => [item.text, item]))('%j', (text, item) => {
    const { text: _text, ...expected } = item;
    expect(describePreference(parsePreference(text, words))).toEqual(expected);
  });
});

describe('fixed offsets', () => {
  it('maps whole hours to the Etc zone of the inverted sign', () => {
    expect(zoneForOffset(600, NOW)).toBe('Etc/GMT-10');
    expect(zoneForOffset(-300, NOW)).toBe('Etc/GMT+5');
    expect(parseTimeZone('GMT+10', words, NOW)).toEqual({ kind: 'offset', zone: 'Etc/GMT-10', minutes: 600 });
    expect(offsetMinutes('Etc/GMT-10', NOW)).toBe(600);
  });

  it('maps +05:30 and +05:45 to zones that keep them all year', () => {
    for (const minutes of [330, 345, 570]) {
      const zone = zoneForOffset(minutes, NOW)!;
      for (const month of [0, 3, 6, 9]) {
        expect(offsetMinutes(zone, new Date(Date.UTC(2027, month, 1)))).toBe(minutes);
      }
    }
  });

  it('takes a typed IANA name as it is, and an offset over a place', () => {
    expect(parseTimeZone('Asia/Kathmandu', words, NOW)).toEqual({ kind: 'named', zone: 'Asia/Kathmandu' });
    expect(parseTimeZone('GMT+10 (brisbane-ish)', words, NOW)?.kind).toBe('offset');
    expect(parseTimeZone('Mars/Olympus', words, NOW)).toBeUndefined();
  });
});

describe('which free times fit', () => {
  const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });

  it('reads the day and hour on the visitor’s clock, not the team’s', () => {
    // Tuesday 1 December 2026, 9:00 am in Perth is 12:00 noon in Sydney (AEDT).
    const morningInPerth = '2026-12-01T01:00:00Z';
    const tuesdayMorning = parsePreference('Tuesday morning', words);
    expect(fits(morningInPerth, tuesdayMorning, 'Australia/Perth', NOW)).toBe(true);
    expect(fits(morningInPerth, tuesdayMorning, 'Australia/Sydney', NOW)).toBe(false);
  });

  it('crosses midnight in the visitor’s zone: 9:30 am Sydney on Thursday is Wednesday evening in New York', () => {
    const start = '2026-11-25T22:30:00Z';
    expect(fits(start, parsePreference('Thursday morning', words), 'Australia/Sydney', NOW)).toBe(true);
    expect(fits(start, parsePreference('Wednesday evening', words), 'America/New_York', NOW)).toBe(true);
  });

  it('knows tomorrow and next week in the visitor’s zone', () => {
    // NOW is Wednesday 25 November in Sydney; tomorrow is Thursday 26, next week Monday 30 November to 6 December.
    expect(fits('2026-11-25T23:00:00Z', parsePreference('tomorrow', words), 'Australia/Sydney', NOW)).toBe(true);
    expect(fits('2026-11-26T23:00:00Z', parsePreference('tomorrow', words), 'Australia/Sydney', NOW)).toBe(false);
    expect(fits('2026-11-29T23:00:00Z', parsePreference('next week', words), 'Australia/Sydney', NOW)).toBe(true);
    expect(fits('2026-11-27T23:00:00Z', parsePreference('next week', words), 'Australia/Sydney', NOW)).toBe(false);
  });

  it('gives the nearest times that fit, or the nearest of all when none does', () => {
    const slots = ['2026-11-26T23:00:00Z', '2026-11-25T22:00:00Z', '2026-11-29T22:00:00Z', '2026-12-01T04:00:00Z'].map(
      slot,
    );
    const mondayMorning = parsePreference('Monday morning', words);
    expect(nearestTimes(slots, mondayMorning, 'Australia/Sydney', NOW, 5)).toEqual({
      slots: [slot('2026-11-29T22:00:00Z')],
      fitted: true,
    });
    const saturday = parsePreference('Saturday', words);
    const none = nearestTimes(slots, saturday, 'Australia/Sydney', NOW, 2);
    expect(none.fitted).toBe(false);
    expect(none.slots.map((s) => s.startsAt)).toEqual(['2026-11-25T22:00:00Z', '2026-11-26T23:00:00Z']);
    expect(nearestTimes(slots, {}, 'Australia/Sydney', NOW, 5, '2026-11-26T23:00:00Z').slots).toHaveLength(2);
  });
});
