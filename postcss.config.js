// PostCSS for src/styles/global.css (gatsby-plugin-postcss): vendor prefixes for the browsers in Gatsby's
// browserslist. styled-components prefixes its own rules at run time.
module.exports = {
  plugins: [require('autoprefixer')],
};
