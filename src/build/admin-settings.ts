// Where the deployed editor saves and logs in, from the build's environment (CONTENT.md, "Setting up the editor").
import type { BackendSettings } from '../admin/cms-config';

/** Netlify sets REPOSITORY_URL on every build (https://github.com/owner/name); CMS_GITHUB_REPO overrides it. */
export function adminSettings(env: NodeJS.ProcessEnv, siteUrl: string): BackendSettings {
  const fromNetlify = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(env.REPOSITORY_URL ?? '')?.[1];
  return {
    repo: env.CMS_GITHUB_REPO ?? fromNetlify ?? '',
    authBaseUrl: env.CMS_AUTH_BASE_URL ?? 'https://api.netlify.com',
    siteUrl,
  };
}
