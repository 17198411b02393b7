// No secret reaches visitors: every file of the build the host runs (public/) is searched for the secret key, the
// service_role key, the JWT secret, and any JWT-looking string but the local default's public anon key (in a source
// map); the publishable key the build was given is there.
import fs from 'node:fs';
import path from 'node:path';
import { buildEnv, PUBLIC_DIR } from './setup/test-env';
import {
  LOCAL_JWT_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_SECRET_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
} from '../../dev/local-api/local-keys';

const SHIPPED = /\.(js|mjs|html|json|webmanifest|map|txt|xml|css)$/;

function shippedFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return shippedFiles(full);
    return SHIPPED.test(entry.name) || entry.name === '_headers' ? [full] : [];
  });
}

const files = shippedFiles(PUBLIC_DIR);
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}/g;

it('searches a real build', () => {
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
  expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
});

it('ships the publishable key (the site needs it) and no JWT but the local default anon key', () => {
  const found = new Map<string, string[]>();
  for (const file of files) {
    for (const token of fs.readFileSync(file, 'utf8').match(JWT) ?? []) {
      found.set(token, [...(found.get(token) ?? []), path.relative(PUBLIC_DIR, file)]);
    }
  }
  found.delete(LOCAL_SUPABASE_ANON_KEY); // public by design: the local API's default, in every Supabase CLI project
  expect(Object.fromEntries(found)).toEqual({});
  const key = buildEnv.GATSBY_SUPABASE_PUBLISHABLE_KEY;
  expect(files.some((file) => file.endsWith('.js') && fs.readFileSync(file, 'utf8').includes(key))).toBe(true);
});

it.each([
  ['the secret key', LOCAL_SUPABASE_SECRET_KEY],
  ['the service_role key', LOCAL_SUPABASE_SERVICE_ROLE_KEY],
  ['the signature of the service_role key', LOCAL_SUPABASE_SERVICE_ROLE_KEY.split('.')[2]],
  ['the JWT secret', LOCAL_JWT_SECRET],
  ['the name of the service key variable with a value', 'SUPABASE_SERVICE_ROLE_KEY='],
  // The notify-leads Edge Function's settings live in its environment only, never in the site.
  ['the e-mail provider key variable', 'RESEND_API_KEY'],
  ['the local mail sink key', 'local-mail-sink'],
  ['the e-mail API the function calls', 'api.resend.com'],
  ['the team address variable', 'NOTIFY_TO'],
  ['the chat webhook variable', 'SLACK_WEBHOOK_URL'],
])('contains nowhere %s', (_name, secret) => {
  const containing = files.filter((file) => fs.readFileSync(file, 'utf8').includes(secret));
  expect(containing.map((file) => path.relative(PUBLIC_DIR, file))).toEqual([]);
});
