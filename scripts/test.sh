#!/usr/bin/env bash
# `npm test`, the README's one test command: every check and test suite, each a timed step (scripts/steps.sh).
# The production build the browser tests run against is a step of its own, made once here and reused by the
# browser tests (SKIP_BUILD=1) and afterwards by `npm run review -- --head-dir public`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/steps.sh
source scripts/steps.sh

step "Content check and spelling"
npm run --silent check:content
npm run --silent check:spelling

step "Supabase function tests (Deno)"
npm run --silent test:functions

step "Unit, component and contract tests (Jest)"
npm run --silent test:unit

step "Production build for the browser tests"
npm run --silent build:test

step "Browser tests (Jest + Playwright)"
SKIP_BUILD=1 npm run --silent test:browser
