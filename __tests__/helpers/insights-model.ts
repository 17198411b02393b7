// What the insights reports must answer for a history of ./insights-fixture.ts, computed in TypeScript from the
// history itself by the definitions of supabase/migrations/20261202120000_insights_reports.sql (its header), not
// from the database: the SQL is checked against this.
import { teamDay, type History, type Lead, type Source, type Visit, type VisitEvent } from './insights-fixture';

export type Period = { from: string; to: string };

/** The days of [from, to), YYYY-MM-DD. */
export function daysOf({ from, to }: Period): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) < to;
    day.setUTCDate(day.getUTCDate() + 1)
  )
    days.push(day.toISOString().slice(0, 10));
  return days;
}

export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function previousOf(period: Period): Period {
  const length = daysOf(period).length;
  const from = new Date(`${period.from}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - length);
  return { from: from.toISOString().slice(0, 10), to: period.from };
}

const within = (period: Period, at: Date) => {
  const day = teamDay(at);
  return day >= period.from && day < period.to;
};

const counted = (lead: Lead) => !lead.duplicateOf && lead.held !== 'held';

/** The source's one word, as private.insights_source says it. */
export function sourceName(source: Source): string {
  return source.utm_source ?? source.referrer_host?.toLowerCase().replace(/^www\./, '') ?? 'direct';
}

function leadSource(lead: Lead): { source: string | null; campaign: string | null } {
  const attribution = lead.attribution;
  if (!attribution) return { source: null, campaign: null };
  const host = attribution.referrer?.replace(/^[a-z]+:\/\//i, '');
  return {
    source: sourceName({ utm_source: attribution.utm_source, referrer_host: host }),
    campaign: attribution.utm_campaign ?? null,
  };
}

const pathOnly = (path: string | undefined) => path?.split('#')[0].split('?')[0] || null;

export class InsightsModel {
  constructor(private readonly history: History) {}

  private events(visit: Visit, period: Period, kind?: 'page_view' | 'engaged'): VisitEvent[] {
    return visit.events
      .filter((event) => within(period, event.at))
      .filter((event) => !kind || (kind === 'page_view' ? event.kind === 'page_view' : event.kind !== 'page_view'))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The visits with a page view in the period (each once). */
  private viewing(period: Period): Visit[] {
    return this.history.visits.filter((visit) => this.events(visit, period, 'page_view').length > 0);
  }

  /** Per day of the period, that day's visitors (a visit with a page view that day), with whether it engaged. */
  private visitorDays(period: Period) {
    return daysOf(period).flatMap((day) => {
      const one = { from: day, to: nextDay(day) };
      return this.viewing(one).map((visit) => ({
        day,
        visit,
        first: this.events(visit, one, 'page_view')[0],
        engaged: this.events(visit, one, 'engaged').length > 0,
      }));
    });
  }

  leads(period: Period): Lead[] {
    return this.history.leads.filter((lead) => counted(lead) && within(period, lead.at));
  }

  /** Leads whose call was booked (or cancelled) in the period. */
  calls(period: Period, status: 'booked' | 'cancelled' = 'booked'): Lead[] {
    return this.history.leads.filter((lead) => lead.call?.status === status && within(period, lead.call.at));
  }

  figures(period: Period) {
    const booked = this.calls(period);
    const days = this.visitorDays(period);
    return {
      visitors: days.length,
      engaged: days.filter((seen) => seen.engaged).length,
      leads: this.leads(period).length,
      booked: booked.length,
      attended: booked.filter((lead) => lead.call!.outcome === 'attended').length,
      cancelled: this.calls(period, 'cancelled').length,
      awaiting_outcome: booked.filter((lead) => !lead.call!.outcome).length,
    };
  }

  funnel(period: Period) {
    const ids = new Set(this.viewing(period).map((visit) => visit.id));
    const leads = this.leads(period);
    const joined = leads.filter((lead) => lead.attribution?.visit_id && ids.has(lead.attribution.visit_id));
    const visitsWith = (test: (lead: Lead) => boolean) =>
      new Set(joined.filter(test).map((lead) => lead.attribution!.visit_id)).size;
    const { visitors, engaged } = this.figures(period);
    return {
      visits: visitors,
      engaged,
      leads: visitsWith(() => true),
      booked: visitsWith((lead) => lead.call?.status === 'booked'),
      attended: visitsWith((lead) => lead.call?.status === 'booked' && lead.call.outcome === 'attended'),
      leads_without_visit: leads.length - joined.length,
    };
  }

  daily(period: Period) {
    return daysOf(period).map((day) => {
      const one = { from: day, to: nextDay(day) };
      return {
        day,
        visitors: this.viewing(one).length,
        leads: this.leads(one).length,
        booked: this.calls(one).length,
      };
    });
  }

  leftOut(period: Period) {
    const days = this.history.days.filter(({ day }) => day >= period.from && day < period.to);
    return {
      bot_events: days.reduce((sum, day) => sum + day.bots, 0),
      flood_held_events: days.reduce((sum, day) => sum + day.flood, 0),
      held_leads: this.history.leads.filter(
        (lead) => !lead.duplicateOf && lead.held === 'held' && within(period, lead.at),
      ).length,
    };
  }

  /** A lead's visit's first page view in the period, if its visit viewed a page there. */
  private firstView(lead: Lead, period: Period): VisitEvent | undefined {
    const visit = this.history.visits.find((one) => one.id === lead.attribution?.visit_id);
    return visit && this.events(visit, period, 'page_view')[0];
  }

  /** Rows by source and by campaign, unordered: { dimension, name, visitors, leads, booked, attended }. */
  sources(period: Period, touch: 'first' | 'last') {
    type Row = {
      dimension: string;
      name: string | null;
      visitors: number;
      leads: number;
      booked: number;
      attended: number;
    };
    const rows = new Map<string, Row>();
    const add = (
      place: { source: string | null; campaign: string | null },
      counts: Partial<Record<'visitors' | 'leads' | 'booked' | 'attended', number>>,
    ) => {
      for (const [dimension, name] of [
        ['source', place.source],
        ['campaign', place.campaign],
      ] as const) {
        const key = `${dimension}:${name}`;
        const row = rows.get(key) ?? { dimension, name, visitors: 0, leads: 0, booked: 0, attended: 0 };
        for (const [field, value] of Object.entries(counts)) row[field as 'visitors'] += value;
        rows.set(key, row);
      }
    };
    const placeOf = (view: VisitEvent) => ({
      source: sourceName(view.source),
      campaign: view.source.utm_campaign ?? null,
    });
    for (const seen of this.visitorDays(period)) add(placeOf(seen.first), { visitors: 1 });
    const touchOf = (lead: Lead) => {
      const view = touch === 'first' ? this.firstView(lead, period) : undefined;
      return view ? placeOf(view) : leadSource(lead);
    };
    for (const lead of this.leads(period)) add(touchOf(lead), { leads: 1 });
    for (const lead of this.calls(period))
      add(touchOf(lead), { booked: 1, attended: lead.call!.outcome === 'attended' ? 1 : 0 });
    return [...rows.values()];
  }

  /** Rows by page and by landing page, unordered: { dimension, name, visitors, engaged, leads, booked }. */
  pages(period: Period) {
    type Row = {
      dimension: string;
      name: string | null;
      visitors: number;
      engaged: number;
      leads: number;
      booked: number;
    };
    const rows = new Map<string, Row>();
    const row = (dimension: string, name: string | null) => {
      const key = `${dimension}:${name}`;
      const found = rows.get(key) ?? { dimension, name, visitors: 0, engaged: 0, leads: 0, booked: 0 };
      rows.set(key, found);
      return found;
    };
    for (const day of daysOf(period)) {
      const one = { from: day, to: nextDay(day) };
      for (const visit of this.history.visits) {
        const events = this.events(visit, one);
        for (const path of new Set(events.map((event) => event.path))) {
          const here = events.filter((event) => event.path === path);
          const page = row('page', path);
          if (here.some((event) => event.kind === 'page_view')) page.visitors += 1;
          if (here.some((event) => event.kind !== 'page_view')) page.engaged += 1;
        }
      }
    }
    for (const seen of this.visitorDays(period)) {
      const landing = row('landing_page', seen.first.landing);
      landing.visitors += 1;
      if (seen.engaged) landing.engaged += 1;
    }
    const landingOf = (lead: Lead) => this.firstView(lead, period)?.landing ?? pathOnly(lead.attribution?.landing_page);
    for (const lead of this.leads(period)) {
      row('page', pathOnly(lead.attribution?.submitted_from)).leads += 1;
      row('landing_page', landingOf(lead)).leads += 1;
    }
    for (const lead of this.calls(period)) {
      row('page', pathOnly(lead.attribution?.submitted_from)).booked += 1;
      row('landing_page', landingOf(lead)).booked += 1;
    }
    for (const found of rows.values()) found.engaged = Math.min(found.engaged, found.visitors);
    return [...rows.values()];
  }
}
