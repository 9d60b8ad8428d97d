#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for running the server suite against a real server.
#
#   scripts/postgres-cluster.sh start DIR   initdb in DIR (trust auth, 127.0.0.1 only, a free port),
#                                           start it, print its DATABASE_URL on stdout
#   scripts/postgres-cluster.sh stop DIR    stop it (DIR can then be deleted)
#
# Uses the newest /usr/lib/postgresql/*/bin (Debian's `postgresql` package) or PG_BIN. PostgreSQL
# refuses to run as root, so as root the cluster belongs to the `postgres` user (created by the
# Debian package; created here if missing). Durability is switched off: the data is thrown away.
set -euo pipefail

command="${1:-}"
dir="${2:-}"
if [ -z "$command" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi

bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "no PostgreSQL binaries found (install Debian's postgresql or set PG_BIN)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "$command" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
      chown postgres "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 \
      --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
    options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off"
    options="$options -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
    as_owner "$bin/pg_ctl" -D "$dir/data" -o "$options" -l "$dir/server.log" -w start >/dev/null || {
      cat "$dir/server.log" >&2
      exit 1
    }
    echo "$port" >"$dir/port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    ;;
  *)
    echo "unknown command $command" >&2
    exit 2
    ;;
esac
