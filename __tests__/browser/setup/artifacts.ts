import fs from 'node:fs';
import path from 'node:path';

export const ARTIFACTS_DIR = path.resolve(__dirname, '../../../artifacts');
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return path.join(SCREENSHOTS_DIR, name);
}
