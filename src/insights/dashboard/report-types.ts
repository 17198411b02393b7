// The reports' answers (supabase/migrations/20261202120000_insights_reports.sql, whose header says what each number
// is), as the dashboard reads them. Days are the team's calendar days, YYYY-MM-DD; a period is [from_day, to_day).

export type Rates = { engaged: number | null; leads: number | null; booked: number | null; attended: number | null };

export type Funnel = {
  visits: number;
  engaged: number;
  leads: number;
  booked: number;
  attended: number;
  leads_without_visit: number;
};

export type LeftOut = { bot_events: number; flood_held_events: number; held_leads: number };

export type DailyRow = { day: string; visitors: number; leads: number; booked: number };

export type PeriodFigures = {
  from_day: string;
  to_day: string;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  attended: number;
  cancelled: number;
  awaiting_outcome: number;
  rates: Rates;
  funnel: Funnel;
  left_out: LeftOut;
  /** Days of the period whose visits come from the daily rollups (approximate). */
  rollup_days: number;
};

export type Overview = {
  time_zone: string;
  /** The team's today, for the "last N days" periods. */
  today: string;
  days: number;
  current: PeriodFigures & { daily: DailyRow[] };
  previous: PeriodFigures;
};

export type Touch = 'first' | 'last';

export type SourceRow = {
  dimension: 'source' | 'campaign';
  /** null: an unknown source, or no campaign. */
  name: string | null;
  visitors: number;
  leads: number;
  booked: number;
  attended: number;
  rank: number;
};

export type PageRow = {
  dimension: 'page' | 'landing_page';
  name: string | null;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  rank: number;
};

export type Reports = { overview: Overview; sources: SourceRow[]; pages: PageRow[] };

/**
 * One version of an experiment (public.insights_experiment): its visits since the experiment started, those that
 * opened the chat or started a form, their counted leads, booked calls and attended calls. A version no visit has
 * seen yet has no row.
 */
export type ExperimentRow = {
  /** The version's index: 0 the original, 1… the variants. */
  variant: number;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  attended: number;
};
