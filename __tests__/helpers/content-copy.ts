// A throw-away copy of content/ that a test may break on purpose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const realContentDir = path.resolve(__dirname, '../../content');

export function copyContent(from: string = realContentDir): {
  dir: string; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reach into content of any shape
  editJson: (file: string, edit: (data: any) => void) => void;
  write: (file: string, text: string) => void;
  cleanup: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.cpSync(from, dir, { recursive: true });
  return {
    dir,
    editJson(file, edit) {
      const target = path.join(dir, file);
      const data = JSON.parse(fs.readFileSync(target, 'utf8'));
      edit(data);
      fs.writeFileSync(target, JSON.stringify(data, null, 2));
    },
    write(file, text) {
      fs.writeFileSync(path.join(dir, file), text);
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
