// React's server renderer built for Node, which tests in the jsdom environment import by this path
// (the package's default export condition there is the browser build, which needs TextEncoder).
declare module 'react-dom/server.node' {
  export * from 'react-dom/server';
}
