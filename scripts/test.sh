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

# Two lanes side by side, as the machine's two cores allow: the unit tests in one; in the other the Gatsby build,
# then the browser tests on it. Much of a contract test is waiting on its database and servers, and much of a
# browser test on the phone profile's slow network, which the other lane fills. The build is the one the host runs
# (netlify.toml's command and variables, NETLIFY=true, CONTEXT): it must stop without the Supabase settings and,
# with a staging project's, publish every route with its headers. The browser tests run on that same build in
# public/ (no unit test reads public/), their calls to the staging address answered by a local data API. The
# second lane's output goes to the log once the unit tests are done; each lane's time goes to the step table.
step "Unit, component and contract tests (Jest) beside the deploy build, then the browser tests (Jest + Playwright) on it"
second_lane_log=$(mktemp)
(
  set -e
  started=$(date +%s)
  if ! npm run --silent check:deploy; then
    [ -z "${STEP_FAILURES_FILE:-}" ] || echo "Builds: the deploy build check failed (its output above)" >> "$STEP_FAILURES_FILE"
    exit 1
  fi
  sub_step "$started" "deploy build, as the host runs it (netlify.toml); the browser tests run on it"
  started=$(date +%s)
  browser_status=0
  SKIP_BUILD=1 npm run --silent test:browser || browser_status=$?
  sub_step "$started" "browser tests (Jest + Playwright), after the deploy build, beside the unit tests"
  exit "$browser_status"
) > "$second_lane_log" 2>&1 &
second_lane=$!
started=$(date +%s)
unit_status=0
npm run --silent test:unit || unit_status=$?
sub_step "$started" "unit, component and contract tests (Jest)"
second_lane_status=0
wait "$second_lane" || second_lane_status=$?
echo
echo "--- Deploy build, then the browser tests ---"
cat "$second_lane_log"
if [ "$unit_status" != 0 ] || [ "$second_lane_status" != 0 ]; then exit 1; fi
