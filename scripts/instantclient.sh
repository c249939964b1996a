#!/usr/bin/env bash
# Downloads Oracle Instant Client Basic Light for Linux x86-64 into
# .instantclient/ (git-ignored) and links it as .instantclient/current.
# godror loads libclntsh from there at run time; the Makefile adds that
# directory to LD_LIBRARY_PATH whenever it exists.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_env INSTANTCLIENT_URL

dest="$REPO_ROOT/.instantclient"

usage_note() {
  info "The Makefile puts $dest/current on LD_LIBRARY_PATH for every target (make test, make demo, ...)."
  info "Outside make, either"
  info "  export LD_LIBRARY_PATH=$dest/current\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
  info "or add libDir=\"$dest/current\" to ORACLE_DSN."
}

if compgen -G "$dest/current/libclntsh.so*" >/dev/null; then
  info "Oracle Instant Client is already in $dest/current ($(readlink "$dest/current"))."
  usage_note
  exit 0
fi

[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] ||
  die "this downloads the Linux x86-64 package; on $(uname -s)/$(uname -m) install Instant Client from Oracle's download page and set LD_LIBRARY_PATH (or libDir= in ORACLE_DSN)"
command -v curl >/dev/null || die "curl is needed (apt-get install curl)"
command -v unzip >/dev/null || die "unzip is needed (apt-get install unzip)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

info "downloading $INSTANTCLIENT_URL (about 40 MB; by downloading you accept Oracle's Instant Client license)"
if ! curl -fsSL --connect-timeout 10 --retry 2 -o "$tmp/instantclient.zip" "$INSTANTCLIENT_URL" 2>"$tmp/curl.err"; then
  die "cannot download Oracle Instant Client ($(tail -n 1 "$tmp/curl.err")): this needs internet access to download.oracle.com; without it, install Instant Client 23 by other means and set LD_LIBRARY_PATH, or libDir= in ORACLE_DSN"
fi

unzip -q "$tmp/instantclient.zip" -d "$tmp/unpacked"
dir="$(find "$tmp/unpacked" -mindepth 1 -maxdepth 1 -type d -name 'instantclient_*' | sed -n 1p)"
if [ -z "$dir" ] || ! compgen -G "$dir/libclntsh.so*" >/dev/null; then
  die "the downloaded archive has no instantclient_*/libclntsh.so*: is INSTANTCLIENT_URL the Basic or Basic Light zip?"
fi

name="$(basename "$dir")"
mkdir -p "$dest"
rm -rf "${dest:?}/$name"
mv "$dir" "$dest/$name"
ln -sfn "$name" "$dest/current"
info "Oracle Instant Client installed in $dest/$name (linked as $dest/current)."

# libclntsh needs libaio at run time; Debian names the package by release.
if ! ldconfig -p 2>/dev/null | grep 'libaio\.so' >/dev/null; then
  info "note: libaio was not found and Instant Client needs it: apt-get install libaio1 (Debian 12);"
  info "      on Debian 13 / Ubuntu 24.04 the package is libaio1t64 and libaio.so.1 must be linked to libaio.so.1t64"
fi
usage_note
