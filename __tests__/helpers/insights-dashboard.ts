// For the dashboard's component tests (__tests__/insights/dashboard/): its words from content/insights.json as the
// build gives them (site placeholders filled in), a stand-in for the team's supabase-js client (the only way the
// dashboard reaches Supabase: src/insights/dashboard/team-client.ts, mocked at that module), and a report to show.
import insightsJson from '../../content/insights.json';
import site from '../../content/site.json';
import type { SiteSettings } from '../../src/content-model/schemas';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import { dashboardCopy, type DashboardCopy } from '../../src/insights/dashboard/copy-schema';
import type { Period } from '../../src/insights/dashboard/periods';
import type { Overview, PageRow, Reports, SourceRow } from '../../src/insights/dashboard/report-types';
import { mapStrings } from '../../src/lib/json-strings';

const tokens = siteTokenValues(site as SiteSettings);
export const copy: DashboardCopy = mapStrings(dashboardCopy.parse(insightsJson.dashboard), (text) =>
  fillSiteTokens(text, tokens),
);

type AuthAnswer = { data: unknown; error: { status?: number; code?: string; message?: string } | null };
type RpcAnswer = { data: unknown; error: { code?: string; message?: string } | null };

/** supabase-js as far as the dashboard uses it: auth's code sign-in and session, and rpc. */
export function fakeTeamClient() {
  return {
    auth: {
      signInWithOtp: jest.fn<Promise<AuthAnswer>, [unknown]>(),
      verifyOtp: jest.fn<Promise<AuthAnswer>, [unknown]>(),
      getSession: jest.fn<Promise<AuthAnswer>, []>(() => Promise.resolve({ data: { session: null }, error: null })),
      signOut: jest.fn<Promise<{ error: null }>, []>(() => Promise.resolve({ error: null })),
    },
    rpc: jest.fn<Promise<RpcAnswer>, [string, Record<string, string>]>(),
  };
}
export type FakeTeamClient = ReturnType<typeof fakeTeamClient>;

export const sessionOf = (email: string) => ({ data: { session: { user: { email } } }, error: null });

const figures = (from: string, to: string, values: Partial<Overview['current']> = {}) => ({
  from_day: from,
  to_day: to,
  visitors: 0,
  engaged: 0,
  leads: 0,
  booked: 0,
  attended: 0,
  cancelled: 0,
  awaiting_outcome: 0,
  rates: { engaged: null, leads: null, booked: null, attended: null },
  funnel: { visits: 0, engaged: 0, leads: 0, booked: 0, attended: 0, leads_without_visit: 0 },
  left_out: { bot_events: 0, flood_held_events: 0, held_leads: 0 },
  rollup_days: 0,
  ...values,
});

/** A week's reports with numbers worth showing (the period is the one asked for). */
export function sampleReports(period: Period, today: string): Reports {
  const overview: Overview = {
    time_zone: 'Australia/Sydney',
    today,
    days: 7,
    current: {
      ...figures(period.from, period.to, {
        visitors: 1234,
        engaged: 321,
        leads: 40,
        booked: 12,
        attended: 7,
        cancelled: 2,
        awaiting_outcome: 3,
        rates: { engaged: 0.2601, leads: 0.0324, booked: 0.3, attended: 0.5833 },
        funnel: { visits: 1234, engaged: 321, leads: 35, booked: 11, attended: 6, leads_without_visit: 5 },
        left_out: { bot_events: 812, flood_held_events: 0, held_leads: 1 },
      }),
      daily: Array.from({ length: 7 }, (_, index) => ({
        day: new Date(Date.parse(`${period.from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
        visitors: [150, 160, 402, 120, 130, 140, 132][index],
        leads: [5, 6, 9, 4, 5, 6, 5][index],
        booked: [2, 1, 3, 1, 2, 2, 1][index],
      })),
    },
    previous: figures('', period.from, { visitors: 987, engaged: 321, leads: 32, booked: 0, attended: 4 }),
  };
  const sources: SourceRow[] = [
    { dimension: 'source', name: 'linkedin', visitors: 300, leads: 20, booked: 8, attended: 5, rank: 1 },
    { dimension: 'source', name: 'direct', visitors: 700, leads: 12, booked: 2, attended: 1, rank: 2 },
    { dimension: 'source', name: '=cmd|calc', visitors: 4, leads: 0, booked: 0, attended: 0, rank: 4 },
    { dimension: 'source', name: null, visitors: 0, leads: 1, booked: 0, attended: 0, rank: 3 },
    { dimension: 'campaign', name: 'dental-q1', visitors: 280, leads: 19, booked: 8, attended: 5, rank: 1 },
    { dimension: 'campaign', name: null, visitors: 954, leads: 21, booked: 4, attended: 2, rank: 2 },
  ];
  const pages: PageRow[] = [
    { dimension: 'page', name: '/book', visitors: 200, engaged: 90, leads: 25, booked: 10, rank: 1 },
    { dimension: 'page', name: '/', visitors: 900, engaged: 100, leads: 10, booked: 1, rank: 2 },
    { dimension: 'landing_page', name: '/dental-clinics', visitors: 310, engaged: 120, leads: 22, booked: 9, rank: 1 },
    { dimension: 'landing_page', name: '/', visitors: 924, engaged: 201, leads: 18, booked: 3, rank: 2 },
  ];
  return { overview, sources, pages };
}

/** Answers the client's rpc calls with `reports` for whatever period is asked (and records what was asked). */
export function answerReports(client: FakeTeamClient, today: string, make = sampleReports) {
  client.rpc.mockImplementation((name, args) => {
    const reports = make({ from: args.from_day, to: args.to_day }, today);
    const data =
      name === 'insights_overview' ? reports.overview : name === 'insights_sources' ? reports.sources : reports.pages;
    return Promise.resolve({ data, error: null });
  });
}
