// The local data API behind the browser tests' build: in memory, on the port the build points at.
import { startTestApi, type TestApi } from '../../helpers/local-api';
import { TEST_API_PORT } from './test-env';

export type LeadApi = TestApi;

export function startLeadApi(): Promise<LeadApi> {
  return startTestApi({ port: TEST_API_PORT });
}
