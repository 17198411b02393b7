// Gatsby's own module mocked the way its unit-testing guide shows: Link renders a plain anchor,
// graphql/useStaticQuery are jest mocks that tests feed with fixture data.
const React = require('react');
const gatsby = jest.requireActual('gatsby');

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn().mockImplementation(
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    ({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, ref, replace, to, ...rest }) =>
      React.createElement('a', { ...rest, href: to }),
  ),
  Slice: jest
    .fn()
    .mockImplementation(({ alias, ...rest }) =>
      React.createElement('div', { ...rest, 'data-test-slice-alias': alias }),
    ),
  useStaticQuery: jest.fn(),
  navigate: jest.fn(),
};
