-- The booking rules' clock (issue 42, "No test depends on the clock"). Which times are offered, held, confirmed,
-- moved or cancelled, and how a day's calls are counted, depend on "now": the notice, the horizon, today's last
-- hours, the weekday, the team's midnight, daylight saving. Tests that read the real clock offered different
-- times at 09:30 in Sydney than at 15:00, and two failed. Tests now choose the instant the rules run at.
--
-- What: private.booking_clock, one row holding `offset_by` (an interval, '0' unless a test sets it), and
-- private.clock_now() = now() + offset_by. A test sets offset_by to (the chosen instant - now()); from then on
-- the booking rules see the chosen instant, and time still flows from it at the real pace: a hold made at the
-- set clock runs out 10 minutes of real time later, as a visitor's would, and a flood's 60-minute window passes.
-- Why an offset and not a frozen instant: a frozen clock would make every later transaction see the same
-- instant, so a hold could never run out on its own, and the order of events (created_at) would be lost. Why a
-- table and not a session setting (set_config): the data API runs each request in a connection and transaction of
-- its own (PostgREST's, and the local API's on PGlite and on PostgreSQL), so only a row is seen by all of them.
--
-- Tests only. On a hosted project the row stays at '0' and private.clock_now() is now(): nothing changes. Nobody
-- but the database owner can change it (no grant to anon, authenticated or service_role; service_role, which
-- runs the booking-message queue and the operator tools through security invoker functions, may read it). Reset:
-- `update private.booking_clock set offset_by = interval '0'`. docs/booking.md, "The booking clock".
--
-- Which "now" is the clock: every comparison of now with a booking's times, i.e. its call's start and end, its
-- hold's expiry, its creation (the flood window) and the reminders due before its call. So bookings.created_at
-- defaults to the clock (booking_flood compares it with the clock), and the outbox (private.outbox: booking
-- messages' reminders are due at a booking's start less 24 h or 1 h) reads and writes every one of its times on
-- the clock, so one queue never mixes two clocks (the calendar writes, in the same outbox since issue 45, with
-- them). What stays on now(): the leads and the submission guard (a request belongs to its visitor for 24 real
-- hours: own_request), the audit records (bookings.updated_at, booking_history.at, call_outcomes.recorded_at),
-- and the hosts' calendar syncs (their leases, retries and staleness measure the machinery, not the calendar;
-- only the window of times a sync reads follows the clock, since it must cover the times offered).
--
-- How: every function below is restated from its current definition (read with pg_get_functiondef on a
-- database migrated up to 20261201100000), with now() replaced by private.clock_now() where it is the clock and
-- nothing else changed. In a condition evaluated for each row the clock is read once per statement as
-- `(select private.clock_now())`, and once per call in a variable in PL/pgSQL. With the offset at '0' every
-- function answers exactly as before.

create table private.booking_clock (
  id boolean default true not null,
  offset_by interval default '00:00:00'::interval not null,
  constraint booking_clock_pkey primary key (id),
  constraint booking_clock_one_row check (id)
);

alter table private.booking_clock enable row level security;

revoke all on table private.booking_clock from public, anon, authenticated, service_role;
grant select on table private.booking_clock to service_role;
comment on table private.booking_clock is 'Tests only: the booking rules run at now() + offset_by (private.clock_now()). Keep ''0'' on a hosted project. See 20261201110000_booking_clock.sql.';
