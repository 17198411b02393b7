/** @jest-environment node */
// The visual review's copy diff and page, without a browser: fields and paragraphs named, changed screens
// first with before/after/diff, unchanged ones folded, new and removed listed, the summary paragraph.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScreenResult } from '../../scripts/review/compare';
import { diffCopy, diffWords } from '../../scripts/review/copy-diff';
import { renderReviewPage, renderSummary } from '../../scripts/review/review-page';

const info = { builtAt: new Date('2026-03-04T05:06:07Z'), base: 'main (abc1234)', head: 'this branch (def5678)' };

describe('copy diff', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-diff-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (side: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, side, 'content', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, side, 'content', file), text);
  };
  const mdx = (summary: string, body: string[]) =>
    `---\ntitle: Lead Capture\nsummary: ${summary}\n---\n\n${body.join('\n\n')}\n`;

  it('names JSON fields by path, MDX frontmatter by key and body paragraphs by number; new and removed files', () => {
    write(
      'base',
      'pages/home.json',
      JSON.stringify({ hero: { title: 'Put your office on autopilot' }, stats: [{ label: 'a' }] }),
    );
    write(
      'head',
      'pages/home.json',
      JSON.stringify({ hero: { title: 'Put your front office on autopilot' }, stats: [] }),
    );
    write('base', 'services/lead.mdx', mdx('Answers fast.', ['First.', 'Second para.', 'Third.']));
    write(
      'head',
      'services/lead.mdx',
      mdx('Answers in seconds.', ['First.', 'Inserted.', 'Second paragraph.', 'Third.']),
    );
    write('base', 'gone.json', '{}');
    write('head', 'new.json', '{}');

    expect(diffCopy(path.join(dir, 'base/content'), path.join(dir, 'head/content'))).toEqual([
      { file: 'content/gone.json', field: '(file removed)', kind: 'removed' },
      { file: 'content/new.json', field: '(new file)', kind: 'added' },
      {
        file: 'content/pages/home.json',
        field: 'hero.title',
        kind: 'changed',
        before: 'Put your office on autopilot',
        after: 'Put your front office on autopilot',
      },
      { file: 'content/pages/home.json', field: 'stats[0].label', kind: 'removed', before: 'a' },
      {
        file: 'content/services/lead.mdx',
        field: 'frontmatter.summary',
        kind: 'changed',
        before: 'Answers fast.',
        after: 'Answers in seconds.',
      },
      {
        file: 'content/services/lead.mdx',
        field: 'body paragraph 2',
        kind: 'changed',
        before: 'Second para.',
        after: 'Inserted.',
      },
      { file: 'content/services/lead.mdx', field: 'body paragraph 3', kind: 'added', after: 'Second paragraph.' },
    ]);
  });

  it('marks the words a change removed and added', () => {
    expect(diffWords('Put your office on autopilot', 'Put your front office on cruise control')).toEqual([
      { text: 'Put your ', kind: 'same' },
      { text: 'front ', kind: 'added' },
      { text: 'office on ', kind: 'same' },
      { text: 'autopilot', kind: 'removed' },
      { text: 'cruise control', kind: 'added' },
    ]);
  });
});

describe('the review page', () => {
  const results: ScreenResult[] = [
    { file: 'home-375.png', key: 'home', width: 375, status: 'unchanged', share: 0 },
    { file: 'pricing-1280.png', key: 'pricing', width: 1280, status: 'changed', share: 0.0042 },
    { file: 'pricing-375.png', key: 'pricing', width: 375, status: 'changed', share: 0.0123 },
    { file: 'chat-new-1280.png', key: 'chat-new', width: 1280, status: 'added' },
    { file: 'old-375.png', key: 'old', width: 375, status: 'removed' },
  ];
  const copy = [
    {
      file: 'content/pages/pricing.json',
      field: 'hero.title',
      kind: 'changed' as const,
      before: 'Plans <b>',
      after: 'Plans for you',
    },
  ];
  const html = renderReviewPage(results, copy, info);

  it('shows changed screens first, largest change first, each with before, after and diff by relative path', () => {
    const order = [
      'images/before/pricing-375.png',
      'images/before/pricing-1280.png',
      'Copy changes',
      'New screens',
      'Removed screens',
      '<details>',
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((position) => position > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const folder of ['before', 'after', 'diff']) expect(html).toContain(`src="images/${folder}/pricing-375.png"`);
    expect(html).toContain('1.2% of pixels changed');
    expect(html).toContain('0.42% of pixels changed');
    expect(html).toContain('<summary>Unchanged screens (1)</summary>');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('shows the copy change as file, field, old and new, escaped', () => {
    expect(html).toContain('<code>content/pages/pricing.json</code> · <code>hero.title</code>');
    expect(html).toContain('Plans &#60;b&#62;');
    expect(html).toContain('<ins>for you</ins>');
  });

  it('sums it up in one paragraph: screens changed, which routes, copy changed', () => {
    expect(renderSummary(results, copy, info)).toBe(
      '**Visual review** of this branch (def5678) against main (abc1234): 2 of 5 screens changed, 1 new, 1 removed (Pricing, Chat new, Old); 1 copy field changed in `content/pages/pricing.json`. Open `review/index.html` from the **review-sheet** artifact for before, after and the highlighted difference.\n',
    );
  });
});
