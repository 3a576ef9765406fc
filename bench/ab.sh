#!/usr/bin/env bash
# A/B of two tlsaccel binaries on the request path: the server's CPU time
# per request (perf stat task-clock over the run, divided by the requests
# served). Both servers run at once, each with one worker pinned to CPU 0,
# each loaded by its own client on CPU 1, and they swap ports and start
# order every round; prints each round, the medians and the median of the
# rounds' B/A ratios. For changes that must cost nothing ("no cost for
# sites that use none of this").
#
# Why at once: this machine's speed drifts by +-15 % from one second to
# the next (other tenants), so A and B measured one after the other differ
# by more than most changes do. Run side by side they see the same drift:
# the same binary against itself gave a median B/A of 0.991 in two runs of
# 6 rounds (rounds from 0.98 to 1.06), where one after the other the
# medians of 15 rounds moved by 4 %. So a difference under about 2 % is
# not shown by this either. The two servers share a core, so the
# nanoseconds are higher than alone (cache and switches); read the ratio.
#
#   bench/ab.sh A_BINARY B_BINARY [h2|h1] [ROUNDS]
#
#   EXTRA_A / EXTRA_B: TOML added to side A's / B's configuration (the
#   same binary twice with and without a rule measures what the rule costs)
#   SIZE: the file's size in bytes (default 0)
#   SCHEME: https (default) or http (h1 only: plain HTTP/1.1)
#   CLOSE=1: h1 asks `Connection: close` (a new connection per request;
#   over https wrk resumes its session)
#   CONNECTIONS: wrk's connections in h1 mode (default 10; the benchmark's
#   rows use 50). What a request costs grows with the connections a worker
#   serves (each one's state is colder when its turn comes again): a
#   change to what a connection keeps shows at 50 or 200, not at 10
#   PROXY=1: both sides pass every request to one back end over keep-alive
#   connections (a plain-HTTP nginx, one worker on CPU 1 with the clients,
#   serving the same file), as the benchmark's accelerator rows do: what
#   the proxy path costs
#
#   h2: h2load, 10 connections of 10 streams, 200,000 requests of the file
#   h1: wrk, CONNECTIONS keep-alive connections for 4 s, the same file
set -euo pipefail
[ $# -ge 2 ] || { awk 'NR > 1 && !/^#/ {exit} NR > 1' "$0"; exit 2; }
A=$1 B=$2 MODE=${3:-h2} ROUNDS=${4:-9} SIZE=${SIZE:-0} SCHEME=${SCHEME:-https}
case "$SCHEME:$MODE" in
  https:*|http:h1) ;;
  *) echo "bench/ab.sh: SCHEME=$SCHEME needs mode h1" >&2; exit 2 ;;
esac
for tool in perf h2load wrk taskset curl; do
  command -v "$tool" >/dev/null || { echo "bench/ab.sh needs $tool (linux-perf, nghttp2-client, wrk, util-linux, curl)" >&2; exit 1; }
done
WORK=$(mktemp -d)
# The servers of the round under way, in a file: rounds run in a
# subshell ($(round)), and any exit of this script stops them (and the
# back end).
trap 'kill $(cat "$WORK/running" "$WORK/backend.pid" 2>/dev/null) 2>/dev/null; rm -rf "$WORK"' EXIT
mkdir "$WORK/www" && head -c "$SIZE" /dev/urandom > "$WORK/www/file"

free_port() {
  python3 "$(dirname "${BASH_SOURCE[0]}")/ports.py"
}

# PROXY=1: the back end, and the route both sides get to it.
PROXY_TOML=""
if [ "${PROXY:-}" = 1 ]; then
  command -v nginx >/dev/null || { echo "bench/ab.sh: PROXY=1 needs nginx" >&2; exit 1; }
  # nginx's worker runs as nobody: it must reach the file.
  chmod 755 "$WORK"
  mkdir "$WORK/backend"
  backend_port=$(free_port)
  cat > "$WORK/backend/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $WORK/backend/nginx.pid;
error_log $WORK/backend/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $WORK/backend/body;
  proxy_temp_path $WORK/backend/proxy;
  fastcgi_temp_path $WORK/backend/fastcgi;
  uwsgi_temp_path $WORK/backend/uwsgi;
  scgi_temp_path $WORK/backend/scgi;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$backend_port; root $WORK/www; }
}
EOF
  taskset -c 1 nginx -c "$WORK/backend/nginx.conf" -p "$WORK/backend" > "$WORK/backend/out.log" 2>&1 &
  echo $! > "$WORK/backend.pid"
  for _ in $(seq 100); do curl -s "http://127.0.0.1:$backend_port/file" -o /dev/null && break; sleep 0.05; done
  curl -sf "http://127.0.0.1:$backend_port/file" -o /dev/null \
    || { echo "bench/ab.sh: the nginx back end did not start:" >&2; cat "$WORK/backend/error.log" >&2; exit 1; }
  PROXY_TOML=$(printf '[[upstream]]\nname = "backend"\nservers = [{ address = "127.0.0.1:%s" }]\nkeepalive = 64\n[[route]]\nprefix = "/"\nupstream = "backend"' "$backend_port")
fi

# Starts binary $1 with extra configuration $2 as side $3 (a or b);
# prints "PID URL" once it answers.
start_server() {
  local bin=$1 extra=$2 side=$3 port
  port=$(free_port)
  printf '[static]\nroot = "%s"\n%s\n%s\n' "$WORK/www" "$extra" "$PROXY_TOML" > "$WORK/$side.toml"
  local listen=(--listen "127.0.0.1:$port")
  [ "$SCHEME" = http ] && listen=(--http-listen "127.0.0.1:$port")
  "$bin" serve --config "$WORK/$side.toml" "${listen[@]}" --workers 1 --user root \
    --log-level warn > "$WORK/$side.log" 2>&1 &
  local pid=$! url="$SCHEME://127.0.0.1:$port/file"
  for _ in $(seq 100); do curl -sk "$url" -o /dev/null && break; sleep 0.05; done
  echo "$pid $url"
}

# Loads the server $1 at $2 under perf stat, writing $WORK/$3.perf and
# $WORK/$3.load; with $4 = warm, a short load and no perf.
load() {
  local pid=$1 url=$2 side=$3 warm=${4:-}
  if [ "$MODE" = h2 ]; then
    if [ -n "$warm" ]; then h2load -n 20000 -c 10 -m 10 "$url" > /dev/null 2>&1; return; fi
    perf stat -x, -e task-clock -p "$pid" -o "$WORK/$side.perf" -- \
      taskset -c 1 h2load -n 200000 -c 10 -m 10 "$url" > "$WORK/$side.load" 2>&1
  else
    local close=()
    [ "${CLOSE:-}" = 1 ] && close=(-H 'Connection: close')
    local connections=${CONNECTIONS:-10}
    if [ -n "$warm" ]; then wrk -t1 -c"$connections" -d1s "${close[@]}" "$url" > /dev/null 2>&1; return; fi
    perf stat -x, -e task-clock -p "$pid" -o "$WORK/$side.perf" -- \
      taskset -c 1 wrk -t1 -c"$connections" -d4s "${close[@]}" "$url" > "$WORK/$side.load" 2>&1
  fi
}

# The CPU nanoseconds per request side $1 used in the last round.
ns_per_request() {
  local requests ms
  if [ "$MODE" = h2 ]; then
    requests=$(sed -n 's/^requests: .* \([0-9]*\) succeeded.*/\1/p' "$WORK/$1.load")
  else
    requests=$(awk '/requests in/ {print $1}' "$WORK/$1.load")
  fi
  ms=$(grep task-clock "$WORK/$1.perf" | cut -d, -f1)
  python3 -c "print(round($ms * 1e6 / $requests))"
}

# One round, both sides at once; odd rounds start and load B first, so
# neither side always goes first. Prints "A_NS B_NS B/A".
round() {
  local sides=(a b)
  [ $(($1 % 2)) = 1 ] && sides=(b a)
  local -A pid url
  for side in "${sides[@]}"; do
    local bin=$A extra=${EXTRA_A:-}
    [ "$side" = b ] && bin=$B extra=${EXTRA_B:-}
    read -r "pid[$side]" "url[$side]" < <(start_server "$bin" "$extra" "$side")
  done
  local running="${pid[a]} ${pid[b]}"
  echo "$running" > "$WORK/running"
  for side in "${sides[@]}"; do load "${pid[$side]}" "${url[$side]}" "$side" warm; done
  for side in "${sides[@]}"; do load "${pid[$side]}" "${url[$side]}" "$side" & done
  wait
  kill $running
  # Not this shell's children (started in a subshell): poll until gone.
  for _ in $(seq 200); do kill -0 $running 2>/dev/null || break; sleep 0.05; done
  : > "$WORK/running"
  local a b
  a=$(ns_per_request a); b=$(ns_per_request b)
  python3 -c "print($a, $b, round($b / $a, 3))"
}

: > "$WORK/results"
for r in $(seq "$ROUNDS"); do
  echo "round $r: A B B/A $(round "$r")" | tee -a "$WORK/results"
done
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "A median: $(awk '{print $6}' "$WORK/results" | median) ns/request ($MODE, $SCHEME, $SIZE bytes${PROXY:+, proxied}${CONNECTIONS:+, $CONNECTIONS connections})"
echo "B median: $(awk '{print $7}' "$WORK/results" | median) ns/request"
echo "B/A median of the rounds: $(awk '{print $8}' "$WORK/results" | median)"
