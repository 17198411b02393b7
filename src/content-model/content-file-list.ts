// Every content file on disk with the registry entry it belongs to: what the canonical-form check, the
// `npm run format:content` script and the editor's round-trip test go through.
import fs from 'node:fs';
import path from 'node:path';
import { contentSources, folderExtension, isFolderSource, type ContentSource } from './registry';

export type ContentFile = { source: ContentSource; /** relative to the content folder */ file: string };

export function contentFiles(contentDir: string): ContentFile[] {
  return contentSources.flatMap((source): ContentFile[] => {
    if (!isFolderSource(source)) return [{ source, file: source.file }];
    const folder = path.join(contentDir, source.folder);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(`.${folderExtension(source)}`))
      .sort()
      .map((name) => ({ source, file: path.posix.join(source.folder, name) }));
  });
}
