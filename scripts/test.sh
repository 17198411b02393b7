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

# The build the host runs (netlify.toml's command and variables, NETLIFY=true, CONTEXT): it must stop without the
# Supabase settings and, with a staging project's, publish every route with its headers. Not beside the unit
# tests: the load made a timing-sensitive runner test fail. The browser tests' own build comes next and replaces
# public/.
step "Deploy build, as the host runs it (netlify.toml)"
npm run --silent check:deploy

step "Production build for the browser tests"
npm run --silent build:test

step "Browser tests (Jest + Playwright)"
SKIP_BUILD=1 npm run --silent test:browser
