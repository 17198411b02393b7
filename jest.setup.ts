import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';

// Testing Library's waits (waitFor, findBy…) end as soon as their condition holds; the bound is only for a machine
// busy with other work. Its default of 1 s failed early-input.test in a clean-clone CI run with the deploy build and
// other suites beside it (React took longer than that to hydrate). Below Jest's testTimeout (jest.config.js), so a
// wait that times out still says what it was waiting for.
configure({ asyncUtilTimeout: 15_000 });
