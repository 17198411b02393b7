/** @jest-environment node */
// The notify-leads function imports ical-generator by an npm: specifier: locally Deno resolves it from
// node_modules, hosted deploys fetch it from the registry, so the specifier's version must be the installed one.
// The functions' texts name the brand content/site.json names, whatever it is: they import it
// (supabase/functions/_shared/brand.ts), so renaming the brand in the editor changes the e-mails and breaks no test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../helpers/local-api';

const functionFile = (name: string) =>
  fs.readFileSync(path.join(REPO_ROOT, 'supabase', 'functions', 'notify-leads', name), 'utf8');

test('the npm: specifiers name the versions package-lock installs', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string }>;
  };
  const specifiers = [...functionFile('ical.ts').matchAll(/'npm:(ical-generator)@([^']+)'/g)];
  specifiers.push(...functionFile('booking-test-kit.ts').matchAll(/'npm:(ical\.js)@([^']+)'/g));
  expect(specifiers.map((match) => match[1])).toEqual(['ical-generator', 'ical.js']);
  for (const [, name, version] of specifiers) expect(version).toBe(lock.packages[`node_modules/${name}`].version);
});

const FUNCTIONS = path.join(REPO_ROOT, 'supabase', 'functions');
const SITE_JSON = path.join(REPO_ROOT, 'content', 'site.json');
const DENO = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
const site = () => JSON.parse(fs.readFileSync(SITE_JSON, 'utf8')) as { brandName: string };

/** Every message notify-leads renders for one booking, and the event calendar-sync writes, under real Deno. */
const RENDER_ALL = `
import { renderBookingMessage } from './supabase/functions/notify-leads/booking-render.ts';
import { CONTEXT, GRACE, job, REQUEST } from './supabase/functions/notify-leads/booking-test-kit.ts';
import { hostEvent } from './supabase/functions/calendar-sync/event.ts';
const messages = [];
for (const kind of ['booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h'])
  for (const recipient of ['visitor', 'team']) messages.push([kind + ' ' + recipient, job(kind, recipient)]);
messages.push(['reminder_1h host', job('reminder_1h', 'host', { host: GRACE })]);
const write = { action: 'put', sequence: 0, attempts: 30, last_error: 'HTTP 401 Unauthorized' };
messages.push(['calendar_failed team', job('calendar_failed', 'team', { host: GRACE, calendar_write: write })]);
const rendered = messages.map(([name, claimed]) => {
  const { subject, text, html, attachments } = renderBookingMessage(claimed, CONTEXT);
  return { name, subject, text, html, calendar: attachments?.[0]?.content };
});
const booked = job('booked', 'visitor');
rendered.push({ name: 'host calendar event', calendar: hostEvent({ ...REQUEST, ...booked.booking, ends_at: booked.ends_at }) });
console.log(JSON.stringify(rendered));
`;

type Rendered = { name: string; subject?: string; text?: string; html?: string; calendar?: string };

/** RENDER_ALL with content/site.json's brandName replaced: an import map points the functions' import elsewhere. */
function renderWithBrand(brandName: string): Rendered[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brand-'));
  try {
    const renamed = path.join(dir, 'site.json');
    fs.writeFileSync(renamed, JSON.stringify({ ...site(), brandName }));
    const importMap = path.join(dir, 'import-map.json');
    fs.writeFileSync(
      importMap,
      JSON.stringify({ imports: { [pathToFileURL(SITE_JSON).href]: pathToFileURL(renamed).href } }),
    );
    const result = spawnSync(DENO, ['eval', '--ext=ts', '--import-map', importMap, RENDER_ALL], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: process.env.DENO_DIR, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (result.status !== 0) throw new Error(`deno failed (${result.status}): ${result.stderr}`);
    return JSON.parse(result.stdout) as Rendered[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An iCalendar text with its folded lines joined (RFC 5545, 3.1). */
const unfolded = (calendar: string) => calendar.replace(/\r\n[ \t]/g, '');

test('the booking e-mails and calendar invitations name whatever brand content/site.json names', () => {
  const brand = 'Wattlebird & Co';
  expect(brand).not.toBe(site().brandName);
  const rendered = renderWithBrand(brand);
  const named = (name: string) => rendered.find((message) => message.name === name)!;
  // The visitor's messages, in the subject, the text and the HTML (escaped there).
  for (const kind of ['booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h']) {
    const message = named(`${kind} visitor`);
    expect(message.subject).toContain(brand);
    expect(message.text).toContain(brand);
    expect(message.html).toContain('Wattlebird &amp; Co');
  }
  expect(named('reminder_1h host').text).toContain(`${brand} bookings`);
  // The invitations: who made them (PRODID) and who organises the call (ORGANIZER's name).
  const invitation = unfolded(named('booked visitor').calendar!);
  expect(invitation).toContain(`PRODID:-//${brand}//Strategy call bookings//EN`);
  expect(invitation).toMatch(new RegExp(`^ORGANIZER;CN="?${brand}"?:mailto:`, 'm'));
  expect(unfolded(named('host calendar event').calendar!)).toContain(`PRODID:-//${brand}//`);
  // And the brand content names today is nowhere: the functions have no copy of it.
  for (const message of rendered) {
    const printed = [message.subject, message.text, message.html, message.calendar].join('\n');
    expect({ message: message.name, named: printed.includes(site().brandName) }).toEqual({
      message: message.name,
      named: false,
    });
  }
}, 60_000);

test('no function spells the brand: only supabase/functions/_shared/brand.ts names it, from content', () => {
  const sources = fs
    .readdirSync(FUNCTIONS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/(_test|test-kit)\.ts$|testdata/.test(file));
  expect(sources).toContain(path.join('_shared', 'brand.ts'));
  const spelling = sources.filter((file) =>
    fs.readFileSync(path.join(FUNCTIONS, file), 'utf8').includes(site().brandName),
  );
  expect(spelling).toEqual([]);
  expect(fs.readFileSync(path.join(FUNCTIONS, '_shared', 'brand.ts'), 'utf8')).toContain(
    "import site from '../../../content/site.json' with { type: 'json' };",
  );
});
