import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';

export const PUBLIC_DIR = path.resolve(__dirname, '../../../public');

export function serveBuild(): Promise<StaticServer> {
  return startStaticServer({ root: PUBLIC_DIR });
}
