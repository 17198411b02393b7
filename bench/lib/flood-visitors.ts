// Real visitors during a flood (bench/lead-flood.ts): each one a Chromium context on the production build, sending
// one lead as a person does it, through /contact, /book (then picking a time) or the chat (then picking a time),
// from a client address of their own (some inside the flood's own /24), given to the data API as cf-connecting-ip.
// The build's pages call the API address they were built with; a route sends those requests to the bench's API on
// its own port, so nothing here touches the browser tests' fixed port. Every other visitor gets the phone profile.
// A visitor takes human time: `typingMs` spread over the form's fields (the forms start the proof-of-work when the
// visitor starts the form; the chat when it opens), and the chat keeps its real typing pauses.
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { CLIENT_ADDRESS_HEADER } from '../../dev/local-api/client-address';
import { MOBILE } from '../../__tests__/browser/setup/browser';
import { chatCopy } from '../../__tests__/browser/setup/copy';
import {
  TEXT,
  bookingFields,
  bookingValues,
  chatLog,
  contactFields,
  contactValues,
  say,
  waitForChatText,
} from '../../__tests__/browser/setup/lead-surfaces';
import { applyPhoneProfile, waitForHydration } from '../../__tests__/browser/setup/phone-profile';
import { bookingCopy as timeCopy } from '../../__tests__/helpers/booking-copy';
import * as spec from '../../__tests__/fixtures/spec-texts';

export type Surface = 'contact' | 'book' | 'chat';
export type VisitorPlan = {
  index: number;
  surface: Surface;
  email: string;
  address: string;
  inFloodBlock: boolean;
  phone: boolean;
  /** Milliseconds after the flood started. */
  startAt: number;
  typingMs: number;
};

export type VisitorOutcome = VisitorPlan & {
  /** What the visitor was told after sending: success, failure, or nothing in time. */
  shown: 'success' | 'failure' | 'nothing';
  insert?: { status: number; ms: number; withChallenge: boolean };
  /** /book and the chat: the time booked, or why not. */
  booking:
    | 'booked'
    | 'no_request'
    | 'sender_limit'
    | 'failure'
    | 'no_times'
    | 'taken_thrice'
    | 'not_offered'
    | 'not_tried'
    | 'error';
  seconds: number;
  error?: string;
  pageErrors: string[];
};

const LEAD_INSERT = /\/rest\/v1\/(contact_messages|consultation_requests)$/;
const prefix = (text: string) => text.split('{')[0].trim();
const NO_REQUEST = [prefix(timeCopy.picker.noRequest), prefix(chatCopy.callTimes.noRequest)];
/** The answer to a sender over the booking limits (20261129100000_flood_bookings.sql), where the copy has one. */
const optional = (copy: object, key: string) => (copy as Record<string, string | undefined>)[key];
const SENDER_LIMIT = [optional(timeCopy.picker, 'senderLimit'), optional(chatCopy.callTimes, 'senderLimit')].map(
  (text) => (text ? prefix(text) : '\u0000never shown'),
);

/** `count` visitors spread over `durationMs`: surfaces in turn, every `inBlockEvery`-th inside the flood's /24. */
export function planVisitors(options: {
  count: number;
  durationMs: number;
  run: string;
  inBlockEvery: number;
  addressInBlock: (index: number) => string;
  addressElsewhere: (index: number) => string;
  typingMs: [number, number];
  random: () => number;
}): VisitorPlan[] {
  const surfaces: Surface[] = ['contact', 'book', 'chat'];
  return Array.from({ length: options.count }, (_, index) => {
    const inFloodBlock = index % options.inBlockEvery === 1;
    const [low, high] = options.typingMs;
    return {
      index,
      surface: surfaces[index % 3],
      email: `visitor-${options.run}-${index}@example.com`,
      address: inFloodBlock ? options.addressInBlock(index) : options.addressElsewhere(index),
      inFloodBlock,
      phone: index % 2 === 0,
      startAt: Math.round((index * options.durationMs) / options.count),
      typingMs: Math.round(low + options.random() * (high - low)),
    };
  });
}

/** `state.shown` is set as soon as the visitor is told, so a later failure (picking a time) keeps it. */
type Visit = { page: Page; plan: VisitorPlan; siteUrl: string; state: { shown: VisitorOutcome['shown'] } };

/** Fills each field, pausing between them so the whole form takes `typingMs`. */
async function typeForm(page: Page, steps: (() => Promise<unknown>)[], typingMs: number) {
  for (const step of steps) {
    await step();
    await page.waitForTimeout(typingMs / steps.length);
  }
}

async function contact({ page, plan, siteUrl, state }: Visit): Promise<Pick<VisitorOutcome, 'shown' | 'booking'>> {
  await page.goto(`${siteUrl}/contact`);
  await waitForHydration(page, 60_000);
  const fields = contactFields(page);
  const values = { ...contactValues(plan.email), name: `Visitor ${plan.index}` };
  await typeForm(
    page,
    [
      () => fields.name.fill(values.name),
      () => fields.email.fill(values.email),
      () => fields.company.fill(values.company),
      () => fields.problem.selectOption(spec.problemOptions[0]),
      () => fields.details.fill(values.details),
    ],
    plan.typingMs,
  );
  await fields.submit.click();
  state.shown = await firstShown(page, TEXT.contactSuccess, TEXT.contactFailure);
  return { shown: state.shown, booking: 'not_tried' };
}

async function book({ page, plan, siteUrl, state }: Visit): Promise<Pick<VisitorOutcome, 'shown' | 'booking'>> {
  await page.goto(`${siteUrl}/book`);
  await waitForHydration(page, 60_000);
  const fields = bookingFields(page);
  const values = { ...bookingValues(plan.email), name: `Visitor ${plan.index}` };
  await typeForm(
    page,
    (['name', 'email', 'company', 'phone', 'message'] as const).map((key) => () => fields[key].fill(values[key])),
    plan.typingMs,
  );
  await fields.submit.click();
  const shown = (state.shown = await firstShown(page, spec.bookingForm.confirmationTitle, TEXT.bookingFailure));
  if (shown !== 'success') return { shown, booking: 'not_tried' };
  const times = page.getByRole('region', { name: timeCopy.picker.title }).getByRole('group').getByRole('button');
  await times
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  if ((await times.count()) === 0) return { shown, booking: 'not_offered' };
  const confirm = page.getByRole('button', { name: timeCopy.picker.confirmLabel });
  const refusal = {
    no_request: page.getByText(NO_REQUEST[0]),
    sender_limit: page.getByText(SENDER_LIMIT[0]),
    failure: page.getByText(prefix(timeCopy.picker.failure)),
    taken: page.getByText(prefix(timeCopy.picker.taken)).or(page.getByText(prefix(timeCopy.picker.holdExpired))),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    // Picking holds the time (or is refused at once); confirming books it.
    await times.first().click();
    const held = await firstOf({ confirm, ...refusal });
    if (held === 'confirm') {
      await confirm.click();
      const outcome = await firstOf({ booked: page.getByRole('heading', { name: timeCopy.booked.title }), ...refusal });
      if (outcome !== 'taken') return { shown, booking: outcome ?? 'error' };
    } else if (held !== 'taken') return { shown, booking: held ?? 'error' };
  }
  return { shown, booking: 'taken_thrice' };
}

async function chat({ page, plan, siteUrl, state }: Visit): Promise<Pick<VisitorOutcome, 'shown' | 'booking'>> {
  await page.goto(`${siteUrl}/`);
  await waitForHydration(page, 60_000);
  await page.getByRole('button', { name: chatCopy.ui.launcherLabel }).click();
  await page.getByRole('textbox', { name: chatCopy.ui.inputLabel }).waitFor();
  const answers = [
    'I want to book a call',
    `Visitor ${plan.index}`,
    plan.email,
    'Bletchley Ltd',
    'Perth',
    'any weekday morning',
    'no',
    '+61 8 9000 0000',
  ];
  for (const text of answers) {
    await page.waitForTimeout(plan.typingMs / answers.length);
    await say(page, text);
  }
  const success = waitForChatText(page, TEXT.chatSuccess, 40_000).then(() => 'success' as const);
  const failure = waitForChatText(page, prefix(TEXT.chatFailure), 40_000).then(() => 'failure' as const);
  const shown = (state.shown = await Promise.any([success, failure]).catch(() => 'nothing' as const));
  if (shown !== 'success') return { shown, booking: 'not_tried' };
  const replies = page
    .getByRole('group', { name: chatCopy.ui.suggestionsLabel })
    .getByRole('button')
    .filter({ hasNotText: chatCopy.callTimes.otherTimesLabel })
    .filter({ hasNotText: chatCopy.callTimes.waitLabel });
  const offered = await firstOf({
    times: replies.first(),
    no_times: chatLog(page).getByText(prefix(chatCopy.callTimes.noTimes)),
  });
  if (offered !== 'times') return { shown, booking: offered === 'no_times' ? 'no_times' : 'not_offered' };
  for (let attempt = 0; attempt < 3; attempt++) {
    await replies.first().click();
    const outcome = await firstOf({
      booked: chatLog(page).getByRole('link', { name: chatCopy.callTimes.manageLabel }),
      no_request: chatLog(page).getByText(NO_REQUEST[1]),
      sender_limit: chatLog(page).getByText(SENDER_LIMIT[1]),
      failure: chatLog(page).getByText(prefix(chatCopy.callTimes.failure)),
      taken: chatLog(page).getByText(prefix(chatCopy.callTimes.taken)).nth(attempt),
    });
    if (outcome !== 'taken') return { shown, booking: outcome ?? 'error' };
  }
  return { shown, booking: 'taken_thrice' };
}

/** Which of the locators shows first (within 40 s), or undefined. */
async function firstOf<K extends string>(locators: Record<K, Locator>): Promise<K | undefined> {
  const waits = (Object.keys(locators) as K[]).map((key) =>
    locators[key]
      .first()
      .waitFor({ timeout: 40_000 })
      .then(() => key),
  );
  return Promise.any(waits).catch(() => undefined);
}

async function firstShown(page: Page, success: string, failure: string) {
  const shown = await firstOf({ success: page.getByText(success), failure: page.getByText(failure) });
  return shown ?? 'nothing';
}

const FLOWS: Record<Surface, (visit: Visit) => Promise<Pick<VisitorOutcome, 'shown' | 'booking'>>> = {
  contact,
  book,
  chat,
};

/** One visitor's visit, start to end; never throws. */
export async function visit(
  browser: Browser,
  plan: VisitorPlan,
  site: { url: string; builtApiOrigin: string; apiUrl: string; screenshots?: string },
): Promise<VisitorOutcome> {
  const started = performance.now();
  const context = await browser.newContext({
    viewport: { width: MOBILE.width, height: MOBILE.height },
    extraHTTPHeaders: { [CLIENT_ADDRESS_HEADER]: plan.address },
    reducedMotion: 'reduce',
  });
  await context.route(`${site.builtApiOrigin}/**`, (route) =>
    route
      .continue({ url: site.apiUrl + route.request().url().slice(site.builtApiOrigin.length) })
      .catch(() => undefined),
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  let insert: VisitorOutcome['insert'];
  const onFinished = async (request: Request) => {
    if (request.method() !== 'POST' || !LEAD_INSERT.test(new URL(request.url()).pathname)) return;
    const response = await request.response();
    const timing = request.timing();
    const body = request.postDataJSON() as { challenge?: string } | null;
    insert = { status: response?.status() ?? 0, ms: Math.round(timing.responseEnd), withChallenge: !!body?.challenge };
  };
  page.on('requestfinished', (request) => void onFinished(request));
  page.on('requestfailed', (request) => void onFinished(request));
  const state: Visit['state'] = { shown: 'nothing' };
  try {
    if (plan.phone) await applyPhoneProfile(page, { cpuSlowdown: 'kept' });
    const outcome = await FLOWS[plan.surface]({ page, plan, siteUrl: site.url, state });
    return { ...plan, ...outcome, insert, seconds: (performance.now() - started) / 1000, pageErrors };
  } catch (error) {
    if (site.screenshots) {
      await page.screenshot({ path: `${site.screenshots}/visitor-${plan.index}.png` }).catch(() => undefined);
    }
    return {
      ...plan,
      shown: state.shown,
      booking: 'error',
      insert,
      seconds: (performance.now() - started) / 1000,
      error: (error as Error).message.split('\n')[0],
      pageErrors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
