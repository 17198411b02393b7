// Every page of the production build is valid HTML: the W3C Nu Html Checker (the vnu-jar package, run with
// the machine's Java) reports no error on any of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_DIR } from './setup/test-env';

type NuMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

/** The built pages: every HTML file but Gatsby's slice fragments (pieces of pages, not documents). */
function builtPages(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '_gatsby' ? [] : builtPages(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

test('the Nu Html Checker finds no error on any built page', () => {
  const pages = builtPages(PUBLIC_DIR);
  expect(pages.map((page) => path.relative(PUBLIC_DIR, page))).toEqual(
    expect.arrayContaining(['index.html', 'contact/index.html', 'book/index.html', '404.html']),
  );

  const checker = spawnSync(
    'java',
    ['-jar', require.resolve('vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'json', ...pages],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (checker.error) throw checker.error;
  const { messages } = JSON.parse(checker.stderr) as { messages: NuMessage[] };
  const errors = messages.map(
    (message) =>
      `${path.relative(PUBLIC_DIR, new URL(message.url).pathname)}:${message.lastLine ?? '?'} ${message.message}` +
      (message.extract ? `\n    ${message.extract.slice(0, 160)}` : ''),
  );
  expect(errors).toEqual([]);
});
