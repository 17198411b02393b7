/** @jest-environment node */
// The notify-leads function imports ical-generator by an npm: specifier: locally Deno resolves it from
// node_modules, hosted deploys fetch it from the registry, so the specifier's version must be the installed one.
// Its texts name the brand as content/site.json does.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/local-api';

const functionFile = (name: string) =>
  fs.readFileSync(path.join(REPO_ROOT, 'supabase', 'functions', 'notify-leads', name), 'utf8');

test('the npm: specifiers name the versions package-lock installs', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string }>;
  };
  const specifiers = [...functionFile('ical.ts').matchAll(/'npm:(ical-generator)@([^']+)'/g)];
  specifiers.push(...functionFile('booking-test-kit.ts').matchAll(/'npm:(ical\.js)@([^']+)'/g));
  expect(specifiers.map((match) => match[1])).toEqual(['ical-generator', 'ical.js']);
  for (const [, name, version] of specifiers) expect(version).toBe(lock.packages[`node_modules/${name}`].version);
});

test('the booking messages name the brand as content/site.json does', () => {
  const site = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'content', 'site.json'), 'utf8')) as {
    brandName: string;
  };
  expect(functionFile('booking-context.ts')).toContain(`export const BRAND_NAME = '${site.brandName}';`);
  expect(functionFile('ical.ts')).toContain(`company: '${site.brandName}'`);
});
