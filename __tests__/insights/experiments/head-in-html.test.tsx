/** @jest-environment node */
// What the built HTML of a page carries for its experiment, rendered as Gatsby's server renders a page's Head and
// onRenderBody: the head script of a page running an experiment (its template's; none for a draft), and on every page the static
// rules that show one version.
import { renderToStaticMarkup } from 'react-dom/server';
import { onRenderBody } from '../../../gatsby-ssr';
import type { ExperimentContent } from '../../../src/content-model/experiment-schema';
import type { LandingPageContent } from '../../../src/content-model/landing-schema';
import { Head as HomeHead } from '../../../src/templates/home-page-experiment';
import { Head as LandingHead } from '../../../src/templates/landing-page-experiment';
import { experimentHeadScript } from '../../../src/insights/experiments/head-script';
import { EXPERIMENT_VERSION_CSS } from '../../../src/insights/experiments/version-styles';
import { inlineScripts } from '../../../src/build/security-headers';
import { landingPageData, landingPages } from '../../helpers/landing-data';
import { nodes, single } from '../../helpers/content-fixtures';
import { mockSiteSettings } from '../../helpers/site-settings';

beforeEach(() => mockSiteSettings());

const running: ExperimentContent = {
  id: 'hero-words',
  name: 'Hero words',
  startedAt: '2026-11-27T09:00:00+11:00',
  variants: [
    { name: 'B', share: 30, title: 'B' },
    { name: 'C', share: 20, title: 'C' },
  ],
};
const draft = { ...running, startedAt: undefined };

/** What Gatsby gives a page's Head: its query's result and where it is. */
const headProps = (data: unknown, pathname: string) => ({
  data: data as never,
  location: { pathname } as never,
  params: {},
  pageContext: {},
  serverData: {},
});

/** The executable inline scripts of a page's head. */
const runnable = (markup: string) =>
  inlineScripts(markup)
    .filter((script) => script.executable)
    .map((script) => script.text);

function landingHead(experiment?: ExperimentContent): string {
  const sample = landingPages()[0];
  const sections = sample.sections.map((section) => {
    const { experiment: _own, ...content } = section as typeof section & { experiment?: ExperimentContent };
    return section.type === 'hero' && experiment ? { ...content, experiment } : content;
  });
  const page = { ...sample, sections } as LandingPageContent;
  return renderToStaticMarkup(<LandingHead {...headProps(landingPageData(page), `/${sample.slug}`)} />);
}

function homeHead(experiment?: ExperimentContent): string {
  const home = single<{ hero: { title: string } }>('HomeJson');
  const data = {
    homeJson: { ...home, hero: { ...home.hero, experiment: experiment ?? null } },
    allService: nodes('Service', 'order'),
    siteJson: single('SiteJson'),
  };
  return renderToStaticMarkup(<HomeHead {...headProps(data, '/')} />);
}

it.each([
  ['a landing page', landingHead],
  ['the home page', homeHead],
])("%s running an experiment carries its head script, a draft's or none's no script", (_page, head) => {
  expect(runnable(head(running))).toEqual([experimentHeadScript('hero-words', [50, 30, 20])]);
  expect(runnable(head(draft))).toEqual([]);
  expect(runnable(head())).toEqual([]);
});

it("every page's head carries the rules that show one version, before the body", () => {
  const components: React.ReactNode[] = [];
  onRenderBody!(
    {
      setHtmlAttributes: () => undefined,
      setHeadComponents: (added: React.ReactNode[]) => components.push(...added),
    } as unknown as Parameters<NonNullable<typeof onRenderBody>>[0],
    {} as never,
  );
  expect(renderToStaticMarkup(<>{components}</>)).toContain(`<style>${EXPERIMENT_VERSION_CSS}</style>`);
});
