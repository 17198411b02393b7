// In the real build, the scripts a visit runs as it loads start with V8's eager-compile hint
// (src/build/eager-compile-hint.ts), and the chunks loaded later keep V8's lazy compiling.
import fs from 'node:fs';
import path from 'node:path';
import { firstLoad, mapSources } from '../../bench/lib/first-load';
import { EAGER_COMPILE_HINT } from '../../src/build/eager-compile-hint';
import { ROUTES } from './setup/routes';
import { PUBLIC_DIR } from './setup/test-env';

const read = (file: string) => fs.readFileSync(path.join(PUBLIC_DIR, file), 'utf8');
const hinted = (file: string) => read(file).startsWith(EAGER_COMPILE_HINT);

it.each(ROUTES)('%s: every script of its first load starts with the hint', (route) => {
  const { files } = firstLoad(PUBLIC_DIR, route);
  expect(files.map(({ file }) => file)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^app-/), expect.stringMatching(/^framework-/)]),
  );
  expect(files.filter(({ file }) => !hinted(file)).map(({ file }) => file)).toEqual([]);
});

it('leaves the chat panel and the Supabase client to compile as they are used', () => {
  const lazy = (pattern: RegExp) =>
    fs
      .readdirSync(PUBLIC_DIR)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => mapSources(PUBLIC_DIR, file).some((source) => pattern.test(source)));
  const panel = lazy(/src\/features\/chat\/ChatPanel\b/);
  const supabase = lazy(/node_modules\/@supabase\/postgrest-js\//);
  expect(Math.min(panel.length, supabase.length)).toBeGreaterThan(0);
  expect([...panel, ...supabase].filter(hinted)).toEqual([]);
});
