-- The held leads' hourly digest: queued by the hour, and what the e-mail lists.

-- One held digest per clock hour, due a minute after the hour ends (a request still running at the hour's end
-- has committed by then). Looked up first, so a flood does not queue on the digest's row.
create or replace function private.queue_held_digest(held_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  hour_start constant timestamptz := date_trunc('hour', held_at, 'UTC');
begin
  if not exists (select 1 from private.outbox n
                  where n.queue = 'lead_notification' and n.kind = 'held_digest' and n.digest_hour = hour_start) then
    perform private.queue_lead_notification('held_digest', digest_hour => hour_start,
                                            next_attempt_at => hour_start + interval '1 hour 1 minute');
  end if;
end;
$$;
revoke all on function private.queue_held_digest(timestamp with time zone) from public, anon, authenticated, service_role;

-- The digest of a claimed job: the hour's held leads with their release links, how many of the hour's were
-- released already, and how many held leads were deleted since the last digest. Only the current claim's holder
-- gets it (null otherwise). The first attempt gives each lead still held a fresh secret (its SHA-256 on the lead)
-- and keeps the secrets in the job until it is sent, so every retry sends the same links.
create or replace function private.held_lead_digest(job_id uuid, claim_token uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  job private.outbox;
  hour_end timestamptz;
  tokens jsonb;
  more jsonb;
  lead_table text;
begin
  select * into job from private.outbox n
   where n.id = held_lead_digest.job_id and n.queue = 'lead_notification' and n.kind = 'held_digest'
     and n.status = 'sending'
     and n.claim_token = held_lead_digest.claim_token
     for update;
  if job.id is null then
    return null;
  end if;
  hour_end := job.digest_hour + interval '1 hour';
  tokens := job.payload -> 'tokens';
  if tokens is null then
    tokens := '{}'::jsonb;
    foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
      execute format(
        'with secrets as (
           select t.id, replace(gen_random_uuid()::text || gen_random_uuid()::text, ''-'', '''') as token
             from public.%1$I t
            where t.hold_reason is not null and t.duplicate_of is null and t.released_at is null
              and t.created_at >= $1 and t.created_at < $2
         ), stored as (
           update public.%1$I t set release_token_hash = private.sha256_hex(s.token)
             from secrets s where t.id = s.id
           returning t.id, s.token
         )
         select coalesce(jsonb_object_agg(stored.id, stored.token), ''{}''::jsonb) from stored',
        lead_table)
        into more
        using job.digest_hour, hour_end;
      tokens := tokens || more;
    end loop;
    update private.held_lead_purges p set reported_in = job.id where p.reported_in is null;
    update private.outbox n set payload = jsonb_build_object('tokens', tokens) where n.id = job.id;
  end if;
  return jsonb_build_object(
    'hour_start', job.digest_hour,
    'hour_end', hour_end,
    'held', (select count(*) from private.held_lead_rows() h
              where h.created_at >= job.digest_hour and h.created_at < hour_end),
    'released', (select count(*) from private.held_lead_rows() h
                  where h.created_at >= job.digest_hour and h.created_at < hour_end and h.released_at is not null),
    'leads', coalesce((
      select jsonb_agg(jsonb_build_object(
               'lead_table', h.lead_table, 'lead_id', h.lead_id, 'received_at', h.created_at, 'name', h.name,
               'company', h.company, 'email', h.email, 'hold_reason', h.hold_reason, 'surface', h.surface,
               'release_token', tokens ->> h.lead_id::text,
               'seconds_to_send', private.seconds_to_send(h.created_at, h.challenge_issued_at))
             order by h.created_at, h.lead_id)
        from private.held_lead_rows() h
       where h.created_at >= job.digest_hour and h.created_at < hour_end and h.released_at is null), '[]'::jsonb),
    'deleted_since_last', (select coalesce(sum(p.deleted), 0) from private.held_lead_purges p
                            where p.reported_in = job.id),
    'retention_days', (select s.held_retention_days from private.lead_guard_settings s));
end;
$$;
revoke all on function private.held_lead_digest(uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function private.held_lead_digest(uuid,uuid) to service_role;

create or replace function public.held_lead_digest(job_id uuid, claim_token uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.held_lead_digest(job_id, claim_token) $$;
revoke all on function public.held_lead_digest(uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function public.held_lead_digest(uuid,uuid) to service_role;
