/** @jest-environment node */
// The keys the local API accepts are the Supabase CLI's well-known ones, signed with its local secret.
import { createHmac } from 'node:crypto';
import { LOCAL_JWT_SECRET, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from '../helpers/local-api';

function decodeVerified(jwt: string, secret: string) {
  const [header, payload, signature] = jwt.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (signature !== expected) throw new Error('signature does not match the secret');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
}

test.each([
  ['anon', LOCAL_SUPABASE_ANON_KEY],
  ['service_role', LOCAL_SUPABASE_SERVICE_ROLE_KEY],
])('the %s key is an HS256 JWT signed with the local secret, for that role, not yet expired', (role, key) => {
  const { header, claims } = decodeVerified(key, LOCAL_JWT_SECRET);
  expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(claims).toMatchObject({ iss: 'supabase-demo', role });
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
});

test('a different secret does not verify the anon key', () => {
  expect(() => decodeVerified(LOCAL_SUPABASE_ANON_KEY, `${LOCAL_JWT_SECRET}x`)).toThrow('signature');
});
