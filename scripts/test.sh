#!/usr/bin/env bash
# Runs every test: formatting, lints, the module layering, unit tests, the
# integration tests against the real binary, the benchmark smoke run, the
# fuzz targets and the kTLS suite in a qemu guest under two kernels.
# Installs what is missing on a fresh Debian machine. Prints how long each
# phase took and the total at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

STARTED=$SECONDS
PHASES=()
phase_name=""
phase_start=$SECONDS
# Starts phase $1 (ending the one before), so the summary says where the
# minutes went.
phase() {
  local now=$SECONDS
  [ -z "$phase_name" ] || PHASES+=("$(printf '%4dm%02ds  %s' $(((now - phase_start) / 60)) $(((now - phase_start) % 60)) "$phase_name")")
  phase_name="$1"
  phase_start=$now
  [ -z "$1" ] || echo "== $1"
}
# Appends process $1 and everything under it to `tree`, all found before
# any is killed (a child whose parent died is no longer found under it).
descendants() {
  local child
  tree+=("$1")
  for child in $(pgrep -P "$1"); do
    descendants "$child"
  done
}
summary() {
  local status=$?
  # Whatever still runs in the background (the fuzz build, a guest) ends
  # with the run, and what it started too (cargo under scripts/fuzz, qemu
  # under scripts/ktls-vm): a failed lint must not leave a build running.
  local pid tree=()
  for pid in $(jobs -p); do
    descendants "$pid"
  done
  [ ${#tree[@]} -eq 0 ] || kill "${tree[@]}" 2>/dev/null || true
  phase ""
  echo "== time per phase"
  printf '%s\n' "${PHASES[@]}"
  local total=$((SECONDS - STARTED))
  printf '== total %dm%02ds (%s)\n' $((total / 60)) $((total % 60)) "$([ "$status" -eq 0 ] && echo passed || echo "failed, status $status")"
}
trap summary EXIT

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
# Everything the run needs from Debian, in one apt-get: the test clients
# and servers; the benchmark's load generators and peers (bench/run.sh);
# the guest's emulator and tools (scripts/ktls-vm). Each of those scripts
# still installs what it misses when run alone.
need_apt=()
# wrk loads the server while it reloads and upgrades; systemd-socket-activate
# passes sockets as systemd does; logrotate runs dist/logrotate; h2load
# (nghttp2-client) loads the HTTP/2 listener; headless Chromium loads a
# page of assets over HTTP/2 as a browser does (and the status page);
# htpasswd (apache2-utils) makes the Basic authentication tests' files; go builds h2spec and the
# benchmark's Go tools.
for tool in curl:curl openssl:openssl pgrep:procps wrk:wrk systemd-socket-activate:systemd logrotate:logrotate \
            h2load:nghttp2-client chromium:chromium ministat:ministat taskset:util-linux htpasswd:apache2-utils \
            qemu-system-x86_64:qemu-system-x86 cpio:cpio xz:xz-utils depmod:kmod; do
  command -v "${tool%%:*}" >/dev/null || need_apt+=("${tool##*:}")
done
command -v go >/dev/null || [ -x /usr/local/go/bin/go ] || need_apt+=(golang-go)
dpkg -s busybox-static >/dev/null 2>&1 || need_apt+=(busybox-static)
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
# nginx is the reference the kTLS tests compare against, HAProxy sends the
# PROXY protocol in the listener tests; with h2o, lighttpd, Caddy and hitch
# they are the benchmark's peers (never started as services).
for file in /usr/sbin/nginx:nginx /usr/sbin/haproxy:haproxy /usr/bin/h2o:h2o /usr/sbin/lighttpd:lighttpd \
            /usr/lib/lighttpd/mod_openssl.so:lighttpd-mod-openssl /usr/bin/caddy:caddy /usr/sbin/hitch:hitch; do
  [ -e "${file%%:*}" ] || need_apt+=("${file##*:}")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  phase "installing ${need_apt[*]}"
  $SUDO apt-get update -qq
  # policy-rc.d 101: packages must not start daemons (nginx on port 80,
  # haproxy, the peers).
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" || { $SUDO rm -f /usr/sbin/policy-rc.d; exit 1; }
  $SUDO rm -f /usr/sbin/policy-rc.d
fi
[ -d /usr/local/go/bin ] && PATH="$PATH:/usr/local/go/bin"
if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup (https://rustup.rs)" >&2
  exit 1
fi
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

# The fuzz targets build (nightly Rust, a tree of their own) from the
# start, at the lowest priority, beside everything until the fuzzing phase:
# the release build's last minutes (the crate and its link-time
# optimisation, one core of two) and the integration tests and the
# benchmark (waiting on sockets and timers) leave CPU idle; the scheduler
# gives the other phases the CPU whenever they want it.
fuzz_build_log="$(mktemp)"
nice -n 19 scripts/fuzz --build-only >"$fuzz_build_log" 2>&1 &
fuzz_build=$!

phase "cargo fmt --check"
cargo fmt --check
phase "module layering (scripts/module-cycles)"
# Layers point down only: a cycle between top-level modules fails the run.
scripts/module-cycles src
phase "cargo clippy"
cargo clippy --all-targets --locked -- -D warnings
phase "cargo test"
cargo test --locked
phase "cargo build --release (thin LTO, 16 codegen units)"
# The binary the tests start: the release profile, but linked with thin
# LTO over 16 codegen units instead of fat LTO over one, which keeps one
# core busy for minutes (8m15s of a 33-minute run on 2026-11-29; thin
# took 6m24s the same evening). The same code, optimised less across
# functions: what the tests check is behaviour, never speed. Exported,
# so that every release build the command makes (bench/run.sh --quick,
# bench/limit) uses the same settings and finds this one built. The
# production build (scripts/build-pgo) and `bench/run.sh` outside this
# command keep the profile's.
export CARGO_PROFILE_RELEASE_LTO=thin CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
cargo build --release --locked

# h2spec, the HTTP/2 conformance suite (Go), for test_http2.py.
H2SPEC_VERSION=v2.2.1+incompatible
if [ ! -x tests/.tools/h2spec ] || [ "$(cat tests/.tools/h2spec.version 2>/dev/null)" != "$H2SPEC_VERSION" ]; then
  phase "building h2spec $H2SPEC_VERSION"
  mkdir -p tests/.tools
  GOBIN="$PWD/tests/.tools" GOFLAGS=-mod=mod go install "github.com/summerwind/h2spec/cmd/h2spec@$H2SPEC_VERSION"
  echo "$H2SPEC_VERSION" > tests/.tools/h2spec.version
fi

# Pebble, Let's Encrypt's ACME test server, and its DNS companion, for
# test_acme.py (Go 1.24 or newer: /usr/local/go's when there is one).
PEBBLE_VERSION=v2.10.1
if [ ! -x tests/.tools/pebble ] || [ ! -x tests/.tools/pebble-challtestsrv ] \
   || [ "$(cat tests/.tools/pebble.version 2>/dev/null)" != "$PEBBLE_VERSION" ]; then
  phase "building Pebble $PEBBLE_VERSION"
  mkdir -p tests/.tools
  GO=go; [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
  GOBIN="$PWD/tests/.tools" GOFLAGS=-mod=mod "$GO" install \
    "github.com/letsencrypt/pebble/v2/cmd/pebble@$PEBBLE_VERSION" \
    "github.com/letsencrypt/pebble/v2/cmd/pebble-challtestsrv@$PEBBLE_VERSION"
  echo "$PEBBLE_VERSION" > tests/.tools/pebble.version
fi

if [ ! -x .venv/bin/pytest ] || ! cmp -s tests/requirements.txt .venv/.requirements; then
  phase "python venv"
  python3 -m venv .venv
  .venv/bin/pip install -q -r tests/requirements.txt
  cp tests/requirements.txt .venv/.requirements
fi
# Integration tests open many sockets and files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
phase "integration tests"
# Four pytest processes, each taking whole files (`--dist loadfile`), so
# the tests of one file, which may share a fixed port or a server, never
# run beside each other. Most tests wait on sockets and timers more than
# they compute: two processes kept 0.9 of the 2 cores busy (221 s); four
# take 126 s.
.venv/bin/pytest -q -p no:cacheprovider --durations=10 -n 4 --dist loadfile tests/integration "$@"

# The benchmark suite end to end (tlsaccel and nginx under real load
# generators, a few seconds each): a format check, not a speed assertion;
# and the profile-guided build's training load (scripts/pgo-train).
phase "benchmark smoke test (bench/run.sh --quick, scripts/pgo-train)"
.venv/bin/pytest -q -p no:cacheprovider tests/bench "$@"

# Kernel TLS is tested under kernels that have it, in a qemu guest. This
# machine's own kernel may have it too: then the suite also runs here.
if [ -e /proc/net/tls_stat ]; then
  phase "kTLS tests on this kernel"
  .venv/bin/pytest -q -p no:cacheprovider tests/ktls "$@"
fi

# Each guest kernel boots once for the whole suite, on one virtual CPU,
# and the two run side by side (with two vCPUs each they took 650-680 s
# here, on one 466 s: a vCPU spinning on a descheduled sibling burns
# emulated cycles). The benchmark's kTLS test checks bench.py's kTLS
# variants, which do not depend on the kernel: it runs under 6.12 only.
# Each line is prefixed with its kernel; a failure under one kernel, or of
# the fuzzing, still lets the rest finish and report.
phase "kTLS tests in qemu guests (Debian kernels 6.1 and 6.12 side by side); beside them the fuzz build's end and the fuzzing (10 s per target, two at a time)"
guests=()
for kernel in 6.1 6.12; do
  only_under_612=()
  [ "$kernel" = 6.12 ] || only_under_612=(--ignore=tests/ktls/test_bench_ktls.py)
  (
    scripts/ktls-vm --kernel "$kernel" --cpus 1 -- .venv/bin/pytest -q --color=no -p no:cacheprovider --durations=10 \
      "${only_under_612[@]}" tests/ktls "$@" 2>&1 \
      | grep --line-buffered -v -e '^SeaBIOS' -e '^Booting from' -e 'reboot: Power down' \
      | sed -u "s/^/[$kernel] /"
  ) &
  guests+=("$kernel:$!")
done
# The parsers that face the network and the configuration loader, fuzzed
# for a bounded time each (needs nightly Rust; installs cargo-fuzz), two
# targets at a time; the guests slow down while it runs. 10 s each, not
# 20: the run took 29m11s at 0647815 with 20, and each 10 s of nine
# targets two at a time is about 50 s of both cores the guests wait for.
# A smoke check of every target; fuzz longer by hand (`scripts/fuzz
# --jobs 2 600`) after changing a parser.
failed=()
if wait "$fuzz_build"; then
  # When the build ended says whether it holds the run's end up.
  elapsed=$((SECONDS - STARTED))
  printf '== the fuzz build was done %dm%02ds into the run\n' $((elapsed / 60)) $((elapsed % 60))
  scripts/fuzz --jobs 2 10 || failed+=("the fuzzing")
else
  cat "$fuzz_build_log" >&2
  failed+=("building the fuzz targets")
fi
rm -f "$fuzz_build_log"
phase "kTLS tests in qemu guests, after the fuzzing"
for guest in "${guests[@]}"; do
  wait "${guest#*:}" || failed+=("the kTLS tests under kernel ${guest%%:*}")
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
