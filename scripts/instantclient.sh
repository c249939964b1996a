#!/usr/bin/env bash
# Installs Oracle Instant Client Basic Light for Linux x86-64 into
# .instantclient/ (git-ignored) and links it as .instantclient/current.
# godror loads libclntsh from there at run time; the Makefile adds that
# directory to LD_LIBRARY_PATH whenever it exists.
#
# The zip is kept in .instantclient/downloads/ and checked against
# INSTANTCLIENT_SHA256 (Oracle lists a SHA256 next to every versioned zip on
# its Instant Client download page), so a second install, or a rerun after a
# failed unzip, needs no network. An empty INSTANTCLIENT_SHA256 skips the
# check, for a URL whose checksum Oracle does not publish (the permanent
# "latest" links change content with every release).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_env INSTANTCLIENT_URL

# INSTANTCLIENT_ROOT moves the install elsewhere (the tests in
# scripts_test.go use a temporary directory); the Makefile looks only here.
dest="${INSTANTCLIENT_ROOT:-$REPO_ROOT/.instantclient}"
cache="$dest/downloads"
zip="$cache/$(basename "${INSTANTCLIENT_URL%%\?*}")"
sha256="${INSTANTCLIENT_SHA256:-}"

usage_note() {
  info "The Makefile puts $dest/current on LD_LIBRARY_PATH for every target (make test, make demo, ...)."
  info "Outside make, either"
  info "  export LD_LIBRARY_PATH=$dest/current\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
  info "or add libDir=\"$dest/current\" to ORACLE_DSN."
}

# missing_libs prints the shared libraries libclntsh needs but the system
# lacks (libaio above all), one per line; nothing when all resolve or ldd is
# not there to ask.
missing_libs() {
  local lib
  lib="$(compgen -G "$1/libclntsh.so*" | sed -n 1p)"
  command -v ldd >/dev/null 2>&1 || return 0
  # ldd fails on a file it cannot read as a library: then nothing is known
  # to be missing, and godror's own error (DPI-1047) will say more.
  { LD_LIBRARY_PATH="$1" ldd "$lib" 2>/dev/null || true; } | awk '/not found/ { print $1 }'
}

check_libs() {
  local missing
  missing="$(missing_libs "$1")"
  [ -z "$missing" ] && return 0
  die "Oracle Instant Client is in $1, but the system lacks $(tr '\n' ' ' <<<"$missing")which it loads.
  Install libaio: apt-get install libaio1 (Debian 12, Ubuntu 22.04); on Debian 13 / Ubuntu 24.04
  apt-get install libaio1t64 and link libaio.so.1 to libaio.so.1t64 (Oracle Linux: dnf install libaio)"
}

if compgen -G "$dest/current/libclntsh.so*" >/dev/null; then
  info "Oracle Instant Client is already in $dest/current ($(readlink "$dest/current"))."
  check_libs "$dest/current"
  usage_note
  exit 0
fi

[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] ||
  die "this downloads the Linux x86-64 package; on $(uname -s)/$(uname -m) install Instant Client from Oracle's download page and set LD_LIBRARY_PATH (or libDir= in ORACLE_DSN)"
command -v curl >/dev/null 2>&1 || die "curl is needed to download Instant Client (apt-get install curl)"
command -v unzip >/dev/null 2>&1 || die "unzip is needed to unpack Instant Client (apt-get install unzip)"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum (GNU coreutils) is needed to check the download"

# verified FILE: the file's SHA256 matches INSTANTCLIENT_SHA256 (or no
# checksum is configured).
verified() {
  [ -z "$sha256" ] && return 0
  [ "$(sha256sum "$1" | awk '{ print $1 }')" = "$sha256" ]
}

mkdir -p "$cache"
if [ -f "$zip" ] && verified "$zip"; then
  info "using the cached download $zip"
else
  rm -f "$zip"
  info "downloading $INSTANTCLIENT_URL"
  info "  (a few tens of MB; by downloading you accept Oracle's Instant Client license)"
  if ! curl -fsSL --connect-timeout 10 --retry 2 -o "$zip.part" "$INSTANTCLIENT_URL" 2>"$zip.err"; then
    reason="$(tail -n 1 "$zip.err")"
    rm -f "$zip.part" "$zip.err"
    die "cannot download Oracle Instant Client: ${reason:-curl failed}.
  This step needs internet access to download.oracle.com (a proxy is read from https_proxy).
  Without it: copy the zip to $zip and run this again, or install Instant Client 23 by other means
  and set LD_LIBRARY_PATH (or libDir= in ORACLE_DSN)"
  fi
  rm -f "$zip.err"
  if ! verified "$zip.part"; then
    actual="$(sha256sum "$zip.part" | awk '{ print $1 }')"
    rm -f "$zip.part"
    die "the download of $INSTANTCLIENT_URL has SHA256 $actual, not the expected $sha256.
  Nothing was installed. A proxy or a truncated transfer can cause this: run it again. If Oracle's
  download page lists another SHA256 for this file, set INSTANTCLIENT_SHA256 to it"
  fi
  mv "$zip.part" "$zip"
  if [ -n "$sha256" ]; then
    info "checksum verified (SHA256 $sha256)"
  else
    info "note: INSTANTCLIENT_SHA256 is empty, so the download was not checked against a checksum"
  fi
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
unzip -q "$zip" -d "$tmp/unpacked" ||
  die "cannot unpack $zip; delete it and run this again"
dir="$(find "$tmp/unpacked" -mindepth 1 -maxdepth 1 -type d -name 'instantclient_*' | sed -n 1p)"
if [ -z "$dir" ] || ! compgen -G "$dir/libclntsh.so*" >/dev/null; then
  die "the archive $zip has no instantclient_*/libclntsh.so*: is INSTANTCLIENT_URL the Basic or Basic Light zip?"
fi

name="$(basename "$dir")"
rm -rf "${dest:?}/$name"
mv "$dir" "$dest/$name"
ln -sfn "$name" "$dest/current"
info "Oracle Instant Client installed in $dest/$name (linked as $dest/current)."
check_libs "$dest/current"
usage_note
