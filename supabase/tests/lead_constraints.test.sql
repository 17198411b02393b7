-- What a lead row must be, whoever inserts it (the API's visitors, the operator's tools): the database refuses a
-- blank or overlong field, a malformed address, an attribution of unknown shape and a release without a hold, each
-- with SQLSTATE 23514 (check_violation) naming its constraint. The same refusals met through the API (status and
-- message): __tests__/contract/errors.test.ts, attribution.test.ts. Inserted here as the owner: a server-side insert,
-- which the lead guard lets through.
begin;
select plan(10);

create function pg_temp.lead(name text, email text, company text, message text, attribution jsonb default null)
returns void language sql as $$
  insert into public.contact_messages (name, email, company, message, attribution)
  values (name, email, company, message, attribution)
$$;

select lives_ok($$select pg_temp.lead('Dee', 'dee@example.com', 'Acme', 'Hello',
                                      '{"surface": "contact_form", "utm_source": "news"}')$$,
  'a whole contact message is stored');
select throws_ok($$select pg_temp.lead('   ', 'dee@example.com', null, 'Hello')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_name_not_blank"',
  'a blank name is refused');
select throws_ok($$select pg_temp.lead(repeat('n', 201), 'dee@example.com', null, 'Hello')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_name_max_length"',
  'a name over 200 characters is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee at example.com', null, 'Hello')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_shape"',
  'an address without an @ is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee@example.com', ' ', 'Hello')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_company_not_blank"',
  'a present but blank company is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee@example.com', null, E'\n\t ')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_message_not_blank"',
  'a blank message is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee@example.com', null, 'Hello', '{"tracker": "x"}')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_attribution_shape"',
  'an attribution with an unknown key is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee@example.com', null, 'Hello', '{"utm_source": 1}')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_attribution_shape"',
  'an attribution value that is not a string is refused');
select throws_ok($$select pg_temp.lead('Dee', 'dee@example.com', null, 'Hello', '{"surface": "fax"}')$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_attribution_shape"',
  'an unknown surface is refused');
select throws_ok($$
  update public.contact_messages set released_at = now(), released_by = 'operator' where email = 'dee@example.com'$$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_release"',
  'a lead that was never held cannot be released');

select * from finish();
rollback;
