/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { formatProblems, loadContent } from '../../src/content-model/check';
import { copyContent, realContentDir } from '../helpers/content-copy';
import { planNames } from '../fixtures/spec-texts';

let content: ReturnType<typeof copyContent>;
beforeEach(() => (content = copyContent()));
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);
const testimonialName = (index: number): string =>
  JSON.parse(fs.readFileSync(path.join(realContentDir, 'testimonials.json'), 'utf8'))[index].name;

describe('the content in the repository', () => {
  it('passes every check', () => {
    expect(formatProblems(loadContent(realContentDir).problems)).toBe('');
  });

  // The plan names and the Most Popular flag are the specification's: __tests__/content/spec-texts.test.ts.
  it('shows no prices in the plans', () => {
    const plans = JSON.parse(fs.readFileSync(path.join(realContentDir, 'plans.json'), 'utf8'));
    expect(JSON.stringify(plans)).not.toMatch(/[$€£]\s?\d|\d+\s?(USD|AUD|per month|\/mo)/i);
  });

  it('holds three five-star testimonials and four services', () => {
    const testimonials = JSON.parse(fs.readFileSync(path.join(realContentDir, 'testimonials.json'), 'utf8'));
    expect(testimonials).toHaveLength(3);
    expect(testimonials.every((testimonial: { rating: number }) => testimonial.rating === 5)).toBe(true);
    expect(fs.readdirSync(path.join(realContentDir, 'services')).filter((name) => name.endsWith('.mdx'))).toHaveLength(
      4,
    );
  });

  it('states the terms the business runs on', () => {
    const terms = fs.readFileSync(path.join(realContentDir, 'legal/terms.mdx'), 'utf8');
    for (const phrase of [
      'within 30 days',
      '2% per month',
      "30 days' written notice",
      '14 days',
      'Sydney',
      'Australia',
    ]) {
      expect(terms).toContain(phrase);
    }
  });
});

describe('a marketer mistake is reported as file, item and field, with the fix', () => {
  it('names a plan whose features are not a list', () => {
    content.editJson('plans.json', (plans) => (plans[2].features = 'Voice answering'));
    expect(report()).toBe(
      `- content/plans.json, plan 3 '${planNames[2]}': 'features' must be a list ([ … ]), but it is text (in quotes).`,
    );
  });

  it('names a plan with an empty feature list', () => {
    content.editJson('plans.json', (plans) => (plans[2].features = []));
    expect(report()).toBe(
      `- content/plans.json, plan 3 '${planNames[2]}': 'features': features must be a list of at least one item.`,
    );
  });

  it('names a missing title', () => {
    content.editJson('pages/home.json', (home) => delete home.hero.title);
    expect(report()).toBe(
      "- content/pages/home.json: 'hero.title' is missing. Add it (see CONTENT.md for an example).",
    );
  });

  it('suggests the intended name of a misspelled field', () => {
    content.editJson('testimonials.json', (list) => {
      list[0].qoute = list[0].quote;
      delete list[0].quote;
    });
    expect(report()).toContain("'qoute' is not a known field. Did you mean 'quote'? Rename it.");
    expect(report()).toContain(
      `- content/testimonials.json, testimonial 1 '${testimonialName(0)}': 'quote' is missing.`,
    );
  });

  it('names a wrong type', () => {
    content.editJson('testimonials.json', (list) => (list[1].rating = '5'));
    expect(report()).toContain(
      `testimonial 2 '${testimonialName(1)}': 'rating' must be a number (without quotes), but it is text (in quotes).`,
    );
  });

  it('refuses a rating outside 1 to 5', () => {
    content.editJson('testimonials.json', (list) => (list[1].rating = 6));
    expect(report()).toContain("'rating': rating must be between 1 and 5.");
  });

  it('allows only one Most Popular plan', () => {
    content.editJson('plans.json', (plans) => (plans[0].mostPopular = true));
    expect(report()).toBe(
      `- content/plans.json: plan 1 '${planNames[0]}' and plan 2 '${planNames[1]}' are all flagged mostPopular. Only one plan may be; set the others to false.`,
    );
  });

  it('refuses a link to a page that does not exist', () => {
    content.editJson('pages/home.json', (home) => (home.hero.primaryCta.to = '/bookings'));
    expect(report()).toContain(
      "- content/pages/home.json: the link '/bookings' points at a page that does not exist. Use one of:",
    );
  });

  it('refuses a link to a missing page inside an MDX body', () => {
    const file = path.join(content.dir, 'services/lead-capture.mdx');
    fs.appendFileSync(file, '\nSee [our case studies](/case-studies).\n');
    expect(report()).toContain(
      "- content/services/lead-capture.mdx: the link '/case-studies' points at a page that does not exist.",
    );
  });

  it('refuses an e-mail address that is not one', () => {
    content.editJson('site.json', (site) => (site.email = 'hello at brightlane'));
    expect(report()).toContain(
      "- content/site.json: 'email': email must look like an e-mail address, e.g. hello@example.com.",
    );
  });

  it('reports broken JSON with a hint', () => {
    content.write('plans.json', '[{ "name": "Lead Capture", }]');
    expect(report()).toMatch(
      /^- content\/plans.json: is not valid JSON \(.*\)\. Look for a missing comma or quote, or a trailing comma\.$/,
    );
  });

  it('reports broken frontmatter and a missing service title', () => {
    content.write('services/lead-capture.mdx', '---\ntitle: [unclosed\n---\nBody');
    content.write(
      'services/voice-receptionist.mdx',
      '---\norder: 4\nsummary: S\nicon: phone\nbenefits: [a]\n---\nBody',
    );
    const text = report();
    expect(text).toContain(
      '- content/services/lead-capture.mdx: the frontmatter between the --- lines is not valid YAML',
    );
    expect(text).toContain("- content/services/voice-receptionist.mdx: 'title' is missing.");
  });

  it('refuses an unknown service icon', () => {
    const file = path.join(content.dir, 'services/voice-receptionist.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('icon: phone', 'icon: rocket'));
    expect(report()).toBe(
      "- content/services/voice-receptionist.mdx: 'icon': icon must be one of: funnel, headset, calendar, phone.",
    );
  });

  it('refuses two services with the same order', () => {
    const file = path.join(content.dir, 'services/voice-receptionist.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('order: 4', 'order: 1'));
    expect(report()).toBe(
      "- content/services/voice-receptionist.mdx: 'order' 1 is also used by content/services/lead-capture.mdx. Give each a different number.",
    );
  });

  it('refuses a legal date that is not a date', () => {
    const file = path.join(content.dir, 'legal/terms.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('slug: terms', 'slug: terms\nupdated: last week'));
    expect(report()).toContain(
      "- content/legal/terms.mdx: 'updated': updated must be a date written as YYYY-MM-DD, e.g. 2026-01-31.",
    );
  });

  it('accepts a legal date written without quotes', () => {
    const file = path.join(content.dir, 'legal/terms.mdx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('slug: terms', 'slug: terms\nupdated: 2026-03-01'));
    expect(report()).toBe('');
  });

  it('reports a missing file', () => {
    fs.rmSync(path.join(content.dir, 'testimonials.json'));
    expect(report()).toBe('- content/testimonials.json: the file for testimonials is missing. Restore it from git.');
  });
});
