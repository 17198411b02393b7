// The zone picker's list (issue 43): places as people name them with the offset they have at a given instant
// (from the platform's IANA data, so daylight saving moves them), the device's and the team's zone first, and
// search by city, state, country, abbreviation or offset. Instants are fixed, never "now".
import { placeName, zoneChoiceLabel, zoneLabel, zoneOffset } from '../../src/features/booking/time-format';
import { fold, zoneChoices, zoneSections, type ZoneChoice } from '../../src/features/booking/zone-list';

const SUMMER = new Date('2026-11-26T00:00:00Z'); // southern summer, northern winter
const WINTER = new Date('2026-06-24T00:00:00Z'); // southern winter, northern summer
const choices = zoneChoices();
const labels = (zones: ZoneChoice[], now: Date) => zones.map((choice) => zoneChoiceLabel(choice.id, now));
/** What typing `query` lists, as labels at `now`. */
const search = (query: string, { device = 'Asia/Tokyo', team = 'Australia/Sydney', now = SUMMER } = {}) =>
  labels(zoneSections(choices, { query, device, team, now })[0].zones, now);

describe('labels', () => {
  it('names each place with the offset it has at that instant', () => {
    expect(zoneChoiceLabel('Australia/Sydney', SUMMER)).toBe('Sydney (GMT+11)');
    expect(zoneChoiceLabel('Australia/Perth', SUMMER)).toBe('Perth (GMT+8)');
    expect(zoneChoiceLabel('Pacific/Auckland', SUMMER)).toBe('Auckland (GMT+13)');
    expect(zoneChoiceLabel('America/Los_Angeles', SUMMER)).toBe('Los Angeles (GMT-8)');
    expect(zoneChoiceLabel('Europe/London', SUMMER)).toBe('London (GMT)');
    expect(zoneChoiceLabel('UTC', SUMMER)).toBe('UTC (GMT)');
  });

  it('moves the offset with daylight saving: Sydney, Auckland, Los Angeles and London across their changes', () => {
    // Sydney's clocks go back at 3:00 am on Sunday 4 April 2027 (16:00 UTC the day before).
    expect(zoneChoiceLabel('Australia/Sydney', new Date('2027-04-03T15:59:00Z'))).toBe('Sydney (GMT+11)');
    expect(zoneChoiceLabel('Australia/Sydney', new Date('2027-04-03T16:01:00Z'))).toBe('Sydney (GMT+10)');
    expect(zoneChoiceLabel('Pacific/Auckland', WINTER)).toBe('Auckland (GMT+12)');
    // Los Angeles goes forward at 2:00 am on Sunday 14 March 2027 (10:00 UTC).
    expect(zoneChoiceLabel('America/Los_Angeles', new Date('2027-03-14T09:59:00Z'))).toBe('Los Angeles (GMT-8)');
    expect(zoneChoiceLabel('America/Los_Angeles', new Date('2027-03-14T10:01:00Z'))).toBe('Los Angeles (GMT-7)');
    expect(zoneChoiceLabel('Europe/London', WINTER)).toBe('London (GMT+1)');
    // Perth keeps its clocks.
    expect(zoneChoiceLabel('Australia/Perth', WINTER)).toBe('Perth (GMT+8)');
  });

  it('shows half- and quarter-hour offsets, and Lord Howe Island’s half-hour shift', () => {
    expect(zoneChoiceLabel('Asia/Kolkata', SUMMER)).toBe('Kolkata (GMT+5:30)');
    expect(zoneChoiceLabel('Asia/Kathmandu', SUMMER)).toBe('Kathmandu (GMT+5:45)');
    expect(zoneChoiceLabel('Australia/Adelaide', SUMMER)).toBe('Adelaide (GMT+10:30)');
    expect(zoneChoiceLabel('America/St_Johns', SUMMER)).toBe('St Johns (GMT-3:30)');
    expect(zoneChoiceLabel('Australia/Lord_Howe', SUMMER)).toBe('Lord Howe Island (GMT+11)');
    expect(zoneChoiceLabel('Australia/Lord_Howe', WINTER)).toBe('Lord Howe Island (GMT+10:30)');
  });

  it('names places as people do today, whatever IANA spelling the browser reports', () => {
    // Chromium lists and reports the older names.
    expect(zoneChoiceLabel('Asia/Calcutta', SUMMER)).toBe('Kolkata (GMT+5:30)');
    expect(zoneChoiceLabel('Asia/Katmandu', SUMMER)).toBe('Kathmandu (GMT+5:45)');
    expect(placeName('Asia/Saigon')).toBe('Ho Chi Minh City');
    expect(placeName('Europe/Kiev')).toBe('Kyiv');
    expect(placeName('America/Indiana/Knox')).toBe('Knox, Indiana');
    expect(placeName('America/Argentina/Salta')).toBe('Salta, Argentina');
    expect(zoneOffset('Asia/Calcutta', SUMMER)).toBe('GMT+5:30');
    // The zone's name in the notes says the place the same way, and does not repeat it.
    expect(zoneLabel('Asia/Calcutta', SUMMER.toISOString())).toBe('India Standard Time (Kolkata)');
    expect(zoneLabel('Australia/Lord_Howe', SUMMER.toISOString())).toBe('Lord Howe Daylight Time');
  });

  it('lists every zone the platform knows once per place, UTC among them', () => {
    const places = choices.map((choice) => choice.place);
    expect(new Set(places).size).toBe(places.length);
    expect(choices.length).toBeGreaterThan(400);
    expect(places).toEqual(expect.arrayContaining(['UTC', 'Kolkata', 'Sydney', 'Lord Howe Island']));
    expect(places).not.toContain('Calcutta');
    // Asia/Kolkata and Asia/Calcutta are one place, whichever the list has.
    expect(zoneChoices(['Asia/Calcutta'], ['Asia/Kolkata']).map((choice) => choice.id)).toEqual(['Asia/Calcutta']);
  });
});

describe('order', () => {
  it('puts the device’s zone first and the team’s second, then every other place by name', () => {
    const sections = zoneSections(choices, { device: 'Australia/Perth', team: 'Australia/Sydney', now: SUMMER });
    expect(sections.map((section) => section.kind)).toEqual(['device', 'team', 'all']);
    expect(sections.map((section) => labels(section.zones, SUMMER)[0])).toEqual([
      'Perth (GMT+8)',
      'Sydney (GMT+11)',
      'Abidjan (GMT)',
    ]);
    const all = sections[2].zones.map((choice) => choice.place);
    expect(all).not.toContain('Perth');
    expect(all).not.toContain('Sydney');
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en')));
    expect(sections.flatMap((section) => section.zones)).toHaveLength(choices.length);
  });

  it('finds the device’s zone by its place when the browser reports another spelling', () => {
    const sections = zoneSections(choices, { device: 'Asia/Kolkata', team: 'Australia/Sydney', now: SUMMER });
    expect(labels(sections[0].zones, SUMMER)).toEqual(['Kolkata (GMT+5:30)']);
  });

  it('shows one group when the device is in the team’s zone', () => {
    const sections = zoneSections(choices, { device: 'Australia/Sydney', team: 'Australia/Sydney', now: SUMMER });
    expect(sections.map((section) => section.kind)).toEqual(['device', 'all']);
  });
});

describe('search', () => {
  it('finds a place by the start of its name or of any word in it, accents and case aside', () => {
    expect(search('syd')[0]).toBe('Sydney (GMT+11)');
    expect(search('perth')).toEqual(['Perth (GMT+8)']);
    expect(search('PERTH')).toEqual(['Perth (GMT+8)']);
    expect(search('york')).toEqual(['New York (GMT-5)']);
    expect(search('howe')).toEqual(['Lord Howe Island (GMT+11)']);
    expect(search('são paulo')).toEqual(['Sao Paulo (GMT-3)']);
    expect(search('port au')).toEqual(['Port-au-Prince (GMT-5)']);
    expect(search('calcutta')).toEqual(['Kolkata (GMT+5:30)']);
    expect(search('indiana')[0]).toBe('Indianapolis (GMT-5)');
    expect(search('indiana')).toContain('Knox, Indiana (GMT-6)');
  });

  it('finds the zones an abbreviation names, the most likely first', () => {
    expect(search('AEDT')).toEqual(['Sydney (GMT+11)', 'Melbourne (GMT+11)', 'Hobart (GMT+11)']);
    expect(search('aest').slice(0, 3)).toEqual(['Sydney (GMT+11)', 'Melbourne (GMT+11)', 'Brisbane (GMT+10)']);
    expect(search('PST')[0]).toBe('Los Angeles (GMT-8)');
    expect(search('IST').slice(0, 3)).toEqual(['Kolkata (GMT+5:30)', 'Dublin (GMT)', 'Jerusalem (GMT+2)']);
    // After the zones "IST" names, the places that start with it.
    expect(search('IST')).toContain('Istanbul (GMT+3)');
    expect(search('NZ')[0]).toBe('Auckland (GMT+13)');
    expect(search('uk')[0]).toBe('London (GMT)');
    expect(search('BST')[0]).toBe('London (GMT)');
    expect(search('gmt').slice(0, 2)).toEqual(['London (GMT)', 'UTC (GMT)']);
    expect(search('awst')).toEqual(['Perth (GMT+8)']);
    expect(search('lhdt')).toEqual(['Lord Howe Island (GMT+11)']);
  });

  it('finds a zone by other names people use: states, countries, big cities', () => {
    expect(search('mumbai')).toEqual(['Kolkata (GMT+5:30)']);
    expect(search('new zealand')).toEqual(['Auckland (GMT+13)']);
    expect(search('new zea')).toEqual(['Auckland (GMT+13)']);
    expect(search('queensland')).toEqual(['Brisbane (GMT+10)']);
    expect(search('nepal')).toEqual(['Kathmandu (GMT+5:45)']);
    expect(search('canberra')).toEqual(['Sydney (GMT+11)']);
  });

  it('finds zones by their offset at that instant', () => {
    expect(search('GMT+5:45')).toEqual(['Kathmandu (GMT+5:45)']);
    expect(search('+5:30')).toContain('Kolkata (GMT+5:30)');
    expect(search('gmt+10:30', { now: SUMMER })).toEqual(
      expect.arrayContaining(['Adelaide (GMT+10:30)', 'Broken Hill (GMT+10:30)']),
    );
    expect(search('gmt+10:30', { now: WINTER })).toEqual(['Lord Howe Island (GMT+10:30)']);
  });

  it('puts the device’s zone and the team’s first among equal matches', () => {
    expect(search('IST', { device: 'Europe/Dublin' })[0]).toBe('Dublin (GMT)');
    expect(search('aest', { device: 'Australia/Brisbane', team: 'Australia/Melbourne' }).slice(0, 2)).toEqual([
      'Brisbane (GMT+10)',
      'Melbourne (GMT+11)',
    ]);
  });

  it('finds nothing for what names no zone', () => {
    expect(search('xyzzy')).toEqual([]);
    expect(fold('  Lord_Howe  ')).toBe('lord howe');
  });
});
