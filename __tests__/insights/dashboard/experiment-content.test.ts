/** @jest-environment node */
// The experiments the dashboard lists, from the page query's result (src/insights/dashboard/experiment-content.ts):
// a landing page's hero and call to action and the home page's hero may each hold one; the original is named by the
// copy and keeps the share the variants leave; the running ones come first, then the drafts, each by page.
import {
  experimentsFromContent,
  type ExperimentsQueryData,
  type QueriedExperiment,
} from '../../../src/insights/dashboard/experiment-content';
import { copy } from '../../helpers/insights-dashboard';

const ORIGINAL = copy.experiments.original;

const experiment = (id: string, startedAt: string | null, ...variants: [string, number][]): QueriedExperiment => ({
  id,
  name: `The ${id} test`,
  startedAt,
  variants: variants.map(([name, share]) => ({ name, share })),
});

test('each experiment with its page, its start and its versions, the original first with the share left', () => {
  const data: ExperimentsQueryData = {
    insightsJson: { content: {} },
    allLandingPage: {
      nodes: [
        {
          slug: 'dental-clinics',
          sections: [
            { heroExperiment: experiment('dental-headline', '2026-11-02T09:00:00+11:00', ['Bold', 30], ['Calm', 20]) },
            {},
            { ctaExperiment: null },
          ],
        },
        {
          slug: 'physio',
          sections: [{ heroExperiment: null }, { ctaExperiment: experiment('physio-cta', null, ['Short', 50]) }],
        },
      ],
    },
    homeJson: { hero: { experiment: experiment('home-hero', '2026-11-20T08:30:00Z', ['Direct', 10]) } },
  };
  expect(experimentsFromContent(data, ORIGINAL)).toEqual([
    {
      id: 'home-hero',
      name: 'The home-hero test',
      page: '/',
      startedAt: '2026-11-20T08:30:00Z',
      versions: [
        { index: 0, name: ORIGINAL, share: 90 },
        { index: 1, name: 'Direct', share: 10 },
      ],
    },
    {
      id: 'dental-headline',
      name: 'The dental-headline test',
      page: '/dental-clinics',
      startedAt: '2026-11-02T09:00:00+11:00',
      versions: [
        { index: 0, name: ORIGINAL, share: 50 },
        { index: 1, name: 'Bold', share: 30 },
        { index: 2, name: 'Calm', share: 20 },
      ],
    },
    {
      id: 'physio-cta',
      name: 'The physio-cta test',
      page: '/physio',
      startedAt: null,
      versions: [
        { index: 0, name: ORIGINAL, share: 50 },
        { index: 1, name: 'Short', share: 50 },
      ],
    },
  ]);
});

test('running ones first, then drafts, each group by page path', () => {
  const data: ExperimentsQueryData = {
    allLandingPage: {
      nodes: [
        { slug: 'b-page', sections: [{ heroExperiment: experiment('b', null, ['V', 50]) }] },
        { slug: 'a-page', sections: [{ ctaExperiment: experiment('a', '2026-11-01T00:00:00Z', ['V', 50]) }] },
        { slug: 'c-page', sections: [{ heroExperiment: experiment('c', '2026-10-01T00:00:00Z', ['V', 50]) }] },
      ],
    },
    homeJson: { hero: { experiment: experiment('home', null, ['V', 50]) } },
  };
  expect(experimentsFromContent(data, ORIGINAL).map(({ id, page }) => `${page} ${id}`)).toEqual([
    '/a-page a',
    '/c-page c',
    '/ home',
    '/b-page b',
  ]);
});

test('no experiments: none in the sections, no home page, no landing pages, or no query result at all', () => {
  expect(
    experimentsFromContent(
      {
        allLandingPage: { nodes: [{ slug: 'dental-clinics', sections: [{}, { heroExperiment: null }] }] },
        homeJson: { hero: { experiment: null } },
      },
      ORIGINAL,
    ),
  ).toEqual([]);
  expect(experimentsFromContent({ allLandingPage: null, homeJson: null }, ORIGINAL)).toEqual([]);
  expect(experimentsFromContent({ insightsJson: { content: {} } }, ORIGINAL)).toEqual([]);
});

test('a start GraphQL leaves null is a draft', () => {
  const [draft] = experimentsFromContent(
    { homeJson: { hero: { experiment: experiment('home', null, ['V', 1]) } } },
    ORIGINAL,
  );
  expect(draft.startedAt).toBeNull();
  expect(draft.versions.map((version) => version.share)).toEqual([99, 1]);
});

// What Gatsby writes for the page's query (src/gatsby-types.d.ts, Queries.InsightsPageQuery) once the content's
// experiment fields exist, by the way it writes the other queries: other sections as {}, nulls for absent values.
// It must be assignable to what the dashboard reads; tsc checks this line.
type ExpectedQueryResult = {
  readonly insightsJson: { readonly content: Record<string, unknown> } | null;
  readonly allLandingPage: {
    readonly nodes: ReadonlyArray<{
      readonly slug: string;
      readonly sections: ReadonlyArray<
        | { readonly heroExperiment: GeneratedExperiment | null }
        | { readonly ctaExperiment: GeneratedExperiment | null }
        // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as Gatsby writes the other sections
        | {}
      >;
    }>;
  };
  readonly homeJson: { readonly hero: { readonly experiment: GeneratedExperiment | null } } | null;
};
type GeneratedExperiment = {
  readonly id: string;
  readonly name: string;
  readonly startedAt: string | null;
  readonly variants: ReadonlyArray<{ readonly name: string; readonly share: number }>;
};
export const generatedFits = (data: ExpectedQueryResult): ExperimentsQueryData => data;
