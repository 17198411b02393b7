// Shared by gatsby-browser and gatsby-ssr, so server and client render the same tree.
import type { GatsbyBrowser } from 'gatsby';
import { Layout } from './components/layout/Layout';

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
);
