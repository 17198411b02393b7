/** @jest-environment node */
// The outbox's dead-letter report (issue 45, dev/leads/dead-letters.ts): `npm run leads` ends with every job of
// private.outbox that gave up, booking messages and calendar writes alike, read through public.outbox_dead_letters;
// a job still being retried is not in it, and with nothing given up the report prints nothing. On a real PostgreSQL
// server, on the clock the tests set.
import { fetchDeadLetters, formatDeadLetters } from '../../dev/leads/dead-letters';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { A_WEDNESDAY_MORNING, setBookingClock } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
} from '../helpers/booking';
import { POSTGRES_ONLY, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

type Claimed = { job_id: string; claim_token: string; kind: string; recipient: string };

describe.each(POSTGRES_ONLY)('the outbox’s dead letters on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '2 hours', maxCallsPerDay: 50 });
    await setBookingClock(api, A_WEDNESDAY_MORNING);
  }, 90_000);
  afterAll(() => api?.close());

  const rpc = async <T>(name: string, args: Record<string, unknown>) => {
    const { data, error } = await api.service.rpc(name as never, args as never);
    if (error) throw new Error(`${name}: ${error.message}`);
    return data as T;
  };

  test('a message refused for good is listed with its error; one failing with a retry is not', async () => {
    expect(formatDeadLetters(await fetchDeadLetters(api.service), toInertText)).toBe('');

    const visitor = await bookingVisitor(api);
    const [slot] = await freeSlots(visitor, {
      from_time: new Date(A_WEDNESDAY_MORNING.getTime() + 48 * 3600_000).toISOString(),
    });
    const booked = await holdAndConfirm(visitor, slot.starts_at, 'Europe/Berlin');
    expect(booked.status).toBe('booked');
    // Only this booking's invitations are due.
    await api.sql(
      `update private.outbox set next_attempt_at = case when booking_id = $1 and kind = 'booked'
         then private.clock_now() - interval '1 second' else private.clock_now() + interval '1 day' end
        where queue = 'booking_message' and status = 'pending'`,
      [booked.booking_id],
    );
    const claimed = await rpc<Claimed[]>('claim_booking_notifications', { batch_size: 10 });
    const toVisitor = claimed.find((job) => job.recipient === 'visitor')!;
    const toTeam = claimed.find((job) => job.recipient === 'team')!;
    const fail = ({ job_id, claim_token }: Claimed, error: string, retry: number | null) =>
      rpc<boolean>('fail_booking_notification', { job_id, claim_token, error, retry_in_seconds: retry });
    expect(await fail(toVisitor, 'HTTP 422: \u001b[31minvalid address', null)).toBe(true);
    expect(await fail(toTeam, 'HTTP 503', 60)).toBe(true);

    const rows = await fetchDeadLetters(api.service);
    expect(rows).toEqual([
      expect.objectContaining({
        job_id: toVisitor.job_id,
        queue: 'booking_message',
        kind: 'booked',
        booking_id: booked.booking_id,
        recipient: 'visitor',
        attempts: 1,
        last_error: 'HTTP 422: \u001b[31minvalid address',
      }),
    ]);
    const text = formatDeadLetters(rows, toInertText);
    expect(text).toMatch(/^Given up \(1\): /);
    expect(text).toContain(
      `booking message booked to visitor, booking ${booked.booking_id}: dead after 1 attempt(s): HTTP 422: \\u{1b}[31minvalid address`,
    );
  });
});
