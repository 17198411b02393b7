import path from 'node:path';
import fs from 'node:fs';
import type { GatsbyNode, Node } from 'gatsby';
import { contentSources } from './src/content-model/registry';
import { formatProblems, loadContent, schemaProblems } from './src/content-model/check';
import { nodeTypeDefs, type UnionDef } from './src/content-model/graphql';
import { renderMdxToHtml } from './src/content-model/render-mdx';
import { formatLastUpdated } from './src/content-model/last-updated';
import { readSupabaseConfig } from './src/lib/config';
import { checkBuildConfig } from './src/lib/deploy-check';
import { readSiteSettings } from './src/content-model/site-settings';
import { rewriteBuiltPages } from './src/build/scripts-after-first-paint';
import { EagerCompileHintPlugin } from './src/build/eager-compile-hint';
import { fillSiteTokens, siteTokenValues } from './src/content-model/site-tokens';
import { mapStrings } from './src/lib/json-strings';
import { imageContentPath } from './src/content-model/image-schema';

type ResolverContext = { nodeModel: { findOne(args: { type: string; query: object }): Promise<unknown> } };

/** Fills the site placeholders ({costReductionUpTo}, {strategyCallMinutes} …) with the values in site.json. */
async function siteTokenFiller(context: ResolverContext) {
  const site = await context.nodeModel.findOne({ type: 'SiteJson', query: {} });
  const values = siteTokenValues(site as Parameters<typeof siteTokenValues>[0]);
  return <T>(value: T): T => mapStrings(value, (text) => fillSiteTokens(text, values));
}
import { writeSecurityHeaders } from './src/build/security-headers';
import { buildAdmin } from './src/build/admin-bundle';
import { ADMIN_PATH } from './src/build/admin-page';
import { adminSettings } from './src/build/admin-settings';
import { serveFolder } from './src/build/serve-folder';
import { writeRedirectsFile } from './src/build/redirects-file';
import { templateFor } from './src/build/page-templates';

const contentDir = () => path.resolve(process.env.CONTENT_DIR ?? 'content');
const buildDate = new Date();

/** Every content file is checked before Gatsby reads it, so a mistake is reported as file, item and field. */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ reporter }) => {
  const { problems } = loadContent(contentDir());
  if (problems.length > 0) {
    reporter.panic(
      `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'} (see CONTENT.md):\n${formatProblems(problems)}`,
    );
  }
  const configProblems = checkBuildConfig(process.env);
  if (configProblems.length > 0) {
    reporter.panic(`The Supabase settings of this build are unsafe:\n- ${configProblems.join('\n- ')}`);
  }
  const supabase = readSupabaseConfig();
  reporter.info(
    supabase.isLocalDefault
      ? `Leads go to the local data API at ${supabase.url} (GATSBY_SUPABASE_URL is not set; start it with npm run backend, or use npm start).`
      : `Leads go to Supabase at ${supabase.url}.`,
  );
};

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, plugins }) => {
  // The visit counter on every page (src/insights/send.ts) posts to the Supabase this build resolves, as leads do
  // and as the CSP allows, with its URL and publishable key inlined: the config code stays out of the first load.
  const { url, publishableKey } = readSupabaseConfig();
  actions.setWebpackConfig({
    plugins: [
      plugins.define({
        __VISIT_EVENTS_URL__: JSON.stringify(`${url}/rest/v1/rpc/record_visit_events`),
        __SUPABASE_PUBLISHABLE_KEY__: JSON.stringify(publishableKey),
      }),
    ],
  });
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new EagerCompileHintPlugin()] });
};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions, schema }) => {
  actions.createFieldExtension({
    name: 'siteTokens',
    extend: () => ({
      async resolve(
        source: Record<string, unknown>,
        _args: unknown,
        context: ResolverContext,
        info: { fieldName: string },
      ) {
        return (await siteTokenFiller(context))(source[info.fieldName]);
      },
    }),
  });
  const extraFields: Record<string, string[]> = {
    Service: ['slug: String!', 'body: String!'],
    LegalPage: ['contentFilePath: String!'],
  };
  actions.createTypes(`type LegalPageLastUpdated { iso: String!, text: String! }`);
  const emitted = new Set<string>();
  const unions: UnionDef[] = [];
  actions.createTypes(
    contentSources
      .map((source) =>
        nodeTypeDefs(source.typeName, source.schema, extraFields[source.typeName], {
          textDirective: 'siteTokens',
          emitted,
          unions,
        }),
      )
      .join('\n\n'),
  );
  // A section is a plain object inside its page's node: its `type` names its block.
  actions.createTypes(
    unions.map(({ name, discriminator, members }) =>
      schema.buildUnionType({
        name,
        types: Object.values(members),
        resolveType: (value: Record<string, unknown>) => members[String(value[discriminator])],
      }),
    ),
  );
};

const nodeInternals = new Set(['id', 'parent', 'children', 'internal', 'fields']);

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const units = contentSources.filter((source) => source.asUnit);
  createResolvers({
    ...Object.fromEntries(
      units.map((source) => [
        source.typeName,
        {
          content: {
            type: 'JSON!',
            resolve: async (node: Record<string, unknown>, _args: unknown, context: ResolverContext) =>
              (await siteTokenFiller(context))(
                Object.fromEntries(Object.entries(node).filter(([key]) => !nodeInternals.has(key))),
              ),
          },
        },
      ]),
    ),
    Service: {
      html: {
        type: 'String!',
        resolve: async (service: { body: string }, _args: unknown, context: ResolverContext) =>
          renderMdxToHtml((await siteTokenFiller(context))(service.body)),
      },
    },
    LandingText: {
      html: {
        type: 'String!',
        resolve: async (section: { body: string }, _args: unknown, context: ResolverContext) =>
          renderMdxToHtml((await siteTokenFiller(context))(section.body)),
      },
    },
    // An uploaded image as the File gatsby-source-filesystem made of it, for gatsby-plugin-image to process.
    Image: {
      file: {
        type: 'File!',
        resolve: async (image: { src: string }, _args: unknown, context: ResolverContext) => {
          const relativePath = imageContentPath(image.src);
          const file = await context.nodeModel.findOne({
            type: 'File',
            query: { filter: { sourceInstanceName: { eq: 'content' }, relativePath: { eq: relativePath } } },
          });
          if (!file) throw new Error(`content/${relativePath} (named by an image's src) does not exist`);
          return file;
        },
      },
    },
    LegalPage: {
      lastUpdated: {
        type: 'LegalPageLastUpdated!',
        resolve: (page: { updated?: string }) => formatLastUpdated(page.updated, buildDate),
      },
    },
  });
};

type MdxNode = Node & { frontmatter?: Record<string, unknown>; body: string; internal: { contentFilePath: string } };
type FileNode = Node & { sourceInstanceName: string; relativeDirectory: string; relativePath: string; name: string };

/** MDX files become typed nodes (Service, LegalPage) carrying their validated frontmatter. */
export const onCreateNode: GatsbyNode['onCreateNode'] = ({
  node,
  getNode,
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  if (node.internal.type !== 'Mdx' || !node.parent) return;
  const file = getNode(node.parent) as FileNode | undefined;
  if (!file || file.sourceInstanceName !== 'content') return;
  const mdx = node as MdxNode;
  const source = contentSources.find(
    (candidate) => candidate.kind === 'mdx-folder' && candidate.folder === file.relativeDirectory,
  );
  if (!source) {
    reporter.panicOnBuild(`content/${file.relativePath}: MDX files belong in content/services or content/legal.`);
    return;
  }
  const parsed = source.schema.safeParse(mdx.frontmatter ?? {});
  if (!parsed.success) {
    const messages = schemaProblems(source, mdx.frontmatter ?? {});
    reporter.panicOnBuild(`content/${file.relativePath}: ${messages.join(' ')}`);
    return;
  }
  const fields = {
    ...(parsed.data as Record<string, unknown>),
    ...(source.typeName === 'Service' ? { slug: file.name, body: mdx.body } : {}),
    ...(source.typeName === 'LegalPage' ? { contentFilePath: mdx.internal.contentFilePath } : {}),
  };
  const child = {
    ...fields,
    id: createNodeId(`${source.typeName}-${node.id}`),
    parent: node.id,
    children: [],
    internal: { type: source.typeName, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
};

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<{ allLegalPage: { nodes: { id: string; slug: string; contentFilePath: string }[] } }>(`
    query LegalPagesToCreate {
      allLegalPage {
        nodes {
          id
          slug
          contentFilePath
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not load the legal pages', result.errors);
    return;
  }
  const template = path.resolve('src/templates/legal-page.tsx');
  for (const page of result.data.allLegalPage.nodes) {
    actions.createPage({
      path: `/${page.slug}`,
      component: `${template}?__contentFilePath=${page.contentFilePath}`,
      context: { id: page.id },
    });
  }
  await createHomePage({ graphql, actions, reporter });
  await createLandingPages({ graphql, actions, reporter });
};

type PageCreation = Pick<Parameters<NonNullable<GatsbyNode['createPages']>>[0], 'graphql' | 'actions' | 'reporter'>;

/** The home page at /, with the experiment's template while its hero runs one (src/build/page-templates.ts). */
async function createHomePage({ graphql, actions, reporter }: PageCreation) {
  const result = await graphql<{ homeJson: { hero: { experiment: { startedAt: string | null } | null } } }>(`
    query HomePageToCreate {
      homeJson {
        hero {
          experiment {
            startedAt
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not load the home page', result.errors);
    return;
  }
  const { component, withExperiment } = templateFor('home', [result.data.homeJson.hero.experiment]);
  actions.createPage({ path: '/', component: path.resolve(component), context: { withExperiment } });
}

type LandingPageToCreate = {
  id: string;
  slug: string;
  hideFromSearch: boolean | null;
  sections: { form?: string; experiment?: { startedAt: string | null } | null }[];
};

/**
 * One page per content/landing file at /<slug>. Its context says which form texts its query needs, whether
 * it is kept out of search engines (the template's noindex and the sitemap both read it) and whether it runs an
 * experiment (its template: src/build/page-templates.ts).
 */
async function createLandingPages({ graphql, actions, reporter }: PageCreation) {
  const result = await graphql<{ allLandingPage: { nodes: LandingPageToCreate[] } }>(`
    query LandingPagesToCreate {
      allLandingPage {
        nodes {
          id
          slug
          hideFromSearch
          sections {
            ... on LandingForm {
              form
            }
            ... on LandingHero {
              experiment {
                startedAt
              }
            }
            ... on LandingCta {
              experiment {
                startedAt
              }
            }
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not load the landing pages', result.errors);
    return;
  }
  for (const page of result.data.allLandingPage.nodes) {
    const forms = new Set(page.sections.map((section) => section.form));
    const { component, withExperiment } = templateFor(
      'landing',
      page.sections.map((section) => section.experiment),
    );
    actions.createPage({
      path: `/${page.slug}`,
      component: path.resolve(component),
      context: {
        id: page.id,
        hideFromSearch: page.hideFromSearch === true,
        withDemoForm: forms.has('demo-request'),
        withStrategyForm: forms.has('strategy-call'),
        withExperiment,
      },
    });
  }
}

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  const { siteUrl } = readSiteSettings(contentDir());
  fs.writeFileSync(
    path.resolve('public/robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`,
  );
  // Before the security headers: the loader is an inline script whose hash the CSP must carry.
  rewriteBuiltPages(path.resolve('public'));
  const admin = await buildAdmin(path.resolve('public/admin'), adminSettings(process.env, siteUrl));
  reporter.info(
    `The editor (/admin): ${(admin.bytes / 1e6).toFixed(1)} MB in ${admin.files.length} files, bundled in ${admin.milliseconds} ms.`,
  );
  // Content-Security-Policy (with the hashes of each page's inline scripts) and the other security headers.
  writeSecurityHeaders(path.resolve('public'), readSupabaseConfig().url);
  // The short links (content/redirects.json) for the host.
  const redirects = writeRedirectsFile(path.resolve('public'), contentDir());
  reporter.info(`Short links: ${redirects.length} in public/_redirects.`);
};

/** `gatsby develop` (npm start) serves the editor at /admin too, bundled once when the server starts. */
export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = async ({ app, reporter }) => {
  const outDir = path.resolve('.cache/admin');
  const admin = await buildAdmin(outDir, adminSettings(process.env, readSiteSettings(contentDir()).siteUrl));
  reporter.info(`The editor is at ${ADMIN_PATH} (bundled in ${admin.milliseconds} ms).`);
  app.use(ADMIN_PATH, serveFolder(outDir));
};
