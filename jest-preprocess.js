// Jest's transform: SWC (@swc/jest), not Babel (issue 42). Jest's transform cache is cold in CI: there Babel spent
// 8 CPU-s in the Jest workers on the 218 files that __tests__/{forms,chat,content,pages} load, SWC 0.4. Gatsby's
// own build keeps Babel (babel-preset-gatsby, and babel-plugin-styled-components through
// gatsby-plugin-styled-components); only the tests' transform is SWC.
//
// What the tests rely on, as babel-preset-gatsby (test stage) and @babel/preset-typescript gave it:
// - TypeScript in .ts and .tsx; JSX in .tsx and .js/.jsx (Gatsby's and MDX's ESM packages, which
//   jest.config.js's transformIgnorePatterns lets through); never JSX in .ts, where `<T>x` is a type assertion.
// - React's automatic runtime (react/jsx-runtime, not the development one).
// - CommonJS for Jest (@swc/jest picks it unless Jest runs native ESM), import() included (a require() in a
//   promise), and jest.mock hoisted above the imports (@swc/jest turns on SWC's jest pass).
// - No syntax lowered: the code runs on the pinned Node, as Babel's `targets: { node: 'current' }` left it.
// - Class fields with assignment semantics, as tsconfig's ES2021 target makes tsc emit and Babel's loose
//   class-properties did; a field with a type and no value is dropped, not set to undefined.
// styled-components' Babel plugin is not replaced: it named components (displayName, componentId from the file)
// and minified their CSS, which no unit test reads; styled-components then names them sc-<hash> itself.
const { createTransformer } = require('@swc/jest');

/** SWC's options for one kind of file. */
const swcOptions = (parser) => ({
  swcrc: false,
  jsc: {
    parser,
    target: 'esnext',
    transform: {
      react: { runtime: 'automatic', development: false },
      useDefineForClassFields: false,
    },
  },
});

const transformers = {
  tsx: createTransformer(swcOptions({ syntax: 'typescript', tsx: true })),
  ts: createTransformer(swcOptions({ syntax: 'typescript', tsx: false })),
  js: createTransformer(swcOptions({ syntax: 'ecmascript', jsx: true })),
};

const transformerFor = (filename) =>
  filename.endsWith('.tsx') ? transformers.tsx : filename.endsWith('.ts') ? transformers.ts : transformers.js;

/** @type {import('@jest/transform').SyncTransformer} */
module.exports = {
  process: (source, filename, options) => transformerFor(filename).process(source, filename, options),
  getCacheKey: (source, filename, options) => transformerFor(filename).getCacheKey(source, filename, options),
};
