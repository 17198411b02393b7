/** @jest-environment node */
// The reword check is only as good as its rewording: every piece of copy changes, nothing else does, and the
// result is still content a marketer could merge (it passes the content check).
import fs from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../src/content-model/check';
import { contentWording } from '../../scripts/content-wording';
import { REWORD_PREFIX, rewordContent } from '../../scripts/reword/reword-content';
import { pinnedFields } from '../fixtures/spec-texts';
import { copyContent, realContentDir } from '../helpers/content-copy';

// Under `npm run check:reword` this repository's content/ is itself reworded; start from the original then.
const baseDir = process.env.REWORD_BASE_CONTENT ?? realContentDir;

describe('rewording a copy of content/', () => {
  const copy = copyContent(baseDir);
  const changes = rewordContent(copy.dir);
  const before = new Map(contentWording(baseDir).map(({ file, fields }) => [file, fields]));
  const after = new Map(contentWording(copy.dir).map(({ file, fields }) => [file, fields]));
  afterAll(copy.cleanup);

  it('changes every wording field except the texts the specification pins', () => {
    const pinned = new Set(pinnedFields.map(({ file, field }) => `${file} ${field}`));
    for (const [file, fields] of before) {
      const reworded = new Map(after.get(file)?.map(({ field, text }) => [field, text]));
      for (const { field, text } of fields) {
        const expected = pinned.has(`${file} ${field}`) ? text : `${REWORD_PREFIX} ${text}`;
        expect(`${file} ${field}: ${reworded.get(field)}`).toBe(`${file} ${field}: ${expected}`);
      }
    }
    expect(changes.length).toBeGreaterThan(300);
  });

  it('leaves link targets, addresses, ids and the words the chat listens for alone', () => {
    const chat = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'chat.json'), 'utf8'));
    const site = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8'));
    expect(chat(copy.dir).booking.triggers).toEqual(chat(baseDir).booking.triggers);
    expect(chat(copy.dir).topics.map((topic: { id: string }) => topic.id)).toEqual(
      chat(baseDir).topics.map((topic: { id: string }) => topic.id),
    );
    expect(site(copy.dir).navigation.map((link: { to: string }) => link.to)).toEqual(
      site(baseDir).navigation.map((link: { to: string }) => link.to),
    );
    expect(site(copy.dir).email).toBe(site(baseDir).email);
  });

  it('rewords MDX prose and headings but not the frontmatter keys', () => {
    const terms = fs.readFileSync(path.join(copy.dir, 'legal/terms.mdx'), 'utf8');
    expect(terms).toMatch(/^slug: terms$/m);
    expect(terms).toMatch(new RegExp(`^## ${REWORD_PREFIX} `, 'm'));
    expect(terms).toMatch(new RegExp(`^${REWORD_PREFIX} These Terms`, 'm'));
  });

  it('produces content that passes the content check', () => {
    expect(loadContent(copy.dir).problems).toEqual([]);
  });
});
