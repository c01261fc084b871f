#!/usr/bin/env bash
# Sourced by scripts/test-setup.sh (npm test) or run alone: makes sure Debian's PostgreSQL and Redis are installed and
# running on 127.0.0.1 for the storage and queue tests, and exports DATABASE_URL_TEST and
# REDIS_URL_TEST. Works as root on a fresh Debian machine (and as a user with passwordless sudo).
# Neither service is needed by `npm ci && npm start`: only the tests use them.
set -euo pipefail

PG_PORT="${DREY_CI_PG_PORT:-5432}"
REDIS_PORT="${DREY_CI_REDIS_PORT:-6379}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo -n"; fi

missing=()
ls /usr/lib/postgresql/*/bin/pg_ctl > /dev/null 2>&1 || missing+=(postgresql)
command -v redis-server > /dev/null 2>&1 || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing Debian's ${missing[*]} for the storage and queue tests"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # policy-rc.d-less containers: the packages' own start may fail; we start the services below.
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

# PostgreSQL: the newest installed version, a cluster owned by the postgres user in a directory of
# its own (so a distribution's default cluster is left alone), listening on 127.0.0.1 only.
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
PG_DIR="${DREY_CI_PG_DIR:-/tmp/drey-ci-pg}"
as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"
  elif [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"
  else sudo -n -u postgres "$@"; fi
}
if ! "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  if [ ! -s "$PG_DIR/PG_VERSION" ]; then
    $SUDO mkdir -p "$PG_DIR"
    $SUDO chown postgres "$PG_DIR"
    as_postgres "$PG_BIN/initdb" -D "$PG_DIR" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 > /dev/null
  fi
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT -c unix_socket_directories=$PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start > /dev/null
fi
# Ours, or one already running from the distribution's packages (its socket in /var/run/postgresql).
PG_SOCK="$PG_DIR"
if [ ! -S "$PG_SOCK/.s.PGSQL.$PG_PORT" ]; then PG_SOCK=/var/run/postgresql; fi
psql_admin() { as_postgres "$PG_BIN/psql" -h "$PG_SOCK" -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
if [ -S "$PG_SOCK/.s.PGSQL.$PG_PORT" ]; then
  if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = 'drey'")" != 1 ]; then
    psql_admin -c "CREATE ROLE drey LOGIN PASSWORD 'drey' CREATEDB"
  fi
  if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = 'drey_test'")" != 1 ]; then
    psql_admin -c "CREATE DATABASE drey_test OWNER drey"
  fi
fi
export DATABASE_URL_TEST="${DATABASE_URL_TEST:-postgres://drey:drey@127.0.0.1:$PG_PORT/drey_test}"

# Redis: no persistence, loopback only.
if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping > /dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
    --logfile /tmp/drey-ci-redis.log > /dev/null
  for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping > /dev/null 2>&1 && break; sleep 0.1; done
fi
export REDIS_URL_TEST="${REDIS_URL_TEST:-redis://127.0.0.1:$REDIS_PORT}"
echo "== PostgreSQL on 127.0.0.1:$PG_PORT ($("$PG_BIN/postgres" --version)), Redis on 127.0.0.1:$REDIS_PORT"
