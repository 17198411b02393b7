#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when missing and we may (root with apt-get).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $chromium_path. Install it (Debian/Ubuntu: sudo apt-get install -y chromium)" >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
