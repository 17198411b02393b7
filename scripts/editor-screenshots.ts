// `npx tsx scripts/editor-screenshots.ts`: the pictures of the editor in CONTENT.md ("Make a landing page"), taken
// by walking through a campaign as a marketer does it (the steps of the landing-page browser test,
// __tests__/browser/setup/landing-editor.ts) in a temporary copy of the repository, with the editor bundled as
// the build bundles it and its local backend. Writes docs/images/editor/*.png; nothing else changes.
// Run it again when the editor's look changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../__tests__/browser/setup/browser';
import {
  copyProjectRepository,
  openEditor,
  serveEditor,
  startBackend,
  stopBackend,
} from '../__tests__/browser/setup/editor';
import { addShortLink, createLandingPage, makeCampaignPhoto } from '../__tests__/browser/setup/landing-editor';
import { FREEZE_CSS } from './review/capture';

const OUT_DIR = path.resolve(__dirname, '../docs/images/editor');

/** Nothing moves, and the notices of the previous step (Decap's toasts) are not in the picture. */
const PICTURE_CSS = `${FREEZE_CSS}\n.notif__container { display: none !important; }`;

/** The steps CONTENT.md shows, by the walkthrough's name for them, and the file each picture goes to. */
const PICTURES: Record<string, string> = {
  new: 'landing-pages-list.png',
  'address-and-listing': 'landing-address-and-listing.png',
  'add-section': 'landing-add-section.png',
  'media-library': 'landing-media-library.png',
  'hero-image': 'landing-hero-image.png',
  'social-image': 'landing-share-preview.png',
  'service-cards': 'landing-service-cards.png',
  'short-link': 'short-link.png',
};

async function picture(page: Page, name: string, focus?: Locator): Promise<void> {
  const file = PICTURES[name];
  if (!file) return;
  await page.addStyleTag({ content: PICTURE_CSS });
  if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Thumbnails and the preview pane's pictures drawn before the picture is taken.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
  const png = await page.screenshot();
  // A palette PNG: a third of the size, no visible difference for the editor's flat colours.
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(path.join(OUT_DIR, file));
  console.log(`docs/images/editor/${file}`);
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const repo = copyProjectRepository();
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-photo-'));
  const editor = await serveEditor();
  const backend = await startBackend(repo, editor.url, 'fs');
  const browser = await launchBrowser();
  try {
    const page = await openEditor(browser, editor.url);
    await page.setViewportSize({ width: 1280, height: 960 });
    const photo = await makeCampaignPhoto(photoDir);
    const step = (name: string, focus?: Locator) => picture(page, name, focus);
    await createLandingPage(page, editor.url, photo, step);
    await addShortLink(page, editor.url, step);
  } finally {
    await browser.close();
    await stopBackend(backend);
    await editor.close();
    fs.rmSync(repo, { recursive: true, force: true });
    fs.rmSync(photoDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
