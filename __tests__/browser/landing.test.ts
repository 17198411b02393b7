// Campaign landing pages (content/landing) in a real browser against the production build: every block of the
// sample page renders in order with the site's components, its images are sized, described and responsive with the
// hero's not lazy, nothing shifts, the page's buttons reach its form, a demo request sent from it on a phone is
// stored as sent from the page with its problem preselected (also when typed before the form's code has arrived),
// and it shares with its own 1200 × 630 image. Every word is read from the content.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { firstLoad } from '../../bench/lib/first-load';
import type { LandingBlockType, LandingPageContent, LandingSection } from '../../src/content-model/landing-schema';
import { landingBlocks } from '../../src/content-model/landing-schema';
import { EARLY_PENDING_ATTRIBUTE } from '../../src/early-input/attributes';
import { isRunning, sectionForVariant } from '../../src/content-model/experiment-versions';
import { SHOWN_VARIANT_ATTRIBUTE } from '../../src/insights/experiments/shown-variant';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { composeContactMessage } from '../../src/features/forms/contact-form-model';
import { contentByType, nodes } from '../helpers/content-fixtures';
import { uniqueEmail } from '../helpers/local-api';
import { axeViolations } from './setup/axe';
import { DESKTOP, MOBILE, openPage, type Viewport } from './setup/browser';
import { contactCopy, site as siteJson } from './setup/copy';
import { leadHarnessForThisFile, storedLeadRows } from './setup/lead-harness';
import { contactFields, contactValues, TEXT } from './setup/lead-surfaces';
import { applyPhoneProfile, waitForHydration } from './setup/phone-profile';
import { PUBLIC_DIR } from './setup/test-env';
import { gotoHydrated } from './setup/wait';

const harness = leadHarnessForThisFile();

type Item = Record<string, string>;
const pages = contentByType().LandingPage as unknown as LandingPageContent[];
const blockTypes = landingBlocks.map((block) => block.shape.type.value);
/** The sample page: the first that uses every block type. */
const sample = pages.find((page) =>
  blockTypes.every((type) => page.sections.some((section) => section.type === type)),
)!;
const route = `/${sample.slug}`;
const sectionOf = <Type extends LandingBlockType>(type: Type) =>
  sample.sections.find((section): section is Extract<LandingSection, { type: Type }> => section.type === type)!;
const demoForm = sectionOf('form');

/** Any fixed version 4 UUID. */
const LANDING_VISIT_ID = '3b5e7a9c-1d2f-4a6b-8c0d-2e4f6a8b0c1d';

async function withPage(viewport: Viewport, run: (page: Page) => Promise<void>, motion?: 'reduce' | 'no-preference') {
  const { context, page, errors } = await openPage(harness.browser, viewport, { motion });
  // The same visit every run: a section running an experiment shows this visit the same version each time (the
  // tests read the version shown, sectionsShown), so no run depends on which one a random id would get.
  await page.addInitScript(({ key, id }) => sessionStorage.getItem(key) || sessionStorage.setItem(key, id), {
    key: VISIT_ID_STORAGE_KEY,
    id: LANDING_VISIT_ID,
  });
  try {
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/** The sample's sections as this visit is shown them: a section running an experiment as its version shown. */
async function sectionsShown(page: Page): Promise<LandingSection[]> {
  const shown = Number((await page.locator('html').getAttribute(SHOWN_VARIANT_ATTRIBUTE)) ?? 0);
  return sample.sections.map((section) =>
    'experiment' in section && isRunning(section.experiment)
      ? (sectionForVariant(section, shown) as LandingSection)
      : section,
  );
}

/** Waits until every block has hydrated (the forms last: their code loads after the page's). */
async function waitForBlocks(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction((attribute) => !document.querySelector(`[${attribute}]`), EARLY_PENDING_ATTRIBUTE);
}

/** A text each block shows (its title, or its first figure), typed by block so a new block needs one here. */
const shownText: { [Type in LandingBlockType]: (section: Extract<LandingSection, { type: Type }>) => string } = {
  hero: (section) => section.title,
  stats: (section) => section.stats[0].label,
  services: (section) => section.title,
  reasons: (section) => section.title,
  testimonials: (section) => section.title,
  plans: (section) => section.title,
  text: (section) => section.title ?? section.body.split(/[.\n]/)[0],
  faq: (section) => section.title,
  cta: (section) => section.title,
  form: (section) => section.title,
};

const itemNames = (type: 'Service' | 'PlansJson' | 'TestimonialsJson', key: string, field: string, names: string[]) =>
  names.map((name) => nodes<Item>(type).nodes.find((item) => item[key] === name)![field]);

test('the sample uses every block type', () => {
  expect(sample).toBeDefined();
});

test('a landing page loads no more JavaScript before it is usable than the home page', () => {
  const landing = firstLoad(PUBLIC_DIR, route);
  const home = firstLoad(PUBLIC_DIR, '/');
  // Nothing the first load must not hold: the chat, Supabase, zod, the challenge, an experiment's code on a page
  // running none.
  expect([landing.forbidden, home.forbidden]).toEqual([[], []]);
  // Compared like with like: a page running an experiment also loads the experiment's code (docs/insights.md).
  if (landing.runsExperiment === home.runsExperiment) {
    expect(landing.jsGzipBytes).toBeLessThanOrEqual(home.jsGzipBytes);
  }
});

describe(`${route}, the sample landing page`, () => {
  test('renders every section in the content order with its items, at both widths, without axe violations', () =>
    withPage(DESKTOP, async (page) => {
      await gotoHydrated(page, harness.site.url + route);
      await waitForBlocks(page);
      const main = page.getByRole('main');
      const positions: number[] = [];
      const sections = await sectionsShown(page);
      for (const section of sections) {
        const text = (shownText[section.type] as (section: LandingSection) => string)(section);
        const element = main.getByText(text, { exact: true }).first();
        expect({ type: section.type, text, visible: await element.isVisible() }).toEqual({
          type: section.type,
          text,
          visible: true,
        });
        positions.push(await element.evaluate((node) => [...document.querySelectorAll('*')].indexOf(node)));
      }
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const hero = sections.find((section) => section.type === 'hero') as Extract<LandingSection, { type: 'hero' }>;
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hero.title);

      const headings = async (title: string) =>
        page.getByRole('region', { name: title }).getByRole('heading', { level: 3 }).allTextContents();
      const services = sectionOf('services');
      expect(await headings(services.title)).toEqual(itemNames('Service', 'slug', 'title', services.services));
      const plans = sectionOf('plans');
      expect(await headings(plans.title)).toEqual(itemNames('PlansJson', 'id', 'name', plans.plans));
      const testimonials = sectionOf('testimonials');
      for (const name of itemNames('TestimonialsJson', 'id', 'name', testimonials.testimonials)) {
        expect(await page.getByRole('region', { name: testimonials.title }).getByText(name).isVisible()).toBe(true);
      }
      const faq = sectionOf('faq');
      expect(await headings(faq.title)).toEqual(faq.questions.map((entry) => entry.question));
      expect(await page.locator('section#form').getByRole('form', { name: contactCopy.formLabel }).isVisible()).toBe(
        true,
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
      expect(await axeViolations(page)).toEqual([]);
    }));

  test('gives every image its size and a description (or none when decorative); the hero image is responsive and not lazy', () =>
    withPage(DESKTOP, async (page) => {
      await gotoHydrated(page, harness.site.url + route);
      await waitForBlocks(page);
      const images = await page
        .getByRole('main')
        // The shown version's images: a section running an experiment holds its other versions hidden.
        .locator('img:visible')
        .evaluateAll((elements) =>
          (elements as HTMLImageElement[]).map((image) => ({
            src: image.currentSrc,
            alt: image.getAttribute('alt'),
            width: Number(image.getAttribute('width')),
            height: Number(image.getAttribute('height')),
            loading: image.getAttribute('loading'),
            fetchPriority: image.getAttribute('fetchpriority'),
            srcset: image.getAttribute('srcset') ?? '',
            sources: [...(image.closest('picture')?.querySelectorAll('source') ?? [])].map((source) => ({
              type: source.getAttribute('type'),
              candidates: (source.getAttribute('srcset') ?? '').split(',').length,
            })),
            loaded: image.complete && image.naturalWidth > 0,
          })),
        );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.alt).not.toBeNull();
        expect(image.width).toBeGreaterThan(0);
        expect(image.height).toBeGreaterThan(0);
      }
      const hero = sectionOf('hero');
      const [heroImage, ...others] = images;
      expect(heroImage.alt).toBe(hero.image?.alt ?? '');
      expect(heroImage.loading).not.toBe('lazy');
      expect(heroImage.fetchPriority).toBe('high');
      expect(heroImage.loaded).toBe(true);
      expect(heroImage.srcset.split(',').length).toBeGreaterThan(1);
      expect(heroImage.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
      for (const source of heroImage.sources) expect(source.candidates).toBeGreaterThan(1);
      // The browser picked a modern format for the hero.
      expect(heroImage.src).toMatch(/\.(avif|webp)$/);
      for (const image of others) expect(image.loading).toBe('lazy');
    }));

  test('shifts nothing while it loads and its blocks hydrate, on a phone', () =>
    withPage(
      MOBILE,
      async (page) => {
        await applyPhoneProfile(page, { cpuSlowdown: 'kept' });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { __shifts: number[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await gotoHydrated(page, harness.site.url + route);
        await waitForBlocks(page);
        // The shifts below the first screen count too once they are scrolled to.
        for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += MOBILE.height / 2) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
        }
        expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
      },
      'no-preference',
    ));

  test("takes a visitor from the page's #form buttons to the form, where the keyboard carries on", () =>
    withPage(MOBILE, async (page) => {
      await gotoHydrated(page, harness.site.url + route);
      const anchored = sample.sections.flatMap((section) =>
        'primaryCta' in section
          ? [section.primaryCta, section.secondaryCta].filter((link) => link?.to === '#form')
          : [],
      );
      expect(anchored.length).toBeGreaterThan(0);
      const link = page.getByRole('link', { name: anchored[0]!.label }).first();
      expect(await link.getAttribute('href')).toBe('#form');
      await link.click();
      await page.waitForURL(`${harness.site.url}${route}#form`);
      const form = page.locator('section#form');
      await page.waitForFunction(() => {
        const top = document.getElementById('form')!.getBoundingClientRect().top;
        // Scrolled to within a pixel: a layout's fractional heights can leave it a fraction above the top.
        return top > -1 && top < window.innerHeight / 2;
      });
      expect(await form.getByRole('heading', { name: demoForm.title }).isVisible()).toBe(true);
      // The next Tab goes into the form, not back to the top of the page.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#form'))).toBe(true);
    }));

  test('shares with its own picture: og:image and twitter:image absolute, 1200 × 630, with its alt text', () =>
    withPage(DESKTOP, async (page) => {
      await page.goto(harness.site.url + route);
      const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
      const image = (await meta('property="og:image"'))!;
      expect(image.startsWith(`${siteJson.siteUrl}/static/`)).toBe(true);
      expect(await meta('name="twitter:image"')).toBe(image);
      expect([await meta('property="og:image:width"'), await meta('property="og:image:height"')]).toEqual([
        '1200',
        '630',
      ]);
      expect(await meta('property="og:image:alt"')).toBe(sample.meta.image?.alt);
      expect(await meta('name="twitter:image:alt"')).toBe(sample.meta.image?.alt);
      const file = await fetch(harness.site.url + new URL(image).pathname);
      expect(file.status).toBe(200);
      const { width, height, format } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    }));

  test('tells search engines its questions and answers (FAQPage), is indexed and in the sitemap', () =>
    withPage(DESKTOP, async (page) => {
      await page.goto(harness.site.url + route);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
        JSON.parse(text),
      );
      const faq = blocks.find((block) => block['@type'] === 'FAQPage');
      expect(faq.mainEntity).toEqual(
        sectionOf('faq').questions.map(({ question, answer }) => ({
          '@type': 'Question',
          name: question,
          acceptedAnswer: { '@type': 'Answer', text: answer },
        })),
      );
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      const sitemap = await (await fetch(`${harness.site.url}/sitemap-0.xml`)).text();
      for (const landing of pages) {
        expect({ slug: landing.slug, listed: sitemap.includes(`${siteJson.siteUrl}/${landing.slug}<`) }).toEqual({
          slug: landing.slug,
          listed: !landing.hideFromSearch,
        });
      }
    }));
});

describe('a demo request from the landing page, on a phone', () => {
  test('typed and sent before the form has hydrated, is stored as sent from the page with its problem preselected', () =>
    withPage(MOBILE, async (page) => {
      if (demoForm.form !== 'demo-request' || !demoForm.problem)
        throw new Error('the sample needs a demo form with a problem');
      await applyPhoneProfile(page);
      // The page's own first load goes through; the blocks' and the forms' code, loaded after it, is held.
      const firstLoadFiles = new Set(firstLoad(PUBLIC_DIR, route).files.map((file) => `/${file.file}`));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.origin === harness.site.url && url.pathname.endsWith('.js') && !firstLoadFiles.has(url.pathname),
        async (held) => {
          await gate;
          await held.continue().catch(() => undefined);
        },
      );
      await page.goto(harness.site.url + route, { waitUntil: 'commit' });
      await waitForHydration(page);
      const fields = contactFields(page);
      expect(
        await fields.form.evaluate((form, attribute) => !!form.closest(`[${attribute}]`), EARLY_PENDING_ATTRIBUTE),
      ).toBe(true);
      expect(await fields.problem.inputValue()).toBe(demoForm.problem);
      const email = uniqueEmail('landing');
      const values = contactValues(email);
      await fields.name.fill(values.name);
      await fields.email.fill(values.email);
      await fields.company.fill(values.company);
      await fields.details.fill(values.details);
      await fields.submit.click();
      // Held by the page's early-input script, not sent natively (no reload with the answers in the address).
      expect(page.url()).toBe(harness.site.url + route);
      release();

      await page.getByText(TEXT.contactSuccess).waitFor({ timeout: 30_000 });
      expect(await storedLeadRows(harness.api, 'contact_messages', email)).toEqual([
        expect.objectContaining({
          name: values.name,
          company: values.company,
          message: composeContactMessage(demoForm.problem, values.details),
        }),
      ]);
      const { data } = await harness.api.service.from('contact_messages').select('attribution').eq('email', email);
      expect(data?.map((row) => row.attribution)).toEqual([
        {
          surface: 'contact_form',
          landing_page: route,
          submitted_from: route,
          // The visit's random id (src/insights/visit-id.ts), which joins the lead to the visit's counted events.
          visit_id: expect.stringMatching(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/),
        },
      ]);
    }));
});
