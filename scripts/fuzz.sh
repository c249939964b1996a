#!/usr/bin/env bash
# Runs every Go fuzz target of the module for FUZZTIME each (make fuzz).
# "go test -fuzz" takes one target of one package per run, so the targets
# are listed first with "go test -list".
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_env FUZZTIME GO
cd "$REPO_ROOT"

# go test -list prints the matching names of a package, then its "ok <pkg>"
# line; pair each name with the package that follows it.
targets="$("$GO" test -list '^Fuzz' ./... | awk '
  /^Fuzz/ { names[n++] = $1; next }
  /^ok /  { for (i = 0; i < n; i++) print $2, names[i]; n = 0 }')"

if [ -z "$targets" ]; then
  info "no fuzz targets found (go test -list '^Fuzz' ./... listed none)"
  exit 0
fi

count=0
while read -r pkg name; do
  info "== fuzzing $name in $pkg for $FUZZTIME"
  "$GO" test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "$pkg"
  count=$((count + 1))
done <<<"$targets"
info "fuzzed $count target(s) for $FUZZTIME each"
