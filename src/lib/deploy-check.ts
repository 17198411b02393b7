// Build-time checks of the Supabase settings, run by gatsby-node before anything is built, so a deploy can
// never ship a site that sends every lead to the local default or hands every visitor a secret key.
// Build-side only: never imported by site code.
export type BuildEnv = Record<string, string | undefined>;

const NETLIFY_DEPLOY_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy'];

/** Where this build will be published, when it is a deploy build; undefined for a local build. */
export function deployTarget(env: BuildEnv): string | undefined {
  if (env.NETLIFY === 'true' && NETLIFY_DEPLOY_CONTEXTS.includes(env.CONTEXT ?? '')) return `Netlify (${env.CONTEXT})`;
  if (env.SITE_DEPLOY === 'production') return 'a production deploy (SITE_DEPLOY=production)';
  return undefined;
}

function jwtRole(value: string): unknown {
  const payload = value.split('.')[1];
  if (!/^eyJ/.test(value) || !payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/** Why `value` must never reach the browser, or undefined when it may. */
function secretKind(value: string): string | undefined {
  if (value.trim().startsWith('sb_secret_')) return 'a Supabase secret key (sb_secret_…)';
  const role = jwtRole(value.trim());
  if (role === 'service_role' || role === 'supabase_admin') return `a Supabase ${role} key`;
  return undefined;
}

const WHERE_TO_SET =
  'Set them in Netlify under Site configuration → Environment variables (or in your host’s build ' +
  'environment, or .env.production for a local production build): the project URL and the publishable key ' +
  'are on the Supabase dashboard under Project Settings → API Keys, or in the Connect dialog.';

/** Every problem with the Supabase settings of this build; empty when it may go ahead. */
export function checkBuildConfig(env: BuildEnv): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const kind = name.startsWith('GATSBY_') && value ? secretKind(value) : undefined;
    if (kind) {
      problems.push(
        `${name} holds ${kind}. Every GATSBY_ variable is shipped to every visitor's browser, and this key ` +
          'bypasses row level security. Remove it, rotate it on the Supabase dashboard (Project Settings → API ' +
          'Keys), and give the site only the publishable key (GATSBY_SUPABASE_PUBLISHABLE_KEY).',
      );
    }
  }
  const target = deployTarget(env);
  if (target) {
    const url = env.GATSBY_SUPABASE_URL?.trim();
    const key = env.GATSBY_SUPABASE_PUBLISHABLE_KEY?.trim() || env.GATSBY_SUPABASE_ANON_KEY?.trim();
    if (!url || !key) {
      problems.push(
        `This is a build for ${target}, but ${[!url && 'GATSBY_SUPABASE_URL', !key && 'GATSBY_SUPABASE_PUBLISHABLE_KEY'].filter(Boolean).join(' and ')} ` +
          `${!url && !key ? 'are' : 'is'} not set: the site would send every lead to the local default ` +
          `(http://127.0.0.1:54321). Both GATSBY_SUPABASE_URL and GATSBY_SUPABASE_PUBLISHABLE_KEY are needed. ${WHERE_TO_SET}`,
      );
    } else if (!/^https:\/\//i.test(url)) {
      problems.push(
        `This is a build for ${target}, but GATSBY_SUPABASE_URL (${url}) is not an https:// address: ` +
          `leads would travel unencrypted or to a local server. Use the project URL, https://<project-ref>.supabase.co. ${WHERE_TO_SET}`,
      );
    }
  }
  return problems;
}
