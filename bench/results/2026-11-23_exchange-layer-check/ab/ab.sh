#!/bin/bash
# Usage: build the old binary into /tmp/tgt-old (git worktree + CARGO_TARGET_DIR) and the new one into target/release, then run this from the repository root.
cd "$(mktemp -d)" && mkdir www && : > www/0k.bin && head -c 1024 /dev/urandom > www/1k.bin && head -c 10240 /dev/urandom > www/10k.bin
taskset -c 0 /tmp/tgt-old/release/tlsaccel serve --root www --workers 1 --listen 127.0.0.1:18443 --http-listen 127.0.0.1:18080 --log-level error &
OLD=$!
taskset -c 0 "$OLDPWD"/target/release/tlsaccel serve --root www --workers 1 --listen 127.0.0.1:28443 --http-listen 127.0.0.1:28080 --log-level error &
NEW=$!
sleep 1
cpu() { awk '{print $14+$15}' /proc/$1/stat; }
for url in "http://127.0.0.1:PORT80/0k.bin" "http://127.0.0.1:PORT80/1k.bin" "https://127.0.0.1:PORT443/0k.bin" "https://127.0.0.1:PORT443/1k.bin" "https://127.0.0.1:PORT443/10k.bin"; do
  for rep in 1 2 3 4 5 6; do
    for who in old new; do
      if [ $who = old ]; then p80=18080; p443=18443; pid=$OLD; else p80=28080; p443=28443; pid=$NEW; fi
      u=${url/PORT80/$p80}; u=${u/PORT443/$p443}
      c0=$(cpu $pid)
      n=$(taskset -c 1 wrk -t1 -c50 -d4s "$u" 2>/dev/null | awk '/requests in/ {print $1}')
      c1=$(cpu $pid)
      echo "$url $who $n $((c1-c0))"
    done
  done
done
kill $OLD $NEW
