-- The database is the judge of a booking: one host is never in two calls at once (an exclusion constraint over the
-- blocked range, buffers included, for held and booked calls only), a request has at most one open booking, and a
-- booking's row is whole (its order, status, hold and manage token), whatever function or tool writes it. Each
-- refusal is asserted with its SQLSTATE and the constraint it names. The functions that book through these rules,
-- and the races the constraints settle: __tests__/contract/booking.test.ts and booking-hosts.test.ts.
begin;
select plan(16);

-- Two requests (server-side inserts: the lead guard judges visitors only) and a host of this test's own.
insert into public.consultation_requests (id, name, email, company) values
  ('00000000-0000-4000-8000-00000000a001', 'Dee', 'dee@example.com', 'Acme'),
  ('00000000-0000-4000-8000-00000000a002', 'Eve', 'eve@example.com', 'Beta');
insert into private.booking_hosts (id, name) values ('00000000-0000-4000-8000-00000000b001', 'Test host');

-- A 30-minute booking from `starts`, with 15 minutes' buffer either side, for request 1 or 2, with `status` and
-- `token`, with this test's host (or `host`).
create function pg_temp.book(request int, status text, starts text, token text, host text default 'b001')
returns void language sql as $$
  insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day, visitor_time_zone,
                                hold_expires_at, manage_token, host_id)
  values (('00000000-0000-4000-8000-00000000a00' || request)::uuid, 'visitor@example.com', status,
          starts::timestamptz, starts::timestamptz + interval '30 minutes',
          tstzrange(starts::timestamptz - interval '15 minutes', starts::timestamptz + interval '45 minutes'),
          '2030-01-07', 'Australia/Sydney',
          case when status = 'held' then starts::timestamptz - interval '1 day' end, token,
          ('00000000-0000-4000-8000-00000000' || host)::uuid)
$$;

select lives_ok($$select pg_temp.book(1, 'booked', '2030-01-07 10:00+00', 'token-1')$$,
  'a whole booking is stored');

select col_is_unique('private', 'bookings', 'manage_token', 'a manage token is unique');
select col_is_unique('private', 'bookings', 'outcome_token', 'an outcome token is unique');

select throws_ok($$select pg_temp.book(2, 'booked', '2030-01-07 10:15+00', 'token-2')$$,
  '23P01', 'conflicting key value violates exclusion constraint "bookings_host_no_overlap"',
  'another call overlapping the first for the same host is refused (exclusion_violation)');
select throws_ok($$select pg_temp.book(2, 'held', '2030-01-07 10:50+00', null)$$,
  '23P01', 'conflicting key value violates exclusion constraint "bookings_host_no_overlap"',
  'a hold whose buffer overlaps the call''s buffer is refused');
select lives_ok($$select pg_temp.book(2, 'booked', '2030-01-07 11:00+00', 'token-2')$$,
  'a call starting where the first''s buffer ends is stored (the ranges only touch)');
select lives_ok($$select pg_temp.book(2, 'cancelled', '2030-01-07 10:00+00', 'token-3')$$,
  'a cancelled booking takes no time: it may overlap an open one');
select lives_ok($$
  insert into private.booking_hosts (id, name) values ('00000000-0000-4000-8000-00000000b002', 'Other host');
  select pg_temp.book(2, 'expired', '2030-01-07 10:00+00', null, 'b002');
  $$, 'another host may be in a call at the same time');

select throws_ok($$select pg_temp.book(1, 'held', '2030-01-08 10:00+00', null)$$,
  '23505', 'duplicate key value violates unique constraint "bookings_one_open_per_request"',
  'a request with an open booking cannot hold a second one');
select throws_ok($$select pg_temp.book(2, 'cancelled', '2030-01-09 10:00+00', 'token-1')$$,
  '23505', 'duplicate key value violates unique constraint "bookings_manage_token_key"',
  'a manage token already given is refused');

select throws_ok($$
  update private.bookings set ends_at = starts_at where manage_token = 'token-1'$$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_order"',
  'a booking ends after it starts');
select throws_ok($$select pg_temp.book(2, 'pending', '2030-01-10 10:00+00', null)$$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_status"',
  'a status is held, booked, expired or cancelled');
select throws_ok($$select pg_temp.book(2, 'booked', '2030-01-10 10:00+00', null)$$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_booked_token"',
  'a booked call has a manage token');
select throws_ok($$
  update private.bookings set status = 'held' where status = 'expired'$$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_hold"',
  'a hold has an expiry');
select throws_ok($$
  update private.bookings set hold_expires_at = now() where manage_token = 'token-1'$$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_hold"',
  'only a hold has an expiry');
select throws_ok($$
  insert into private.booking_hosts (name, calendar_url) values ('No key', 'https://calendar.example.com/dee/')$$,
  '23514', 'new row for relation "booking_hosts" violates check constraint "booking_hosts_calendar"',
  'a host''s calendar comes with the name of its credentials');

select * from finish();
rollback;
