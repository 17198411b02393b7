/** @jest-environment node */
// The dashboard asks for its three first-screen reports at once, each in a request of its own
// (supabase/migrations/20261202150000_insights_reports_side_by_side.sql). Days are added up one fill at a time,
// under an advisory lock held to the end of the filling request; a report whose days are all added up must not
// take that lock, or the three reports run one after the other. On the real multi-connection server: a fill
// in progress is a connection holding the lock.
import { startRealPostgres, type RealPostgres, type RequestContext } from '../helpers/real-postgres';
import { waitUntil } from '../helpers/wait-until';

const MEMBER = 'fill-lock@example.com';
const FILL_LOCK = `select pg_advisory_xact_lock(hashtextextended('insights:fill_days', 0))`;
const member: RequestContext = {
  role: 'authenticated',
  claims: { role: 'authenticated', aud: 'authenticated', email: MEMBER },
};
const REPORTS = [
  `select public.insights_overview($1, $2)`,
  `select * from public.insights_sources($1, $2, 'first')`,
  `select * from public.insights_sources($1, $2, 'last')`,
  `select * from public.insights_pages($1, $2)`,
];

let pg: RealPostgres;
beforeAll(async () => {
  pg = await startRealPostgres();
  await pg.sql(`insert into private.team_members (email, added_by) values ($1, 'test')`, [MEMBER]);
}, 60_000);
afterAll(() => pg?.close());

/** `report` for [from, to) as the team member; a wait for a lock longer than 5 s fails it (55P03). */
const ask = (report: string, from: string, to: string) =>
  pg.asRequest(member, async (tx) => {
    await tx.query(`set local lock_timeout = '5s'`);
    return (await tx.query(report, [from, to])).rowCount;
  });

/** Runs `work` while another connection holds the fill's lock, as a fill in progress does. */
async function whileFilling<T>(work: () => Promise<T>): Promise<T> {
  const holder = await pg.connect();
  try {
    await holder.query('begin');
    await holder.query(FILL_LOCK);
    return await work().finally(() => holder.query('commit'));
  } finally {
    holder.release();
  }
}

const addedUp = async (from: string, to: string) =>
  (
    await pg.admin<{ days: number }>(
      `select count(*)::int as days from private.insights_cached_days where day >= $1 and day < $2`,
      [from, to],
    )
  )[0].days;

test('reports whose days are all added up answer while a fill holds the lock', async () => {
  // Added up once (the overview adds up the previous period too).
  for (const report of REPORTS) await ask(report, '2026-03-02', '2026-03-09');
  expect(await addedUp('2026-02-23', '2026-03-09')).toBe(14);

  const answered = await whileFilling(() =>
    Promise.all(REPORTS.map((report) => ask(report, '2026-03-02', '2026-03-09'))),
  );
  expect(answered).toEqual([1, 0, 0, 0]);
});

test('a report with a day still to add up waits for the fill in progress, then adds it up once', async () => {
  expect(await addedUp('2026-05-04', '2026-05-05')).toBe(0);
  // Wrapped: a promise returned from the work would be awaited before the lock is let go.
  const { report } = await whileFilling(async () => {
    const report = pg.asRequest(member, (tx) => tx.query(REPORTS[3], ['2026-05-04', '2026-05-05']));
    await waitUntil(
      'the report to wait for the fill’s lock',
      async () =>
        (
          await pg.admin<{ waiting: number }>(
            `select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
          )
        )[0].waiting,
      { until: (waiting) => waiting === 1 },
    );
    // Not added up while the other fill holds the lock.
    expect(await addedUp('2026-05-04', '2026-05-05')).toBe(0);
    return { report };
  });
  await report;
  expect(await addedUp('2026-05-04', '2026-05-05')).toBe(1);
});
