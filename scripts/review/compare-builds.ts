// Two builds of the site in, one review page out: each build is served on 127.0.0.1 with a fresh local
// data API behind it (on the port the builds send leads to), screenshotted screen by screen, and the two
// sets compared. Writes <outDir>/images/{before,after,diff}/, index.html and summary.md.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startStaticServer } from '../../dev/static/static-server';
import { launchBrowser } from '../../__tests__/browser/setup/browser';
import { startLeadApi } from '../../__tests__/browser/setup/test-env';
import { captureScreens } from './capture';
import { compareFolders, type ScreenResult } from './compare';
import { diffCopy, type CopyChange } from './copy-diff';
import { renderReviewPage, renderSummary, type ReviewInfo } from './review-page';
import type { Screen } from './screens';

export type CompareBuildsOptions = {
  baseSite: string;
  headSite: string;
  screens: Screen[];
  outDir: string;
  /** The two content/ folders, for the copy diff; left out, no copy diff. */
  content?: { base: string; head: string };
  info: ReviewInfo;
  log?: (line: string) => void;
};

export type Review = { results: ScreenResult[]; copy: CopyChange[]; failures: string[]; page: string; summary: string };

/** Serves one build (with a fresh data API when a screen submits something) and screenshots it into `outDir`. */
export async function captureBuild(
  browser: Browser,
  siteDir: string,
  screens: Screen[],
  outDir: string,
): Promise<{ files: string[]; failures: string[] }> {
  const needsApi = screens.some((screen) => screen.drive);
  const [site, api] = await Promise.all([startStaticServer({ root: siteDir }), needsApi ? startLeadApi() : undefined]);
  try {
    return await captureScreens({ browser, siteUrl: site.url, screens, outDir });
  } finally {
    await Promise.all([site.close(), api?.close()]);
  }
}

export async function compareBuilds(options: CompareBuildsOptions): Promise<Review> {
  const log = options.log ?? (() => {});
  const images = path.join(options.outDir, 'images');
  fs.rmSync(images, { recursive: true, force: true });
  const browser = await launchBrowser();
  const failures: string[] = [];
  try {
    for (const [side, siteDir] of [
      ['before', options.baseSite],
      ['after', options.headSite],
    ] as const) {
      const started = Date.now();
      const captured = await captureBuild(browser, siteDir, options.screens, path.join(images, side));
      failures.push(...captured.failures.map((failure) => `${side}: ${failure}`));
      log(`${side}: ${captured.files.length} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await browser.close();
  }
  const results = await compareFolders(
    path.join(images, 'before'),
    path.join(images, 'after'),
    path.join(images, 'diff'),
  );
  const copy = options.content ? diffCopy(options.content.base, options.content.head) : [];
  const page = path.join(options.outDir, 'index.html');
  const summary = path.join(options.outDir, 'summary.md');
  fs.writeFileSync(page, renderReviewPage(results, copy, options.info));
  fs.writeFileSync(summary, renderSummary(results, copy, options.info));
  return { results, copy, failures, page, summary };
}
