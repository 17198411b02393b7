// The zones a visitor can pick from on /book and on the change/cancel page, as people name them ("Perth
// (GMT+8)", labels from time-format), the device's zone and the team's first, found by typing a city, a state
// or country, or an abbreviation ("syd", "AEDT", "PST", "IST", "NZ"). Loaded when the visitor first reaches the
// zone control (ZonePicker), so the picker's own chunk does not carry the table below.
import { placeName, zoneOffset } from './time-format';

export type ZoneChoice = {
  /** The IANA name, as the platform lists it (Asia/Calcutta in Chromium). */
  id: string;
  /** The same place whatever its IANA spelling: "Asia/Kolkata" for Asia/Calcutta and Asia/Kolkata. */
  key: string;
  place: string;
  /** What a search matches the start of: the place's words and the IANA name's parts, folded. */
  words: string[];
  /** Abbreviations and other names people use for it ("aest", "nsw", "canberra"), folded. */
  aliases: string[];
};

/** A group of the list: the device's zone, the team's, every other one; or, while typing, what matches. */
export type ZoneSection = { kind: 'device' | 'team' | 'all' | 'matches'; zones: ZoneChoice[] };

/**
 * What people call a zone besides its city: abbreviations (the ones in use in winter and in summer), states,
 * countries and big cities without an IANA name of their own. An abbreviation shared by several zones lists
 * them in the order they come up when it is typed: "IST" is India's first, then Ireland's and Israel's.
 */
const ALIASES: Record<string, string> = {
  'Australia/Sydney': 'aest, aedt, aet, nsw, new south wales, canberra, act, newcastle, wollongong',
  'Australia/Melbourne': 'aest, aedt, aet, vic, victoria, geelong',
  'Australia/Brisbane': 'aest, qld, queensland, gold coast, sunshine coast, cairns, townsville',
  'Australia/Hobart': 'aest, aedt, tas, tasmania, launceston',
  'Australia/Adelaide': 'acst, acdt, sa, south australia',
  'Australia/Darwin': 'acst, nt, northern territory',
  'Australia/Perth': 'awst, wa, western australia',
  'Australia/Eucla': 'acwst',
  'Australia/Lord_Howe': 'lhst, lhdt',
  'Pacific/Auckland': 'nz, nzst, nzdt, new zealand, aotearoa, wellington, christchurch',
  'Pacific/Chatham': 'chast, chadt',
  'Asia/Kolkata': 'ist, india, mumbai, bombay, delhi, new delhi, bangalore, bengaluru, chennai, hyderabad, pune',
  'Asia/Kathmandu': 'npt, nepal',
  'Asia/Singapore': 'sgt',
  'Asia/Tokyo': 'jst, japan, osaka',
  'Asia/Seoul': 'kst, korea',
  'Asia/Shanghai': 'china, beijing, shenzhen, guangzhou',
  'Asia/Hong_Kong': 'hkt',
  'Asia/Taipei': 'taiwan',
  'Asia/Manila': 'pht, philippines, cebu',
  'Asia/Jakarta': 'wib, indonesia',
  'Asia/Makassar': 'wita, bali, denpasar',
  'Asia/Jayapura': 'wit',
  'Asia/Kuala_Lumpur': 'myt, malaysia',
  'Asia/Bangkok': 'ict, thailand',
  'Asia/Ho_Chi_Minh': 'vietnam, hanoi',
  'Asia/Dhaka': 'bangladesh',
  'Asia/Karachi': 'pkt, pakistan, lahore',
  'Asia/Dubai': 'gst, uae, united arab emirates, abu dhabi',
  'Asia/Riyadh': 'saudi arabia',
  'Europe/London': 'gmt, bst, uk, united kingdom, england, britain, scotland, wales, manchester, edinburgh',
  'Europe/Dublin': 'ist, ireland',
  'Asia/Jerusalem': 'ist, idt, israel, tel aviv',
  'Europe/Lisbon': 'wet, west, portugal',
  'Europe/Paris': 'cet, cest, france',
  'Europe/Berlin': 'cet, cest, germany, frankfurt, munich, hamburg',
  'Europe/Amsterdam': 'cet, cest, netherlands, holland',
  'Europe/Madrid': 'spain, barcelona',
  'Europe/Rome': 'italy, milan',
  'Europe/Zurich': 'switzerland, geneva',
  'Europe/Athens': 'eet, eest, greece',
  'Europe/Helsinki': 'eet, eest, finland',
  'Europe/Istanbul': 'trt, turkey, turkiye',
  'Europe/Moscow': 'msk, russia',
  'Africa/Johannesburg': 'sast, south africa, cape town',
  'Africa/Lagos': 'wat, nigeria',
  'Africa/Nairobi': 'eat, kenya',
  'Africa/Cairo': 'egypt',
  'America/New_York': 'est, edt, et, eastern, nyc, washington, boston, miami, atlanta, philadelphia',
  'America/Toronto': 'est, edt, et, ontario, ottawa, montreal, quebec',
  'America/Chicago': 'cst, cdt, ct, central, dallas, houston, austin',
  'America/Denver': 'mst, mdt, mt, mountain, colorado',
  'America/Phoenix': 'mst, arizona',
  'America/Los_Angeles': 'pst, pdt, pt, pacific, california, la, san francisco, seattle, san diego',
  'America/Vancouver': 'british columbia',
  'America/Anchorage': 'akst, akdt, alaska',
  'Pacific/Honolulu': 'hst, hawaii',
  'America/Halifax': 'ast, adt, nova scotia',
  'America/St_Johns': 'nst, ndt, newfoundland',
  'America/Mexico_City': 'mexico',
  'America/Sao_Paulo': 'brt, brazil, rio de janeiro',
  'America/Buenos_Aires': 'art, argentina',
  UTC: 'utc, gmt, zulu, coordinated universal time',
};

/** Lower case, no accents, punctuation or underscores: what is compared when searching. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\u2212/g, '-')
    .replace(/([a-z])-(?=[a-z])/g, '$1 ')
    .replace(/[^a-z0-9+:-]+/g, ' ')
    .trim();

const regionOf = (zone: string) => (zone.includes('/') && !zone.startsWith('Etc/') ? zone.split('/')[0] : '');
/** One key per place, whatever the IANA spelling: Asia/Calcutta and Asia/Kolkata are one zone to a visitor. */
export const zoneKey = (zone: string) => `${regionOf(zone)}/${placeName(zone)}`;

const aliasesByKey = new Map(
  Object.entries(ALIASES).map(([zone, words], order) => [zoneKey(zone), { order, words: words.split(', ') }]),
);

/** Every zone the platform knows (Intl's list, plus UTC, which Chromium leaves out), one per place. */
export function platformZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.length > 0 ? [...known, 'UTC'] : ['UTC', ...Object.keys(ALIASES)];
}

/**
 * The choices, one per place, sorted by place; `extra` (the zone shown, the device's, the team's) are added
 * where the list lacks them, so what is shown can always be found.
 */
export function zoneChoices(zones: string[] = platformZones(), extra: string[] = []): ZoneChoice[] {
  const byKey = new Map<string, ZoneChoice>();
  for (const id of [...zones, ...extra]) {
    const key = zoneKey(id);
    if (!id || byKey.has(key)) continue;
    const parts = id.split('/');
    const words = new Set([...fold(placeName(id)).split(' '), ...parts.flatMap((part) => fold(part).split(' '))]);
    byKey.set(key, {
      id,
      key,
      place: placeName(id),
      words: [fold(placeName(id)), ...words],
      aliases: aliasesByKey.get(key)?.words ?? [],
    });
  }
  const collator = new Intl.Collator('en');
  return [...byKey.values()].sort((a, b) => collator.compare(a.place, b.place));
}

/** The choice that is this zone, by its place: Asia/Kolkata finds Asia/Calcutta. */
export const findChoice = (choices: ZoneChoice[], zone: string) =>
  choices.find((choice) => choice.key === zoneKey(zone));

const OFFSET_QUERY = /^(gmt|utc)? ?[+-] ?\d/;

/** How well a choice matches a folded query, best 0; undefined when it does not. */
function matchRank(choice: ZoneChoice, query: string, now: Date): number | undefined {
  if (choice.aliases.includes(query)) return 0;
  if (choice.words[0].startsWith(query)) return 1;
  if (choice.words.some((word) => word.startsWith(query))) return 2;
  if (query.length >= 2 && choice.aliases.some((alias) => alias.startsWith(query))) return 3;
  if (OFFSET_QUERY.test(query)) {
    // "GMT+8", "+5:30", "utc-3": the offsets at this moment (computed only for such a query).
    const offset = fold(zoneOffset(choice.id, now)).replace(/^gmt/, '');
    const wanted = query.replace(/^(gmt|utc)/, '').replace(/ /g, '');
    if (offset === wanted || offset === wanted.replace(/:00$/, '')) return 1;
  }
  if (query.length >= 4 && fold(choice.id).includes(query)) return 4;
  return undefined;
}

/**
 * What the list shows. With nothing typed: the device's zone, the team's (when it is another place), then
 * every other zone by place. While typing: the matches, best first (an abbreviation's zones in the order of
 * the table above, then places that start with what was typed, then other words that do), the device's and
 * the team's zone first among equals.
 */
export function zoneSections(
  choices: ZoneChoice[],
  { query = '', device, team, now = new Date() }: { query?: string; device: string; team: string; now?: Date },
): ZoneSection[] {
  const first = [zoneKey(device), zoneKey(team)];
  const folded = fold(query);
  if (folded) {
    const preference = (choice: ZoneChoice) => {
      const index = first.indexOf(choice.key);
      return index >= 0 ? index : first.length;
    };
    const ranked = choices
      .map((choice) => ({ choice, rank: matchRank(choice, folded, now) }))
      .filter((match): match is { choice: ZoneChoice; rank: number } => match.rank !== undefined)
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          preference(a.choice) - preference(b.choice) ||
          (a.rank === 0 ? aliasesByKey.get(a.choice.key)!.order - aliasesByKey.get(b.choice.key)!.order : 0),
      );
    return [{ kind: 'matches', zones: ranked.map((match) => match.choice) }];
  }
  const deviceChoice = findChoice(choices, device);
  const teamChoice = team ? findChoice(choices, team) : undefined;
  const sections: ZoneSection[] = [];
  if (deviceChoice) sections.push({ kind: 'device', zones: [deviceChoice] });
  if (teamChoice && teamChoice !== deviceChoice) sections.push({ kind: 'team', zones: [teamChoice] });
  const shown = new Set(sections.map((section) => section.zones[0]));
  sections.push({ kind: 'all', zones: choices.filter((choice) => !shown.has(choice)) });
  return sections;
}
