# Timed steps for .ci/run and `npm test` (source it, then call `step "name"` before each step).
# Each step's start and duration go to the log as it runs, and a table of every step to the end of the run,
# also when a step fails. A run started inside another one (npm test in .ci/run) adds its steps, indented,
# to the outer run's table through STEP_TIMINGS_FILE, so the CI log ends with one table of everything.

steps_started=${STEPS_STARTED:-$(date +%s)}
export STEPS_STARTED=$steps_started
steps_current=""
steps_current_started=$steps_started
steps_nested=${STEP_TIMINGS_FILE:+1}
if [ -z "$steps_nested" ]; then
  STEP_TIMINGS_FILE=$(mktemp)
  # Each failed test, one line each, from the test runners (scripts/ci/failed-tests-reporter.js for Jest,
  # record_deno_failures below for Deno): printed at the very end, so the log's last lines say what failed.
  STEP_FAILURES_FILE=$(mktemp)
  export STEP_TIMINGS_FILE STEP_FAILURES_FILE
fi
steps_indent=${steps_nested:+  }

# The processor seconds the whole machine has been busy so far (user, nice, system, interrupts, steal: /proc/stat),
# so a step whose CPU time is near twice its duration on two cores kept both busy, and one far below it mostly
# waited. Not the shell's own children's times (`times`): those miss what a test runner's browsers and servers use
# unless their parents wait for them, and put a CPU-bound browser step at 0.8 cores. On a machine that runs more
# than CI, the column counts that too. Where /proc/stat is missing (not Linux), the children's times instead.
# It sets steps_cpu_now.
steps_times_file=$(mktemp)
steps_clock_ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
read_cpu_seconds() {
  if [ -r /proc/stat ]; then
    steps_cpu_now=$(awk -v hz="$steps_clock_ticks" '$1 == "cpu" { printf "%d", ($2 + $3 + $4 + $7 + $8 + $9) / hz }' /proc/stat)
    return
  fi
  times > "$steps_times_file"
  steps_cpu_now=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$steps_times_file")
}
steps_current_cpu=0

# Closes the running step: its duration (and CPU time) goes to the log now and to the table at the end.
end_step() {
  [ -n "$steps_current" ] || return 0
  local seconds=$(($(date +%s) - steps_current_started))
  read_cpu_seconds
  local cpu=$((steps_cpu_now - steps_current_cpu))
  echo "<== $steps_current: ${seconds} s, CPU ${cpu} s (ended at $(($(date +%s) - steps_started)) s)"
  printf '%5d s  %5d s  %s%s\n' "$seconds" "$cpu" "$steps_indent" "$steps_current" >> "$STEP_TIMINGS_FILE"
  steps_current=""
}

# A part of the running step that ran beside it (started at $1, named $2): its duration in the log and the table.
sub_step() {
  local seconds=$(($(date +%s) - $1))
  echo "<== $2: ${seconds} s"
  printf '%5d s  %7s  %s  - %s\n' "$seconds" "" "$steps_indent" "$2" >> "$STEP_TIMINGS_FILE"
}

step() {
  end_step
  steps_current="$*"
  steps_current_started=$(date +%s)
  read_cpu_seconds
  steps_current_cpu=$steps_cpu_now
  echo
  echo "==> $steps_current (at $((steps_current_started - steps_started)) s, $(date -u +%H:%M:%S) UTC)"
}

# Deno's test output (a file) → its failed tests into the failures file: the lines between " FAILURES" and the
# closing "FAILED |" line, each "name => file:line:column".
record_deno_failures() {
  [ -n "${STEP_FAILURES_FILE:-}" ] || return 0
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '/^ *FAILURES *$/ { on = 1; next } /^FAILED \|/ { on = 0 } on && / => / { print "Deno: " $0 }' \
    >> "$STEP_FAILURES_FILE"
}

# The EXIT trap: closes the last step and, in the outermost run, prints the table and what failed.
steps_summary() {
  local status=$?
  local failed_step=$steps_current
  end_step
  if [ -n "$steps_nested" ] && [ "$status" != 0 ] && [ -n "$failed_step" ]; then
    echo "  ${failed_step} (exit ${status})" >> "$STEP_TIMINGS_FILE.failed"
  fi
  if [ -z "$steps_nested" ]; then
    echo
    echo "Step timings (duration, then the machine's busy CPU time during it: twice the duration is both of 2 cores busy):"
    sed 's/^/  /' "$STEP_TIMINGS_FILE"
    echo "  total: $(($(date +%s) - steps_started)) s ($([ "$status" = 0 ] && echo passed || echo "failed, exit $status"))"
    if [ "$status" != 0 ]; then
      echo
      echo "Failed steps:"
      [ -f "$STEP_TIMINGS_FILE.failed" ] && cat "$STEP_TIMINGS_FILE.failed"
      [ -n "$failed_step" ] && echo "  ${failed_step} (exit ${status})"
    fi
    if [ -s "$STEP_FAILURES_FILE" ]; then
      echo
      echo "Failed tests ($(wc -l < "$STEP_FAILURES_FILE")):"
      sed 's/^/  /' "$STEP_FAILURES_FILE"
    fi
    rm -f "$STEP_TIMINGS_FILE" "$STEP_TIMINGS_FILE.failed" "$STEP_FAILURES_FILE"
  fi
  rm -f "$steps_times_file"
  return "$status"
}
trap steps_summary EXIT
