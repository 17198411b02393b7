// What a marketer may write for the team's dashboard at /insights: content/insights.json's `dashboard` (beside the
// sign-in e-mail's `signIn`, src/content-model/insights-schema.ts). Every word the page shows. Placeholders filled in
// at run time (DASHBOARD_PLACEHOLDERS): {email} (the address signing in), {count}, {rate} (a share, as 12.5 %),
// {change} (against the previous period, as +12 %), {days}, {from}, {to}, {previousFrom}, {previousTo} (days),
// {visitors}, {leads}, {booked}, {day}; for the experiments, {experiment} (an experiment's name), {page} (its page's path),
// {version} (a version's name), {needs} (what is still needed, as 37 more visitors and 4 more leads), {chance} (a
// chance to beat the original, as 96.7 %), {metric} (leads, or booked calls: what a winner is named on) and
// {conversions} (how many of them).
import { z } from 'zod';
import { pageMeta } from '../../content-model/schemas';
import { text } from '../../content-model/zod-helpers';

export const DASHBOARD_PLACEHOLDERS = [
  'email',
  'count',
  'rate',
  'change',
  'days',
  'from',
  'to',
  'previousFrom',
  'previousTo',
  'visitors',
  'leads',
  'booked',
  'day',
  'experiment',
  'page',
  'version',
  'needs',
  'chance',
  'metric',
  'conversions',
];

/** Text that must name each of `names` (what the code fills in), with why in the message. */
const mentioning = (what: string, ...names: [string, string][]) =>
  names.reduce(
    (schema, [name, meaning]) =>
      schema.regex(new RegExp(`\\{${name}\\}`), `${what} must contain {${name}}, ${meaning}`),
    text(what),
  );

const figureLabels = z
  .object({
    visitors: text('visitors'),
    engaged: text('engaged'),
    leads: text('leads'),
    booked: text('booked'),
    attended: text('attended'),
  })
  .strict();

const signIn = z
  .object({
    heading: text('heading'),
    intro: text('intro'),
    emailLabel: text('emailLabel'),
    sendCode: text('sendCode'),
    sending: text('sending'),
    /**
     * Said whatever the answer (sent, not on the list, asked again too soon), so the page never shows who is on the
     * team's list (docs/insights.md).
     */
    codeSent: mentioning('codeSent', ['email', 'the address the code was asked for']),
    codeLabel: text('codeLabel'),
    codeHint: text('codeHint'),
    signIn: text('signIn'),
    signingIn: text('signingIn'),
    otherAddress: text('otherAddress'),
    emailNotValid: text('emailNotValid'),
    invalidCode: text('invalidCode'),
    wrongCode: text('wrongCode'),
    failure: text('failure'),
  })
  .strict();

const account = z
  .object({
    signedInAs: mentioning('signedInAs', ['email', 'the address signed in']),
    signOut: text('signOut'),
    notMember: mentioning('notMember', ['email', 'the address signed in']),
  })
  .strict();

const period = z
  .object({
    legend: text('legend'),
    last7: text('last7'),
    last30: text('last30'),
    last90: text('last90'),
    custom: text('custom'),
    fromLabel: text('fromLabel'),
    toLabel: text('toLabel'),
    apply: text('apply'),
    invalid: text('invalid'),
    showing: mentioning(
      'showing',
      ['from', 'the first day shown'],
      ['to', 'the last day shown'],
      ['previousFrom', 'the first day compared with'],
      ['previousTo', 'the last day compared with'],
    ),
  })
  .strict();

const figures = z
  .object({
    heading: text('heading'),
    labels: figureLabels,
    /** The rate under each figure: of visitors (engaged, leads), of leads (booked), of booked calls (attended). */
    ofVisitors: mentioning('ofVisitors', ['rate', 'the share of the visitors']),
    ofLeads: mentioning('ofLeads', ['rate', 'the share of the leads']),
    ofBooked: mentioning('ofBooked', ['rate', 'the share of the booked calls']),
    change: mentioning('change', ['change', 'the change against the previous period']),
    noChange: text('noChange'),
    newInPeriod: text('newInPeriod'),
    cancelled: mentioning('cancelled', ['count', 'how many booked calls were cancelled']),
    awaitingOutcome: mentioning('awaitingOutcome', ['count', 'how many booked calls have no outcome yet']),
  })
  .strict();

const chart = z
  .object({
    heading: text('heading'),
    summary: mentioning(
      'summary',
      ['visitors', 'the visitors of the period'],
      ['leads', 'the leads of the period'],
      ['booked', 'the booked calls of the period'],
    ),
    busiestDay: mentioning('busiestDay', ['day', 'the day with the most visitors'], ['count', 'its visitors']),
    tableCaption: text('tableCaption'),
    dayColumn: text('dayColumn'),
  })
  .strict();

const funnel = z
  .object({
    heading: text('heading'),
    intro: text('intro'),
    steps: z
      .object({
        visits: text('visits'),
        engaged: text('engaged'),
        leads: text('leads'),
        booked: text('booked'),
        attended: text('attended'),
      })
      .strict(),
    stepColumn: text('stepColumn'),
    countColumn: text('countColumn'),
    rateColumn: text('rateColumn'),
    leadsWithoutVisit: mentioning('leadsWithoutVisit', ['count', 'how many leads had no counted visit']),
  })
  .strict();

const leftOut = z
  .object({
    bots: mentioning('bots', ['count', 'the events of bots not counted']),
    flood: mentioning('flood', ['count', 'the events held as a flood']),
    heldLeads: mentioning('heldLeads', ['count', 'the leads held as suspected spam']),
    approximate: mentioning('approximate', ['days', 'how many days come from the daily totals']),
  })
  .strict();

const tables = z
  .object({
    sources: text('sources'),
    campaigns: text('campaigns'),
    pages: text('pages'),
    landingPages: text('landingPages'),
    ranked: text('ranked'),
    touchLegend: text('touchLegend'),
    firstTouch: text('firstTouch'),
    lastTouch: text('lastTouch'),
    columns: z
      .object({
        ...figureLabels.shape,
        source: text('source'),
        campaign: text('campaign'),
        page: text('page'),
        landingPage: text('landingPage'),
      })
      .strict(),
    /** A source, campaign or page the database names null: unknown, or no campaign. */
    direct: text('direct'),
    unknown: text('unknown'),
    noCampaign: text('noCampaign'),
    empty: text('empty'),
    showAll: mentioning('showAll', ['count', 'how many rows the table has']),
    showFewer: mentioning('showFewer', ['count', 'how many rows are shown at first']),
    download: text('download'),
  })
  .strict();

/** A count's words, singular (`one`) and plural (`other`), each with {count}. */
const countWords = (meaning: string) =>
  z
    .object({
      one: mentioning('one', ['count', meaning]),
      other: mentioning('other', ['count', meaning]),
    })
    .strict();

const experiments = z
  .object({
    heading: text('heading'),
    /** Says that each experiment's numbers run from its start to now, whatever the period, within retention. */
    intro: text('intro'),
    rule: mentioning(
      'rule',
      ['visitors', 'the visitors every version needs'],
      ['conversions', 'the leads (or booked calls) every version needs'],
      ['days', 'the days an experiment must run'],
      ['chance', 'the chance to beat the original a winner needs'],
    ),
    none: text('none'),
    loading: text('loading'),
    loadFailure: text('loadFailure'),
    running: mentioning('running', ['page', 'the page it runs on'], ['day', 'the day it started']),
    draft: mentioning('draft', ['page', 'the page it is on']),
    /** The table's caption, read by assistive technology. */
    caption: mentioning('caption', ['experiment', "the experiment's name"]),
    original: text('original'),
    /** A version the numbers have and the content no longer does. */
    removedVersion: mentioning('removedVersion', ['version', "the version's number"]),
    columns: z
      .object({
        version: text('version'),
        share: text('share'),
        visitors: text('visitors'),
        engaged: text('engaged'),
        leads: text('leads'),
        leadRate: text('leadRate'),
        booked: text('booked'),
        chance: text('chance'),
      })
      .strict(),
    /** The chance cell of the original, and of a chance that cannot be worked out (no leads in the original). */
    notApplicable: text('notApplicable'),
    /** The chance cell of a variant while the experiment is still collecting. */
    notYet: text('notYet'),
    metrics: z.object({ leads: text('leads'), booked: text('booked') }).strict(),
    collecting: text('collecting'),
    eachNeeds: mentioning('eachNeeds', ['needs', 'what every version still needs']),
    versionNeeds: mentioning('versionNeeds', ['version', "the version's name"], ['needs', 'what it still needs']),
    moreVisitors: countWords('how many more visitors'),
    moreLeads: countWords('how many more leads'),
    moreBooked: countWords('how many more booked calls'),
    runMore: countWords('how many more days the experiment must run'),
    winner: mentioning('winner', ['version', "the winner's name"], ['chance', 'its chance to beat the original']),
    originalWins: mentioning('originalWins', ['chance', 'the highest chance of a variant to beat the original']),
    noClearWinner: text('noClearWinner'),
  })
  .strict();

export const dashboardCopy = z
  .object({
    meta: pageMeta,
    title: text('title'),
    loading: text('loading'),
    signIn,
    account,
    period,
    figures,
    chart,
    funnel,
    leftOut,
    tables,
    experiments,
    loadingReports: text('loadingReports'),
    loadFailure: text('loadFailure'),
    retry: text('retry'),
  })
  .strict();

export type DashboardCopy = z.infer<typeof dashboardCopy>;
