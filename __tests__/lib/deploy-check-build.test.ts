/** @jest-environment node */
// The build runs the check before anything is built: gatsby-node's first hook stops a deploy build that
// lacks the Supabase settings (a real `NETLIFY=true CONTEXT=production gatsby build` ends the same way).
import type { GatsbyNode } from 'gatsby';
import { onPreBootstrap } from '../../gatsby-node';

type Hook = NonNullable<GatsbyNode['onPreBootstrap']>;

function runHook(env: Record<string, string>) {
  const reporter = {
    info: jest.fn(),
    panic: jest.fn((message: string) => {
      throw new Error(message);
    }),
  };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    (onPreBootstrap as Hook)({ reporter } as unknown as Parameters<Hook>[0], {} as Parameters<Hook>[1], () => {});
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  return reporter;
}

const SUPABASE = ['GATSBY_SUPABASE_URL', 'GATSBY_SUPABASE_PUBLISHABLE_KEY', 'GATSBY_SUPABASE_ANON_KEY'];
beforeEach(() => SUPABASE.forEach((name) => delete process.env[name]));

test('a Netlify production build without the Supabase settings stops, naming both variables', () => {
  expect(() => runHook({ NETLIFY: 'true', CONTEXT: 'production' })).toThrow(
    /GATSBY_SUPABASE_URL and GATSBY_SUPABASE_PUBLISHABLE_KEY are not set/,
  );
});

test('a local build goes ahead with the local default and says so', () => {
  const reporter = runHook({});
  expect(reporter.panic).not.toHaveBeenCalled();
  expect(reporter.info).toHaveBeenCalledWith(expect.stringContaining('Leads go to the local data API'));
});
