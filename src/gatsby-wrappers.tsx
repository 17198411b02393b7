// Shared by gatsby-browser and gatsby-ssr, so server and client render the same tree.
import type { GatsbyBrowser } from 'gatsby';
import { ThemeProvider } from 'styled-components';
import { theme } from './styles/theme';
import { Layout } from './components/layout/Layout';

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => (
  <ThemeProvider theme={theme}>{element}</ThemeProvider>
);

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
);
