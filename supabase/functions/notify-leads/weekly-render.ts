// The weekly summary (issue 44): every Monday at 08:00 in the team's time zone, one e-mail to the team about the
// week that just ended (Monday to Sunday, the team's calendar days): the Insights dashboard's first-screen figures
// (visitors, engaged visits, leads, booked calls, attended calls) in words and in a small table, each with the week
// before and the change, and the link to the dashboard. The database queues it once a week and answers it with the
// same figures the dashboard shows (public.weekly_summary in supabase/migrations/20261202140000_weekly_summary.sql,
// private.insights_figures in 20261202120000_insights_reports.sql); docs/insights.md says what each number counts.
//
// The brand is content/site.json's brandName (_shared/brand.ts), never spelled here; every other word of the e-mail
// is in COPY below, as the held-lead digest keeps its own (digest-render.ts).
import { BRAND_NAME } from '../_shared/brand.ts';
import { escapeHtml, headerText, type Notification } from './render.ts';
import { placeOf } from './times.ts';

/** One period's figures, as private.insights_figures returns them (src/insights/dashboard/report-types.ts). */
export type WeeklyFigures = {
  from_day?: string;
  to_day?: string;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  attended: number;
  cancelled: number;
  awaiting_outcome: number;
  rates: { engaged: number | null; leads: number | null; booked: number | null; attended: number | null };
  funnel?: Record<string, number>;
  left_out?: { bot_events?: number; flood_held_events?: number; held_leads?: number };
  /** Days of the period whose visitors come from the daily rollups (approximate). */
  rollup_days?: number;
};

/** public.weekly_summary(job_id, claim_token)'s answer. */
export type WeeklySummary = {
  /** The team's IANA zone (private.visit_time_zone()). */
  time_zone: string;
  /** The Monday that starts the week, YYYY-MM-DD (a team day). */
  week_start: string;
  /** The Sunday that ends it, inclusive. */
  week_end: string;
  current: WeeklyFigures;
  previous: WeeklyFigures;
};

export type WeeklyStep = 'visitors' | 'engaged' | 'leads' | 'booked' | 'attended';
export const WEEKLY_STEPS: readonly WeeklyStep[] = ['visitors', 'engaged', 'leads', 'booked', 'attended'];

/**
 * Below this many the week before, a change is said in numbers ("down 3"), from it on as a share ("up 12%"): a
 * share of a handful (3 calls to 6, "up 100%") says more than it means.
 */
export const SHARE_FROM = 20;

// The summary's copy: every sentence of it is here. {n} counts are said with their singular or plural words.
const COPY = {
  subject: (brand: string, visitors: number, leads: number, booked: number) =>
    `Last week at ${brand}: ${plural(visitors, 'visitor')}, ${plural(leads, 'lead')}, ` +
    `${plural(booked, 'booked call')}`,
  intro: (week: string, place: string) =>
    `The week from ${week} (${place} time), compared with the week before: the Insights dashboard's figures ` +
    'for these seven days.',
  steps: {
    visitors: (n: number) => `${counted(n, 'visitor')} came to the site`,
    engaged: (n: number) => `${counted(n, 'visitor')} opened the chat or started a form`,
    leads: (n: number) => `${counted(n, 'lead')} came in`,
    booked: (n: number) => `${counted(n, 'call')} ${n === 1 ? 'was' : 'were'} booked`,
    attended: (n: number) => `${counted(n, 'booked call')} ${n === 1 ? 'was' : 'were'} attended`,
  } satisfies Record<WeeklyStep, (n: number) => string>,
  rates: {
    engaged: (share: string) => `${share} of visitors`,
    leads: (share: string) => `${share} of visitors`,
    booked: (share: string) => `${share} of leads`,
    attended: (share: string) => `${share} of booked calls`,
  },
  change: {
    up: (by: string, before: number) => `up ${by} on the week before (${count(before)})`,
    down: (by: string, before: number) => `down ${by} on the week before (${count(before)})`,
    same: 'the same as the week before',
    noneBefore: 'none the week before',
    noneEither: 'none the week before either',
  },
  shortChange: { same: 'same', noneBefore: 'none before' },
  cancelled: (n: number) => `Not counted: ${plural(n, 'cancelled call')}.`,
  awaiting: (n: number) => `${plural(n, 'booked call')} ${n === 1 ? 'has' : 'have'} no outcome recorded yet.`,
  heldLeads: (n: number) =>
    `Not counted: ${plural(n, 'lead')} held as suspected spam and not released (the held-lead digests list them).`,
  approximate: (days: number) =>
    `${plural(days, 'day')} of the week ${days === 1 ? 'is' : 'are'} older than the raw visits: the visitor numbers ` +
    'come from daily totals and are close, not exact.',
  table: {
    caption: 'The week and the week before',
    columns: ['', 'Last week', 'Week before', 'Change'],
    labels: {
      visitors: 'Visitors',
      engaged: 'Engaged visits',
      leads: 'Leads',
      booked: 'Booked calls',
      attended: 'Attended calls',
    } satisfies Record<WeeklyStep, string>,
  },
  link: (url: string) => `Sources, pages and every day of the week are on the dashboard: ${url}`,
  linkText: 'Open the Insights dashboard',
  // Without SITE_URL no link can be made (as the held-lead digest gives commands instead of release links).
  noLink:
    'Sources, pages and every day of the week are on the Insights dashboard: open /insights on the website and ' +
    'sign in with your work e-mail. (This e-mail cannot link to it: the notify-leads function has no SITE_URL.)',
  footer: (place: string) => `This summary comes every Monday at 8:00 am ${place} time, for the week before.`,
};

const counts = new Intl.NumberFormat('en-AU');
const shares = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 });
const count = (value: number) => counts.format(value);
const plural = (value: number, one: string, many = `${one}s`) => `${count(value)} ${value === 1 ? one : many}`;
/** "No calls", "1 call", "3 calls": a count at the start of a sentence. */
const counted = (value: number, one: string, many = `${one}s`) =>
  value === 0 ? `No ${many}` : plural(value, one, many);

type Change = { kind: 'up' | 'down'; by: string } | { kind: 'same' | 'noneBefore' | 'noneEither' };

/** The change from the week before: in numbers below SHARE_FROM (or when the share rounds to 0%), else a share. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { kind: current === 0 ? 'noneEither' : 'noneBefore' };
  if (current === previous) return { kind: 'same' };
  const difference = Math.abs(current - previous);
  // Rounded, but never to "down 100%" while some are left.
  const percent = Math.min(
    Math.round((difference / previous) * 100),
    current > 0 && current < previous ? 99 : Infinity,
  );
  const by = previous >= SHARE_FROM && percent > 0 ? `${count(percent)}%` : count(difference);
  return { kind: current > previous ? 'up' : 'down', by };
}

/** "up 12% on the week before (214)", "down 3 on the week before (11)", "none the week before". */
export function changeWords(current: number, previous: number): string {
  const change = changeOf(current, previous);
  if (change.kind === 'up' || change.kind === 'down') return COPY.change[change.kind](change.by, previous);
  return COPY.change[change.kind];
}

/** The table's column: "up 12%", "down 3", "same", "none before". */
function shortChange(current: number, previous: number): string {
  const change = changeOf(current, previous);
  if (change.kind === 'up' || change.kind === 'down') return `${change.kind} ${change.by}`;
  return change.kind === 'noneBefore' ? COPY.shortChange.noneBefore : COPY.shortChange.same;
}

const MONTHS = new Intl.DateTimeFormat('en-AU', { month: 'long', timeZone: 'UTC' });
const WEEKDAYS = new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'UTC' });

/**
 * "Monday 16 to Sunday 22 November 2026", "Monday 30 November to Sunday 6 December 2026", "Monday 28 December 2026
 * to Sunday 3 January 2027": the team's calendar days as they are (dates, not instants: no zone can move them).
 */
export function weekInWords(weekStart: string, weekEnd: string): string {
  const parse = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new Error(`not a day: ${day}`);
    return {
      weekday: WEEKDAYS.format(date),
      day: date.getUTCDate(),
      month: MONTHS.format(date),
      year: date.getUTCFullYear(),
    };
  };
  const start = parse(weekStart);
  const end = parse(weekEnd);
  const last = `${end.weekday} ${end.day} ${end.month} ${end.year}`;
  if (start.year !== end.year) return `${start.weekday} ${start.day} ${start.month} ${start.year} to ${last}`;
  if (start.month !== end.month) return `${start.weekday} ${start.day} ${start.month} to ${last}`;
  return `${start.weekday} ${start.day} to ${last}`;
}

/** One sentence per step: the count, its rate where the dashboard shows one, the change, and what was not counted. */
function sentences(summary: WeeklySummary): string[] {
  const { current, previous } = summary;
  return WEEKLY_STEPS.map((step) => {
    const rate = step === 'visitors' ? null : { value: current.rates?.[step], words: COPY.rates[step] };
    const share = typeof rate?.value === 'number' ? ` (${rate.words(shares.format(rate.value))})` : '';
    const extra =
      step === 'booked' && current.cancelled > 0
        ? ` ${COPY.cancelled(current.cancelled)}`
        : step === 'attended' && current.awaiting_outcome > 0
          ? ` ${COPY.awaiting(current.awaiting_outcome)}`
          : '';
    return `${COPY.steps[step](current[step])}${share}, ${changeWords(current[step], previous[step])}.${extra}`;
  });
}

/** The table's rows: label, last week, the week before, the change. */
function rows(summary: WeeklySummary): string[][] {
  const { current, previous } = summary;
  return WEEKLY_STEPS.map((step) => [
    COPY.table.labels[step],
    count(current[step]),
    count(previous[step]),
    shortChange(current[step], previous[step]),
  ]);
}

/** A plain table for the text part: the label left-aligned, the numbers right-aligned, two spaces apart. */
function textTable(header: string[], body: string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}

export function renderWeeklySummary(summary: WeeklySummary, siteUrl: string | undefined): Notification {
  const { current } = summary;
  const place = placeOf(summary.time_zone);
  const subject = headerText(COPY.subject(BRAND_NAME, current.visitors, current.leads, current.booked), 150);
  const intro = COPY.intro(weekInWords(summary.week_start, summary.week_end), place);
  const said = sentences(summary);
  const notes = [
    ...((current.left_out?.held_leads ?? 0) > 0 ? [COPY.heldLeads(current.left_out!.held_leads!)] : []),
    ...((current.rollup_days ?? 0) > 0 ? [COPY.approximate(current.rollup_days!)] : []),
  ];
  const table = rows(summary);
  const url = siteUrl ? `${siteUrl}/insights` : undefined;
  const footer = COPY.footer(place);

  const text = [
    intro,
    '',
    ...said,
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    ...textTable(COPY.table.columns, table),
    '',
    url ? COPY.link(url) : COPY.noLink,
    '',
    footer,
  ].join('\n');

  const cell = (tag: 'th' | 'td', value: string, column: number) =>
    `<${tag} align="${column === 0 ? 'left' : 'right'}" style="padding:4px 12px 4px 0">${escapeHtml(value)}</${tag}>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...said.map((sentence) => `<li>${escapeHtml(sentence)}</li>`),
    '</ul>',
    ...notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    '<table style="border-collapse:collapse">',
    `<caption style="text-align:left;font-weight:bold;padding-bottom:4px">${escapeHtml(COPY.table.caption)}</caption>`,
    `<thead><tr>${COPY.table.columns.map((value, column) => cell('th', value, column)).join('')}</tr></thead>`,
    '<tbody>',
    ...table.map(
      (row) =>
        `<tr>${row.map((value, column) => (column === 0 ? cell('th', value, 0) : cell('td', value, column))).join('')}</tr>`,
    ),
    '</tbody></table>',
    url
      ? `<p><a href="${escapeHtml(url)}">${escapeHtml(COPY.linkText)}</a> (${escapeHtml(url)})</p>`
      : `<p>${escapeHtml(COPY.noLink)}</p>`,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');

  return { subject, text, html, replyTo: undefined };
}
