#!/bin/bash
# Old (11c1f4f) against new binaries, alternating, same session.
ERR=$(mktemp)
cd "${1:?give the directory holding the binaries ./old and ./new}"
t() { /usr/bin/time -f "%e s elapsed, %U s user, %M KB" "$@" >/dev/null 2>"$ERR" || true; tail -1 "$ERR"; }
echo "load: $(cat /proc/loadavg)"
for round in 1 2; do
  for b in old new; do
    echo "$b count grundy --to 10^7: $(t ./$b --no-cache count grundy --to 10000000)"
    echo "$b count 0.6 --to 10^7: $(t ./$b --no-cache count 0.6 --to 10000000)"
    if [ $b = old ]; then
      echo "$b period 0.354 --max 20200000: $(t ./$b --no-cache period 0.354 --max 20200000)"
      echo "$b period 0.16 --max 1000000: $(t ./$b --no-cache period 0.16 --max 1000000)"
    else
      echo "$b period 0.354: $(t ./$b --no-cache period 0.354)"
      echo "$b period 0.16: $(t ./$b --no-cache period 0.16)"
    fi
  done
done
for b in old new; do
  D=$(mktemp -d)
  if [ $b = old ]; then M="--max 20200000"; else M=""; fi
  echo "$b period 0.354 $M, first run with a cache: $(t ./$b --cache $D period 0.354 $M)"
  echo "$b period 0.354 $M, second run: $(t ./$b --cache $D period 0.354 $M)"
  echo "$b count 0.354 --to 10^18 $M, after it: $(t ./$b --cache $D count 0.354 --to 10^18 $M)"
  rm -rf $D
done
echo "load: $(cat /proc/loadavg)"
