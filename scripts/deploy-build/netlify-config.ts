// What the host runs for each deploy context, read from netlify.toml as Netlify reads it: the [build] command,
// publish folder and environment, overridden per context by [context.<name>].
import fs from 'node:fs';
import { parse } from 'smol-toml';

/** The contexts Netlify builds this site in: main, each pull request, other branches. */
export const DEPLOY_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy'] as const;
export type DeployContext = (typeof DEPLOY_CONTEXTS)[number];

export type HostBuild = {
  context: DeployContext;
  command: string;
  publish: string;
  /** The variables netlify.toml sets for this context; Netlify adds NETLIFY and CONTEXT itself. */
  environment: Record<string, string>;
};

type BuildSettings = { command?: unknown; publish?: unknown; environment?: unknown };

function strings(value: unknown, where: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw new Error(`netlify.toml: ${where} must be a table`);
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, String(item)]));
}

export function hostBuilds(tomlText: string): HostBuild[] {
  const config = parse(tomlText) as { build?: BuildSettings; context?: Record<string, BuildSettings> };
  const base = config.build ?? {};
  return DEPLOY_CONTEXTS.map((context) => {
    const own = config.context?.[context] ?? {};
    const command = own.command ?? base.command;
    const publish = own.publish ?? base.publish;
    if (typeof command !== 'string' || !command.trim()) {
      throw new Error(`netlify.toml: no build command for the ${context} context ([build] command)`);
    }
    if (typeof publish !== 'string' || !publish.trim()) {
      throw new Error(`netlify.toml: no publish folder for the ${context} context ([build] publish)`);
    }
    return {
      context,
      command,
      publish,
      environment: {
        ...strings(base.environment, '[build.environment]'),
        ...strings(own.environment, `[context.${context}.environment]`),
      },
    };
  });
}

export function readHostBuilds(file = 'netlify.toml'): HostBuild[] {
  return hostBuilds(fs.readFileSync(file, 'utf8'));
}

/** Contexts that run the same command with the same variables build the same site: one build proves them all. */
export function distinctBuilds(builds: HostBuild[]): { build: HostBuild; contexts: DeployContext[] }[] {
  const groups = new Map<string, { build: HostBuild; contexts: DeployContext[] }>();
  for (const build of builds) {
    const key = JSON.stringify([build.command, build.publish, build.environment]);
    const group = groups.get(key);
    if (group) group.contexts.push(build.context);
    else groups.set(key, { build, contexts: [build.context] });
  }
  return [...groups.values()];
}
