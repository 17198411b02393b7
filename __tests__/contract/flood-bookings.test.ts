/** @jest-environment node */
// A flood and the calendar (issue 36, supabase/migrations/20261129100000_flood_bookings.sql), through the data API
// on a real PostgreSQL server prepared like a hosted project (the same SQL as on npm start's embedded database,
// which runs a sample of the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): one network block holds or
// books at most 3 times at once, one client holds at most 2, one request holds at most 6 times, and each refusal is
// the clear answer `sender_limit` for that sender only; a burst from many blocks takes at most 2 + 3 of a day's 6
// calls (holds in the flood last 3 minutes and are marked), while a visitor from elsewhere still gets a time; a
// lead stored above the global rate is held and cannot book; public.lead_challenge issues at most 20 challenges a
// minute to a client and 60 to a block at the volume's level, then the cap. The booking rules run on a clock the
// tests set (Wednesday 9 June 2027, 10:05 in Sydney), never on the hour CI happens to run at.
import { A_WEDNESDAY_MORNING, bookingClockNow, setBookingClock } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  wallTime,
  type BookingAnswer,
  type BookingVisitor,
  type Slot,
} from '../helpers/booking';
import {
  POSTGRES_ONLY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(90_000);

const ZONE = 'Australia/Sydney';
const dayOf = (slot: Slot) => wallTime(slot.starts_at, ZONE).slice(0, 10);
const onTheHour = (slot: Slot) => wallTime(slot.starts_at, ZONE).endsWith(':00');
/** Minutes from `now` (the booking rules' clock) to `instant`. */
const minutesUntil = (instant: string | undefined, now: number) => (new Date(instant ?? 0).getTime() - now) / 60_000;

describe.each(POSTGRES_ONLY)('on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());

  let blockNumber = 0;
  /** Addresses of a /24 no other test of this file uses. */
  const block = () => {
    blockNumber += 1;
    const number = blockNumber;
    return (host: number) => `100.80.${number}.${host}`;
  };
  const visitorFrom = (clientAddress: string) => bookingVisitor(api, { clientAddress });
  const hold = (visitor: BookingVisitor, slot: Slot) =>
    visitor.call('hold_booking_slot', { email: visitor.email, starts_at: slot.starts_at, visitor_time_zone: 'UTC' });
  /** Free times an hour apart (a call and its 15-minute buffer never overlap the next), by team day. */
  async function hourlyTimesByDay() {
    const slots = (await freeSlots(await bookingVisitor(api))).filter(onTheHour);
    return [...new Set(slots.map(dayOf))].map((day) => slots.filter((slot) => dayOf(slot) === day));
  }
  /** A whole day's times an hour apart (not today, which the notice may have cut short). */
  const hourlyTimesOfOneDay = async (dayIndex = 1) => (await hourlyTimesByDay())[dayIndex];
  const liveRowsOn = (day: string) =>
    api.sql<{ in_flood: boolean; status: string; hold_expires_at: string | null }>(
      `select in_flood, status, hold_expires_at from private.bookings
        where team_day = $1 and (status = 'booked' or (status = 'held' and hold_expires_at > private.clock_now()))
        order by created_at`,
      [day],
    );
  /** The flood window (60 minutes) is over for every booking made so far. */
  const floodWindowPasses = () => api.sql(`update private.bookings set created_at = created_at - interval '2 hours'`);

  beforeEach(async () => {
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '1 hour' });
    await setBookingClock(api, A_WEDNESDAY_MORNING);
  });

  describe('per sender', () => {
    test('one network block holds at most 3 times; its next visitor is told sender_limit, others are not', async () => {
      const address = block();
      const times = await hourlyTimesOfOneDay();
      const flood = await Promise.all([1, 2, 3, 4].map((host) => visitorFrom(address(host))));
      const answers: BookingAnswer[] = [];
      for (const [index, visitor] of flood.entries()) answers.push(await hold(visitor, times[index]));
      expect(answers.map((answer) => answer.status)).toEqual(['held', 'held', 'held', 'sender_limit']);
      // The clear refusal, for every time: nothing online is left for this block until a hold ends.
      expect(answers[3]).toEqual({ status: 'sender_limit' });
      const neighbour = await visitorFrom(address(200));
      expect(await hold(neighbour, times[5])).toEqual({ status: 'sender_limit' });
      // A visitor from another block still gets a time.
      const elsewhere = await visitorFrom(block()(1));
      expect((await hold(elsewhere, times[5])).status).toBe('held');
      // A hold that runs out gives the block its place back.
      await api.sql(
        `update private.bookings set hold_expires_at = private.clock_now() - interval '1 second'
          where id = (select id from private.bookings where status = 'held' order by created_at limit 1)`,
      );
      expect((await hold(neighbour, times[6])).status).toBe('held');
    });

    test('booked calls count too: a block with 3 calls ahead holds nothing more until one is cancelled', async () => {
      const address = block();
      const times = await hourlyTimesOfOneDay(2);
      const booked: BookingAnswer[] = [];
      for (const host of [1, 2, 3])
        booked.push(await holdAndConfirm(await visitorFrom(address(host)), times[host].starts_at));
      expect(booked.map((answer) => answer.status)).toEqual(['booked', 'booked', 'booked']);
      const fourth = await visitorFrom(address(4));
      expect(await hold(fourth, times[5])).toEqual({ status: 'sender_limit' });
      expect((await fourth.call('cancel_booking', { token: booked[0].manage_token })).status).toBe('cancelled');
      expect((await holdAndConfirm(fourth, times[5].starts_at)).status).toBe('booked');
    });

    test('one client holds at most 2 times at once (two requests from one address), one request at most 6 times', async () => {
      const address = block();
      const times = await hourlyTimesOfOneDay();
      const sameConnection = await Promise.all([1, 2, 3].map(() => visitorFrom(address(1))));
      const answers: BookingAnswer[] = [];
      for (const [index, visitor] of sameConnection.entries()) answers.push(await hold(visitor, times[index]));
      expect(answers.map((answer) => answer.status)).toEqual(['held', 'held', 'sender_limit']);

      // Picking again gives the earlier hold back, six times; the seventh pick is refused.
      const picky = await visitorFrom(block()(1));
      const picks: string[] = [];
      for (let pick = 0; pick < 7; pick++) picks.push((await hold(picky, times[3 + (pick % 2)])).status);
      expect(picks).toEqual(['held', 'held', 'held', 'held', 'held', 'held', 'sender_limit']);
      const [{ live }] = await api.sql<{ live: number }>(
        `select count(*)::int as live from private.bookings b join public.consultation_requests r on r.id = b.request_id
          where r.email = $1 and b.status = 'held'`,
        [picky.email],
      );
      expect(live).toBe(1);
    });
  });

  describe('a flood from many blocks', () => {
    test('cannot fill a day: 2 calls before the flood and 3 in it of 6; then the day is not offered, other days are', async () => {
      const times = await hourlyTimesOfOneDay();
      const day = dayOf(times[0]);
      const answers: BookingAnswer[] = [];
      for (const time of times.slice(0, 8))
        answers.push(await holdAndConfirm(await visitorFrom(block()(1)), time.starts_at));
      expect(answers.map((answer) => answer.status)).toEqual([
        'booked',
        'booked',
        'booked',
        'booked',
        'booked',
        'day_full',
        'day_full',
        'day_full',
      ]);
      for (const refused of answers.slice(5)) {
        expect(refused.alternatives!.length).toBeGreaterThan(0);
        expect(refused.alternatives!.some((slot) => dayOf(slot) === day)).toBe(false);
      }
      expect((await liveRowsOn(day)).map((row) => row.in_flood)).toEqual([false, false, true, true, true]);

      // A visitor from another block: that day is not offered while the flood lasts, another day is, and their
      // hold, made in the flood, lasts 3 minutes instead of 10.
      const visitor = await visitorFrom(block()(1));
      const offered = await freeSlots(visitor);
      expect(offered.some((slot) => dayOf(slot) === day)).toBe(false);
      const held = await hold(visitor, offered[0]);
      expect(held.status).toBe('held');
      const now = await bookingClockNow(api);
      expect(minutesUntil(held.hold_expires_at, now)).toBeGreaterThan(2.5);
      expect(minutesUntil(held.hold_expires_at, now)).toBeLessThanOrEqual(3.1);

      // When the flood is over, the day's last call can be booked again.
      await floodWindowPasses();
      const later = await visitorFrom(block()(1));
      expect((await freeSlots(later)).some((slot) => dayOf(slot) === day)).toBe(true);
      const booked = await holdAndConfirm(later, times[8].starts_at);
      expect(booked.status).toBe('booked');
      expect((await liveRowsOn(day)).length).toBe(6);
    });

    test('cannot fill the calendar: every day keeps a free call, and bookings made in it are marked', async () => {
      await setAvailability(api, {
        weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, '09:00', '12:00']),
        bufferAfterMinutes: 0,
        minimumNotice: '1 hour',
        horizon: '4 days',
      });
      const capacity = new Map<string, number>();
      for (const slot of await freeSlots(await bookingVisitor(api)))
        capacity.set(dayOf(slot), (capacity.get(dayOf(slot)) ?? 0) + 1);
      // 40 bots, each from a block of its own, each booking the first time it is offered.
      for (let bot = 0; bot < 40; bot++) {
        const visitor = await visitorFrom(block()(1));
        const [first] = await freeSlots(visitor);
        if (!first) break;
        expect(['booked', 'day_full']).toContain((await holdAndConfirm(visitor, first.starts_at)).status);
      }
      const rows = await api.sql<{ day: string; live: number; flood: number }>(
        `select to_char(team_day, 'YYYY-MM-DD') as day, count(*)::int as live,
                count(*) filter (where in_flood)::int as flood
           from private.bookings where status = 'booked' group by team_day`,
      );
      // Two calls before the flood was seen, then at most 3 a day; a whole day (6 calls or more) keeps one free.
      expect(rows.reduce((sum, row) => sum + row.live - row.flood, 0)).toBe(2);
      for (const row of rows) {
        expect(row.flood).toBeLessThanOrEqual(3);
        if ((capacity.get(row.day) ?? 0) >= 6) expect(row.live).toBeLessThanOrEqual(5);
      }
      const total = [...capacity.values()].reduce((sum, count) => sum + Math.min(count, 6), 0);
      expect(rows.reduce((sum, row) => sum + row.live, 0)).toBeLessThan(total);
      // While the flood lasts the site says there is no time online (the team e-mails); after it, there are.
      expect(await freeSlots(await visitorFrom(block()(1)))).toEqual([]);
      await floodWindowPasses();
      expect((await freeSlots(await visitorFrom(block()(1)))).length).toBeGreaterThan(0);
    });

    test('a lead stored above the global rate is held, so it cannot hold a time', async () => {
      await api.sql(
        `insert into public.consultation_requests (name, email, company, phone, message)
         select 'Flood', 'flood' || n || '@example.com', 'Bot', '', '' from generate_series(1, 60) n`,
      );
      const visitor = await bookingVisitor(api, { withRequest: false });
      const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: visitor.clientAddress });
      const lead = { name: 'Real Person', email: visitor.email, company: 'Acme', phone: '', message: '' };
      expect((await client.from('consultation_requests').insert(lead)).error).toBeNull();
      const [{ hold_reason }] = await api.sql<{ hold_reason: string }>(
        'select hold_reason from public.consultation_requests where email = $1',
        [visitor.email],
      );
      expect(hold_reason).toBe('over_global_rate');
      const [slot] = await freeSlots(visitor);
      expect(await hold(visitor, slot)).toEqual({ status: 'no_request' });
      await api.sql(`update public.consultation_requests set created_at = created_at - interval '1 hour'`);
    });
  });

  // Requests really run side by side only on the real server (the embedded database serves one at a time).
  if (backend === 'postgres') {
    test('two visitors of one block racing for its last allowed hold on two days: exactly one gets it, three rounds', async () => {
      for (let round = 0; round < 3; round++) {
        await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '1 hour' });
        const address = block();
        const [, first, second, third] = await hourlyTimesByDay();
        for (const host of [1, 2])
          expect((await hold(await visitorFrom(address(host)), first[host])).status).toBe('held');
        const racers = await Promise.all([3, 4].map((host) => visitorFrom(address(host))));
        const answers = await Promise.all([hold(racers[0], second[round]), hold(racers[1], third[round])]);
        expect(answers.map((answer) => answer.status).sort()).toEqual(['held', 'sender_limit']);
      }
    });

    test('12 blocks at once on one day: still at most 2 + 3 of its calls', async () => {
      const times = await hourlyTimesOfOneDay();
      const bots = await Promise.all(times.slice(0, 12).map(() => visitorFrom(block()(1))));
      const answers = await Promise.all(bots.map((bot, index) => holdAndConfirm(bot, times[index].starts_at)));
      expect(answers.filter((answer) => answer.status === 'booked')).toHaveLength(5);
      expect((await liveRowsOn(dayOf(times[0]))).filter((row) => row.in_flood)).toHaveLength(3);
    });
  }

  describe('public.lead_challenge', () => {
    type Issued = { maxnumber: number; salt: string };
    const challengeFrom = async (clientAddress: string) => {
      const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress, challenge: false });
      const { data, error } = await client.rpc('lead_challenge');
      expect(error).toBeNull();
      return data as unknown as Issued;
    };
    const LEVEL = 50_000;
    const CAP = 3_200_000;
    beforeAll(() => api.sql(`update public.consultation_requests set created_at = created_at - interval '1 hour'`));

    test('a client gets 20 a minute at the level, then the cap; its neighbours and others the level', async () => {
      const address = block();
      const levels: number[] = [];
      for (let call = 0; call < 21; call++) levels.push((await challengeFrom(address(1))).maxnumber);
      expect(levels.slice(0, 20)).toEqual(Array(20).fill(LEVEL));
      const capped = await challengeFrom(address(1));
      expect([levels[20], capped.maxnumber]).toEqual([CAP, CAP]);
      expect(capped.salt).toContain(`&max=${CAP}&`);
      expect((await challengeFrom(address(2))).maxnumber).toBe(LEVEL);
      expect((await challengeFrom(block()(1))).maxnumber).toBe(LEVEL);
      // A minute later the client is at the level again.
      await api.sql(`update private.lead_challenge_issues set issued_at = issued_at - interval '2 minutes'`);
      expect((await challengeFrom(address(1))).maxnumber).toBe(LEVEL);
    });

    test('a block gets 60 a minute at the level, then the cap for any of its clients; other blocks the level', async () => {
      const address = block();
      const levels: number[] = [];
      for (let host = 1; host <= 61; host++) levels.push((await challengeFrom(address(host))).maxnumber);
      expect(levels.slice(0, 60)).toEqual(Array(60).fill(LEVEL));
      expect(levels[60]).toBe(CAP);
      expect((await challengeFrom(address(250))).maxnumber).toBe(CAP);
      expect((await challengeFrom(block()(1))).maxnumber).toBe(LEVEL);
      // Calls past the limit write nothing.
      const [{ rows }] = await api.sql<{ rows: number }>(
        `select count(*)::int as rows from private.lead_challenge_issues
          where network_hash = private.sha256_hex(private.client_network($1))`,
        [address(1)],
      );
      expect(rows).toBe(60);
    });

    test('a lead sent without a solution, as the site sends it when no challenge came, is stored held', async () => {
      const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: block()(1), challenge: false });
      const email = uniqueEmail('no-challenge');
      expect(
        (await client.from('contact_messages').insert({ name: 'N', email, message: 'Problem: Other' })).error,
      ).toBeNull();
      const [{ hold_reason }] = await api.sql<{ hold_reason: string }>(
        'select hold_reason from public.contact_messages where email = $1',
        [email],
      );
      expect(hold_reason).toBe('no_challenge');
    });
  });
});
