#!/usr/bin/env bash
# make demo: the newcomer's whole set-up and tour, in five steps.
#   1. Oracle Instant Client, which godror loads at run time: found, or
#      downloaded into .instantclient/ (scripts/instantclient.sh)
#   2. a database: ORACLE_DSN if set, else the development container
#      (scripts/db.sh up: engine check, port check, image pull, start, wait)
#   3. agentmem migrate up   (versioned migrations, then the PL/SQL packages)
#   4. agentmem doctor       (release, privileges, Oracle Text, migration state)
#   5. agentmem demo         (a KEYWORD store: user, thread, memories, searches, update, delete)
# Every failure stops with its cause and the next action. The Makefile builds
# bin/agentmem before calling this.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$REPO_ROOT"
# AGENTMEM_BIN replaces the binary (the tests in scripts_test.go use a fake).
agentmem="${AGENTMEM_BIN:-$REPO_ROOT/bin/agentmem}"
[ -x "$agentmem" ] || die "$agentmem is missing: run this through 'make demo', which builds it"

step() {
  info ""
  info "== step $1/5: $2"
}

# have_instant_client: godror can find libclntsh.so, through libDir= in the
# DSN, the linker cache or LD_LIBRARY_PATH.
have_instant_client() {
  local dir dirs
  [[ "${ORACLE_DSN:-}" == *libDir=* ]] && return 0
  ldconfig -p 2>/dev/null | grep 'libclntsh\.so' >/dev/null && return 0
  IFS=: read -ra dirs <<<"${LD_LIBRARY_PATH:-}"
  for dir in "${dirs[@]}"; do
    [ -n "$dir" ] && compgen -G "$dir/libclntsh.so*" >/dev/null && return 0
  done
  return 1
}

# Without ORACLE_DSN the database comes from a container: check for an
# engine first, before minutes of downloads that could not be used.
if [ -z "${ORACLE_DSN:-}" ]; then
  info "ORACLE_DSN is not set, so the database will run in a container: checking for docker or podman"
  container_engine >/dev/null
fi

step 1 "Oracle Instant Client (godror, the Go driver, loads libclntsh.so at run time)"
if [ "${AGENTMEM_DRIVER:-}" = "go-ora" ]; then
  info "not needed: AGENTMEM_DRIVER=go-ora, the pure-Go driver (docs/drivers.md)"
elif have_instant_client; then
  info "found (LD_LIBRARY_PATH, the linker cache or libDir= in ORACLE_DSN)"
else
  info "not found: installing it into .instantclient/ (make instantclient)"
  "$REPO_ROOT/scripts/instantclient.sh"
  LD_LIBRARY_PATH="${INSTANTCLIENT_ROOT:-$REPO_ROOT/.instantclient}/current${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export LD_LIBRARY_PATH
fi

step 2 "the database"
dsn_hint=""
if [ -n "${ORACLE_DSN:-}" ]; then
  info "using the database in ORACLE_DSN"
else
  info "ORACLE_DSN is not set: starting Oracle Database Free in a container (make db-up)"
  "$REPO_ROOT/scripts/db.sh" up
  ORACLE_DSN="$("$REPO_ROOT/scripts/db.sh" dsn)"
  export ORACLE_DSN
  dsn_hint="$ORACLE_DSN"
fi

step 3 "installing agentmem: agentmem migrate up (migrations, then the PL/SQL packages)"
"$agentmem" migrate up
step 4 "checking the database: agentmem doctor"
"$agentmem" doctor
if ! "$agentmem" help demo >/dev/null 2>&1; then
  die "this build of agentmem has no 'demo' command yet; the database is installed and checked (steps above)"
fi
step 5 "the demo: agentmem demo"
"$agentmem" demo

info ""
info "Done. Next, the live test suites against this database:"
if [ -n "$dsn_hint" ]; then
  info "  export ORACLE_DSN='$dsn_hint'"
  info "  make utplsql-install   # once: utPLSQL into the container, for the utPLSQL suites"
fi
info "  make test"
