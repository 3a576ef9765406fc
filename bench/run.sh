#!/usr/bin/env bash
# The benchmark suite's one entry point: tlsaccel against nginx and its
# peers (h2o, lighttpd, Caddy, HAProxy, hitch) on this machine, side by
# side, in one run. Installs what it needs (Debian packages,
# vegeta through Go, matplotlib in a venv), builds tlsaccel, then hands
# over to bench/bench.py (see `bench/run.sh --help`).
#
#   bench/run.sh            full run (about an hour), of the profile-guided
#                           build users are told to deploy (scripts/build-pgo,
#                           about 20 minutes more)
#   bench/run.sh --quick    reduced set, about 7 minutes (a smoke check), of
#                           `cargo build --release`
#   --no-pgo                the full run of `cargo build --release`
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
# Go may be installed outside the default PATH (the official tarball).
[ -d /usr/local/go/bin ] && PATH="$PATH:/usr/local/go/bin"
need_apt=()
for tool in wrk:wrk h2load:nghttp2-client ministat:ministat curl:curl openssl:openssl taskset:util-linux; do
  command -v "${tool%%:*}" >/dev/null || need_apt+=("${tool##*:}")
done
[ -x /usr/sbin/nginx ] || need_apt+=(nginx)
# The peers (bench/peers.py), each Debian's package, never started as a
# service.
for peer in /usr/bin/h2o:h2o /usr/sbin/lighttpd:lighttpd /usr/lib/lighttpd/mod_openssl.so:lighttpd-mod-openssl \
            /usr/bin/caddy:caddy /usr/sbin/haproxy:haproxy /usr/sbin/hitch:hitch; do
  [ -e "${peer%%:*}" ] || need_apt+=("${peer##*:}")
done
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
command -v go >/dev/null || [ -x bench/.tools/vegeta ] || need_apt+=(golang-go)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]}" >&2
  $SUDO apt-get update -qq
  # policy-rc.d 101: packages must not start daemons (nginx on port 80,
  # the peers).
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >&2 \
    || { $SUDO rm -f /usr/sbin/policy-rc.d; exit 1; }
  $SUDO rm -f /usr/sbin/policy-rc.d
fi

# vegeta: the fixed-rate load generator of the Japanese seed article. Not
# packaged by Debian; built from its Go module, pinned, cached here.
VEGETA_VERSION=v12.12.0
if [ ! -x bench/.tools/vegeta ] || [ "$(cat bench/.tools/vegeta.version 2>/dev/null)" != "$VEGETA_VERSION" ]; then
  echo "== building vegeta $VEGETA_VERSION" >&2
  mkdir -p bench/.tools
  GOBIN="$PWD/bench/.tools" GOFLAGS=-mod=mod go install "github.com/tsenart/vegeta/v12@$VEGETA_VERSION" >&2
  echo "$VEGETA_VERSION" > bench/.tools/vegeta.version
fi

# The WebSocket row's echo server and load client (bench/wsbench, Go),
# rebuilt when its source changes.
WSBENCH_SUM=$(cat bench/wsbench/go.mod bench/wsbench/go.sum bench/wsbench/main.go | sha256sum | cut -c1-16)
if [ ! -x bench/.tools/wsbench ] || [ "$(cat bench/.tools/wsbench.version 2>/dev/null)" != "$WSBENCH_SUM" ]; then
  echo "== building wsbench" >&2
  mkdir -p bench/.tools
  (cd bench/wsbench && go build -o ../.tools/wsbench .) >&2
  echo "$WSBENCH_SUM" > bench/.tools/wsbench.version
fi

if [ ! -x bench/.venv/bin/python ] || ! cmp -s bench/requirements.txt bench/.venv/.requirements; then
  echo "== python venv for the benchmark" >&2
  python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q -r bench/requirements.txt >&2
  cp bench/requirements.txt bench/.venv/.requirements
fi

pgo=1 args=()
for arg in "$@"; do
  case $arg in
    --no-pgo) pgo=0 ;;
    --quick) pgo=0; args+=("$arg") ;;
    -h|--help) exec bench/.venv/bin/python bench/bench.py --help ;;
    *) args+=("$arg") ;;
  esac
done
if [ "$pgo" = 1 ]; then
  binary=$(scripts/build-pgo) build="profile-guided (scripts/build-pgo)"
else
  echo "== cargo build --release" >&2
  cargo build --release --locked -q >&2
  binary=target/release/tlsaccel build="cargo build --release"
  # The profile as overridden (scripts/test.sh builds with thin LTO).
  overrides=$(env | grep '^CARGO_PROFILE_RELEASE_' | sort | tr '\n' ' ' || true)
  [ -z "$overrides" ] || build="$build with ${overrides% }"
fi
# The ceiling server (bench/limit): the least a keep-alive server does.
# Built into target/ with the same locked versions, so it shares
# aws-lc-sys with tlsaccel's build (20 s instead of minutes).
CARGO_TARGET_DIR=target cargo build --release --locked -q --manifest-path bench/limit/Cargo.toml >&2

# Thousands of connections per server: raise the open-file limit.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec bench/.venv/bin/python bench/bench.py --vegeta bench/.tools/vegeta --wsbench bench/.tools/wsbench \
  --limit target/release/tlsaccel-limit --binary "$binary" --build "$build" ${args[@]+"${args[@]}"}
