// The page /insights itself (src/pages/insights.tsx): its heading and words from content, its code loaded lazily
// (React.lazy: nothing of the dashboard is in the page module), noindex in its head and in its response
// (X-Robots-Tag from the headers builder), left out of the sitemap, and no link target in the copy.
import { render, screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import InsightsPage, { Head } from '../../../src/pages/insights';
import { securityHeaderBlocks, TEAM_PAGE_ROBOTS } from '../../../src/build/security-headers';
import { searchablePages } from '../../../src/build/sitemap-pages';
import { INSIGHTS_PATH, pageRoutes, TEAM_PATHS } from '../../../src/content-model/route-paths';
import { copy, fakeTeamClient, type FakeTeamClient } from '../../helpers/insights-dashboard';
import { mockSiteSettings } from '../../helpers/site-settings';

let mockClient: FakeTeamClient;
jest.mock('../../../src/insights/dashboard/team-client', () => ({ getTeamClient: () => mockClient }));
jest.mock('uplot', () => ({ __esModule: true, default: jest.fn() }));

beforeEach(() => {
  mockSiteSettings();
  mockClient = fakeTeamClient();
});

const data = { insightsJson: { content: { dashboard: copy } } };

test('the page shows its title at once, then the sign-in from the lazily loaded dashboard', async () => {
  render(<InsightsPage {...({ data } as unknown as Parameters<typeof InsightsPage>[0])} />);
  expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
  expect(await screen.findByLabelText(copy.signIn.emailLabel)).toBeInTheDocument();
});

test('the page module imports the dashboard only through import(): no other route’s bundle can carry it', () => {
  const source = fs.readFileSync(path.resolve(__dirname, '../../../src/pages/insights.tsx'), 'utf8');
  expect(source).toMatch(/lazy\(\(\) => import\('\.\.\/insights\/dashboard\/InsightsApp'\)\)/);
  expect(source).not.toMatch(/^import .*(insights\/dashboard|uplot|supabase)/m);
  // uPlot is imported by the chart module alone.
  const dashboard = path.resolve(__dirname, '../../../src/insights/dashboard');
  const importers = fs
    .readdirSync(dashboard)
    .filter((file) => fs.readFileSync(path.join(dashboard, file), 'utf8').includes("from 'uplot'"));
  expect(importers).toEqual(['DailyChart.tsx']);
});

test('its head says noindex, with the dashboard’s title', () => {
  render(
    <Head
      data={data as never}
      location={{ pathname: INSIGHTS_PATH } as never}
      params={{}}
      pageContext={{}}
      serverData={{}}
    />,
  );
  expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(document.querySelector('title')).toHaveTextContent(copy.meta.title);
});

test('its response says noindex too (X-Robots-Tag), beside its own Content-Security-Policy; other pages do not', () => {
  const blocks = securityHeaderBlocks(
    [
      { path: '/', html: '<html><head></head></html>' },
      { path: INSIGHTS_PATH, html: '<html><head></head></html>' },
    ],
    'http://127.0.0.1:54321',
  );
  const insights = blocks.find((block) => block.pattern === INSIGHTS_PATH)!;
  expect(insights.headers).toContainEqual(TEAM_PAGE_ROBOTS);
  expect(insights.headers.map(([name]) => name)).toContain('Content-Security-Policy');
  expect(blocks.find((block) => block.pattern === '/')!.headers.map(([name]) => name)).not.toContain('X-Robots-Tag');
});

test('it is a route of the site, out of the sitemap', () => {
  expect(pageRoutes).toContain(INSIGHTS_PATH);
  expect(TEAM_PATHS).toEqual([INSIGHTS_PATH]);
  const pages = ['/', '/pricing', INSIGHTS_PATH, `${INSIGHTS_PATH}/`].map((pagePath) => ({ path: pagePath }));
  expect(searchablePages({ allSitePage: { nodes: pages } }).map((page) => page.path)).toEqual(['/', '/pricing']);
});
