/** @jest-environment node */
// PostgREST's SQLSTATE → HTTP status table, as the local API applies it to database errors.
import { httpStatusForSqlState } from '../../dev/local-api/api-error';

test.each([
  ['42501', 'anon', 401],
  ['42501', 'authenticated', 403],
  ['42501', 'service_role', 403],
  ['23514', 'anon', 400],
  ['23502', 'anon', 400],
  ['22001', 'anon', 400],
  ['22P02', 'anon', 400],
  ['P0001', 'anon', 400],
  ['42703', 'anon', 400],
  ['23505', 'anon', 409],
  ['23503', 'anon', 409],
  ['42P01', 'anon', 404],
  ['25006', 'anon', 405],
  ['53300', 'anon', 503],
  ['XX000', 'anon', 500],
  ['P0002', 'anon', 500],
] as const)('%s for %s is HTTP %i', (code, role, status) => {
  expect(httpStatusForSqlState(code, role)).toBe(status);
});
