// The floor: the smallest Gatsby 5 site on this repo's stack (gatsby, react, styled-components from the
// repo's node_modules). bench/run.ts copies this folder to bench/tmp and builds it there.
module.exports = {
  siteMetadata: { title: 'Floor', siteUrl: 'http://127.0.0.1' },
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  plugins: ['gatsby-plugin-styled-components'],
};
