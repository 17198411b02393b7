/** @jest-environment node */
// An experiment as a marketer writes it in a section (issue 44): what the content check takes and what it refuses,
// in its words, for a landing page's hero and call to action and the home page's hero.
import fs from 'node:fs';
import path from 'node:path';
import { schemaProblems } from '../../src/content-model/check';
import { experimentShares, sectionForVariant } from '../../src/content-model/experiment-schema';
import { contentSources } from '../../src/content-model/registry';

const root = path.resolve(__dirname, '../..');
const landingSource = contentSources.find((source) => source.typeName === 'LandingPage')!;
const homeSource = contentSources.find((source) => source.typeName === 'HomeJson')!;
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, 'content', file), 'utf8'));

const hero = {
  type: 'hero',
  title: 'Every patient call answered',
  text: 'Words.',
  primaryCta: { label: 'Book a call', to: '/book' },
};
const cta = { type: 'cta', title: 'Ready?', text: 'Talk to us.', primaryCta: { label: 'Book a call', to: '/book' } };
const experiment = {
  id: 'hero-headline',
  name: 'Hero headline',
  startedAt: '2026-11-27T09:00:00+11:00',
  variants: [{ name: 'Chairs first', share: 50, title: 'Fill every chair' }],
};
const landing = (sections: unknown[]) => ({
  slug: 'campaign',
  meta: { title: 'A campaign', description: 'For a campaign.' },
  sections,
});
/** What the content check says of a landing page whose hero has `changes` merged into the sample experiment. */
const heroProblems = (changes: Record<string, unknown>) =>
  schemaProblems(landingSource, landing([{ ...hero, experiment: { ...experiment, ...changes } }, cta]));

describe('an experiment in a section', () => {
  it('is taken in a hero and a call to action of a landing page, and in the home page’s hero', () => {
    expect(schemaProblems(landingSource, landing([{ ...hero, experiment }, cta]))).toEqual([]);
    expect(schemaProblems(landingSource, landing([hero, { ...cta, experiment }]))).toEqual([]);
    const home = readJson('pages/home.json');
    expect(schemaProblems(homeSource, { ...home, hero: { ...home.hero, experiment } })).toEqual([]);
  });

  it('is a draft without startedAt, and takes the offset Z', () => {
    const { startedAt: _startedAt, ...draft } = experiment;
    expect(schemaProblems(landingSource, landing([{ ...hero, experiment: draft }]))).toEqual([]);
    expect(heroProblems({ startedAt: '2026-11-26T22:00:00Z' })).toEqual([]);
  });

  it.each([
    ['2026-11-27T09:00:00', 'without its offset'],
    ['2026-11-27', 'a date alone'],
    ['27/11/2026 9:00', 'written another way'],
  ])('refuses a start %j (%s)', (startedAt) => {
    expect(heroProblems({ startedAt })).toEqual([
      "'sections[1].experiment.startedAt': startedAt must be a date and time with its offset.",
    ]);
  });

  it('lets variants take up to 99 % together: the original keeps at least 1 %', () => {
    const variants = (...shares: number[]) =>
      shares.map((share, index) => ({ name: `Variant ${index + 1}`, share, title: `Headline ${index + 1}` }));
    expect(heroProblems({ variants: variants(33, 33, 33) })).toEqual([]);
    expect(heroProblems({ variants: variants(50, 50) })).toEqual([
      "'sections[1].experiment.variants': the variants' shares must add up to at most 99 (%): the original keeps the rest.",
    ]);
    expect(heroProblems({ variants: variants(25, 25, 25, 20) })).toEqual([
      "'sections[1].experiment.variants': variants must be at most 3.",
    ]);
    expect(heroProblems({ variants: [] })).toEqual([
      "'sections[1].experiment.variants': variants must be a list of at least one variant.",
    ]);
  });

  it.each([
    [0, 'share must be at least 1 (%)'],
    [100, 'share must be at most 99 (%)'],
  ])('refuses a share of %d', (share, message) => {
    expect(heroProblems({ variants: [{ ...experiment.variants[0], share }] })).toEqual([
      `'sections[1].experiment.variants[1].share': ${message}.`,
    ]);
  });

  it('refuses a share that is not a whole percentage', () => {
    expect(heroProblems({ variants: [{ ...experiment.variants[0], share: 12.5 }] })).toEqual([
      "'sections[1].experiment.variants[1].share' must be a whole number, but it is 12.5.",
    ]);
  });

  it('refuses a variant that changes nothing, and a field its section does not have', () => {
    expect(heroProblems({ variants: [{ name: 'Same', share: 50 }] })).toEqual([
      "'sections[1].experiment.variants[1]': a variant must change at least one field of the section.",
    ]);
    expect(heroProblems({ variants: [{ name: 'Chairs first', share: 50, titel: 'Fill every chair' }] })).toEqual([
      "'sections[1].experiment.variants[1].titel' is not a known field. Did you mean 'title'? Rename it.",
      "'sections[1].experiment.variants[1]': a variant must change at least one field of the section.",
    ]);
  });

  it("holds a variant's fields to the section's own rules", () => {
    expect(heroProblems({ variants: [{ ...experiment.variants[0], title: 'x'.repeat(91) }] })).toEqual([
      "'sections[1].experiment.variants[1].title': title should be at most 90 characters: the first thing visitors read.",
    ]);
    expect(
      heroProblems({ variants: [{ name: 'Button', share: 50, primaryCta: { label: 'Call us', to: 'book' } }] }),
    ).toEqual([
      `'sections[1].experiment.variants[1].primaryCta.to': to must start with "/" (a page of this site), "https://" or "mailto:", or be #form (a landing page's form).`,
    ]);
  });

  it.each(['Hero Headline', 'hero_headline', 'hero--headline', '-hero'])('refuses the id %j', (id) => {
    expect(heroProblems({ id })).toEqual([
      "'sections[1].experiment.id': id must be lowercase letters, digits and single dashes.",
    ]);
  });

  it('needs an id and a name', () => {
    const { id: _id, name: _name, ...rest } = experiment;
    expect(schemaProblems(landingSource, landing([{ ...hero, experiment: rest }]))).toEqual([
      "'sections[1].experiment.id' is missing. Add it (see CONTENT.md for an example).",
      "'sections[1].experiment.name' is missing. Add it (see CONTENT.md for an example).",
    ]);
  });
});

describe('the versions of a section', () => {
  const section = {
    ...hero,
    experiment: {
      ...experiment,
      variants: [
        { name: 'Chairs first', share: 30, title: 'Fill every chair' },
        { name: 'Button', share: 20, primaryCta: { label: 'Call us', to: '/contact' } },
      ],
    },
  };

  it('gives the original what the variants leave, first', () => {
    expect(experimentShares(section.experiment)).toEqual([50, 30, 20]);
  });

  it("shows a variant's fields over the original's, without the experiment", () => {
    expect(sectionForVariant(section, 0)).toEqual(hero);
    expect(sectionForVariant(section, 1)).toEqual({ ...hero, title: 'Fill every chair' });
    expect(sectionForVariant(section, 2)).toEqual({ ...hero, primaryCta: { label: 'Call us', to: '/contact' } });
  });
});
