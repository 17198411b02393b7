// tsx scripts/chat/time-preference-figures.ts [misses] — the time parser's figures on issue 33's tuning and
// held-out lists (__tests__/fixtures/chat-time-preferences.ts) and on issue 43's answers that rule times out
// (__tests__/fixtures/chat-time-exclusions.ts); with "misses", every held-out miss too.
import {
  ZONES_TUNING,
  ZONES_HELD_OUT,
  PREFERENCES_TUNING,
  PREFERENCES_HELD_OUT,
} from '../../__tests__/fixtures/chat-time-preferences';
import { EXCLUSIONS_HELD_OUT, EXCLUSIONS_TUNING } from '../../__tests__/fixtures/chat-time-exclusions';
import { builtChatScript } from '../../__tests__/helpers/chat-script';
import { parseTimeZone, parsePreference, describePreference } from '../../src/features/booking/time-preference';
import { exclusionFigures } from './time-exclusion-figures';
const w = builtChatScript().callTimes;
const now = new Date('2026-11-25T00:00:00Z');
function zoneOf(text: string) {
  const z = parseTimeZone(text, w, now);
  if (!z) return null;
  if (z.kind === 'offset') {
    const m = Math.abs(z.minutes);
    return `${z.minutes < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  }
  return z.zone;
}
for (const [name, list] of [
  ['zones tuning', ZONES_TUNING],
  ['zones held', ZONES_HELD_OUT],
] as const) {
  let ok = 0;
  for (const c of list) {
    const got = zoneOf(c.text);
    if (got === c.zone) ok++;
    else if (name.includes('tuning') || process.argv[2] === 'misses')
      console.log('  miss', JSON.stringify(c.text), 'want', c.zone, 'got', got);
  }
  console.log(name, ok, '/', list.length);
}
for (const [name, list] of [
  ['prefs tuning', PREFERENCES_TUNING],
  ['prefs held', PREFERENCES_HELD_OUT],
] as const) {
  let ok = 0;
  for (const c of list) {
    const got = describePreference(parsePreference(c.text, w));
    if (got.days === c.days && got.times === c.times) ok++;
    else if (name.includes('tuning') || process.argv[2] === 'misses')
      console.log('  miss', JSON.stringify(c.text), 'want', c.days, c.times, 'got', got.days, got.times);
  }
  console.log(name, ok, '/', list.length);
}
const share = (count: number, of: number) => `${((count / of) * 100).toFixed(1)} % (${count} of ${of})`;
for (const [name, list] of [
  ['exclusions tuning', EXCLUSIONS_TUNING],
  ['exclusions held', EXCLUSIONS_HELD_OUT],
] as const) {
  const f = exclusionFigures(list, w);
  const asks = list.filter((item) => item.ask).length;
  console.log(name);
  console.log('  read as written down (or asked where due)', share(f.read, f.of));
  console.log('  offered a time they rule out or do not ask for', share(f.offeredRuledOut.length, f.of - asks));
  console.log('  asked needlessly', share(f.askedNeedlessly.length, f.of - asks));
  console.log('  not asked where due', share(f.notAsked.length, asks));
  if (name.includes('tuning') || process.argv[2] === 'misses') {
    for (const { item, got } of f.misses) console.log('  miss', JSON.stringify(item), 'got', JSON.stringify(got));
    for (const item of f.offeredRuledOut) console.log('  offered ruled out', JSON.stringify(item.text));
  }
}
