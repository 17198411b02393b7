/** @jest-environment node */
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '../../src/lib/local-supabase';

jest.mock('@supabase/supabase-js', () => ({ createClient: jest.fn(() => ({ from: jest.fn() })) }));

/** A fresh copy of the module (and of the mocked createClient) so each test sees the memo empty. */
async function load() {
  jest.resetModules();
  const { createClient } = await import('@supabase/supabase-js');
  const { getSupabaseClient } = await import('../../src/lib/supabase-client');
  return { createClient: jest.mocked(createClient), getSupabaseClient };
}

describe('getSupabaseClient', () => {
  const names = ['GATSBY_SUPABASE_URL', 'GATSBY_SUPABASE_PUBLISHABLE_KEY', 'GATSBY_SUPABASE_ANON_KEY'] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  beforeEach(() => {
    for (const name of names) delete process.env[name];
  });
  afterAll(() => {
    for (const name of names) if (saved[name] !== undefined) process.env[name] = saved[name];
  });

  it('creates nothing until first asked', async () => {
    const { createClient } = await load();
    expect(createClient).not.toHaveBeenCalled();
  });

  it('creates one session-less client from the configuration and reuses it', async () => {
    const { createClient, getSupabaseClient } = await load();
    const first = getSupabaseClient();
    expect(getSupabaseClient()).toBe(first);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });

  it('uses the configured project and its publishable key', async () => {
    process.env.GATSBY_SUPABASE_URL = 'https://project.supabase.co/';
    process.env.GATSBY_SUPABASE_PUBLISHABLE_KEY = 'sb_publishable_abc';
    process.env.GATSBY_SUPABASE_ANON_KEY = 'legacy-anon-jwt';
    const { createClient, getSupabaseClient } = await load();
    getSupabaseClient();
    expect(createClient).toHaveBeenCalledWith('https://project.supabase.co', 'sb_publishable_abc', expect.any(Object));
  });

  it('still accepts a legacy anon key under its legacy name', async () => {
    process.env.GATSBY_SUPABASE_URL = 'https://project.supabase.co';
    process.env.GATSBY_SUPABASE_ANON_KEY = 'legacy-anon-jwt';
    const { createClient, getSupabaseClient } = await load();
    getSupabaseClient();
    expect(createClient).toHaveBeenCalledWith('https://project.supabase.co', 'legacy-anon-jwt', expect.any(Object));
  });
});
