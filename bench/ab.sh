#!/usr/bin/env bash
# A/B of two tlsaccel binaries on the request path: the server's CPU time
# per request (perf stat task-clock over the run, divided by the requests
# served), one worker pinned to CPU 0, the load generator on CPU 1,
# alternating A and B for ROUNDS rounds; prints each round and the medians.
# For changes that must cost nothing ("no cost for sites that use none of
# this"); the machines are noisy, so compare medians of one run only.
#
#   bench/ab.sh A_BINARY B_BINARY [h2|h1] [ROUNDS]
#
#   EXTRA_A / EXTRA_B: TOML added to side A's / B's configuration (the
#   same binary twice with and without a rule measures what the rule costs)
#   SIZE: the file's size in bytes (default 0)
#   SCHEME: https (default) or http (h1 only: plain HTTP/1.1)
#   CLOSE=1: h1 asks `Connection: close` (a new connection per request;
#   over https wrk resumes its session)
#
#   h2: h2load, 10 connections of 10 streams, 200,000 requests of the file
#   h1: wrk, 10 keep-alive connections for 4 s, the same file
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,18p' "$0"; exit 2; }
A=$1 B=$2 MODE=${3:-h2} ROUNDS=${4:-9} SIZE=${SIZE:-0} SCHEME=${SCHEME:-https}
case "$SCHEME:$MODE" in
  https:*|http:h1) ;;
  *) echo "bench/ab.sh: SCHEME=$SCHEME needs mode h1" >&2; exit 2 ;;
esac
for tool in perf h2load wrk taskset curl; do
  command -v "$tool" >/dev/null || { echo "bench/ab.sh needs $tool (linux-perf, nghttp2-client, wrk, util-linux, curl)" >&2; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/www" && head -c "$SIZE" /dev/urandom > "$WORK/www/file"

# One round with binary $1 and extra configuration $2: prints
# "NS_PER_REQUEST REQUESTS".
round() {
  local bin=$1 port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '[static]\nroot = "%s"\n%s\n' "$WORK/www" "$2" > "$WORK/ab.toml"
  local listen=(--listen "127.0.0.1:$port")
  [ "$SCHEME" = http ] && listen=(--http-listen "127.0.0.1:$port")
  "$bin" serve --config "$WORK/ab.toml" "${listen[@]}" --workers 1 --user root \
    --log-level warn > "$WORK/server.log" 2>&1 &
  local pid=$!
  local url="$SCHEME://127.0.0.1:$port/file" requests
  for _ in $(seq 100); do curl -sk "$url" -o /dev/null && break; sleep 0.05; done
  if [ "$MODE" = h2 ]; then
    h2load -n 20000 -c 10 -m 10 "$url" > /dev/null 2>&1  # warm up
    perf stat -x, -e task-clock -p "$pid" -o "$WORK/perf" -- \
      taskset -c 1 h2load -n 200000 -c 10 -m 10 "$url" > "$WORK/load" 2>&1
    requests=$(sed -n 's/^requests: .* \([0-9]*\) succeeded.*/\1/p' "$WORK/load")
  else
    local close=()
    [ "${CLOSE:-}" = 1 ] && close=(-H 'Connection: close')
    wrk -t1 -c10 -d1s "${close[@]}" "$url" > /dev/null 2>&1
    perf stat -x, -e task-clock -p "$pid" -o "$WORK/perf" -- \
      taskset -c 1 wrk -t1 -c10 -d4s "${close[@]}" "$url" > "$WORK/load" 2>&1
    requests=$(awk '/requests in/ {print $1}' "$WORK/load")
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local ms
  ms=$(grep task-clock "$WORK/perf" | cut -d, -f1)
  python3 -c "print(round($ms * 1e6 / $requests), $requests)"
}

: > "$WORK/results"
for r in $(seq "$ROUNDS"); do
  echo "A $(round "$A" "${EXTRA_A:-}")" | tee -a "$WORK/results"
  echo "B $(round "$B" "${EXTRA_B:-}")" | tee -a "$WORK/results"
done
for side in A B; do
  median=$(awk -v s="$side" '$1 == s {print $2}' "$WORK/results" | sort -n |
           awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
  echo "$side median: $median ns/request ($MODE, $SCHEME, $SIZE bytes)"
done
