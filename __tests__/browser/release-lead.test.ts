// The digest's release link in a real browser against the production build and the local data API: a lead stored
// held (the trap field filled) with a release secret on it, as the digest's first attempt leaves it, is opened at
// /release-lead#<secret>, shown and released with the keyboard alone; the row is released by the link and its
// normal notification is queued, once. The secret goes to the data API in a request body only: never in an
// address or a Referer header.
import { createHash, randomBytes } from 'node:crypto';
import { DESKTOP, openPage } from './setup/browser';
import { leadHarnessForThisFile } from './setup/lead-harness';
import { tabTo, waitForFocus } from './setup/focus';
import { captureState } from './setup/states';
import { gotoHydrated, reloadHydrated } from './setup/wait';
import { single } from '../helpers/content-fixtures';
import { fillTime } from '../../src/features/booking/time-format';
import type { ReleaseLeadCopy } from '../../src/features/release-lead/copy-schema';
import { RELEASE_LEAD_PATH } from '../../src/content-model/route-paths';

jest.setTimeout(120_000);
const harness = leadHarnessForThisFile();
const copy = single<ReleaseLeadCopy>('ReleaseLeadJson');

/** A demo request stored held through the data API, with the release secret the digest would have sent. */
async function heldLeadWithSecret() {
  const email = `held-${Date.now()}@example.com`;
  const { error } = await harness.api.anon.from('contact_messages').insert({
    name: 'Held Person',
    email,
    company: 'Acme',
    message: 'Problem: Other',
    honeypot: 'https://spam.example',
    attribution: { surface: 'contact_form', landing_page: '/contact', submitted_from: '/contact' },
  });
  expect(error).toBeNull();
  const token = randomBytes(32).toString('hex');
  const [lead] = await harness.api.sql<{ id: string; created_at: string; hold_reason: string }>(
    `update public.contact_messages set release_token_hash = $2 where email = $1 and duplicate_of is null
     returning id, created_at, hold_reason`,
    [email, createHash('sha256').update(token).digest('hex')],
  );
  expect(lead.hold_reason).toBe('honeypot');
  return { ...lead, token };
}

const leadRow = async (id: string) =>
  (
    await harness.api.sql<{ released_at: string | null; released_by: string | null }>(
      `select released_at, released_by from public.contact_messages where id = $1`,
      [id],
    )
  )[0];
const notificationJobs = (id: string) =>
  harness.api.sql(`select id from private.outbox where kind = 'lead' and lead_id = $1`, [id]);

it('shows a held lead from its link and releases it with the keyboard: the row is released, one job queued', async () => {
  const lead = await heldLeadWithSecret();
  expect(await notificationJobs(lead.id)).toEqual([]);
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const leaks: string[] = [];
  page.on('request', (request) => {
    const referer = request.headers()['referer'] ?? '';
    // The page's own address carries the secret in its fragment, which Chromium never sends.
    const url = request.isNavigationRequest() ? '' : request.url();
    if (url.includes(lead.token) || referer.includes(lead.token)) leaks.push(request.url());
  });

  await gotoHydrated(page, `${harness.site.url}${RELEASE_LEAD_PATH}#${lead.token}`);
  const release = page.getByRole('button', { name: copy.releaseLabel });
  await release.waitFor();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page
    .getByText(copy.lead.replace('{name}', 'Held Person (Acme)').replace('{surface}', copy.surfaces.contact_form))
    .waitFor();
  await page.getByText(fillTime(copy.received, lead.created_at, zone).replaceAll('{zoneId}', zone)).waitFor();
  await page.getByText(copy.heldBecause.replace('{reason}', copy.reasons.honeypot)).waitFor();
  await captureState(page, 'release-lead-held');
  expect(await leadRow(lead.id)).toEqual({ released_at: null, released_by: null });

  await tabTo(page, release);
  await page.keyboard.press('Enter');
  const answer = page.getByRole('status').getByText(copy.released);
  await answer.waitFor();
  await waitForFocus(answer);
  await captureState(page, 'release-lead-released');
  const row = await leadRow(lead.id);
  expect(row.released_by).toBe('release link');
  expect(row.released_at).not.toBeNull();
  expect(await notificationJobs(lead.id)).toHaveLength(1);

  // Opened again: released already, nothing to press, and still one job.
  await reloadHydrated(page);
  await page
    .getByRole('status')
    .getByText(fillTime(copy.alreadyReleased, row.released_at!, zone).replaceAll('{zoneId}', zone))
    .waitFor();
  expect(await page.getByRole('button', { name: copy.releaseLabel }).count()).toBe(0);
  expect(await notificationJobs(lead.id)).toHaveLength(1);
  expect(leaks).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('a link whose secret matches no held lead says so', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  await gotoHydrated(page, `${harness.site.url}${RELEASE_LEAD_PATH}#${randomBytes(32).toString('hex')}`);
  const [before] = copy.notFound.split('{email}');
  await page.getByRole('status').getByText(before, { exact: false }).waitFor();
  await captureState(page, 'release-lead-not-found');
  expect(await page.getByRole('button', { name: copy.releaseLabel }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
