-- The challenge: challenges issued to each sender in the last minute (only those issued at the level; the rows go
-- a minute later, a few at a time).

create table private.lead_challenge_issues (
  client_hash text not null,
  network_hash text not null,
  issued_at timestamp with time zone default now() not null
);

create index lead_challenge_issues_age_idx on private.lead_challenge_issues (issued_at);
create index lead_challenge_issues_network_idx on private.lead_challenge_issues (network_hash, issued_at);

alter table private.lead_challenge_issues enable row level security;
