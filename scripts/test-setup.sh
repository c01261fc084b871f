#!/usr/bin/env bash
# Run by `npm test` (scripts/test.mjs) before the suite: sets up what the tests need where it can,
# on a Debian machine as root or with passwordless sudo:
#   - Debian's Chromium at /usr/bin/chromium, for the browser tests (Playwright drives it);
#   - PostgreSQL and Redis on 127.0.0.1, for the storage and queue tests (scripts/test-services.sh).
# Progress goes to stderr. On stdout: KEY=VALUE lines for the suite's environment
# (DATABASE_URL_TEST, REDIS_URL_TEST) and one MISSING=what: why line for each thing it could not
# set up, which the test command repeats at the start and the end of its report.
# DREY_TEST_SETUP=0 skips it all (the suite then uses what is already there).
set -uo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then
  if sudo -n true 2> /dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
fi
can_install() { [ "$SUDO" != none ] && command -v apt-get > /dev/null 2>&1; }
updated=0
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ "$updated" = 0 ]; then $SUDO apt-get update -qq >&2 || return 1; updated=1; fi
  $SUDO apt-get install -y -qq --no-install-recommends "$@" >&2
}

if [ ! -x /usr/bin/chromium ]; then
  if can_install; then
    echo "== installing Debian's chromium for the browser tests" >&2
    apt_install chromium || echo "MISSING=Chromium (/usr/bin/chromium): apt-get install chromium failed, so the browser tests fail"
  else
    echo "MISSING=Chromium (/usr/bin/chromium): not installed, and installing it needs root or passwordless sudo with apt-get (apt-get install chromium), so the browser tests fail"
  fi
fi

if [ -n "${DATABASE_URL_TEST:-}" ] && [ -n "${REDIS_URL_TEST:-}" ]; then
  echo "DATABASE_URL_TEST=$DATABASE_URL_TEST"
  echo "REDIS_URL_TEST=$REDIS_URL_TEST"
elif ! can_install && { ! ls /usr/lib/postgresql/*/bin/pg_ctl > /dev/null 2>&1 || ! command -v redis-server > /dev/null 2>&1; }; then
  echo "MISSING=PostgreSQL and Redis: not installed, and installing them needs root or passwordless sudo with apt-get (or set DATABASE_URL_TEST and REDIS_URL_TEST), so their storage and queue tests are skipped"
else
  # shellcheck source=scripts/test-services.sh
  if out="$(bash -c 'source scripts/test-services.sh >&2 && echo "DATABASE_URL_TEST=$DATABASE_URL_TEST" && echo "REDIS_URL_TEST=$REDIS_URL_TEST"')"; then
    echo "$out"
  else
    echo "MISSING=PostgreSQL and Redis: starting them failed (see the lines above), so their storage and queue tests are skipped"
  fi
fi
exit 0
