#!/usr/bin/env bash
# The calendar tests run the hosts' calendars on Radicale, a CalDAV server from Debian's packages
# (dev/caldav/radicale.ts). Install it when missing and we may (root with apt-get), as ensure-chromium.sh does
# for the browser. RADICALE_PATH set to a radicale that exists: nothing to install.
set -euo pipefail
if [ -n "${RADICALE_PATH:-}" ] && [ -x "$RADICALE_PATH" ]; then exit 0; fi
if command -v radicale >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Radicale (the CalDAV server of the calendar tests) is missing: installing Debian's radicale package…"
  # The package's own service is not wanted: the tests start their own server on a free port.
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends radicale >/dev/null
  exit 0
fi
echo "The calendar tests need Radicale. Install it (Debian/Ubuntu: sudo apt-get install -y radicale)" >&2
echo "or point RADICALE_PATH at a radicale executable." >&2
exit 1
