#!/usr/bin/env bash
# `npm test`, the README's one test command: every check and test suite, each a timed step (scripts/steps.sh).
# The production build the browser tests run against is made once here, beside the unit tests: the deploy build
# check's, reused by the browser tests (SKIP_BUILD=1) and afterwards by `npm run review -- --head-dir public`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/steps.sh
source scripts/steps.sh

step "Content check and spelling"
npm run --silent check:content
npm run --silent check:spelling

step "Supabase function tests (Deno)"
deno_output=$(mktemp)
npm run --silent test:functions 2>&1 | tee "$deno_output" || { record_deno_failures "$deno_output"; exit 1; }

# The Gatsby build runs beside the unit tests: much of a contract test is waiting on its database and servers, which
# the build fills. It is the build the host runs (netlify.toml's command and variables, NETLIFY=true, CONTEXT): it
# must stop without the Supabase settings and, with a staging project's, publish every route with its headers. The
# browser tests then run on that same build in public/ (no unit test reads public/), their calls to the staging
# address answered by a local data API. The build's output goes to the log once the unit tests are done.
step "Unit, component and contract tests (Jest), beside the deploy build"
builds_log=$(mktemp)
(
  set -e
  started=$(date +%s)
  npm run --silent check:deploy
  sub_step "$started" "deploy build, as the host runs it (netlify.toml), beside the unit tests; the browser tests run on it"
) > "$builds_log" 2>&1 &
builds=$!
unit_status=0
npm run --silent test:unit || unit_status=$?
builds_status=0
wait "$builds" || builds_status=$?
echo
echo "--- Deploy build check ---"
cat "$builds_log"
if [ "$builds_status" != 0 ] && [ -n "${STEP_FAILURES_FILE:-}" ]; then
  echo "Builds: the deploy build check failed (its output above)" >> "$STEP_FAILURES_FILE"
fi
if [ "$unit_status" != 0 ] || [ "$builds_status" != 0 ]; then exit 1; fi

step "Browser tests (Jest + Playwright)"
SKIP_BUILD=1 npm run --silent test:browser
