// A page running an experiment in the browser after a client-side navigation, where no head script runs: the page
// sets <html>'s attributes before it is painted, from the visit's id, and removes them when it goes. On the page
// load itself it keeps what the head script set. A draft does nothing. The templates of a landing page and of the
// home page that run an experiment (src/build/page-templates.ts).
import { render, screen } from '@testing-library/react';
import type { ExperimentContent } from '../../../src/content-model/experiment-schema';
import type { LandingPageContent } from '../../../src/content-model/landing-schema';
import HomePage from '../../../src/templates/home-page';
import HomePageWithExperiment, { Head as HomeHead } from '../../../src/templates/home-page-experiment';
import LandingPageWithExperiment, { Head as LandingHead } from '../../../src/templates/landing-page-experiment';
import { assignVariant } from '../../../src/insights/experiments/assign';
import { EXPERIMENT_ATTRIBUTE, SHOWN_VARIANT_ATTRIBUTE } from '../../../src/insights/experiments/shown-variant';
import { EXPERIMENT_VERSION_CSS } from '../../../src/insights/experiments/version-styles';
import { VISIT_ID_STORAGE_KEY, visitId } from '../../../src/insights/visit-id';
import { landingPageData, landingPages, processedImage } from '../../helpers/landing-data';
import { nodes, single } from '../../helpers/content-fixtures';
import { mockSiteSettings } from '../../helpers/site-settings';
import { UUID_V4, setBrowserValue } from '../../helpers/visit-events';

jest.mock('../../../src/lib/leads');
// The visit id module keeps its id for the page, as in a browser tab: each test here picks the visit it needs.
jest.mock('../../../src/insights/visit-id', () => {
  const actual = jest.requireActual('../../../src/insights/visit-id');
  return { ...actual, visitId: jest.fn(actual.visitId) };
});
const realVisitId = jest.requireActual<{ visitId: () => string }>('../../../src/insights/visit-id').visitId;

const html = document.documentElement;
const STARTED = '2026-11-27T09:00:00+11:00';
const shown = () => [html.getAttribute(EXPERIMENT_ATTRIBUTE), html.getAttribute(SHOWN_VARIANT_ATTRIBUTE)];

const sample = landingPages()[0];
const original = sample.sections.find((section) => section.type === 'hero')!;
const ctaOriginal = sample.sections.find((section) => section.type === 'cta')!;

const heroExperiment: ExperimentContent = {
  id: 'clinic-hero',
  name: 'Clinic hero headline',
  startedAt: STARTED,
  variants: [{ name: 'Short', share: 50, title: 'Never miss a patient call' }],
};
const heroTitles = [original.title, 'Never miss a patient call'];

/** The sample landing page with `experiment` in its section of type `type`, and no other. */
function pageWith(type: 'hero' | 'cta', experiment: ExperimentContent): LandingPageContent {
  const sections = sample.sections.map((section) => {
    const { experiment: _own, ...content } = section as typeof section & { experiment?: ExperimentContent };
    return section.type === type ? { ...content, experiment } : content;
  });
  return { ...sample, sections } as LandingPageContent;
}

// Typed as the pages' query results; built from the same content the build reads.
const pageProps = <Page extends (props: never) => unknown>(data: unknown) =>
  ({ data }) as unknown as Parameters<Page>[0];

const renderLanding = (page: LandingPageContent) =>
  render(<LandingPageWithExperiment {...pageProps<typeof LandingPageWithExperiment>(landingPageData(page))} />);

/** Makes this a visit whose id sees version `index` of `experiment`. */
function visitSeeing(index: number, experiment: ExperimentContent, shares: number[]): void {
  for (let n = 0; ; n += 1) {
    const id = `${n.toString(16).padStart(8, '0')}-2b4c-4d6e-8f10-a1b2c3d4e5f6`;
    if (assignVariant(experiment.id, id, shares) === index) {
      jest.mocked(visitId).mockReturnValue(id);
      return;
    }
  }
}

let undo: (() => void)[] = [];

beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = EXPERIMENT_VERSION_CSS;
  document.head.appendChild(style);
  return import('../../../src/components/landing/below-the-fold');
});

beforeEach(() => {
  mockSiteSettings();
  jest.mocked(visitId).mockImplementation(realVisitId);
  sessionStorage.clear();
  html.removeAttribute(EXPERIMENT_ATTRIBUTE);
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
});

afterEach(() => {
  for (const step of undo.reverse()) step();
  undo = [];
});

describe('a landing page reached by a client-side navigation', () => {
  it.each([0, 1])(
    'shows the visit its version (%i) before the page is painted, and forgets it when the page goes',
    (index) => {
      visitSeeing(index, heroExperiment, [50, 50]);
      const { unmount } = renderLanding(pageWith('hero', heroExperiment));
      expect(shown()).toEqual(['clinic-hero', String(index)]);
      expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
        heroTitles[index],
      ]);
      unmount();
      expect(shown()).toEqual([null, null]);
    },
  );

  it("picks the version from the visit's own id", () => {
    renderLanding(pageWith('hero', heroExperiment));
    const id = realVisitId();
    expect(id).toMatch(UUID_V4);
    expect(shown()).toEqual(['clinic-hero', String(assignVariant('clinic-hero', id, [50, 50]))]);
  });

  it('sets the attributes for an experiment in a section below the fold before that section has loaded', () => {
    const ctaExperiment = {
      ...heroExperiment,
      id: 'closing-band',
      variants: [{ name: 'Ask', share: 40, title: 'Busy?' }],
    };
    visitSeeing(1, ctaExperiment, [60, 40]);
    renderLanding(pageWith('cta', ctaExperiment));
    expect(shown()).toEqual(['closing-band', '1']);
  });

  it('shows the original and sets nothing under Do Not Track', async () => {
    undo.push(setBrowserValue(navigator, 'doNotTrack', '1'));
    renderLanding(pageWith('hero', heroExperiment));
    expect(shown()).toEqual([null, null]);
    expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(original.title);
    expect(await screen.findByRole('region', { name: ctaOriginal.title })).toBeInTheDocument();
  });

  it('does nothing for a draft: the original alone', () => {
    const { container } = renderLanding(pageWith('hero', { ...heroExperiment, startedAt: undefined }));
    expect(shown()).toEqual([null, null]);
    expect(container.querySelector('[data-variant]')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(original.title);
  });
});

describe('the page load', () => {
  it('keeps the version the head script showed, even where its id was one in memory only', () => {
    visitSeeing(0, heroExperiment, [50, 50]);
    html.setAttribute(EXPERIMENT_ATTRIBUTE, 'clinic-hero');
    html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, '1');
    renderLanding(pageWith('hero', heroExperiment));
    expect(shown()).toEqual(['clinic-hero', '1']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heroTitles[1]);
  });

  it('adds no head script in the browser: Gatsby would add it on a client-side navigation, against the policy', () => {
    render(
      <LandingHead
        data={landingPageData(pageWith('hero', heroExperiment)) as never}
        location={{ pathname: `/${sample.slug}` } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    expect(document.querySelectorAll('script:not([type])')).toHaveLength(0);
  });
});

describe('the home page', () => {
  const homeData = (experiment?: ExperimentContent) => {
    const home = single<{ hero: { title: string } }>('HomeJson');
    return {
      homeJson: { ...home, hero: { ...home.hero, experiment: experiment ?? null } },
      allService: nodes('Service', 'order'),
      allTestimonialsJson: nodes('TestimonialsJson'),
      siteJson: single('SiteJson'),
      illustration: { childImageSharp: { gatsbyImageData: processedImage('/images/agent-dashboard.png') } },
    };
  };
  const homeExperiment: ExperimentContent = {
    id: 'home-hero',
    name: 'Home hero',
    startedAt: STARTED,
    variants: [
      { name: 'Plain', share: 30, title: 'Hire an assistant that never sleeps' },
      { name: 'Proof', share: 30, highlights: ['Live in two weeks'] },
    ],
  };

  it.each([0, 1, 2])('shows the visit its version (%i) of the hero', (index) => {
    visitSeeing(index, homeExperiment, [40, 30, 30]);
    const { unmount } = render(
      <HomePageWithExperiment {...pageProps<typeof HomePageWithExperiment>(homeData(homeExperiment))} />,
    );
    expect(shown()).toEqual(['home-hero', String(index)]);
    const title = index === 1 ? 'Hire an assistant that never sleeps' : String(homeData().homeJson.hero.title);
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([title]);
    expect(screen.queryAllByRole('listitem').some((item) => item.textContent === 'Live in two weeks')).toBe(
      index === 2,
    );
    unmount();
    expect(shown()).toEqual([null, null]);
  });

  it('without an experiment, is as before, on its own template', () => {
    const { container } = render(<HomePage {...pageProps<typeof HomePage>(homeData())} />);
    expect(shown()).toEqual([null, null]);
    expect(container.querySelector('[data-variant]')).toBeNull();
  });

  it('adds no head script in the browser', () => {
    render(
      <HomeHead
        data={homeData(homeExperiment) as never}
        location={{ pathname: '/' } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    expect(document.querySelectorAll('script:not([type])')).toHaveLength(0);
  });
});
