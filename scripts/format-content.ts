// `npm run format:content`: rewrites every file in content/ in the form the editor (/admin) writes, so that a
// file saved in the editor without changes stays byte for byte the same. Only layout changes, never a value.
import fs from 'node:fs';
import path from 'node:path';
import { contentFiles } from '../src/content-model/content-file-list';
import { canonicalContent } from '../src/content-model/content-formats';

const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content');
let changed = 0;
for (const { source, file } of contentFiles(contentDir)) {
  const absolute = path.join(contentDir, file);
  const raw = fs.readFileSync(absolute, 'utf8');
  const canonical = canonicalContent(source, raw);
  if (canonical !== raw) {
    fs.writeFileSync(absolute, canonical);
    console.log(`rewrote content/${file}`);
    changed += 1;
  }
}
console.log(changed === 0 ? 'Every content file is in the editor’s form.' : `${changed} file(s) rewritten.`);
