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

# Side by side with the deploy build the host runs (netlify.toml's command and variables, NETLIFY=true,
# CONTEXT): it must stop without the Supabase settings and, with a staging project's, publish every route with its
# headers. The contract tests spend much of their time waiting on database servers, which the build fills. The
# browser tests' own build comes next and replaces public/.
step "Unit, component and contract tests (Jest), and the deploy build as the host runs it, side by side"
deploy_log=$(mktemp)
npm run --silent check:deploy > "$deploy_log" 2>&1 &
deploy=$!
unit_status=0
npm run --silent test:unit || unit_status=$?
deploy_status=0
wait "$deploy" || deploy_status=$?
echo "--- Deploy build (npm run check:deploy) ---"
if [ "$deploy_status" = 0 ]; then grep -E '^Deploy build' "$deploy_log"; else cat "$deploy_log"; fi
[ "$unit_status" = 0 ] && [ "$deploy_status" = 0 ]

step "Production build for the browser tests"
npm run --silent build:test

step "Browser tests (Jest + Playwright)"
SKIP_BUILD=1 npm run --silent test:browser
