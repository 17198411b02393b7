-- Events stored in the last minute per client key: what the flood limits count. Rows older than a minute are
-- deleted a few at a time by later requests (and by the retention).

create table private.visit_event_clients (
  client_key text not null,
  counted_at timestamp with time zone default now() not null,
  events integer not null,
  constraint visit_event_clients_events check (events > 0)
);

create index visit_event_clients_age_idx on private.visit_event_clients (counted_at);
create index visit_event_clients_key_idx on private.visit_event_clients (client_key, counted_at);

alter table private.visit_event_clients enable row level security;
