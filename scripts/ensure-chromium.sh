#!/usr/bin/env bash
# The browser tests drive Debian's Chromium in its headless shell (__tests__/browser/setup/browser.ts). Install it
# when missing and we may (root with apt-get). CHROMIUM_PATH set to a browser that exists: nothing to install.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium's headless shell is missing: installing Debian's chromium-headless-shell package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  exit 0
fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "The browser tests need Chromium. Install it (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell)" >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
