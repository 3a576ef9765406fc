#!/usr/bin/env bash
# Runs every test: formatting, lints, unit tests and the integration tests
# against the real binary. Installs what is missing on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
for tool in curl:curl openssl:openssl; do
  command -v "${tool%%:*}" >/dev/null || need_apt+=("${tool##*:}")
done
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
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

if [ ! -x .venv/bin/pytest ] || ! cmp -s tests/requirements.txt .venv/.requirements; then
  echo "== python venv"
  python3 -m venv .venv
  .venv/bin/pip install -q -r tests/requirements.txt
  cp tests/requirements.txt .venv/.requirements
fi
# Integration tests open many sockets and files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "== integration tests"
.venv/bin/pytest -q tests/integration "$@"
