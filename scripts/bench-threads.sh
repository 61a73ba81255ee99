#!/usr/bin/env bash
# The sparse engine on 1, 2, 4, 8 and 16 threads and the default, one
# process at a time (issue 37): one CSV line a run,
#   workload,threads,elapsed_s,cpu_s,peak_kb,answer,chosen
# where cpu_s is user + system seconds, answer the run's last line (the
# count of lost heaps, the same on every thread count) and chosen, for the
# default's runs, what `--stats` says it chose and why (its `threads`
# line) and what the choice rests on (its `trials` line: each width's
# measured step against one thread's). The default's runs take `--stats`
# for that: on the 2-core machine four alternating pairs with and without
# it were level (session 30).
#
# Boards (issue 34) run the same way with `grundy values SPEC --no-cache`,
# their answer the value line:
#   BOARDS="cram:5x8 cram:4x11 cram:5x9" WORKLOADS= scripts/bench-threads.sh
#
#   scripts/bench-threads.sh                # the three workloads below
#   THREADS="1 2" WORKLOADS="grundy:2^20" scripts/bench-threads.sh
#   GRUNDY=path/to/grundy scripts/bench-threads.sh   # a binary built before
#
# Values past memory (the engine of a record run) run with PAST, each
# GAME:N:BUDGET a `grundy count GAME --to N --frequencies --max-memory
# BUDGET` with a fresh value cache, its answer a digest of the frequency
# table:
#   PAST="grundy:2^24:8M 0.161:2^24:16M" WORKLOADS= scripts/bench-threads.sh
#
# The default workloads are those of issue 37's targets: Grundy's game to
# 2^25, 0.161 to 2^24 and 0.6 to 2^23, each run with `grundy count` (the
# table is computed, only the counts printed) and `--no-cache`. On a
# 16-core machine the six runs of 0.161 took 78 s and those of 0.6 67 s,
# and those of Grundy's game to 2^24 123 s (docs/benchmarks.md, session
# 35): with Grundy's game to 2^25, about twice that, some 7 minutes in
# all (an estimate).
set -euo pipefail
cd "$(dirname "$0")/.."

threads_list=${THREADS:-"1 2 4 8 16 default"}
# An empty WORKLOADS runs none (for boards alone).
workloads=${WORKLOADS-"grundy:2^25 0.161:2^24 0.6:2^23"}
boards=${BOARDS:-}
past=${PAST:-}

# GRUNDY=path runs another build (a release binary carried to a big
# machine); by default the release build of this tree.
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release --quiet -p grundy-cli
fi
grundy=${GRUNDY:-target/release/grundy}

# measure LABEL THREADS ANSWER_PATTERN COMMAND...: runs the command with
# `--threads THREADS` (none for "default") and the flags of `cache`, and
# prints its CSV line; the answer is the last line of its output that
# matches the pattern, or with the pattern `digest` a digest of the whole.
cache=(--no-cache)
measure() {
    local label=$1 t=$2 pattern=$3
    shift 3
    local flags=("${cache[@]}")
    [ "$t" = default ] || flags+=(--threads "$t")
    [ "$t" = default ] && flags+=(--stats)
    local out err time_file elapsed user sys peak cpu answer chosen
    out=$(mktemp) err=$(mktemp) time_file=$(mktemp)
    if /usr/bin/time -f "%e %U %S %M" -o "$time_file" "$@" "${flags[@]}" >"$out" 2>"$err"; then
        read -r elapsed user sys peak <"$time_file"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        if [ "$pattern" = digest ]; then
            answer="digest $(md5sum <"$out" | cut -c1-12)"
        else
            answer=$(grep -E "$pattern" "$out" | tail -n 1 | tr -s ' ' | tr ',' ';')
        fi
        chosen=$(sed -n 's/^threads .* by default; //p' "$err" | tail -n 1 | tr ',' ';')
        rests=$(sed -n 's/^trials .*against 1 thread: //p' "$err" | tail -n 1 | tr ',' ';')
        if [ -n "$rests" ]; then
            chosen="$chosen; rests on: $rests"
        fi
    else
        elapsed= cpu= peak= chosen=
        answer="failed: $(cat "$out" "$err" | tail -n 1 | tr ',' ';')"
    fi
    echo "$label,$t,$elapsed,$cpu,$peak,$answer,$chosen"
    rm -f "$out" "$err" "$time_file"
}

echo "workload,threads,elapsed_s,cpu_s,peak_kb,answer,chosen"
for w in $workloads; do
    game=${w%%:*} to=${w#*:}
    for t in $threads_list; do
        measure "$game to $to" "$t" . "$grundy" count "$game" --to "$to"
    done
done
for b in $boards; do
    for t in $threads_list; do
        measure "$b" "$t" '^value' "$grundy" values "$b"
    done
done
for w in $past; do
    game=${w%%:*} rest=${w#*:}
    to=${rest%%:*} budget=${rest#*:}
    for t in $threads_list; do
        dir=$(mktemp -d)
        cache=(--cache "$dir")
        measure "$game to $to past $budget" "$t" digest \
            "$grundy" count "$game" --to "$to" --frequencies --max-memory "$budget"
        rm -rf "$dir"
    done
done
