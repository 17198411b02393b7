// The README's quick start, as a new developer runs it: `npm start` in a fresh copy of the project (the files
// git knows, committed as a clone has them, sharing node_modules) brings up the local data API, the editor's
// local backend and `gatsby develop`: a demo request made on the develop site is stored by that API; a landing
// page a marketer makes at /admin (issue 35: three sections, an uploaded photo, a short link to it) is saved as
// the files a hand edit would change and is served with its photo; a headline edited at /admin lands in the
// copy's file, passes the content check and shows on the page. The copy keeps `gatsby develop` away from the
// public/ and .cache/ the other browser tests use.
//
// What only a production build shows of a new landing page is proven on the deploy build and by the functions
// that write it: every landing page in the sitemap and its hero photo as AVIF and WebP in several widths
// (landing.test.ts), a page kept out of search engines left out (__tests__/landing/sitemap-pages.test.ts), the
// short links of content/redirects.json written for the host (__tests__/build/redirects-file.test.ts) and
// answered with a 302 (__tests__/dev/static-redirects.test.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { LOCAL_API_PORT, LOCAL_SUPABASE_SECRET_KEY } from '../../dev/local-api/local-keys';
import { waitForOutput } from '../../dev/wait-for-output';
import { commitCopy, copyRepository } from '../../scripts/copy-repository';
import { errorLines } from '../../scripts/deploy-build/published-site';
import { createLeadClient, REPO_ROOT } from '../helpers/local-api';
import { isPortFree } from '../helpers/ports';
import { launchBrowser } from './setup/browser';
import { fieldHolding, git, openEditor, openEntry, publish } from './setup/editor';
import { addShortLink, CAMPAIGN, createLandingPage, makeCampaignPhoto, savedLandingPage } from './setup/landing-editor';
import { contactValues, fillContactForm, submitContact, TEXT } from './setup/lead-surfaces';

const SITE_URL = 'http://127.0.0.1:8000';
const API_URL = `http://127.0.0.1:${LOCAL_API_PORT}`;
const READY_TIMEOUT_MS = 300_000;

jest.setTimeout(READY_TIMEOUT_MS + 120_000);

/**
 * Loads `url` until `shows(page)` resolves (each try waits up to 10 s), within 120 s: gatsby develop rebuilds a page
 * after a content file changes and makes an image's sizes when first asked for them, and a page loaded while it did
 * may have missed develop's push of the new data or been answered "not found" for the image, so it is loaded again,
 * as a developer would.
 */
async function loadUntil(page: Page, url: string, what: string, shows: (page: Page) => Promise<unknown>) {
  const deadline = Date.now() + 120_000;
  await page.goto(url);
  while (
    !(await shows(page).then(
      () => true,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} did not show ${what} within 120 s`);
    await page.reload();
  }
}

/** Loads `url` until `shown` is visible (loadUntil). */
const showsWithin = (page: Page, url: string, shown: Locator) =>
  loadUntil(page, url, String(shown), () => shown.waitFor({ timeout: 10_000 }));

describe('npm start on a fresh copy of the project', () => {
  let project: string;
  let start: ChildProcess | undefined;
  let output = '';
  let browser: Browser;

  beforeAll(async () => {
    const busy = [];
    for (const port of [8000, LOCAL_API_PORT]) if (!(await isPortFree(port))) busy.push(port);
    if (busy.length > 0) {
      throw new Error(`ports ${busy.join(' and ')} are in use: stop the running \`npm start\`; this test runs its own`);
    }
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
    copyRepository(REPO_ROOT, project);
    commitCopy(project, 'the project');
    const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' };
    // A developer's shell, not Jest's: no NODE_ENV=test (Gatsby's babel-loader would take its test settings),
    // and no .env on a fresh machine, so the site talks to the local API at its default address.
    for (const name of Object.keys(env)) {
      if (name.startsWith('GATSBY_SUPABASE') || name.startsWith('JEST_') || name === 'NODE_ENV') delete env[name];
    }
    start = spawn('npm', ['start'], { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForOutput(start, () => output, 'You can now view', { name: 'npm start', timeoutMs: READY_TIMEOUT_MS });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (start?.pid && start.exitCode === null) {
      const exited = new Promise((resolve) => start!.once('exit', resolve));
      process.kill(-start.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (start.exitCode === null) process.kill(-start.pid, 'SIGKILL');
    }
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it('starts without a line marked error, which a newcomer would read as a failure', () => {
    expect(errorLines(output)).toEqual([]);
  });

  it('serves the site on 127.0.0.1:8000 and stores a demo request in the local data API', async () => {
    const page = await browser.newPage();
    await page.goto(`${SITE_URL}/contact/`);
    const email = `npm-start-${Date.now()}@example.com`;
    const values = contactValues(email);
    await fillContactForm(page, values);
    await submitContact(page);
    await page.getByRole('status').filter({ hasText: TEXT.contactSuccess }).waitFor({ timeout: 60_000 });

    const service = createLeadClient(API_URL, LOCAL_SUPABASE_SECRET_KEY);
    const { data, error } = await service.from('contact_messages').select('name, email, company').eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: values.name, email, company: values.company }]);
    await page.close();
  });

  it('saves a landing page made at /admin, with its uploaded photo and a short link, as a hand edit would', async () => {
    const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-photo-'));
    const photo = await makeCampaignPhoto(photoDir);
    const page = await openEditor(browser, SITE_URL);
    await createLandingPage(page, SITE_URL, photo);
    await addShortLink(page, SITE_URL);
    await page.close();

    const changed = git(project, 'status', '--porcelain').split('\n');
    expect(changed.map((line) => line.trim()).sort()).toEqual(
      [
        'M content/redirects.json',
        `?? content/images/${CAMPAIGN.image.file}`,
        `?? content/landing/${CAMPAIGN.slug}.json`,
      ].sort(),
    );
    expect(fs.readFileSync(path.join(project, 'content/images', CAMPAIGN.image.file))).toEqual(fs.readFileSync(photo));
    fs.rmSync(photoDir, { recursive: true, force: true });
    expect(savedLandingPage(project)).toEqual({
      slug: CAMPAIGN.slug,
      meta: {
        title: CAMPAIGN.title,
        description: CAMPAIGN.description,
        image: { src: `/images/${CAMPAIGN.image.file}`, alt: CAMPAIGN.image.shareAlt },
      },
      sections: [
        {
          type: 'hero',
          title: CAMPAIGN.hero.title,
          text: CAMPAIGN.hero.text,
          primaryCta: CAMPAIGN.hero.button,
          image: { src: `/images/${CAMPAIGN.image.file}`, alt: CAMPAIGN.image.alt },
        },
        {
          type: 'services',
          title: CAMPAIGN.services.title,
          intro: CAMPAIGN.services.intro,
          linkLabel: CAMPAIGN.services.linkLabel,
          services: CAMPAIGN.services.chosen.map((service) => service.slug),
        },
        { type: 'cta', title: CAMPAIGN.cta.title, text: CAMPAIGN.cta.text, primaryCta: CAMPAIGN.cta.button },
      ],
    });
    const redirects = JSON.parse(fs.readFileSync(path.join(project, 'content/redirects.json'), 'utf8'));
    expect(redirects.at(-1)).toEqual({ from: CAMPAIGN.shortLink, to: `/${CAMPAIGN.slug}`, permanent: false });
  });

  it('serves the new landing page at its address: its sections in order, its services and its photo', async () => {
    // gatsby develop makes the page once it has read the new file: until then its address is develop's 404 page.
    const page = await browser.newPage();
    // The page, with the uploaded photo, resized by develop's image service when first asked for.
    await loadUntil(page, `${SITE_URL}/${CAMPAIGN.slug}/`, 'its headline and photo', async () => {
      await page.getByRole('heading', { level: 1, name: CAMPAIGN.hero.title }).waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        (alt) => [...document.images].some((image) => image.alt === alt && image.complete && image.naturalWidth > 0),
        CAMPAIGN.image.alt,
        { timeout: 10_000 },
      );
    });
    await page.locator('main h2').filter({ hasText: CAMPAIGN.cta.title }).waitFor();
    const headings = await page.locator('main h2').allTextContents();
    expect(headings).toEqual(expect.arrayContaining([CAMPAIGN.services.title, CAMPAIGN.cta.title]));
    expect(headings.indexOf(CAMPAIGN.services.title)).toBeLessThan(headings.indexOf(CAMPAIGN.cta.title));
    for (const { title } of CAMPAIGN.services.chosen) await page.getByText(title, { exact: true }).first().waitFor();
    await page.close();
  });

  it('edits the home headline at /admin: the file changes, the content check passes, the page shows it', async () => {
    const file = path.join(project, 'content/pages/home.json');
    const before = fs.readFileSync(file, 'utf8');
    const title: string = JSON.parse(before).hero.title;
    const headline = `Headline from the editor ${Date.now()}`;
    const page = await openEditor(browser, SITE_URL);
    await openEntry(page, SITE_URL, 'HomeJson/HomeJson');
    await (await fieldHolding(page, title)).fill(headline);
    await publish(page);
    await page
      .getByText(/Entry (saved|published)/)
      .first()
      .waitFor();
    // Only the headline's line changed, in place.
    expect(fs.readFileSync(file, 'utf8')).toBe(before.replace(JSON.stringify(title), JSON.stringify(headline)));
    const check = spawnSync('npx', ['tsx', 'scripts/check-content.ts'], { cwd: project, encoding: 'utf8' });
    expect({ status: check.status, output: check.stdout + check.stderr }).toEqual({
      status: 0,
      output: expect.stringContaining('every file in content/ is valid'),
    });
    // gatsby develop rebuilds the page from the changed file; the home page shows the new headline.
    await showsWithin(page, `${SITE_URL}/`, page.getByRole('heading', { level: 1, name: headline }));
    await page.close();
  });

  it('keeps the local data in the project folder, in a path git ignores', () => {
    const stored = fs.readdirSync(path.join(project, '.local-db'));
    expect(stored.length).toBeGreaterThan(0);
    const ignored = spawnSync('git', ['check-ignore', '-q', '--no-index', `.local-db/${stored[0]}`], {
      cwd: REPO_ROOT,
    });
    expect(ignored.status).toBe(0);
  });
});
