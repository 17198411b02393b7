// Jest's global setup for the unit, component and contract tests: runs once before the test files.
import { bundleLocalApiChild } from './local-api-child-bundle';

export default bundleLocalApiChild;
