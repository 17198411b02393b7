// The database functions the Edge Functions call (outboxes, calendar sync), reached through the data API's RPC
// endpoint with the service key: they are executable by service_role only.
export type Fetch = typeof fetch;
export type Rpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;
export type RpcSettings = { supabaseUrl: string; serviceKey: string };

export function rpcCaller(fetchImpl: Fetch, config: RpcSettings): Rpc {
  const headers: Record<string, string> = { apikey: config.serviceKey, 'Content-Type': 'application/json' };
  // Legacy service_role keys are JWTs and go in Authorization too; new secret keys (sb_secret_…) only as apikey.
  if (config.serviceKey.startsWith('eyJ')) headers.Authorization = `Bearer ${config.serviceKey}`;

  return async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const response = await fetchImpl(`${config.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${name} failed: HTTP ${response.status} ${body.slice(0, 300)}`);
    // A function returning void answers with no body.
    return (body ? JSON.parse(body) : null) as T;
  };
}
