-- What every report checks first: the caller is a team member and the period is one the reports answer.

-- Raises the permission error unless the request is a signed-in team member's.
create or replace function private.insights_require_team_member()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_team_member() then
    raise exception 'Only signed-in team members can read the insights.'
      using errcode = '42501',
            hint = 'Sign in at /insights with an address on the team''s list (npm run team -- add <address>).';
  end if;
end;
$$;
revoke all on function private.insights_require_team_member() from public, anon, authenticated, service_role;

-- Raises 22023 with what is wrong unless [from_day, to_day) is a period the reports answer: at least a day, at most
-- 1,100 (three years and the leap day; the previous period doubles it).
create or replace function private.insights_check_period(from_day date, to_day date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if from_day is null or to_day is null then
    raise exception 'A period needs its first day (from_day) and the day after its last (to_day).'
      using errcode = '22023';
  end if;
  if to_day <= from_day then
    raise exception 'The period ends (to_day %) before it starts (from_day %): to_day is the day after the last day.',
                    to_day, from_day
      using errcode = '22023';
  end if;
  if to_day - from_day > 1100 then
    raise exception 'A period is at most 1,100 days; this one has %.', to_day - from_day
      using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.insights_check_period(date,date) from public, anon, authenticated, service_role;

-- Raises 22023 with what is wrong unless the arguments name an experiment as the content does: its id (lowercase
-- letters, digits and single dashes, src/content-model/experiment-schema.ts EXPERIMENT_ID_PATTERN; at most 80
-- characters) and its start, not after now.
create or replace function private.insights_check_experiment(experiment_id text, started_at timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if experiment_id is null or experiment_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(experiment_id) > 80 then
    raise exception 'experiment_id must be the experiment''s id as in the content: lowercase letters, digits and single '
                    'dashes, at most 80 characters (this one is %).',
                    coalesce(quote_literal(left(experiment_id, 100)), 'missing')
      using errcode = '22023';
  end if;
  if started_at is null then
    raise exception 'started_at is missing: the report counts from the experiment''s start (its startedAt); a draft '
                    'has no report.'
      using errcode = '22023';
  end if;
  if started_at > now() then
    raise exception 'started_at (%) is in the future: the report counts the visits since the experiment started.',
                    started_at
      using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.insights_check_experiment(text,timestamp with time zone) from public, anon, authenticated, service_role;
