import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from '../../src/lib/local-supabase';

jest.mock('@supabase/supabase-js', () => ({ createClient: jest.fn(() => ({ from: jest.fn() })) }));

/** A fresh copy of the module (and of the mocked createClient) so each test sees the memo empty. */
async function load() {
  jest.resetModules();
  const { createClient } = await import('@supabase/supabase-js');
  const { getSupabaseClient } = await import('../../src/lib/supabase-client');
  return { createClient: jest.mocked(createClient), getSupabaseClient };
}

describe('getSupabaseClient', () => {
  const saved = { url: process.env.GATSBY_SUPABASE_URL, key: process.env.GATSBY_SUPABASE_ANON_KEY };
  beforeEach(() => {
    delete process.env.GATSBY_SUPABASE_URL;
    delete process.env.GATSBY_SUPABASE_ANON_KEY;
  });
  afterAll(() => {
    process.env.GATSBY_SUPABASE_URL = saved.url;
    process.env.GATSBY_SUPABASE_ANON_KEY = saved.key;
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
    expect(createClient).toHaveBeenCalledWith(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });

  it('uses the configured project when GATSBY_SUPABASE_URL and the anon key are set', async () => {
    process.env.GATSBY_SUPABASE_URL = 'https://project.supabase.co/';
    process.env.GATSBY_SUPABASE_ANON_KEY = 'anon-key';
    const { createClient, getSupabaseClient } = await load();
    getSupabaseClient();
    expect(createClient).toHaveBeenCalledWith('https://project.supabase.co', 'anon-key', expect.any(Object));
  });
});
