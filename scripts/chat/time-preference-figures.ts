// tsx scripts/chat/time-preference-figures.ts [misses] — the time parser's figures on issue 33's tuning and
// held-out lists (__tests__/fixtures/chat-time-preferences.ts); with "misses", every held-out miss too.
import {
  ZONES_TUNING,
  ZONES_HELD_OUT,
  PREFERENCES_TUNING,
  PREFERENCES_HELD_OUT,
} from '../../__tests__/fixtures/chat-time-preferences';
import { builtChatScript } from '../../__tests__/helpers/chat-script';
import { parseTimeZone, parsePreference, describePreference } from '../../src/features/booking/time-preference';
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
