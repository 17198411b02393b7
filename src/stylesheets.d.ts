// Stylesheets imported for their side effect (gatsby-browser.tsx); Gatsby's webpack handles them.
declare module '*.css';
