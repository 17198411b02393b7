-- Challenges already used by a stored lead, each kept until it expires (then its expiry refuses it anyway).

create table private.used_lead_challenges (
  challenge text not null,
  expires_at timestamp with time zone not null,
  constraint used_lead_challenges_pkey primary key (challenge)
);

create index used_lead_challenges_expiry_idx on private.used_lead_challenges (expires_at);

alter table private.used_lead_challenges enable row level security;
