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
# On a shared machine, whose speed drifts by a quarter within minutes,
# ROUNDS=R runs each workload's widths R times, round after round (1, 2,
# 1, 2, ... with THREADS="1 2"), so that the drift reaches every width
# alike. Each run is still one CSV line; at the end, on standard error, a
# second CSV gives each workload and width its median elapsed and CPU
# seconds over the rounds, and the speed-up and CPU against one thread's
# medians (empty where one thread was not run, or took no measurable
# time), then the median of the rounds' own speed-ups (one thread's
# elapsed in a round over this width's in the same round): a drift
# between rounds moves the medians' ratio, while each round's pair of
# runs, minutes apart at most, shares the machine's speed of the moment:
#   ROUNDS=5 THREADS="1 2" scripts/bench-threads.sh
#
# The width "pair" runs two copies of the one-thread run side by side,
# each in its own process, and gives the later end as elapsed and the
# sum of both as CPU. Nothing is shared between them but the machine, so
# its speed-up (two runs' work over its elapsed, 2 × one thread's
# elapsed / its own) is what two cores give this machine's guests, the
# ceiling two threads can reach here; its CPU is against two runs' CPU.
# Its answer is the copies' common one, or "failed" where they differ:
#   ROUNDS=5 THREADS="1 pair 2" scripts/bench-threads.sh
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
rounds=${ROUNDS:-1}
case $rounds in
'' | *[!0-9]* | 0)
    echo "ROUNDS must be a whole number of rounds, at least 1, not '$rounds'" >&2
    exit 2
    ;;
esac

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
# With the width "pair", two copies run side by side, the second with a
# cache directory of its own where the runs take one.
cache=(--no-cache)
runs_file=$(mktemp)
trap 'rm -f "$runs_file"' EXIT
# timed OUT ERR TIMES COMMAND...: runs the command under GNU time.
timed() {
    local out=$1 err=$2 times=$3
    shift 3
    /usr/bin/time -f "%e %U %S %M" -o "$times" "$@" >"$out" 2>"$err"
}
measure() {
    local label=$1 t=$2 pattern=$3
    shift 3
    local flags=("${cache[@]}")
    case $t in
    default) flags+=(--stats) ;;
    pair) flags+=(--threads 1) ;;
    *) flags+=(--threads "$t") ;;
    esac
    local out err time_file elapsed user sys peak cpu answer chosen ran=yes
    out=$(mktemp) err=$(mktemp) time_file=$(mktemp)
    if [ "$t" = pair ]; then
        local out2 err2 time2 first second
        out2=$(mktemp) err2=$(mktemp) time2=$(mktemp)
        local flags2=("${flags[@]}")
        if [ "${cache[0]}" = --cache ]; then
            mkdir -p "${cache[1]}/pair"
            flags2=(--cache "${cache[1]}/pair" "${flags[@]:2}")
        fi
        timed "$out" "$err" "$time_file" "$@" "${flags[@]}" &
        first=$!
        timed "$out2" "$err2" "$time2" "$@" "${flags2[@]}" &
        second=$!
        wait "$first" || ran=
        wait "$second" || ran=
        if [ -n "$ran" ] && ! cmp -s "$out" "$out2"; then
            ran=
            echo "the two copies' outputs differ" >>"$err"
        elif [ -n "$ran" ]; then
            # The later end, the CPU of both, the larger peak.
            local both
            both=$(paste "$time_file" "$time2" | awk '{
                printf "%s %s %s %s", ($1 > $5 ? $1 : $5), $2 + $6, $3 + $7, ($4 > $8 ? $4 : $8)
            }')
            echo "$both" >"$time_file"
        fi
        [ -n "$ran" ] || cat "$err2" >>"$err"
        rm -f "$out2" "$err2" "$time2"
    else
        timed "$out" "$err" "$time_file" "$@" "${flags[@]}" || ran=
    fi
    if [ -n "$ran" ]; then
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
    echo "$label,$t,$elapsed,$cpu,$peak,$answer,$chosen" | tee -a "$runs_file"
    rm -f "$out" "$err" "$time_file"
}

echo "workload,threads,elapsed_s,cpu_s,peak_kb,answer,chosen"
for w in $workloads; do
    game=${w%%:*} to=${w#*:}
    for _ in $(seq "$rounds"); do
        for t in $threads_list; do
            measure "$game to $to" "$t" . "$grundy" count "$game" --to "$to"
        done
    done
done
for b in $boards; do
    for _ in $(seq "$rounds"); do
        for t in $threads_list; do
            measure "$b" "$t" '^value' "$grundy" values "$b"
        done
    done
done
for w in $past; do
    game=${w%%:*} rest=${w#*:}
    to=${rest%%:*} budget=${rest#*:}
    for _ in $(seq "$rounds"); do
        for t in $threads_list; do
            dir=$(mktemp -d)
            cache=(--cache "$dir")
            measure "$game to $to past $budget" "$t" digest \
                "$grundy" count "$game" --to "$to" --frequencies --max-memory "$budget"
            rm -rf "$dir"
        done
    done
done

# The medians over the rounds (the middle run, or the mean of the two
# middle ones), a workload and width a line in the order first run; runs
# that failed (no elapsed time) are left out.
median() {
    sort -n | awk '{ v[NR] = $1 } END {
        if (NR == 0) exit
        if (NR % 2) printf "%.2f", v[(NR + 1) / 2]
        else printf "%.2f", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}
if [ "$rounds" -gt 1 ]; then
    {
        echo "workload,threads,runs,median_elapsed_s,median_cpu_s,speedup,cpu_ratio,round_speedup"
        cut -d, -f1,2 "$runs_file" | awk '!seen[$0]++' | while IFS=, read -r label t; do
            column() {
                awk -F, -v l="$label" -v t="$t" -v f="$1" '$1 == l && $2 == t && $3 != "" { print $f }' "$runs_file" | median
            }
            runs=$(awk -F, -v l="$label" -v t="$t" '$1 == l && $2 == t && $3 != ""' "$runs_file" | wc -l)
            elapsed=$(column 3) cpu=$(column 4)
            one_elapsed=$(t=1 column 3) one_cpu=$(t=1 column 4)
            speedup= cpu_ratio=
            # A pair did two runs' work.
            runs_done=1
            [ "$t" = pair ] && runs_done=2
            if [ -n "$one_elapsed" ] && [ -n "$elapsed" ]; then
                speedup=$(awk -v a="$one_elapsed" -v b="$elapsed" -v k="$runs_done" \
                    'BEGIN { if (b > 0) printf "%.2f", k * a / b }')
                cpu_ratio=$(awk -v a="$cpu" -v b="$one_cpu" -v k="$runs_done" \
                    'BEGIN { if (b > 0) printf "%.2f", a / (k * b) }')
            fi
            # The k-th run of this width and of one thread are of round k.
            round_speedup=$(awk -F, -v l="$label" -v t="$t" -v k="$runs_done" '
                $1 == l && $2 == 1 { one[++ones] = $3 }
                $1 == l && $2 == t { mine[++mines] = $3 }
                END {
                    for (i = 1; i <= mines && i <= ones; i++)
                        if (one[i] != "" && mine[i] != "" && mine[i] > 0)
                            printf "%.6f\n", k * one[i] / mine[i]
                }' "$runs_file" | median)
            echo "$label,$t,$runs,$elapsed,$cpu,$speedup,$cpu_ratio,$round_speedup"
        done
    } >&2
fi
