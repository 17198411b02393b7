// A database function called by visitors through the data API (the booking functions, the host's outcome link):
// the client code loads on first use, the call gives up after `timeoutMs`, and nothing throws. The answer is the
// function's JSON object, or 'failed' with why (logged under `label`).
import type { Database } from './database.types';

export type Failed = { status: 'failed'; detail: string };
type Functions = Database['public']['Functions'];

export async function rpcObject<F extends keyof Functions>(
  fn: F,
  args: Functions[F]['Args'],
  timeoutMs: number,
  label: string,
): Promise<Record<string, unknown> | Failed> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Failed>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 'failed', detail: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
  });
  const attempt = async (): Promise<Record<string, unknown> | Failed> => {
    try {
      const { getSupabaseClient } = await import('./supabase-client');
      const { data, error } = await getSupabaseClient()
        .rpc(fn, args as never)
        .abortSignal(controller.signal);
      if (error) return { status: 'failed', detail: error.message };
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        return { status: 'failed', detail: 'the answer was not an object' };
      }
      return data as Record<string, unknown>;
    } catch (thrown) {
      return { status: 'failed', detail: thrown instanceof Error ? thrown.message : String(thrown) };
    }
  };
  try {
    const raw = await Promise.race([attempt(), timedOut]);
    if (raw.status === 'failed') console.error(`${label} ${fn} failed:`, (raw as Failed).detail);
    return raw;
  } finally {
    clearTimeout(timer);
  }
}
