import { LOCAL_SUPABASE_SECRET_KEY } from './local-api/local-keys';
import { LOCAL_SUPABASE_URL } from '../src/lib/local-supabase';

// Where the operator's commands (npm run leads, npm run team) work: the local API with its well-known secret key,
// or a hosted project given by SUPABASE_URL and SUPABASE_SECRET_KEY (or the legacy SUPABASE_SERVICE_ROLE_KEY).
// The key stays on the operator's machine: it is read from the environment, never from a file in the repository.
export type OperatorTarget = { url: string; key: string };

export function readOperatorTarget(env: NodeJS.ProcessEnv = process.env): OperatorTarget {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_SECRET_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (!url && !key) return { url: LOCAL_SUPABASE_URL, key: LOCAL_SUPABASE_SECRET_KEY };
  if (!url || !key) throw new Error('Set both SUPABASE_URL and SUPABASE_SECRET_KEY, or neither (local API).');
  return { url, key };
}
