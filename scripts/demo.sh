#!/usr/bin/env bash
# make demo: the newcomer's tour.
#   1. a database: ORACLE_DSN if set, else the development container (make db-up)
#   2. agentmem migrate up   (versioned migrations, then the PL/SQL packages)
#   3. agentmem doctor       (release, privileges, Oracle Text, migration state)
#   4. agentmem demo         (a KEYWORD store: user, thread, memories, searches, update, delete)
# The Makefile builds bin/agentmem before calling this.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$REPO_ROOT"
agentmem="$REPO_ROOT/bin/agentmem"
[ -x "$agentmem" ] || die "bin/agentmem is missing: run this through 'make demo', which builds it"

# godror needs the Oracle Client library at run time. Say so before spending
# minutes on a container, unless the DSN names the library directory itself.
have_instant_client() {
  local dir
  [[ "${ORACLE_DSN:-}" == *libDir=* ]] && return 0
  ldconfig -p 2>/dev/null | grep 'libclntsh\.so' >/dev/null && return 0
  IFS=: read -ra dirs <<<"${LD_LIBRARY_PATH:-}"
  for dir in "${dirs[@]}"; do
    [ -n "$dir" ] && compgen -G "$dir/libclntsh.so*" >/dev/null && return 0
  done
  return 1
}
have_instant_client ||
  die "Oracle Instant Client not found (godror loads libclntsh.so at run time): run 'make instantclient', or set LD_LIBRARY_PATH (or libDir= in ORACLE_DSN) to an Instant Client 23 directory"

if [ -z "${ORACLE_DSN:-}" ]; then
  info "== ORACLE_DSN is not set: using the development container (make db-up)"
  "$REPO_ROOT/scripts/db.sh" up
  ORACLE_DSN="$("$REPO_ROOT/scripts/db.sh" dsn)"
  export ORACLE_DSN
fi

info "== agentmem migrate up"
"$agentmem" migrate up
info "== agentmem doctor"
"$agentmem" doctor
if ! "$agentmem" help demo >/dev/null 2>&1; then
  die "this build of agentmem has no 'demo' command yet; the database is installed and checked (steps above)"
fi
info "== agentmem demo"
"$agentmem" demo
