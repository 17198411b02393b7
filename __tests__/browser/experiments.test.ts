// Experiments on copy as visitors see them (issue 44), in Chromium on the phone profile against the production
// build and the local data API: for every experiment the content runs, a visit given each version is shown that
// version from the first paint, before any of the site's scripts has run, keeps it through hydration and on its
// next load, sees nothing move (no layout shift), and its page view is stored with the version's label.
// The experiments and their words are read from content/: with none running, the file says so and checks nothing.
import type { Browser, Page } from 'playwright-core';
import type { StaticServer } from '../../dev/static/static-server';
import {
  experimentShares,
  sectionForVariant,
  type ExperimentContent,
} from '../../src/content-model/experiment-versions';
import { experimentsIn } from '../../src/content-model/experiments-in';
import { landingPage, type LandingPageContent } from '../../src/content-model/landing-schema';
import { home } from '../../src/content-model/schemas';
import { assignVariant } from '../../src/insights/experiments/assign';
import { SHOWN_VARIANT_ATTRIBUTE, VERSION_ATTRIBUTE, variantLabel } from '../../src/insights/experiments/shown-variant';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { contentByType } from '../helpers/content-fixtures';
import { waitUntil } from '../helpers/wait-until';
import { launchBrowser, MOBILE, openPage } from './setup/browser';
import { applyPhoneProfile, waitForHydration } from './setup/phone-profile';
import { serveBuild, startLeadApi, type LeadApi } from './setup/test-env';

type Running = { route: string; experiment: ExperimentContent; section: Record<string, unknown> };

const content = contentByType();
const running: Running[] = [
  ...(content.LandingPage as unknown as LandingPageContent[]).map((page) => ({
    route: `/${page.slug}`,
    found: experimentsIn(landingPage, page),
  })),
  { route: '/', found: experimentsIn(home, (content.HomeJson as unknown[])[0]) },
].flatMap(({ route, found }) =>
  found
    .map(({ section, key }) => ({ route, section, experiment: section[key] as ExperimentContent }))
    .filter(({ experiment }) => !!experiment.startedAt),
);

/** A visit id that `experiment` gives version `index` (ids tried in a fixed order: the same every run). */
function visitIdFor(experiment: ExperimentContent, index: number): string {
  const shares = experimentShares(experiment);
  for (let n = 1; n < 100_000; n++) {
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    if (assignVariant(experiment.id, id, shares) === index) return id;
  }
  throw new Error(`no visit id found for version ${index} of ${experiment.id}`);
}

/** The first text the version shows: its headline. */
const headline = (section: Record<string, unknown>) => String(section.title);

let browser: Browser;
let site: StaticServer;
let api: LeadApi;

beforeAll(async () => {
  if (running.length === 0) return;
  [browser, site, api] = await Promise.all([launchBrowser({ asVisitor: true }), serveBuild(), startLeadApi()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
});

/** The versions shown (their wrappers' indexes whose box is rendered) and the html's attribute. */
const shownVersions = (page: Page) =>
  page.evaluate(
    ({ version, shown }) => ({
      visible: [...document.querySelectorAll<HTMLElement>(`[${version}]`)]
        .filter((wrapper) => [...wrapper.children].some((child) => (child as HTMLElement).offsetParent !== null))
        .map((wrapper) => wrapper.getAttribute(version)),
      attribute: document.documentElement.getAttribute(shown),
    }),
    { version: VERSION_ATTRIBUTE, shown: SHOWN_VARIANT_ATTRIBUTE },
  );

if (running.length === 0) {
  it('has nothing to check: no experiment runs in content/', () => expect(running).toEqual([]));
}

for (const entry of running) {
  describe(`experiment ${entry.experiment.id}`, () => {
    const { route, experiment, section } = entry;
    const versions = experimentShares(experiment).map((_, index) => index);

    it.each(versions)(
      'a visit given version %i sees it from the first paint, through hydration and on its next load, nothing moves, and its page view says so',
      async (index) => {
        const visitId = visitIdFor(experiment, index);
        const shown = headline(sectionForVariant(section as { experiment?: ExperimentContent }, index));
        const { context, page, errors } = await openPage(browser, MOBILE);
        try {
          await page.addInitScript(
            ({ key, id }) => {
              if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, id);
              // Each shift with what moved, so a failure says where to look.
              const shifts: { value: number; at: number; moved: string[] }[] = [];
              Object.assign(window, { layoutShifts: shifts });
              type Shift = PerformanceEntry & {
                value: number;
                sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
              };
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Shift[]) {
                  const moved = (entry.sources ?? []).map(
                    ({ node, previousRect: from, currentRect: to }) =>
                      `${node?.nodeName ?? '?'} "${(node?.textContent ?? '').slice(0, 40)}" y ${from.y} → ${to.y}, h ${from.height} → ${to.height}`,
                  );
                  shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
                }
              }).observe({ type: 'layout-shift', buffered: true });
            },
            { key: VISIT_ID_STORAGE_KEY, id: visitId },
          );
          await applyPhoneProfile(page);
          // The site's scripts held back: what shows now is the HTML, its CSS and the head script alone.
          let letScriptsThrough!: () => void;
          const held = new Promise<void>((resolve) => (letScriptsThrough = resolve));
          await page.route(
            (url) => url.origin === site.url && url.pathname.endsWith('.js'),
            async (request) => {
              await held;
              await request.continue().catch(() => undefined);
            },
          );
          await page.goto(site.url + route, { waitUntil: 'domcontentloaded' });
          expect(await shownVersions(page)).toEqual({ visible: [String(index)], attribute: String(index) });
          await page.getByRole('heading', { name: shown }).waitFor();

          letScriptsThrough();
          await waitForHydration(page);
          await page.waitForLoadState('networkidle');
          expect(await shownVersions(page)).toEqual({ visible: [String(index)], attribute: String(index) });
          expect(await page.getByRole('heading', { name: shown }).isVisible()).toBe(true);
          expect(await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts)).toEqual(
            [],
          );

          const events = await waitUntil(
            'the page view to be stored',
            () =>
              api.sql<{ kind: string; variant: string | null }>(
                `select kind, variant from private.visit_events where visit_id = $1 order by id`,
                [visitId],
              ),
            { until: (rows) => rows.length > 0, timeoutMs: 30_000 },
          );
          expect(events).toEqual([{ kind: 'page_view', variant: variantLabel(experiment.id, index) }]);

          // The same visit, loaded again: the same version.
          await page.reload({ waitUntil: 'domcontentloaded' });
          await waitForHydration(page);
          expect(await shownVersions(page)).toEqual({ visible: [String(index)], attribute: String(index) });
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });
}
