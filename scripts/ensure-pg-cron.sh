#!/usr/bin/env bash
# The hosted schedule (pg_cron calling the Edge Functions) is exercised on Debian's PostgreSQL 15 with its pg_cron
# package (__tests__/contract/schedule.test.ts), the only PostgreSQL here that pg_cron is packaged for. Install both
# when missing and we may (root with apt-get), as ensure-chromium.sh does for the browser, without the cluster
# Debian would otherwise create and start: the test makes and removes its own.
set -euo pipefail
if [ -f /usr/lib/postgresql/15/lib/pg_cron.so ] && [ -x /usr/lib/postgresql/15/bin/postgres ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "PostgreSQL 15 with pg_cron (the schedule test's server) is missing: installing Debian's postgresql-15-cron…"
  mkdir -p /etc/postgresql-common
  if ! grep -qs '^create_main_cluster' /etc/postgresql-common/createcluster.conf; then
    echo 'create_main_cluster = false' >> /etc/postgresql-common/createcluster.conf
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15-cron >/dev/null
  exit 0
fi
echo "The schedule test needs PostgreSQL 15 with pg_cron (Debian/Ubuntu: sudo apt-get install -y postgresql-15-cron)." >&2
exit 1
