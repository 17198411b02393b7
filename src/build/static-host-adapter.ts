// The site's deploy adapter, named in gatsby-config so Gatsby never installs one by itself. Without it, Gatsby 5
// sees NETLIFY=true on the host and runs `npm install gatsby-adapter-netlify` in .cache/adapters during the
// build: a package outside the lockfile and outside package.json's allowScripts, which stops the deploy
// (docs/dependencies.md, "Deploy adapter"). The site is static files plus the headers file the build writes
// (src/build/security-headers.ts) and the short links' redirects file (src/build/redirects-file.ts), which Netlify
// and Cloudflare Pages read as they are: there is nothing to adapt, and this adapter refuses a build that would
// need a real one instead of publishing it half-working.
import type { IAdapter, RoutesManifest, FunctionsManifest } from 'gatsby';

export const STATIC_HOST_ADAPTER_NAME = 'static-host';

/** What in this build a static host cannot serve: server-rendered or deferred pages, functions, redirects. */
export function staticHostProblems(routes: RoutesManifest, functions: FunctionsManifest): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (route.type === 'function') {
      problems.push(`${route.path} is answered by a function (${route.functionId}): SSR, DSG or a Gatsby Function`);
    } else if (route.type === 'redirect') {
      problems.push(`${route.path} redirects to ${route.toPath}: createRedirect writes no file a static host reads`);
    }
  }
  for (const fn of functions) {
    if (!routes.some((route) => route.type === 'function' && route.functionId === fn.functionId)) {
      problems.push(`function ${fn.name} (${fn.functionId}) has no route a static host could serve`);
    }
  }
  return problems;
}

export function staticHostAdapter(): IAdapter {
  return {
    name: STATIC_HOST_ADAPTER_NAME,
    adapt({ routesManifest, functionsManifest, reporter }) {
      const problems = staticHostProblems(routesManifest, functionsManifest);
      if (problems.length > 0) {
        reporter.panic(
          `This site deploys as static files (public/ and its _headers), but the build has:\n` +
            problems.map((problem) => ` - ${problem}`).join('\n') +
            `\nRemove it, or add the host's adapter in gatsby-config.ts and its install scripts to package.json ` +
            `allowScripts (docs/dependencies.md, "Deploy adapter").`,
        );
      }
      // The short links are the build's own public/_redirects (src/build/redirects-file.ts), not Gatsby redirects.
      reporter.info(
        `Static host: ${routesManifest.length} routes published as files, no functions, no Gatsby redirects (short links are in _redirects).`,
      );
    },
    config: () => ({
      // The host serves public/ as it is: no datastore in a function, no image or file CDN.
      excludeDatastoreFromEngineFunction: false,
      supports: { pathPrefix: false, trailingSlash: ['never'] },
    }),
  };
}
