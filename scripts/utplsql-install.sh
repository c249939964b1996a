#!/usr/bin/env bash
# Installs utPLSQL (UTPLSQL_VERSION, a v3.2.x release) into the development
# database container as SYS, with the release's own install_headless.sql:
# owner UT3, public synonyms and grants, so every schema can run ut.run.
# For another database, run install_headless.sql from the release yourself
# as SYSDBA (see utPLSQL's install guide).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_env UTPLSQL_VERSION ORACLE_CONTAINER

engine="$(container_engine)"
[ "$(container_state "$engine")" = running ] ||
  die "container $ORACLE_CONTAINER is not running: start it with 'make db-up' first"

# sysdba_pdb runs SQL*Plus input as SYS inside the container's FREEPDB1.
sysdba_pdb() {
  { printf 'whenever sqlerror exit failure\nalter session set container = FREEPDB1;\n'; cat; } |
    "$engine" exec -i "$ORACLE_CONTAINER" sqlplus -s / as sysdba
}

installed="$(sysdba_pdb <<'SQL'
set heading off feedback off pagesize 0
select count(*) from dba_objects where owner = 'UT3' and object_name = 'UT' and object_type = 'PACKAGE';
exit
SQL
)" || die "could not query $ORACLE_CONTAINER as SYS: $installed"
if [ "$(tr -d '[:space:]' <<<"$installed")" != 0 ]; then
  info "utPLSQL is already installed in $ORACLE_CONTAINER (schema UT3); nothing to do"
  exit 0
fi

command -v curl >/dev/null || die "curl is needed (apt-get install curl)"
command -v unzip >/dev/null || die "unzip is needed (apt-get install unzip)"
url="https://github.com/utPLSQL/utPLSQL/releases/download/${UTPLSQL_VERSION}/utPLSQL.zip"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

info "downloading utPLSQL $UTPLSQL_VERSION from $url"
if ! curl -fsSL --connect-timeout 10 --retry 2 -o "$tmp/utPLSQL.zip" "$url" 2>"$tmp/curl.err"; then
  die "cannot download utPLSQL $UTPLSQL_VERSION ($(tail -n 1 "$tmp/curl.err")): this needs internet access to github.com (or set UTPLSQL_VERSION to an existing release tag)"
fi
unzip -q "$tmp/utPLSQL.zip" -d "$tmp"
[ -f "$tmp/utPLSQL/source/install_headless.sql" ] ||
  die "the utPLSQL $UTPLSQL_VERSION archive has no utPLSQL/source/install_headless.sql"

# Nobody logs in as UT3: a random password keeps the account closed.
ut3_password="Ut3$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"

"$engine" exec "$ORACLE_CONTAINER" rm -rf /tmp/utPLSQL
"$engine" cp "$tmp/utPLSQL" "$ORACLE_CONTAINER:/tmp/utPLSQL"
info "installing utPLSQL into FREEPDB1 as SYS (takes a minute or two)"
{ printf 'whenever sqlerror exit failure\nalter session set container = FREEPDB1;\n'
  printf '@install_headless.sql UT3 %s USERS\n' "$ut3_password"; } |
  "$engine" exec -i -w /tmp/utPLSQL/source "$ORACLE_CONTAINER" sqlplus -s / as sysdba >"$tmp/install.log" 2>&1 ||
  { tail -n 40 "$tmp/install.log" >&2; die "utPLSQL installation failed; the last lines of its output are above"; }
"$engine" exec "$ORACLE_CONTAINER" rm -rf /tmp/utPLSQL

version="$(sysdba_pdb <<'SQL'
set heading off feedback off pagesize 0
select ut3.ut.version() from dual;
exit
SQL
)" || { tail -n 40 "$tmp/install.log" >&2; die "utPLSQL was installed but ut.version() fails: $version"; }
info "utPLSQL installed: $(tr -s '[:space:]' ' ' <<<"$version")"
