#!/usr/bin/env bash
# For each game given: the least heap bound (doubling from 16 to 1000) at
# which `grundy misere` proves the pretending map's period; then the
# certificate at the bound the proof needs, and `grundy verify` of it.
# One line a game: code | elements | lost | period from heap | proved at |
# time to certify | verified and time. Used for docs/benchmarks.md.
#
#   scripts/misere-periods.sh 0.34 0.75 0.77
#
# GRUNDY names the binary (default target/release/grundy); each bound gets
# at most LIMIT seconds (default 60). Needs python3 to read the JSON and awk.
set -uo pipefail
grundy=${GRUNDY:-target/release/grundy}
limit=${LIMIT:-60}
cert=$(mktemp)
trap 'rm -f "$cert"' EXIT
now() { date +%s.%N; }
for code in "$@"; do
  done_=""
  for m in 16 32 64 128 256 512 1000; do
    if ! out=$(timeout "$limit" "$grundy" misere "$code" --max-heap "$m" --no-cache --format json 2>&1); then
      echo "$code | stops at bound $m: $(echo "$out" | head -c 160)"
      done_=x
      break
    fi
    read -r size lost pre per needs < <(echo "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin); p = d["period"]
print(d["size"], len(d["p_portion"]), *((p["preperiod"], p["period"], p["needs_max_heap"]) if p and p["proved"] else ("-", "-", "-")))')
    if [ "$needs" != "-" ]; then
      t0=$(now)
      "$grundy" misere "$code" --max-heap "$needs" --no-cache --certificate "$cert" >/dev/null
      t1=$(now)
      if "$grundy" verify "$cert" >/dev/null 2>&1; then v=ok; else v=FAILED; fi
      t2=$(now)
      printf '%s | %s | %s | %s from %s | %s | %.2f s | %s %.2f s\n' \
        "$code" "$size" "$lost" "$per" "$pre" "$needs" "$(awk "BEGIN{print $t1 - $t0}")" "$v" "$(awk "BEGIN{print $t2 - $t1}")"
      done_=x
      break
    fi
  done
  [ -z "$done_" ] && echo "$code | no proved period up to heap 1000"
done
