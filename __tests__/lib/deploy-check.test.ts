/** @jest-environment node */
import { checkBuildConfig, deployTarget } from '../../src/lib/deploy-check';
import { LOCAL_SUPABASE_ANON_KEY } from '../../src/lib/local-supabase';
import { LOCAL_SUPABASE_SECRET_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from '../../dev/local-api/local-keys';

const hosted = {
  GATSBY_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  GATSBY_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc123',
};

describe('deployTarget', () => {
  test.each(['production', 'deploy-preview', 'branch-deploy'])('Netlify %s is a deploy build', (context) => {
    expect(deployTarget({ NETLIFY: 'true', CONTEXT: context })).toBe(`Netlify (${context})`);
  });
  test('SITE_DEPLOY=production is a deploy build on any other host', () => {
    expect(deployTarget({ SITE_DEPLOY: 'production' })).toContain('SITE_DEPLOY=production');
  });
  test.each([{}, { NETLIFY: 'true', CONTEXT: 'dev' }, { CONTEXT: 'production' }, { SITE_DEPLOY: 'preview' }])(
    'anything else is a local build: %j',
    (env) => expect(deployTarget(env)).toBeUndefined(),
  );
});

describe('checkBuildConfig', () => {
  test('a local build without any setting keeps the local default', () => {
    expect(checkBuildConfig({})).toEqual([]);
  });

  test.each([
    ['nothing', {}, 'GATSBY_SUPABASE_URL and GATSBY_SUPABASE_PUBLISHABLE_KEY are not set'],
    ['only the URL', { GATSBY_SUPABASE_URL: hosted.GATSBY_SUPABASE_URL }, 'GATSBY_SUPABASE_PUBLISHABLE_KEY is not set'],
    ['only the key', { GATSBY_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x' }, 'GATSBY_SUPABASE_URL is not set'],
  ])('a Netlify production build with %s fails, naming both variables and where to set them', (_case, env, what) => {
    const [problem, ...others] = checkBuildConfig({ NETLIFY: 'true', CONTEXT: 'production', ...env });
    expect(others).toEqual([]);
    expect(problem).toContain(`This is a build for Netlify (production), but ${what}`);
    expect(problem).toContain('Both GATSBY_SUPABASE_URL and GATSBY_SUPABASE_PUBLISHABLE_KEY are needed');
    expect(problem).toContain('Site configuration → Environment variables');
  });

  test('SITE_DEPLOY=production without the settings fails too', () => {
    expect(checkBuildConfig({ SITE_DEPLOY: 'production' })).toEqual([expect.stringContaining('are not set')]);
  });

  test('a deploy build with the URL and the publishable (or legacy anon) key passes', () => {
    expect(checkBuildConfig({ NETLIFY: 'true', CONTEXT: 'deploy-preview', ...hosted })).toEqual([]);
    expect(
      checkBuildConfig({
        SITE_DEPLOY: 'production',
        GATSBY_SUPABASE_URL: hosted.GATSBY_SUPABASE_URL,
        GATSBY_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
      }),
    ).toEqual([]);
  });

  test.each(['http://abcdefghijklmnop.supabase.co', 'http://127.0.0.1:54321'])(
    'a deploy build with a non-https URL (%s) fails',
    (url) => {
      expect(checkBuildConfig({ SITE_DEPLOY: 'production', ...hosted, GATSBY_SUPABASE_URL: url })).toEqual([
        expect.stringContaining(`GATSBY_SUPABASE_URL (${url}) is not an https:// address`),
      ]);
    },
  );

  test('a local build may use http (the local API)', () => {
    expect(checkBuildConfig({ ...hosted, GATSBY_SUPABASE_URL: 'http://127.0.0.1:54321' })).toEqual([]);
  });

  test.each([
    ['GATSBY_SUPABASE_PUBLISHABLE_KEY', LOCAL_SUPABASE_SECRET_KEY, 'a Supabase secret key (sb_secret_…)'],
    ['GATSBY_SUPABASE_ANON_KEY', LOCAL_SUPABASE_SERVICE_ROLE_KEY, 'a Supabase service_role key'],
    ['GATSBY_ANALYTICS_TOKEN', 'sb_secret_abc', 'a Supabase secret key (sb_secret_…)'],
  ])('a secret in any GATSBY_ variable (%s) fails any build, local included', (name, value, kind) => {
    const problems = checkBuildConfig({ [name]: value });
    expect(problems).toEqual([expect.stringContaining(`${name} holds ${kind}`)]);
    expect(problems[0]).toContain('shipped to every visitor');
  });

  test('a secret key outside GATSBY_ variables (e.g. for npm run leads) is fine', () => {
    expect(checkBuildConfig({ SUPABASE_SECRET_KEY: LOCAL_SUPABASE_SECRET_KEY })).toEqual([]);
  });
});
