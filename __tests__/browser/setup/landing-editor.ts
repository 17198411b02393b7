// A marketer's campaign in the editor, step by step: a landing page from three sections (a hero with an uploaded
// photo and its description, service cards choosing two services, a call to action), then a short link to it.
// The landing-page browser test drives it and checks what it saved; scripts/editor-screenshots.ts drives it to take
// CONTENT.md's screenshots of the editor at each step.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { openEntry, publish } from './editor';

/** Called after each step with a name for it: the screenshot script takes a picture. */
export type Step = (name: string, focus?: Locator) => Promise<void>;

export const CAMPAIGN = {
  slug: 'spring-dental-offer',
  title: 'Spring offer for dental clinics | {brandName}',
  description: 'Answer every patient call this spring: an AI receptionist set up around your practice in three weeks.',
  hero: {
    title: 'Every patient call answered this spring',
    text: 'Our AI receptionist answers, books and confirms appointments in your practice software, day and night.',
    button: { label: 'Book a Free Strategy Call', to: '/book' },
  },
  image: {
    file: 'spring-front-desk.jpg',
    alt: 'A clinic front desk at dawn with a phone showing an appointment booked overnight.',
    /** The same photo as the page's social image, chosen again from the media library. */
    shareAlt: 'A clinic front desk with a phone showing a booked appointment.',
  },
  services: {
    title: 'What it takes off your front desk',
    intro: 'Start with the calls you miss today.',
    linkLabel: 'How it works',
    /** As the editor lists them (their titles), and as the page names them (their file names). */
    chosen: [
      { title: 'AI Voice Receptionist', slug: 'voice-receptionist' },
      { title: 'AI Appointment Setting', slug: 'appointment-setting' },
    ],
  },
  cta: {
    title: 'See what it would handle at your clinic',
    text: 'A short call, your call volumes, a plan you can start this month.',
    button: { label: 'Book a Free Strategy Call', to: '/book' },
  },
  shortLink: '/spring-dental',
} as const;

/** A photo-sized JPEG (2,000 × 1,250, about 100 KB) of soft gradients and shapes, for the upload. */
export async function makeCampaignPhoto(dir: string): Promise<string> {
  const file = path.join(dir, CAMPAIGN.image.file);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1250">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/><stop offset="0.6" stop-color="#3b82f6"/><stop offset="1" stop-color="#5eead4"/>
    </linearGradient></defs>
    <rect width="2000" height="1250" fill="url(#g)"/>
    <rect x="260" y="380" width="900" height="520" rx="40" fill="#f5f3ff" opacity="0.9"/>
    <rect x="1300" y="300" width="360" height="660" rx="60" fill="#0b0a1a" opacity="0.85"/>
    <circle cx="1480" cy="560" r="90" fill="#8b5cf6"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(file);
  return file;
}

/** The fields named `name` in the editor, in order (Decap names each field's box `<name>-field-<n>`). */
const fieldNamed = (page: Page, name: string) => page.locator(`[id^="${name}-field-"]`);

/**
 * Adds a section of `type` ("Hero") and returns its fields by name: the first of each name after those before.
 * `menuOpen` is called while the menu of blocks is open.
 */
async function addSection(page: Page, type: string, names: string[], menuOpen?: () => Promise<void>) {
  const before = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await fieldNamed(page, name).count()])),
  );
  const add = page.getByRole('button', { name: /^Add section/ });
  // The menu opens downwards: room for all the blocks below the button.
  await add.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await add.click();
  await menuOpen?.();
  await page
    .getByRole('button', { name: type, exact: true })
    .or(page.getByText(type, { exact: true }))
    .last()
    .click();
  await fieldNamed(page, names[0]).nth(before[names[0]]).waitFor();
  return (name: string) => fieldNamed(page, name).nth(before[name]);
}

/** Waits until the media library has closed (it fades out). */
async function mediaLibraryClosed(page: Page) {
  await page.getByRole('button', { name: 'Choose selected' }).waitFor({ state: 'detached' });
}

/** Chooses `option` in a relation field (type to search, pick from the list). */
async function choose(field: Locator, page: Page, option: string) {
  await field.click();
  await field.pressSequentially(option.split(' ').slice(-1)[0]);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Landing pages → New landing page: address and search listing, a hero with an uploaded photo and its
 * description, the same photo as the social image, service cards with two services, a call to action; then
 * Publish. `photo` is the file to upload.
 */
export async function createLandingPage(page: Page, siteUrl: string, photo: string, step: Step = async () => {}) {
  await page.goto(`${siteUrl}/admin/#/collections/landing`);
  const newPage = page.getByRole('link', { name: /Landing page$/ });
  await newPage.waitFor();
  await step('new', newPage);
  await newPage.click();
  await fieldNamed(page, 'slug').waitFor();

  await fieldNamed(page, 'slug').fill(CAMPAIGN.slug);
  await fieldNamed(page, 'title').first().fill(CAMPAIGN.title);
  await fieldNamed(page, 'description').first().fill(CAMPAIGN.description);
  await step('address-and-listing', fieldNamed(page, 'slug'));

  const hero = await addSection(page, 'Hero', ['title', 'text', 'label', 'to', 'alt'], () => step('add-section'));

  await hero('title').fill(CAMPAIGN.hero.title);
  await hero('text').fill(CAMPAIGN.hero.text);
  await hero('label').fill(CAMPAIGN.hero.button.label);
  await hero('to').fill(CAMPAIGN.hero.button.to);
  await step('hero', hero('title'));

  // The hero's picture: the media library, Upload, then Choose selected.
  await page.getByRole('button', { name: 'Choose an image' }).last().click();
  await page.getByRole('button', { name: 'Upload' }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByText(CAMPAIGN.image.file, { exact: true }).waitFor();
  await step('media-library');
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await mediaLibraryClosed(page);
  await hero('alt').fill(CAMPAIGN.image.alt);
  await step('hero-image', hero('alt'));

  // The same photo as the social image (Search listing → Image): chosen from the library this time.
  await page.getByRole('button', { name: 'Choose an image' }).first().click();
  await page.getByText(CAMPAIGN.image.file, { exact: true }).click();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await mediaLibraryClosed(page);
  await fieldNamed(page, 'alt').first().fill(CAMPAIGN.image.shareAlt);
  await step('social-image', fieldNamed(page, 'alt').first());

  const services = await addSection(page, 'Service cards', ['title', 'intro', 'linkLabel', 'services']);
  await services('title').fill(CAMPAIGN.services.title);
  await services('intro').fill(CAMPAIGN.services.intro);
  await services('linkLabel').fill(CAMPAIGN.services.linkLabel);
  for (const { title } of CAMPAIGN.services.chosen) await choose(services('services'), page, title);
  await step('service-cards', services('services'));

  const cta = await addSection(page, 'Call to action', ['title', 'text', 'label', 'to']);
  await cta('title').fill(CAMPAIGN.cta.title);
  await cta('text').fill(CAMPAIGN.cta.text);
  await cta('label').fill(CAMPAIGN.cta.button.label);
  await cta('to').fill(CAMPAIGN.cta.button.to);
  await step('call-to-action', cta('title'));

  await publishAndWait(page);
  // Decap says "Changes saved" before it has finished with a new entry: it reloads the media library, loads the
  // saved entry and only then moves to its address. An entry opened before that is replaced on screen by this one.
  await page.waitForURL((url) => url.hash.endsWith(`/collections/landing/entries/${CAMPAIGN.slug}`));
  await step('published');
}

/** Short links → Add: `/spring-dental` leading to the new page, a campaign link (not permanent); then Publish. */
export async function addShortLink(page: Page, siteUrl: string, step: Step = async () => {}) {
  await openEntry(page, siteUrl, 'RedirectsJson/RedirectsJson');
  const before = await fieldNamed(page, 'from').count();
  await page.getByRole('button', { name: /^Add / }).last().click();
  await fieldNamed(page, 'from').nth(before).fill(CAMPAIGN.shortLink);
  await fieldNamed(page, 'to').nth(before).fill(`/${CAMPAIGN.slug}`);
  await step('short-link', fieldNamed(page, 'from').nth(before));
  await publishAndWait(page);
}

/** Publish → Publish now, and wait until the editor says the changes are saved. */
async function publishAndWait(page: Page) {
  await publish(page);
  await page.getByText('Changes saved', { exact: true }).waitFor({ timeout: 30_000 });
}

/** The landing page's file in `repo`, once the editor has written it. */
export function savedLandingPage(repo: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(repo, 'content/landing', `${CAMPAIGN.slug}.json`), 'utf8'));
}
