#!/usr/bin/env bash
# The sparse engine on 1, 2, 4, 8 and 16 threads and the default, one
# process at a time (issue 37): one CSV line a run,
#   workload,threads,elapsed_s,cpu_s,peak_kb,answer
# where cpu_s is user + system seconds and answer the run's last line
# (the count of lost heaps, the same on every thread count).
#
#   scripts/bench-threads.sh                # the three workloads below
#   THREADS="1 2" WORKLOADS="grundy:2^20" scripts/bench-threads.sh
#   GRUNDY=path/to/grundy scripts/bench-threads.sh   # a binary built before
#
# The default workloads are those of issue 37's targets: Grundy's game to
# 2^25, 0.161 to 2^24 and 0.6 to 2^23, each run with `grundy count` (the
# table is computed, only the counts printed) and `--no-cache`. On a
# 16-core machine the whole set takes about 6 to 8 minutes (an estimate
# from the single-thread times in docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."

threads_list=${THREADS:-"1 2 4 8 16 default"}
workloads=${WORKLOADS:-"grundy:2^25 0.161:2^24 0.6:2^23"}

# GRUNDY=path runs another build (a release binary carried to a big
# machine); by default the release build of this tree.
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release --quiet -p grundy-cli
fi
grundy=${GRUNDY:-target/release/grundy}

echo "workload,threads,elapsed_s,cpu_s,peak_kb,answer"
for w in $workloads; do
    game=${w%%:*} to=${w#*:}
    for t in $threads_list; do
        flags=(--no-cache)
        [ "$t" = default ] || flags+=(--threads "$t")
        out=$(mktemp) time_file=$(mktemp)
        if /usr/bin/time -f "%e %U %S %M" -o "$time_file" \
            "$grundy" count "$game" --to "$to" "${flags[@]}" >"$out" 2>&1; then
            read -r elapsed user sys peak <"$time_file"
            cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
            answer=$(tail -n 1 "$out" | tr -s ' ' | tr ',' ';')
        else
            elapsed= cpu= peak= answer="failed: $(tail -n 1 "$out" | tr ',' ';')"
        fi
        echo "$game to $to,$t,$elapsed,$cpu,$peak,$answer"
        rm -f "$out" "$time_file"
    done
done
