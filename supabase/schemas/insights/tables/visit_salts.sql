-- The day's salt of the client keys: random, one per day, deleted when the next day's is made (and by the retention).

create table private.visit_salts (
  day date not null,
  salt bytea default extensions.gen_random_bytes(32) not null,
  constraint visit_salts_pkey primary key (day)
);

alter table private.visit_salts enable row level security;
