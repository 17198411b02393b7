-- Lead storage: the two tables the site writes to through the data API with the public anon key.
-- Visitors (anon) may insert the fields they fill in and nothing else: no reading, updating or deleting.
-- Only service_role (server-side tools such as `npm run leads`) can read the rows back.
-- Values are stored exactly as sent; the constraints reject bad input instead of rewriting it.

create table public.consultation_requests (
  id uuid default gen_random_uuid() not null,
  created_at timestamp with time zone default now() not null,
  name text not null,
  email text not null,
  company text not null,
  -- The chat may finish without a phone number and the message is optional on /book: '' means "none".
  phone text default '' not null,
  message text default '' not null,
  -- The original lead this row repeats (an identical submission within 10 minutes), or null for a real lead.
  duplicate_of uuid,
  -- SHA-256 (hex) of the client address the gateway reported for the request; null for server-side inserts.
  client_hash text,
  -- Where each lead came from: one optional `attribution` object per row, captured by the site without cookies
  -- (src/lib/attribution.ts). Visitors may send it with the lead; a lead without it is still accepted.
  -- Plus what the operator tools (npm run leads -- erase / retention) need, and a hosted-only schedule for
  -- the retention period.
  attribution jsonb,
  -- SHA-256 (hex) of the client's network block (/24, /48); null for server-side inserts.
  network_hash text,
  -- The forms' hidden trap field, as sent (people never see it; a filled one holds the lead).
  honeypot text,
  -- Why the guard held the lead (honeypot, network_burst, over_global_rate; later reasons may follow);
  -- null for a lead that was never held.
  hold_reason text,
  -- When and by whom a held lead was released (its notification is queued then).
  released_at timestamp with time zone,
  released_by text,
  -- SHA-256 (hex) of the secret in the digest's release link; the secret itself is never stored here.
  release_token_hash text,
  challenge text,
  challenge_issued_at timestamp with time zone,
  constraint consultation_requests_pkey primary key (id),
  -- A JSON object with only the known keys, each a string of at most 500 characters, 4 KB in all. Written as
  -- plain expressions (no function): a check runs with the inserting role's privileges, and anon has none in
  -- the private schema. (Postgres regular expressions allow bounds up to 255, hence 250 + 250 + 1.)
  constraint consultation_requests_attribution_shape check (
    attribution is null or (
      jsonb_typeof(attribution) = 'object'
      and octet_length(attribution::text) <= 4096
      and attribution - array['surface', 'landing_page', 'referrer', 'utm_source', 'utm_medium',
                              'utm_campaign', 'utm_term', 'utm_content', 'submitted_from',
                              'visit_id'] = '{}'::jsonb
      and not jsonb_path_exists(attribution, '$.* ? (@.type() != "string")')
      and not jsonb_path_exists(attribution, '$.* ? (@ like_regex ".{250}.{250}." flag "s")')
      and coalesce(attribution ->> 'surface' in ('contact_form', 'booking_form', 'chat'), true)
    )
  ),
  constraint consultation_requests_company_max_length check (char_length(company) <= 200),
  constraint consultation_requests_company_not_blank check (company ~ '[^[:space:]]'),
  constraint consultation_requests_email_max_length check (char_length(email) <= 320),
  constraint consultation_requests_email_shape check (email ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
  constraint consultation_requests_hold_reason_shape check (hold_reason ~ '^[a-z][a-z_]{0,39}$'),
  constraint consultation_requests_honeypot_max_length check (char_length(honeypot) <= 500),
  constraint consultation_requests_message_max_length check (char_length(message) <= 5000),
  constraint consultation_requests_name_max_length check (char_length(name) <= 200),
  constraint consultation_requests_name_not_blank check (name ~ '[^[:space:]]'),
  constraint consultation_requests_phone_max_length check (char_length(phone) <= 50),
  constraint consultation_requests_release check (
    (released_at is null and released_by is null)
    or (hold_reason is not null and released_at is not null and char_length(released_by) between 1 and 200))
);

create index consultation_requests_address_recent_idx
  on public.consultation_requests (private.lead_address_key(email), created_at);
create index consultation_requests_client_recent_idx on public.consultation_requests (client_hash, created_at);
CREATE INDEX consultation_requests_held_idx ON public.consultation_requests USING btree (created_at) WHERE ((hold_reason IS NOT NULL) AND (duplicate_of IS NULL));
CREATE INDEX consultation_requests_network_recent_idx ON public.consultation_requests USING btree (network_hash, created_at);
create index consultation_requests_recent_idx on public.consultation_requests (created_at);
CREATE UNIQUE INDEX consultation_requests_release_token_idx ON public.consultation_requests USING btree (release_token_hash) WHERE (release_token_hash IS NOT NULL);

alter table public.consultation_requests enable row level security;

create policy "Visitors can submit consultation requests" on public.consultation_requests as permissive for insert
  to anon
  with check ((created_at = now()));

create trigger delete_crm_lead_data
  after delete on public.consultation_requests
  for each row execute function private.delete_crm_lead_data();

create trigger delete_lead_notification
  after delete on public.consultation_requests
  for each row execute function private.delete_lead_notification();

create trigger drop_malformed_visit_id before insert on public.consultation_requests
  for each row execute function private.drop_malformed_visit_id();

create trigger enqueue_held_digest
  after insert on public.consultation_requests
  for each row when (new.hold_reason is not null and new.duplicate_of is null)
  execute function private.enqueue_held_digest();

create trigger enqueue_lead_notification
  after insert on public.consultation_requests
  for each row when (new.duplicate_of is null and new.hold_reason is null)
  execute function private.enqueue_lead_notification();

create trigger guard_lead_submission
  before insert on public.consultation_requests
  for each row execute function private.guard_lead_submission();

create trigger one_lead_per_request
  after insert on public.consultation_requests
  referencing new table as new_leads
  for each statement execute function private.refuse_multi_row_request();

revoke all on table public.consultation_requests from public, anon, authenticated, service_role;
grant delete, select on table public.consultation_requests to service_role;
grant insert (name, email, company, phone, message, attribution, honeypot, challenge) on table public.consultation_requests to anon;
grant update (name, email, company, phone, message) on table public.consultation_requests to service_role;
comment on column public.consultation_requests.challenge is 'The visitor''s solved proof-of-work challenge (ALTCHA payload), read by the submission guard and cleared: always null once stored.';
comment on column public.consultation_requests.challenge_issued_at is 'When the lead''s valid proof-of-work challenge was issued (set by the submission guard; null without one): a person''s browser fetches it on starting the form or the chat.';
comment on column public.consultation_requests.duplicate_of is 'Set by the submission guard when this row repeats a lead stored in the last 10 minutes; real leads have null.';
comment on column public.consultation_requests.hold_reason is 'Set by the submission guard when the lead was stored and held (kept out of the per-lead notifications); null otherwise.';
