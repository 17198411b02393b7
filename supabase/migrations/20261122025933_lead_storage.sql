-- Lead storage: the two tables the site writes to through the data API with the public anon key.
-- Visitors (anon) may insert the fields they fill in and nothing else: no reading, updating or deleting.
-- Only service_role (server-side tools such as `npm run leads`) can read the rows back.
-- Values are stored exactly as sent; the constraints reject bad input instead of rewriting it.

create table public.consultation_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  company text not null,
  -- The chat may finish without a phone number and the message is optional on /book: '' means "none".
  phone text not null default '',
  message text not null default '',
  constraint consultation_requests_name_not_blank check (name ~ '[^[:space:]]'),
  constraint consultation_requests_name_max_length check (char_length(name) <= 200),
  constraint consultation_requests_email_shape check (email ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
  constraint consultation_requests_email_max_length check (char_length(email) <= 320),
  constraint consultation_requests_company_not_blank check (company ~ '[^[:space:]]'),
  constraint consultation_requests_company_max_length check (char_length(company) <= 200),
  constraint consultation_requests_phone_max_length check (char_length(phone) <= 50),
  constraint consultation_requests_message_max_length check (char_length(message) <= 5000)
);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  -- Optional: the site omits it when empty, so a present value must not be blank.
  company text,
  message text not null,
  constraint contact_messages_name_not_blank check (name ~ '[^[:space:]]'),
  constraint contact_messages_name_max_length check (char_length(name) <= 200),
  constraint contact_messages_email_shape check (email ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
  constraint contact_messages_email_max_length check (char_length(email) <= 320),
  constraint contact_messages_company_not_blank check (company is null or company ~ '[^[:space:]]'),
  constraint contact_messages_company_max_length check (char_length(company) <= 200),
  constraint contact_messages_message_not_blank check (message ~ '[^[:space:]]'),
  constraint contact_messages_message_max_length check (char_length(message) <= 5000)
);

-- The submission guard looks up recent rows by address; these keep that lookup an index scan.
create index consultation_requests_email_recent_idx on public.consultation_requests (lower(email), created_at);
create index contact_messages_email_recent_idx on public.contact_messages (lower(email), created_at);

-- Kept out of `public` so the data API never exposes it.
create schema if not exists private;
revoke all on schema private from public;

-- Runs before every insert into either lead table, as the table owner (visitors cannot read the table):
-- 1. An identical submission (every field equal) stored in the last 10 minutes means this is a retry after
--    a lost response: the insert is skipped (no row, no error), so the visitor still sees success.
-- 2. More than 5 stored submissions from one address (case-insensitive) in the last hour is refused.
create function private.guard_lead_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  identical_recent boolean;
  recent_from_address integer;
begin
  -- Serialise submissions per table and address so two concurrent identical requests cannot both pass.
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || lower(new.email), 0));

  execute format(
    'select exists (select 1 from %I.%I t
       where lower(t.email) = lower($1.email)
         and t.created_at > now() - interval ''10 minutes''
         and to_jsonb(t) - ''id'' - ''created_at'' = to_jsonb($1) - ''id'' - ''created_at'')',
    tg_table_schema, tg_table_name)
  into identical_recent
  using new;
  if identical_recent then
    return null;
  end if;

  execute format(
    'select count(*) from %I.%I t
       where lower(t.email) = lower($1.email)
         and t.created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name)
  into recent_from_address
  using new;
  if recent_from_address >= 5 then
    raise exception 'Too many submissions from this e-mail address: at most 5 per hour are accepted.'
      using errcode = 'P0001',
            hint = 'Wait an hour before sending another request, or e-mail us directly.';
  end if;

  return new;
end;
$$;

revoke all on function private.guard_lead_submission() from public;

create trigger guard_lead_submission
  before insert on public.consultation_requests
  for each row execute function private.guard_lead_submission();

create trigger guard_lead_submission
  before insert on public.contact_messages
  for each row execute function private.guard_lead_submission();

-- Privileges: Supabase grants everything on new tables to anon, authenticated and service_role by default,
-- so start from nothing and grant exactly what each role needs.
alter table public.consultation_requests enable row level security;
alter table public.contact_messages enable row level security;

revoke all on table public.consultation_requests from public, anon, authenticated, service_role;
revoke all on table public.contact_messages from public, anon, authenticated, service_role;

grant insert (name, email, company, phone, message) on table public.consultation_requests to anon;
grant insert (name, email, company, message) on table public.contact_messages to anon;

grant select on table public.consultation_requests to service_role;
grant select on table public.contact_messages to service_role;

-- A lead's timestamp is always the server's: a submission can never be back- or forward-dated, which would
-- also slip it past the duplicate and rate-limit windows above. (anon has no grant on created_at either.)
create policy "Visitors can submit consultation requests"
  on public.consultation_requests
  for insert
  to anon
  with check (created_at = now());

create policy "Visitors can send contact messages"
  on public.contact_messages
  for insert
  to anon
  with check (created_at = now());
