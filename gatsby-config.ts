import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';
import dotenv from 'dotenv';
import { contentSources, isFolderSource } from './src/content-model/registry';
import { readSiteSettings } from './src/content-model/site-settings';
import { colorValue } from './src/styles/theme';
import { staticHostAdapter } from './src/build/static-host-adapter';
import { LINK_ONLY_PATHS } from './src/content-model/route-paths';
import { SITEMAP_QUERY, searchablePages } from './src/build/sitemap-pages';

process.env.GATSBY_TELEMETRY_DISABLED = '1';
// The same .env file Gatsby gives the browser bundle, also for build-time code (the lead-storage message, CSP).
// quiet: dotenv 17+ prints a banner on stderr, which `gatsby develop` shows as a line marked `error`.
dotenv.config({
  path: `.env.${process.env.NODE_ENV === 'production' ? 'production' : 'development'}`,
  quiet: true,
});

const site = readSiteSettings();
const jsonTypeNames = new Map(
  contentSources.flatMap((source) => (isFolderSource(source) ? [] : [[source.file, source.typeName] as const])),
);
const jsonFolderTypeNames = new Map(
  contentSources.flatMap((source) =>
    source.kind === 'json-folder' ? [[source.folder, source.typeName] as const] : [],
  ),
);

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: site.siteUrl,
    title: site.brandName,
  },
  // Named, so Gatsby never installs a host's adapter by itself during a deploy build (src/build/static-host-adapter.ts).
  adapter: staticHostAdapter(),
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  graphqlTypegen: {
    typesOutputPath: 'src/gatsby-types.d.ts',
    generateOnBuild: true,
  },
  plugins: [
    'gatsby-plugin-styled-components',
    'gatsby-plugin-postcss',
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'content', path: path.resolve('content') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'images', path: path.resolve('src/images') },
    },
    {
      resolve: 'gatsby-transformer-json',
      options: {
        // Each content file gets the type named in the content registry, so the explicit schema applies.
        typeName: ({ node }: { node: { relativePath: string; relativeDirectory: string } }) => {
          const typeName = jsonTypeNames.get(node.relativePath) ?? jsonFolderTypeNames.get(node.relativeDirectory);
          if (!typeName) throw new Error(`content/${node.relativePath} is not a known content file (see CONTENT.md).`);
          return typeName;
        },
      },
    },
    {
      resolve: 'gatsby-plugin-mdx',
      options: { extensions: ['.mdx'] },
    },
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        excludes: ['/404', '/404.html', '/dev-404-page', ...LINK_ONLY_PATHS],
        // Not the landing pages kept out of search engines (hideFromSearch).
        query: SITEMAP_QUERY,
        resolvePages: searchablePages,
      },
    },
    {
      resolve: 'gatsby-plugin-manifest',
      options: {
        name: site.brandName,
        short_name: site.brandName,
        description: site.tagline,
        start_url: '/',
        background_color: colorValue('background'),
        theme_color: colorValue('background'),
        display: 'standalone',
        icon: 'src/images/icon.svg',
        cache_busting_mode: 'none',
      },
    },
  ],
};

export default config;
