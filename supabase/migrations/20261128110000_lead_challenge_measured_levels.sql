-- The lead challenge's difficulty levels as measured (issue 36; bench/challenge-solve.ts, docs/security.md "The
-- challenge"): on the phone profile (Chromium, CPU 4x slower) the solver managed 140,000-170,000 hashes a second,
-- so 20261128100000_lead_challenge.sql's first level of 100,000 took up to 0.7-1.0 s at worst, not "well under a
-- second". Every level is halved: 50,000 at normal traffic (0.3-0.5 s at worst on that profile), 200,000 from 30
-- leads in 5 minutes, 800,000 from 150 and 3,200,000, the cap, from 600 (about 20 s on that phone at worst: a
-- flood's every lead pays it, a visitor filling in a form meanwhile mostly never notices). Only where the team has
-- not tuned the levels already.
do $$
begin
  if (select array_agg(array[l.leads_in_window, l.max_number] order by l.leads_in_window)
        from private.lead_challenge_levels l)
     = array[array[0, 100000], array[30, 400000], array[150, 1600000], array[600, 6400000]] then
    update private.lead_challenge_levels set max_number = max_number / 2;
  end if;
end;
$$;
