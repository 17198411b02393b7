// No secret reaches visitors: every built JS, HTML, JSON and map file in public/ is searched for the
// service_role key, the JWT secret, and any JWT-looking string other than the anon key the build uses.
import fs from 'node:fs';
import path from 'node:path';
import { buildEnv, PUBLIC_DIR } from './setup/test-env';
import { LOCAL_JWT_SECRET, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from '../../dev/local-api/local-keys';

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

it('ships the anon key (the site needs it) and nothing else that looks like a JWT', () => {
  const found = new Map<string, string[]>();
  for (const file of files) {
    for (const token of fs.readFileSync(file, 'utf8').match(JWT) ?? []) {
      found.set(token, [...(found.get(token) ?? []), path.relative(PUBLIC_DIR, file)]);
    }
  }
  expect([...found.keys()].filter((token) => token !== buildEnv.GATSBY_SUPABASE_ANON_KEY)).toEqual([]);
  expect(found.has(buildEnv.GATSBY_SUPABASE_ANON_KEY)).toBe(true);
});

it.each([
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
