// Jest's global setup for the browser tests: the local data API's test process bundled, and the site built when
// no reusable build is in public/ (./build-site.ts).
import type { Config } from '@jest/types';
import { bundleLocalApiChild } from '../../helpers/local-api-child-bundle';
import buildSite from './build-site';

export default async function globalSetup(globalConfig?: Config.GlobalConfig): Promise<void> {
  await bundleLocalApiChild();
  buildSite(globalConfig);
}
