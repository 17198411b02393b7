/** @jest-environment node */
// Ending an experiment in one edit (issue 44): the version chosen under "End the experiment" becomes the section's
// own when the entry is saved, the experiment goes, and the file never holds the choice.
import fs from 'node:fs';
import path from 'node:path';
import { endExperiments } from '../../src/admin/end-experiment';
import { entryProblems } from '../../src/admin/entry-check';
import { contentFormat } from '../../src/content-model/content-formats';
import { contentSources } from '../../src/content-model/registry';

const root = path.resolve(__dirname, '../..');
const landing = contentSources.find((source) => source.typeName === 'LandingPage')!;
const home = contentSources.find((source) => source.typeName === 'HomeJson')!;
const landingFile = path.join(root, 'content/landing/dental-clinics.json');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- entries as the editor holds them, edited freely
type Entry = Record<string, any>;
/** The sample landing page as the editor opens it, its hero's experiment with `changes` made. */
function dentalEntry(changes: Entry = {}): Entry {
  const entry = contentFormat(landing).fromFile(fs.readFileSync(landingFile, 'utf8')) as Entry;
  entry.sections[0].experiment = { ...entry.sections[0].experiment, ...changes };
  return entry;
}
const originalHero = () => {
  const { experiment: _experiment, ...hero } = dentalEntry().sections[0];
  return hero;
};
/** The entry as it is to be saved, and what stops it. */
const ended = (entry: Entry, source = landing) => endExperiments(source, entry) as { data: Entry; problems: string[] };
/** What the file holds once the editor saves `data` (with the handler's ending applied first). */
const savedFile = (data: Entry) => contentFormat(landing).toFile(ended(data).data);

describe('ending an experiment', () => {
  it('keeps the original: the section as it was, without the experiment', () => {
    const { data, problems } = ended(dentalEntry({ end: '0' }));
    expect(problems).toEqual([]);
    expect(data.sections[0]).toEqual(originalHero());
    expect(data.sections.slice(1)).toEqual(dentalEntry().sections.slice(1));
  });

  it("keeps variant 1: its fields become the section's, the original's others stay", () => {
    const variant = dentalEntry().sections[0].experiment.variants[0];
    const { data, problems } = ended(dentalEntry({ end: '1' }));
    expect(problems).toEqual([]);
    expect(data.sections[0]).toEqual({ ...originalHero(), title: variant.title });
    expect(JSON.parse(savedFile(dentalEntry({ end: '1' }))).sections[0]).toEqual({
      ...originalHero(),
      title: variant.title,
    });
  });

  it('keeps a variant’s buttons and picture whole, and the original’s fields the variant left empty', () => {
    const button = { label: 'Fill my chairs', to: '/book' };
    const picture = { src: '/images/dental-front-desk.jpg', alt: 'A full appointment book', decorative: false };
    const entry = dentalEntry({
      end: '2',
      variants: [
        dentalEntry().sections[0].experiment.variants[0],
        // As the editor hands over a variant whose other fields were opened and left empty.
        {
          name: 'Button',
          share: 20,
          eyebrow: '',
          title: '',
          primaryCta: button,
          secondaryCta: { label: '', to: '' },
          image: picture,
        },
      ],
    });
    const { data, problems } = ended(entry);
    expect(problems).toEqual([]);
    expect(data.sections[0]).toEqual({ ...originalHero(), primaryCta: button, image: picture });
  });

  it('ends the home page’s hero experiment too', () => {
    const entry = contentFormat(home).fromFile(fs.readFileSync(path.join(root, 'content/pages/home.json'), 'utf8'));
    const hero = entry.hero as Entry;
    const experiment = {
      id: 'home-hero',
      name: 'Home headline',
      variants: [{ name: 'Short', share: 10, highlights: ['One'] }],
    };
    const { data } = ended({ ...entry, hero: { ...hero, experiment: { ...experiment, end: '1' } } }, home);
    expect(data.hero).toEqual({ ...hero, highlights: ['One'] });
  });

  it('never saves the choice: without one the experiment stays, as it was', async () => {
    const raw = fs.readFileSync(landingFile, 'utf8');
    for (const end of [null, '', undefined]) {
      const { data, problems } = ended(dentalEntry({ end }));
      expect(problems).toEqual([]);
      expect(data.sections[0].experiment).not.toHaveProperty('end');
      expect(savedFile(dentalEntry({ end }))).toBe(raw);
      expect(await entryProblems(landing, data)).toEqual([]);
    }
    // Even handed to the file's format directly, the choice is left out.
    expect(contentFormat(landing).toFile(dentalEntry({ end: '1' }))).toBe(raw);
  });

  it('leaves an entry without a choice to make as it is', () => {
    const entry = dentalEntry();
    expect(ended(entry).data).toBe(entry);
  });

  it('refuses a variant the experiment does not have, in the editor’s words', () => {
    const { data, problems } = ended(dentalEntry({ end: '3' }));
    expect(problems).toEqual([
      'Section 1 (Hero) › Experiment › End the experiment: there is no variant 3, this experiment has one variant. Choose “Keep the original” or a variant it has.',
    ]);
    expect(data.sections[0].experiment).toEqual(dentalEntry().sections[0].experiment);
  });
});
