#!/usr/bin/env bash
# Load test of `grundy serve` on loopback, bounded in count and time
# (about two minutes): many clients asking cheap questions on cached games, then
# 100 clients asking at once for computations past the limits while 16
# clients go on asking cheap ones; then issue 38's W1/W2 reproductions
# (concurrent P-position scans, far plots). The server runs with
# --max-memory $MAX_MEMORY (2G by default). Prints throughput, latency
# percentiles, status counts, the server's peak memory and the load.
#
#   scripts/load-test.sh            # builds the release binary if missing
#   GRUNDY=target/release/grundy DURATION=15 scripts/load-test.sh
#   HEAVY_GAMES=overlap scripts/load-test.sh   # heavy work on a cheap game too
set -euo pipefail
cd "$(dirname "$0")/.."

GRUNDY=${GRUNDY:-target/release/grundy}
DURATION=${DURATION:-15}
PORT=${PORT:-18931}
URL="http://127.0.0.1:$PORT"

if [ ! -x "$GRUNDY" ]; then
  cargo build --release -p grundy-cli
fi
if ! command -v wrk >/dev/null; then
  apt-get install -y wrk || { apt-get update && apt-get install -y wrk; }
fi

MAX_MEMORY=${MAX_MEMORY:-2G}
echo "server: --max-memory $MAX_MEMORY; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$GRUNDY" --no-cache --max-memory "$MAX_MEMORY" serve --addr "127.0.0.1:$PORT" >/tmp/grundy-load-serve.log 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -sf "$URL/api/games" >/dev/null && break
  sleep 0.1
done

# Warm the games the cheap queries use: values to 5000, period verdicts.
for g in kayles 0.07 grundy sub:1,2,3 nim 0.16; do
  curl -sf "$URL/api/position?game=$g&heaps=5000" >/dev/null
  curl -sf "$URL/api/values?game=$g&to=5100" >/dev/null
done
for g in kayles 0.07 sub:1,2,3 0.16; do
  curl -sf "$URL/api/period?game=$g" >/dev/null
  curl -sf "$URL/api/position?game=$g&heaps=1000000000000000" >/dev/null
done
curl -sf "$URL/api/moves?game=wythoff&heaps=200,200" >/dev/null

rss() { awk '/^VmRSS/ {print $2}' "/proc/$SERVER/status"; }
echo "server pid $SERVER, RSS after warm-up: $(rss) KiB"

for c in 16 32 64; do
  echo "== 1a. position queries, play-sized (1-5 heaps of 0..100): $c connections, ${DURATION}s"
  wrk -t2 -c"$c" -d"${DURATION}s" --latency -s scripts/load/position.lua "$URL" -- play
  echo "RSS: $(rss) KiB"
done

echo "== 1b. position queries, large (1-4 heaps of 0..5000): 64 connections, ${DURATION}s"
wrk -t2 -c64 -d"${DURATION}s" --latency -s scripts/load/position.lua "$URL"
echo "RSS: $(rss) KiB"

echo "== 2. mixed cheap queries: 64 connections, ${DURATION}s"
wrk -t2 -c64 -d"${DURATION}s" --latency -s scripts/load/mixed.lua "$URL"
echo "RSS: $(rss) KiB"

echo "== 3. 100 connections asking for heavy computations, with 16 asking positions meanwhile: $((DURATION + 5))s"
peak=0
( while kill -0 "$SERVER" 2>/dev/null; do
    r=$(rss); echo "$r"; sleep 0.2
  done ) >/tmp/grundy-load-rss.txt &
SAMPLER=$!
wrk -t1 -c100 -d"$((DURATION + 5))s" --timeout 30s -s scripts/load/heavy.lua "$URL" -- "${HEAVY_GAMES:-apart}" >/tmp/grundy-load-heavy.txt &
HEAVY=$!
sleep 2
wrk -t1 -c16 -d"${DURATION}s" --latency -s scripts/load/position.lua "$URL" -- play
wait "$HEAVY"
cat /tmp/grundy-load-heavy.txt
kill "$SAMPLER" 2>/dev/null || true
peak=$(sort -n /tmp/grundy-load-rss.txt | tail -1)
echo "RSS sampled every 0.2 s during phase 3: peak $peak KiB"
echo "VmHWM (peak resident over the whole run): $(awk '/^VmHWM/ {print $2}' "/proc/$SERVER/status") KiB"
curl -sf "$URL/api/position?game=kayles&heaps=3,5,7" >/dev/null && echo "server still answering after the load"

echo "== 4. issue 38's W1 and W2: 3 P-position scans of subsets:4:all at once, then 64 far plots of 0.07 at once"
# Phase 3's computations hold the heavy permits up to the time limit (10 s).
sleep 11
( while kill -0 "$SERVER" 2>/dev/null; do
    r=$(rss); echo "$r"; sleep 0.2
  done ) >/tmp/grundy-load-rss4.txt &
SAMPLER=$!
for to in 1501 1502 1503; do
  curl -s -o /dev/null -w "%{http_code}\n" --max-time 60 "$URL/api/ppositions?game=subsets:4:all&to=$to" &
done | sort | uniq -c | sed 's/^/  scans: /'
for _ in $(seq 64); do
  curl -s -o /dev/null -w "%{http_code}\n" --max-time 60 "$URL/api/plot.svg?game=0.07&from=18446744073699551616&to=18446744073709551615" &
done | sort | uniq -c | sed 's/^/  plots: /'
kill "$SAMPLER" 2>/dev/null || true
echo "RSS sampled every 0.2 s during phase 4: peak $(sort -n /tmp/grundy-load-rss4.txt | tail -1) KiB"
echo "VmHWM (peak resident over the whole run): $(awk '/^VmHWM/ {print $2}' "/proc/$SERVER/status") KiB"
curl -sf "$URL/api/position?game=kayles&heaps=3,5,7" >/dev/null && echo "server still answering after phase 4"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
