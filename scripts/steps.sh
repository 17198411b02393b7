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
  export STEP_TIMINGS_FILE
fi
steps_indent=${steps_nested:+  }

# Closes the running step: its duration goes to the log now and to the table at the end.
end_step() {
  [ -n "$steps_current" ] || return 0
  local seconds=$(($(date +%s) - steps_current_started))
  echo "<== $steps_current: ${seconds} s (ended at $(($(date +%s) - steps_started)) s)"
  printf '%5d s  %s%s\n' "$seconds" "$steps_indent" "$steps_current" >> "$STEP_TIMINGS_FILE"
  steps_current=""
}

step() {
  end_step
  steps_current="$*"
  steps_current_started=$(date +%s)
  echo
  echo "==> $steps_current (at $((steps_current_started - steps_started)) s, $(date -u +%H:%M:%S) UTC)"
}

# The EXIT trap: closes the last step and, in the outermost run, prints the table.
steps_summary() {
  local status=$?
  end_step
  if [ -z "$steps_nested" ]; then
    echo
    echo "Step timings:"
    sed 's/^/  /' "$STEP_TIMINGS_FILE"
    echo "  total: $(($(date +%s) - steps_started)) s ($([ "$status" = 0 ] && echo passed || echo "failed, exit $status"))"
    rm -f "$STEP_TIMINGS_FILE"
  fi
  return "$status"
}
trap steps_summary EXIT
