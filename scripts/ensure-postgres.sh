#!/usr/bin/env bash
# Makes sure a PostgreSQL answers for the tests. Prints the URL to use on its last line:
# the machine's own on 127.0.0.1:5432 when it answers, else a throw-away cluster it starts.
set -euo pipefail
url="postgres://postgres@127.0.0.1:5432/test"
if pg_isready -q -h 127.0.0.1 -p 5432 && psql "$url" -qAtc 'select 1' >/dev/null 2>&1; then
  echo "$url"
  exit 0
fi
if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do
    if psql "$url" -qAtc 'select 1' >/dev/null 2>&1; then echo "$url"; exit 0; fi
    sleep 0.5
  done
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/pg-ci-XXXXXX)
chown postgres "$dir" 2>/dev/null || true
run() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
run "$bin/initdb -D $dir/data -U postgres --auth=trust" >/dev/null
run "$bin/pg_ctl -D $dir/data -o '-p 55432 -k $dir -c listen_addresses=127.0.0.1' -l $dir/log -w start" >/dev/null
run "$bin/createdb -h 127.0.0.1 -p 55432 -U postgres test"
echo "postgres://postgres@127.0.0.1:55432/test"
