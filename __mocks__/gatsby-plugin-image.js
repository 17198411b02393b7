// gatsby-plugin-image processes images at build time; in Jest a plain <img> with the same alt stands in.
const React = require('react');

const Image = ({ src, image, alt }) => React.createElement('img', { src: src ?? image?.images?.fallback?.src, alt });

module.exports = {
  ...jest.requireActual('gatsby-plugin-image'),
  StaticImage: Image,
  GatsbyImage: Image,
};
