#!/usr/bin/env bash
# Runs every test: formatting, lints, unit tests and the integration tests
# against the real binary. Installs what is missing on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
# wrk loads the server while it reloads and upgrades; systemd-socket-activate
# passes sockets as systemd does; logrotate runs dist/logrotate.
# h2load (nghttp2-client) loads the HTTP/2 listener.
for tool in curl:curl openssl:openssl wrk:wrk systemd-socket-activate:systemd logrotate:logrotate h2load:nghttp2-client; do
  command -v "${tool%%:*}" >/dev/null || need_apt+=("${tool##*:}")
done
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
# nginx is the reference the kTLS tests compare against (never started as a service).
[ -x /usr/sbin/nginx ] || need_apt+=(nginx)
# HAProxy sends the PROXY protocol to tlsaccel in the listener tests.
[ -x /usr/sbin/haproxy ] || need_apt+=(haproxy)
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]}"
  $SUDO apt-get update -qq
  # policy-rc.d 101: packages must not start daemons (nginx on port 80,
  # haproxy).
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" || { $SUDO rm -f /usr/sbin/policy-rc.d; exit 1; }
  $SUDO rm -f /usr/sbin/policy-rc.d
fi
if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup (https://rustup.rs)" >&2
  exit 1
fi
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

echo "== cargo fmt --check"
cargo fmt --check
echo "== cargo clippy"
cargo clippy --all-targets --locked -- -D warnings
echo "== cargo test"
cargo test --locked
echo "== cargo build --release"
cargo build --release --locked

# h2spec, the HTTP/2 conformance suite (Go), for test_http2.py.
H2SPEC_VERSION=v2.2.1+incompatible
if [ ! -x tests/.tools/h2spec ] || [ "$(cat tests/.tools/h2spec.version 2>/dev/null)" != "$H2SPEC_VERSION" ]; then
  if ! command -v go >/dev/null; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends golang-go
  fi
  echo "== building h2spec $H2SPEC_VERSION"
  mkdir -p tests/.tools
  GOBIN="$PWD/tests/.tools" GOFLAGS=-mod=mod go install "github.com/summerwind/h2spec/cmd/h2spec@$H2SPEC_VERSION"
  echo "$H2SPEC_VERSION" > tests/.tools/h2spec.version
fi

if [ ! -x .venv/bin/pytest ] || ! cmp -s tests/requirements.txt .venv/.requirements; then
  echo "== python venv"
  python3 -m venv .venv
  .venv/bin/pip install -q -r tests/requirements.txt
  cp tests/requirements.txt .venv/.requirements
fi
# Integration tests open many sockets and files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "== integration tests"
.venv/bin/pytest -q -p no:cacheprovider tests/integration "$@"

# The benchmark suite end to end (tlsaccel and nginx under real load
# generators, a few seconds each): a format check, not a speed assertion.
echo "== benchmark smoke test (bench/run.sh --quick)"
.venv/bin/pytest -q -p no:cacheprovider tests/bench "$@"

# The parsers that face the network and the configuration loader, fuzzed
# for a bounded time each (needs nightly Rust; installs cargo-fuzz).
echo "== fuzzing (scripts/fuzz, 30 s per target)"
scripts/fuzz 30

# Kernel TLS is tested under kernels that have it, in a qemu guest. This
# machine's own kernel may have it too: then the suite also runs here.
if [ -e /proc/net/tls_stat ]; then
  echo "== kTLS tests on this kernel"
  .venv/bin/pytest -q -p no:cacheprovider tests/ktls "$@"
fi
for kernel in 6.1 6.12; do
  echo "== kTLS tests in a qemu guest, Debian kernel $kernel"
  scripts/ktls-vm --kernel "$kernel" -- .venv/bin/pytest -q --color=no -p no:cacheprovider tests/ktls "$@" 2>&1 \
    | grep -v -e '^SeaBIOS' -e '^Booting from' -e 'reboot: Power down'
done
