# shellcheck shell=bash
# Helpers shared by the scripts in this directory. Source it; do not run it.
# The configuration defaults live in one place, the Makefile: the scripts are
# meant to run through make, which exports them.

# shellcheck disable=SC2034 # used by the scripts that source this file
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() {
  echo "error: $*" >&2
  exit 1
}

info() {
  echo "$*" >&2
}

# require_env NAME... stops when a variable the Makefile normally exports is
# missing, so a script run by hand says what to do instead of misbehaving.
require_env() {
  local name
  for name in "$@"; do
    if [ -z "${!name:-}" ]; then
      die "$name is not set: run this through make (e.g. 'make db-up'), which sets every default"
    fi
  done
}

# container_engine prints the first of docker/podman (or CONTAINER_ENGINE)
# whose engine answers. A client alone is not enough: on machines where the
# docker CLI is installed but no daemon runs, "docker run" would fail later
# with a less helpful message.
container_engine() {
  local candidates=(docker podman) notes=() engine
  if [ -n "${CONTAINER_ENGINE:-}" ]; then
    candidates=("$CONTAINER_ENGINE")
  fi
  local out hint
  for engine in "${candidates[@]}"; do
    if ! command -v "$engine" >/dev/null 2>&1; then
      notes+=("$engine is not installed")
    elif out="$(timeout 20 "$engine" info 2>&1 >/dev/null)"; then
      echo "$engine"
      return 0
    else
      # The engine's own last line says why: no daemon, or no permission
      # on its socket (then the user is not in the docker group).
      hint="$(sed -n '$p' <<<"$out")"
      case "$out" in
        *"permission denied"*) hint+=" (add yourself to the $engine group, or use rootless $engine)" ;;
      esac
      notes+=("the $engine client is installed but '$engine info' gets no answer from its engine${hint:+: $hint}")
    fi
  done
  local joined
  joined="$(printf '%s; ' "${notes[@]}")"
  {
    echo "error: no container engine is running (${joined%; })."
    echo "  Start Docker or Podman and run this again, or do without a container: set ORACLE_DSN to an"
    echo "  existing Oracle Database 23.4 or later, for example"
    echo "    export ORACLE_DSN='user=\"app\" password=\"secret\" connectString=\"dbhost:1521/FREEPDB1\"'"
  } >&2
  return 1
}

# container_state prints running, exited, created, ... or "absent".
container_state() {
  local engine=$1
  "$engine" container inspect -f '{{.State.Status}}' "$ORACLE_CONTAINER" 2>/dev/null || echo absent
}

# app_dsn prints the godror (logfmt) DSN of the development container's app user.
app_dsn() {
  printf 'user="%s" password="%s" connectString="localhost:%s/FREEPDB1"' \
    "$APP_USER" "$APP_USER_PASSWORD" "$ORACLE_PORT"
}

# port_in_use PORT: something on this machine accepts connections on
# 127.0.0.1:PORT (bash's /dev/tcp, so no extra tool is needed).
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# pull_image ENGINE IMAGE pulls IMAGE unless the engine has it already, and
# turns a failed pull into its cause and the next action.
pull_image() {
  local engine=$1 image=$2 out
  if "$engine" image inspect "$image" >/dev/null 2>&1; then
    info "image $image is already present"
    return 0
  fi
  info "pulling $image: several GB on the first run, a few minutes on a fast connection (once only)"
  if out="$("$engine" pull "$image" 2>&1)"; then
    return 0
  fi
  out="$(tail -n 3 <<<"$out" | tr '\n' ' ')"
  case "$out" in
    *"no such host"* | *"dial tcp"* | *"i/o timeout"* | *"TLS handshake timeout"* | *"network is unreachable"* | *"connection refused"* | *"Temporary failure in name resolution"*)
      die "cannot pull $image: no network connection to the registry ($out).
  Connect to the internet (or configure the engine's proxy) and run this again; on a machine
  without network, load the image from a file ('$engine load') or set ORACLE_DSN to an existing database" ;;
    *toomanyrequests* | *"rate limit"*)
      die "the registry refused to pull $image: pull rate limit reached ($out).
  Wait and run this again, or log in ('$engine login') for a higher limit" ;;
    *"manifest unknown"* | *"not found"* | *"unknown tag"*)
      die "the registry has no image $image ($out): check ORACLE_IMAGE (tags: https://hub.docker.com/r/gvenzl/oracle-free/tags)" ;;
    *denied* | *unauthorized* | *forbidden* | *"authentication required"*)
      die "the registry refused to pull $image: access denied ($out).
  Check ORACLE_IMAGE, then '$engine login' if your registry needs it" ;;
    *)
      die "cannot pull $image: $out" ;;
  esac
}
