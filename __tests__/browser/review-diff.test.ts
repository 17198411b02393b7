// The visual review's diff tool on the tests' production build and altered copies of it (no extra Gatsby
// build): the same build twice compares equal, a one-word headline change flags exactly that route's
// screens at both widths, a theme colour change is flagged, and the copy diff names the changed field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './setup/browser';
import { PUBLIC_DIR } from './setup/test-env';
import { captureBuild } from '../../scripts/review/compare-builds';
import { compareFolders, type ScreenResult } from '../../scripts/review/compare';
import { diffCopy } from '../../scripts/review/copy-diff';
import { renderReviewPage, renderSummary } from '../../scripts/review/review-page';
import { ROUTE_SCREENS } from '../../scripts/review/screens';

const ROOT = path.resolve(__dirname, '../..');
// Two routes at both widths: the legal page has the masked "Last updated" date.
const SCREENS = ROUTE_SCREENS.filter((screen) => ['pricing', 'terms'].includes(screen.name));
const pricing = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/pages/pricing.json'), 'utf8'));

let browser: Browser;
let work: string;
const shots = (name: string) => path.join(work, 'shots', name);

type Edit = { files: RegExp; from: string | RegExp; to: string };

/** A copy of the build with each edit made in the files it names; every edit must change something. */
function alteredBuild(name: string, edits: Edit[]): string {
  const copy = path.join(work, name);
  fs.cpSync(PUBLIC_DIR, copy, { recursive: true });
  const files = fs
    .readdirSync(copy, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(copy, file)).isFile());
  for (const edit of edits) {
    let replaced = 0;
    for (const file of files.filter((candidate) => edit.files.test(candidate))) {
      const absolute = path.join(copy, file);
      const text = fs.readFileSync(absolute, 'utf8');
      const changed =
        typeof edit.from === 'string' ? text.split(edit.from).join(edit.to) : text.replace(edit.from, edit.to);
      if (changed === text) continue;
      fs.writeFileSync(absolute, changed);
      replaced++;
    }
    expect({ name, edit: String(edit.from), replaced: replaced > 0 }).toEqual({
      name,
      edit: String(edit.from),
      replaced: true,
    });
  }
  return copy;
}

/** A route's HTML and the page data React renders it from after hydration. */
const routeFiles = (route: string) => new RegExp(`^(${route}/index\\.html|page-data/${route}/page-data\\.json)$`);

const flagged = (results: ScreenResult[]) =>
  results.filter((result) => result.status !== 'unchanged').map((result) => result.file);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'review-diff-'));
  browser = await launchBrowser();
  const base = await captureBuild(browser, PUBLIC_DIR, SCREENS, shots('base'));
  expect(base.failures).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

it('finds no changed screen between two captures of the same build (animations frozen, the date masked)', async () => {
  const again = await captureBuild(browser, PUBLIC_DIR, SCREENS, shots('same'));
  expect(again.failures).toEqual([]);
  const results = await compareFolders(shots('base'), shots('same'), path.join(work, 'diff-same'));
  expect(results.map((result) => [result.file, result.status])).toEqual([
    ['pricing-1280.png', 'unchanged'],
    ['pricing-375.png', 'unchanged'],
    ['terms-1280.png', 'unchanged'],
    ['terms-375.png', 'unchanged'],
  ]);
  expect(renderSummary(results, [], { builtAt: new Date(), base: 'main', head: 'main' })).toContain(
    '0 of 4 screens changed; no copy changed.',
  );
});

it('flags exactly the route whose headline changed one word, at both widths, and not a changed "Last updated" date', async () => {
  const title: string = pricing.hero.title;
  const lastWord = title.split(' ').pop()!;
  const date = /<time[^>]*>([^<]+)<\/time>/.exec(
    fs.readFileSync(path.join(PUBLIC_DIR, 'terms/index.html'), 'utf8'),
  )![1];
  const build = alteredBuild('headline', [
    { files: routeFiles('pricing'), from: title, to: title.replace(new RegExp(`${lastWord}$`), 'everyone') },
    // Built on another day: the legal page's date is masked, so this screen still compares equal.
    { files: routeFiles('terms'), from: date, to: '1 February 2020' },
  ]);
  const captured = await captureBuild(browser, build, SCREENS, shots('headline'));
  expect(captured.failures).toEqual([]);
  const diffDir = path.join(work, 'diff-headline');
  const results = await compareFolders(shots('base'), shots('headline'), diffDir);
  expect(flagged(results)).toEqual(['pricing-1280.png', 'pricing-375.png']);
  for (const result of results.filter((r) => r.status === 'changed')) {
    expect(result.share).toBeGreaterThan(0);
    expect(result.share).toBeLessThan(0.05);
    expect(fs.existsSync(path.join(diffDir, result.file))).toBe(true);
  }
  const page = renderReviewPage(results, [], { builtAt: new Date(), base: 'main', head: 'branch' });
  expect(page.indexOf('images/diff/pricing-1280.png')).toBeGreaterThan(-1);
  expect(page).toMatch(/<details><summary>Unchanged screens \(2\)<\/summary>/);
  expect(renderSummary(results, [], { builtAt: new Date(), base: 'main', head: 'branch' })).toContain(
    '2 of 4 screens changed (Pricing)',
  );
});

it('flags every screen when a theme colour changes in the CSS', async () => {
  // The theme's text colour, a custom property of the global stylesheet (inlined into each page and in its file).
  const build = alteredBuild('colour', [
    { files: /\.(html|css)$/, from: /--color-text:[^;}]+/g, to: '--color-text:#ff8800' },
  ]);
  await captureBuild(browser, build, SCREENS, shots('colour'));
  const results = await compareFolders(shots('base'), shots('colour'), path.join(work, 'diff-colour'));
  expect(flagged(results)).toEqual(['pricing-1280.png', 'pricing-375.png', 'terms-1280.png', 'terms-375.png']);
});

it('names the content file and field whose copy changed, old and new', () => {
  const head = path.join(work, 'content');
  fs.cpSync(path.join(ROOT, 'content'), head, { recursive: true });
  const title: string = pricing.hero.title;
  const file = path.join(head, 'pages/pricing.json');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(JSON.stringify(title), JSON.stringify(`${title}!`)));
  expect(diffCopy(path.join(ROOT, 'content'), head)).toEqual([
    { file: 'content/pages/pricing.json', field: 'hero.title', kind: 'changed', before: title, after: `${title}!` },
  ]);
});
