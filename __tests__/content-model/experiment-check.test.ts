/** @jest-environment node */
// The content check's rules on experiments across sections and pages (issue 44): one experiment per page, an id of
// its own across the site, variants that show something other than the original. The build runs the same check
// (gatsby-node's onPreBootstrap) and stops on any of these.
import fs from 'node:fs';
import path from 'node:path';
import { onPreBootstrap } from '../../gatsby-node';
import { formatProblems, loadContent } from '../../src/content-model/check';
import { copyContent, realContentDir } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => {
  content = copyContent();
});
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);
const experiment = (id: string, title = 'Fill every chair') => ({
  id,
  name: 'Headline',
  startedAt: '2026-11-27T09:00:00+11:00',
  variants: [{ name: 'Chairs first', share: 50, title }],
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sample page as the test edits it
type Page = { sections: Record<string, any>[] };
const ctaIndex = (page: Page) => page.sections.findIndex((section) => section.type === 'cta');

it('takes the content as it is, whatever experiments it runs or has ended', () => {
  expect(report()).toBe('');
});

it('refuses a second experiment on a page', () => {
  content.editJson('landing/dental-clinics.json', (page: Page) => {
    page.sections[ctaIndex(page)].experiment = experiment('dental-closing', 'Ready when you are');
  });
  const cta = ctaIndex(JSON.parse(fs.readFileSync(path.join(content.dir, 'landing/dental-clinics.json'), 'utf8')));
  expect(report()).toBe(
    `- content/landing/dental-clinics.json: 'sections[1].experiment' and 'sections[${cta + 1}].experiment' are both experiments; a page runs one experiment at a time. End all but one: keep one version of each of the others (End the experiment, in the editor).`,
  );
});

it('refuses an id used by another page’s experiment, naming where', () => {
  content.editJson('pages/home.json', (home) => {
    home.hero.experiment = experiment('dental-hero-headline', 'Every call answered');
  });
  // The home page is read before the landing pages: the landing page is told whose id it is.
  expect(report()).toBe(
    "- content/landing/dental-clinics.json: 'sections[1].experiment.id' dental-hero-headline is also the id of the experiment 'hero.experiment' in content/pages/home.json. Give each experiment its own id: its visitors are counted by it.",
  );
});

it('refuses an id used on another landing page', () => {
  const dental = fs.readFileSync(path.join(realContentDir, 'landing/dental-clinics.json'), 'utf8');
  content.write('landing/physio-clinics.json', dental.replace('"slug": "dental-clinics"', '"slug": "physio-clinics"'));
  expect(report()).toBe(
    "- content/landing/physio-clinics.json: 'sections[1].experiment.id' dental-hero-headline is also the id of the experiment 'sections[1].experiment' in content/landing/dental-clinics.json. Give each experiment its own id: its visitors are counted by it.",
  );
});

it('refuses a variant that shows the same as the original', () => {
  content.editJson('landing/dental-clinics.json', (page: Page) => {
    const hero = page.sections[0];
    hero.experiment.variants = [
      { name: 'Same words', share: 40, title: hero.title, primaryCta: { ...hero.primaryCta } },
      { name: 'Other words', share: 40, title: hero.title, text: 'Other words.' },
    ];
  });
  expect(report()).toBe(
    "- content/landing/dental-clinics.json: 'sections[1].experiment.variants[1]' (Same words) shows the same as the original: each field it sets has the original's value. Change one of them, or remove the variant.",
  );
});

it('checks the links and pictures a variant names as the section’s own', () => {
  content.editJson('landing/dental-clinics.json', (page: Page) => {
    page.sections[0].experiment.variants[0].primaryCta = { label: 'See prices', to: '/prices' };
    page.sections[0].experiment.variants[0].image = { src: '/images/missing.jpg', alt: 'A clinic' };
  });
  const problems = report();
  expect(problems).toContain("the link '/prices' points at a page that does not exist.");
  expect(problems).toContain(
    "'sections[1].experiment.variants[1].image.src' is /images/missing.jpg, but there is no such file in content/images.",
  );
});

it('stops the build with the same words', () => {
  content.editJson('pages/home.json', (home) => {
    home.hero.experiment = experiment('dental-hero-headline', 'Every call answered');
  });
  process.env.CONTENT_DIR = content.dir;
  const reporter = { panic: jest.fn(), info: jest.fn() };
  try {
    (onPreBootstrap as (args: unknown) => void)({ reporter });
  } finally {
    delete process.env.CONTENT_DIR;
  }
  expect(reporter.panic).toHaveBeenCalledWith(`The content has 1 problem (see CONTENT.md):\n${report()}`);
  expect(report()).toMatch(/dental-hero-headline is also the id of the experiment/);
});
