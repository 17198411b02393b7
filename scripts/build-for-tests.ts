// `npm run build:test`: the production build the browser tests and the visual review use (public/, the host's
// build with the staging project's settings), made by the browser tests' own global setup so both agree on what a
// reusable build is. Reuses the build already in public/ with SKIP_BUILD=1, like the browser tests (and so the
// one `npm run check:deploy` made).
import buildSite from '../__tests__/browser/setup/build-site';

buildSite();
