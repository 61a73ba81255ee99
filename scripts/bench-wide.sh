#!/usr/bin/env bash
# The sparse engine's knobs for wide pools, compared in one binary on a
# machine with many cores (issue 37): one CSV line a run of the profile
# example, in the order below, until a deadline. Meant for a lent 16-core
# machine, where time is short: the questions left open on two cores come
# first (docs/benchmarks.md, "What the next 16-core run should measure").
#
#   scripts/bench-wide.sh                    # every part, 16 threads
#   PARTS="spin wave" DEADLINE=240 scripts/bench-wide.sh
#   WIDE=4 SCALE=4 scripts/bench-wide.sh     # a dry run: sizes / 2^4
#
# PROFILE and GRUNDY name binaries built before (release builds carried to
# the big machine); by default this tree's, built here. DEADLINE is in
# seconds from the start: no run starts after it. WIDE is the wide pool's
# threads (16). SCALE divides every size by 2^SCALE.
#
# Each line:
#   part,game,to,threads,tweaks,wall_s,finishing_s,catching_up_s,serial,busy_s,spinning_s,cpu_s,digest
# where busy, spinning and cpu add up every thread's (the example's per
# thread lines: busy computing, of the waiting the time spun within a
# step, and the system's CPU time of the thread). The part `cli` prints
# `grundy count --stats` lines instead (the anomaly of 0.161 through the
# CLI on sixteen threads, and what the default chooses).
set -euo pipefail
cd "$(dirname "$0")/.."

parts=${PARTS:-"spin wave beside deepen spread cli"}
deadline=${DEADLINE:-540}
wide=${WIDE:-16}
scale=${SCALE:-0}

if [ -z "${PROFILE:-}" ]; then
    cargo build --release --quiet -p grundy --example sparse_profile
fi
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release --quiet -p grundy-cli
fi
profile=${PROFILE:-target/release/examples/sparse_profile}
grundy=${GRUNDY:-target/release/grundy}
start=$SECONDS

# size LOG2: 2^(LOG2 - SCALE), at least 2^12.
size() {
    local log=$(($1 - scale))
    [ "$log" -ge 12 ] || log=12
    echo $((1 << log))
}

# in_time: whether the deadline lets another run start.
in_time() {
    if [ $((SECONDS - start)) -ge "$deadline" ]; then
        echo "# deadline ${deadline} s reached; the rest not run" >&2
        return 1
    fi
}

# run PART GAME LOG2 THREADS [TWEAK...]: one profile run, one CSV line.
run() {
    local part=$1 game=$2 to
    to=$(size "$3")
    local threads=$4
    shift 4
    in_time || return 1
    local out
    if ! out=$("$profile" "$game" "$to" "$threads" "$@" 2>&1); then
        echo "$part,$game,$to,$threads,$*,failed: $(echo "$out" | tail -n 1 | tr ',' ';')"
        return 0
    fi
    echo "$out" | awk -v part="$part" -v game="$game" -v to="$to" -v t="$threads" -v tweaks="$*" '
        / s wall$/ { wall = $(NF - 2) }
        /values digest:/ { digest = $NF }
        /finishing beside a read-ahead:/ { fin = $5 }
        /catching up \(every thread\):/ { cu = $(NF - 1) }
        /^ +serial fraction/ { serial = $NF }
        /^ +thread +[0-9]+:/ {
            # thread i: finishing reading alone waiting (spinning) cpu
            line = $0
            gsub(/[()]/, " ", line)
            split(line, f, " ")
            busy += f[3] + f[4] + f[5]
            spin += f[7]
            if (f[8] != "-") cpu += f[8]
        }
        END {
            printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%.2f,%.2f,%.2f,%s\n",
                part, game, to, t, tweaks, wall, fin, cu, serial, busy, spin, cpu, digest
        }'
}

echo "part,game,to,threads,tweaks,wall_s,finishing_s,catching_up_s,serial,busy_s,spinning_s,cpu_s,digest"
for part in $parts; do
    case $part in
    spin)
        # Waiting threads: spinning to the step's end (the default)
        # against a bound after which they sleep.
        for g in 0.161 grundy; do
            run spin $g 24 "$wide" || break 2
            for us in 0 100 1000; do
                run spin $g 24 "$wide" spin_from=3 spin_for=$us || break 3
            done
        done
        ;;
    wave)
        # The finishing's own rare splits read beside it.
        for g in 0.161 grundy; do
            for lag in 0 256 512; do
                run wave $g 24 "$wide" wave_lag=$lag || break 3
            done
        done
        ;;
    beside)
        # The next block's catching up read beside the finishing, or all
        # of it after.
        for g in 0.161 grundy; do
            for b in 1 0; do
                run beside $g 24 "$wide" catch_up_beside=$b || break 3
            done
        done
        ;;
    deepen)
        # The catching up's deepening, on four threads and on the wide
        # pool.
        for t in 4 "$wide"; do
            for d in 0 1; do
                run deepen 0.6 23 "$t" catch_up_deepens=$d || break 3
            done
        done
        ;;
    spread)
        # Spread rounds read ahead for every heap: 4 × spread_ahead from
        # eight threads on (24 by default), against fewer, the rest left
        # to the deepening.
        for w in 0.161:24 0.6:23; do
            for sa in 6 3 2; do
                run spread "${w%%:*}" "${w#*:}" "$wide" spread_ahead=$sa || break 3
            done
        done
        ;;
    cli)
        # The CLI on the wide pool against the example's run above, and
        # the default's choice with what it rests on.
        for args in "--threads $wide" ""; do
            in_time || break 2
            echo "# grundy count 0.161 --to $(size 24) --no-cache --stats $args"
            # shellcheck disable=SC2086
            "$grundy" count 0.161 --to "$(size 24)" --no-cache --stats $args 2>&1 |
                grep -E '^(pipeline|  thread|threads|trials|time|cpu|losses)' || true
        done
        ;;
    *)
        echo "no part $part (spin wave beside deepen spread cli)" >&2
        exit 2
        ;;
    esac
done
echo "# $((SECONDS - start)) s in all"
