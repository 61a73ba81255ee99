#!/usr/bin/env bash
# Two settings of the sparse engine's knobs, alternated in one binary
# (issue 37): the profile example run ROUNDS times with each, in the
# order A B, B A, A B, ... so that a machine whose speed drifts within
# minutes slows both alike. One CSV line a run:
#   round,setting,tweaks,wall_s,cpu_s,digest
# then, on standard error, each setting's median wall and CPU seconds,
# B's against A's, the median of the rounds' B/A wall ratios, in how many
# rounds B was faster, and whether every run's values digest agreed.
#
#   scripts/ab-tuning.sh 0.6 2^22 2 "finishing_catches_up=0" ""
#   ROUNDS=10 scripts/ab-tuning.sh grundy 2^23 2 "" "pair_block=1024"
#
# A and B are the example's tweaks (FIELD=VALUE, space-separated; empty
# for the defaults). PROFILE names a binary built before (by default this
# tree's, built here); PROFILE_B another one for B (two builds compared:
# give the same tweaks to both). A few per cent, as most single changes
# to the engine are on this machine, show only in the median of rounds
# alternated so; two script runs ten minutes apart do not tell them apart
# (docs/benchmarks.md, sessions 39 and 40).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 5 ]; then
    echo "usage: scripts/ab-tuning.sh GAME TO THREADS TWEAKS_A TWEAKS_B" >&2
    exit 2
fi
game=$1 to=$2 threads=$3 tweaks_a=$4 tweaks_b=$5
rounds=${ROUNDS:-6}
case $rounds in
'' | *[!0-9]* | 0)
    echo "ROUNDS must be a whole number of rounds, at least 1, not '$rounds'" >&2
    exit 2
    ;;
esac
case $to in
2^*) to=$((1 << ${to#2^})) ;;
esac
if [ -z "${PROFILE:-}" ]; then
    cargo build --release --quiet -p grundy --example sparse_profile
fi
profile=${PROFILE:-target/release/examples/sparse_profile}
profile_b=${PROFILE_B:-$profile}

runs=$(mktemp)
out=$(mktemp)
times=$(mktemp)
trap 'rm -f "$runs" "$out" "$times"' EXIT

# run ROUND SETTING BINARY TWEAKS: one run, one CSV line.
run() {
    local round=$1 setting=$2 binary=$3 tweaks=$4 elapsed user sys digest
    # The tweaks are separate arguments.
    # shellcheck disable=SC2086
    if ! /usr/bin/time -f "%e %U %S" -o "$times" \
        "$binary" "$game" "$to" "$threads" $tweaks >"$out" 2>&1; then
        echo "the run of $setting ($tweaks) failed:" >&2
        tail -n 3 "$out" >&2
        exit 1
    fi
    read -r elapsed user sys <"$times"
    digest=$(sed -n 's/^ *values digest: //p' "$out")
    echo "$round,$setting,$tweaks,$elapsed,$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }'),$digest" |
        tee -a "$runs"
}

echo "round,setting,tweaks,wall_s,cpu_s,digest"
for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then
        run "$round" A "$profile" "$tweaks_a"
        run "$round" B "$profile_b" "$tweaks_b"
    else
        run "$round" B "$profile_b" "$tweaks_b"
        run "$round" A "$profile" "$tweaks_a"
    fi
done

# middle: the median of the numbers on standard input, one a line.
middle() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
# median COLUMN SETTING: the median of a column over a setting's runs.
median() {
    awk -F, -v c="$1" -v s="$2" '$2 == s { print $c }' "$runs" | middle
}
wall_a=$(median 4 A) wall_b=$(median 4 B) cpu_a=$(median 5 A) cpu_b=$(median 5 B)
ratios=$(awk -F, '$2 == "A" { a[$1] = $4 } $2 == "B" { b[$1] = $4 }
    END { for (r in a) if (r in b && a[r] > 0) print b[r] / a[r] }' "$runs")
faster=$(echo "$ratios" | awk 'NF && $1 < 1 { n++ } END { print n + 0 }')
ratio=$(echo "$ratios" | middle)
digests=$(cut -d, -f6 "$runs" | sort -u | wc -l)
{
    echo "A ($tweaks_a): median wall ${wall_a} s, CPU ${cpu_a} s"
    echo "B ($tweaks_b): median wall ${wall_b} s, CPU ${cpu_b} s"
    # A run too short for the clock's hundredths has no ratio.
    awk -v wa="$wall_a" -v wb="$wall_b" -v ca="$cpu_a" -v cb="$cpu_b" -v r="$ratio" -v f="$faster" -v n="$rounds" \
        'function over(x, y) { return y > 0 ? sprintf("%.3f", x / y) : "n/a" }
        BEGIN { printf "B/A: wall %s, CPU %s; rounds: median B/A %s, B faster in %d of %d\n", over(wb, wa), over(cb, ca), (r == "" ? "n/a" : sprintf("%.3f", r)), f, n }'
    if [ "$digests" -eq 1 ]; then
        echo "values digest: the same on every run"
    else
        echo "values digest: DIFFERS between runs"
    fi
} >&2
[ "$digests" -eq 1 ]
