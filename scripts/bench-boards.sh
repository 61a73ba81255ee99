#!/usr/bin/env bash
# Times the generic search on Cram and Chomp boards against Beling's igsolve,
# one process at a time, and prints one CSV line per run:
#   game,board,solver,value,user_s,peak_kb
#
# igsolve is built from its public sources in a scratch directory, never in
# this repository (docs/benchmarks.md gives the commands); pass its binary:
#
#   scripts/bench-boards.sh /tmp/peers/impartial-games/target/release/igsolve
#
# Each run gets TIMEOUT seconds (default 300); a run that passes it prints
# "timeout" for its value. Ours is the release build of the library's
# example `board_search` (one thread, default budget).
set -euo pipefail
cd "$(dirname "$0")/.."

igsolve=${1:?usage: scripts/bench-boards.sh PATH/TO/igsolve}
timeout_s=${TIMEOUT:-300}
cram_boards=${CRAM_BOARDS:-"4x5 4x7 4x9 5x5 5x6 5x7 6x6 6x7"}
chomp_boards=${CHOMP_BOARDS:-"8x8 9x9 10x10 11x11"}

cargo build --release --quiet -p grundy --example board_search
ours=target/release/examples/board_search

# run LABEL COMMAND...: prints "value,user,peak" for the command.
run() {
    local out time_file
    out=$(mktemp) time_file=$(mktemp)
    if timeout "$timeout_s" /usr/bin/time -f "%U %M" -o "$time_file" "$@" >"$out" 2>&1; then
        local value
        value=$(grep -oE '[Nn]imber( of initial position)?:? [0-9]+' "$out" | grep -oE '[0-9]+$' | head -1)
        read -r user peak <"$time_file"
        echo "${value:-?},$user,$peak"
    else
        echo "timeout,,"
    fi
    rm -f "$out" "$time_file"
}

echo "game,board,solver,value,user_s,peak_kb"
for b in $cram_boards; do
    rows=${b%x*} cols=${b#*x}
    echo "cram,$b,igsolve,$(run "$igsolve" cram "$rows" "$cols")"
    echo "cram,$b,grundy,$(run "$ours" cram "$b")"
done
for b in $chomp_boards; do
    rows=${b%x*} cols=${b#*x}
    echo "chomp,$b,igsolve,$(run "$igsolve" chomp --rows "$rows" --cols "$cols")"
    echo "chomp,$b,grundy,$(run "$ours" chomp "$b")"
done
