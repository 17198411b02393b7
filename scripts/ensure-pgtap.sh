#!/usr/bin/env bash
# The database's SQL tests (supabase/tests/*.sql, run by __tests__/db/pgtap.test.ts) are written with pgTAP, which
# is not on the npm registry. Debian packages it: postgresql-15-pgtap (1.2.0) ships its plain install script,
# /usr/share/postgresql/15/extension/pgtap.sql, which the runner loads into the embedded PostgreSQL 17 server and
# into PGlite (__tests__/helpers/pgtap.ts). Debian's `pgtap` package is that one plus pg_prove (Perl), which the
# runner does not need. Install it when missing and we may (root with apt-get), as ensure-radicale.sh does for the
# calendar tests. PGTAP_SQL set to a pgtap.sql that exists: nothing to install.
set -euo pipefail
if [ -n "${PGTAP_SQL:-}" ] && [ -f "$PGTAP_SQL" ]; then exit 0; fi
if compgen -G '/usr/share/postgresql/*/extension/pgtap.sql' >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "pgTAP (the SQL tests' framework) is missing: installing Debian's postgresql-15-pgtap…"
  # postgresql-15-pgtap depends on postgresql-15: no cluster wanted (ensure-pg-cron.sh says the same).
  mkdir -p /etc/postgresql-common
  if ! grep -qs '^create_main_cluster' /etc/postgresql-common/createcluster.conf; then
    echo 'create_main_cluster = false' >> /etc/postgresql-common/createcluster.conf
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15-pgtap >/dev/null
  exit 0
fi
echo "The SQL tests need pgTAP. Install it (Debian/Ubuntu: sudo apt-get install -y postgresql-15-pgtap)" >&2
echo "or point PGTAP_SQL at pgTAP's pgtap.sql." >&2
exit 1
