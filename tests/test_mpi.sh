#!/usr/bin/env bash
# The poker jobs under mpirun: each job's output on 1, 2 and 3 ranks is the
# plain binary's, byte for byte, and a rank that fails or dies ends the job
# with a message instead of a hang.
#
# Usage: tests/test_mpi.sh PATH/TO/poker BUILT_WITH_MPI(true|false)
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any
# failure, and 77 (skipped, with a note) without MPI or without mpirun.

set -u

if [[ ${2:-false} != true ]]; then
    echo "note: poker was built without MPI (-Dmpi=disabled, or no MPI found): nothing to check"
    exit 77
fi
if ! command -v mpirun > /dev/null; then
    echo "note: mpirun not found (tools/setup.sh installs Open MPI): nothing to check"
    exit 77
fi

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# Open MPI refuses root unless told, and this machine may have fewer cores than ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# A job whose rank 0 ends with status 1 (a hand that is not ok) is otherwise held
# two seconds by mpirun before it kills the ranks that have already finished.
export OMPI_MCA_odls_base_sigkill_timeout=0
# Open MPI keeps memory to the end of the process, which LeakSanitizer would
# report in a sanitizer build; the plain runs keep every check.
mpi=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 60 mpirun --oversubscribe)

# same_on_ranks NAME ARGS...: the plain run's output, and that of 1, 2 and 3 ranks, are equal,
# and so is the status, $want_rc (0 unless set). Standard input is a pipe from $work/in (rank 0's).
same_on_ranks() {
    local name=$1 want=${want_rc:-0}
    shift
    cat "$work/in" | "$POKER" "$@" > "$work/out" 2> "$work/err"
    local plain_rc=$? plain
    plain=$(<"$work/out") err=$(<"$work/err")
    if [[ $plain_rc -ne $want || -z $plain ]]; then
        fail "$name: the plain run" "status: $plain_rc" "stderr: $err"
        return
    fi
    for n in 1 2 3; do
        cat "$work/in" | "${mpi[@]}" -np $n "$POKER" "$@" > "$work/out" 2> "$work/err"
        rc=$?
        if [[ $rc -eq $want && $(<"$work/out") == "$plain" ]]; then
            pass
        else
            fail "$name on $n ranks" "status: $rc" "expected: $plain" "got: $(<"$work/out")" "stderr: $(<"$work/err")"
        fi
    done
}

same_on_ranks "equity, Monte Carlo by deals" equity --simulate 300000 --seed 7 AsAh KsKd
same_on_ranks "equity, Monte Carlo to a standard error, ranges" equity --stderr 0.002 --seed 3 AKs,AKo QQ,JJ
same_on_ranks "equity, Omaha Monte Carlo, JSON less its times" equity --game omaha --simulate 200000 --seed 11 AsKsQhJh 9c9d8c7d
same_on_ranks "equity, exact, one hand combination in parts" equity --board "2c 7d" AsAh KsKd
same_on_ranks "equity, exact, ranges" equity --board "2c 7d 9h" QQ+,AKs JJ,T9s A5s-A2s,KQo
same_on_ranks "equity, exact, Omaha range on a flop (suit patterns)" equity --game omaha --board "Ah 7h 2c" \
    AsKsQhJh,AcKcQdJd,KhKdQsQc 9c9d8c7d
same_on_ranks "equity grid, exact on a flop, each cell across the ranks" equity --grid KsKd --board "2c 7d 9h"
same_on_ranks "equity grid, Monte Carlo per cell, JSON" equity --grid random --simulate 20000 --seed 3 --json
same_on_ranks "odds, counted and simulated" odds --simulate 3000000 --seed 4
same_on_ranks "odds, deuces wild, CSV" odds --wild 2 --simulate 1000000 --seed 9 --csv

# Histories: the hands of each file replayed in blocks across the ranks, rank 0
# writing every line in input order; files read whole, a file streamed from a
# pipe that only rank 0 reads, files that cannot be read and hands that fail.
"$POKER" play --game holdem --hands 1500 --seed 11 --phhs "$work/h.phhs" > /dev/null
"$POKER" play --game stud --hands 5 --seed 3 --phhs "$work/s.phhs" > /dev/null
sed '700s/.*/actions = [oops/' "$work/h.phhs" > "$work/bad.phhs"
same_on_ranks "replay, files read whole" replay --json "$work/h.phhs" "$work/s.phhs"
want_rc=1 same_on_ranks "replay, a hand that cannot be read and a missing file" \
    replay "$work/s.phhs" "$work/bad.phhs" "$work/missing.phhs" "$work/h.phhs"
cp "$work/bad.phhs" "$work/in"
want_rc=1 same_on_ranks "replay, a pipe streamed by rank 0" replay --json --phh /dev/stdin "$work/s.phhs"
: > "$work/in"

# Rooms' histories and statistics: rank 0 reads each file and shares its blocks;
# every rank reads the hands of its blocks (an ACPC log, whose reader carries
# state from block to block, is read whole on every rank) and checks them.
import=$(dirname "${BASH_SOURCE[0]}")/import
for k in $(seq 10); do for f in "$import"/pokerstars/ok/*; do cat "$f"; printf '\n\n\n'; done; done > "$work/stars.txt"
"$POKER" play --game holdem --hands 300 --seed 12 --phhs "$work/few.phhs" > /dev/null
sed '700s/.*/actions = [oops/' "$work/few.phhs" > "$work/few-bad.phhs"
acpc_game=$import/acpc/games/holdem.nolimit.3p.game
same_on_ranks "import, blocks of a room's history, PHH out" import --threads 1 "$work/stars.txt"
want_rc=1 same_on_ranks "import, every room, JSON, files that are not ok" import --json "$work/stars.txt" \
    "$import"/{fulltilt,ipoker,partypoker,winamax}/ok "$import"/pokerstars/broken "$work/missing.txt"
want_rc=1 same_on_ranks "import, ACPC logs (a reader with state)" import --json --acpc-game "$acpc_game" \
    "$import"/acpc/ok/holdem.nolimit.3p.log "$import"/acpc/broken/holdem.nolimit.3p.changed-score.log
same_on_ranks "stats, a room's history and PHH" stats --json "$work/stars.txt" "$work/s.phhs" "$work/few.phhs"
want_rc=1 same_on_ranks "stats, hands and files not counted, CSV" stats --csv "$work/few-bad.phhs" "$work/missing.phhs" \
    --acpc-game "$acpc_game" "$import"/acpc/ok/holdem.nolimit.3p.log

# Simulations: tables apart, each a block, summed on rank 0.
same_on_ranks "play, tables apart" play --game holdem --hands 20000 --tables 7 --seed 5
same_on_ranks "play, tables apart, stud" play --game stud --hands 3000 --tables 4 --seed 6 --threads 2

# Checkpoints: rank 0 alone writes the file; two ranks resume what one
# process kept, deal only the rest and give its numbers.
numbers() { python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print(j["deals"], [p["equity"] for p in j["players"]], j.get("resumed"))' "$1"; }
rm -f "$work/mc.checkpoint"
run equity --json --simulate 1000000 --seed 3 --checkpoint "$work/mc.checkpoint" AsAh KsKd
kept=$out
head -n 8 "$work/mc.checkpoint" > "$work/cut" && cp "$work/cut" "$work/mc.checkpoint"
"${mpi[@]}" -np 2 "$POKER" equity --json --simulate 1000000 --seed 3 --checkpoint "$work/mc.checkpoint" AsAh KsKd \
    > "$work/out" 2> "$work/err"
expect_true "equity checkpoint resumed on 2 ranks: 6 blocks from the file, the same numbers, 16 blocks kept" \
    test "$(numbers "$(<"$work/out")")|$(wc -l < "$work/mc.checkpoint")" = "$(numbers "$kept" | sed 's/ 0$/ 6/')|18"
rm -f "$work/tables.checkpoint"
run play --game holdem --hands 5000 --tables 5 --seed 4 --json --checkpoint "$work/tables.checkpoint"
kept=${out%, \"seconds\"*}
head -n 4 "$work/tables.checkpoint" > "$work/cut" && cp "$work/cut" "$work/tables.checkpoint"
"${mpi[@]}" -np 3 "$POKER" play --game holdem --hands 5000 --tables 5 --seed 4 --json --checkpoint "$work/tables.checkpoint" \
    > "$work/out" 2> "$work/err"
expect_true "play --tables checkpoint resumed on 3 ranks: the same summary, 2 tables from the file" \
    test "$(sed 's/, "seconds".*//' "$work/out")|$(grep -o '"resumed": [0-9]*' "$work/out")" = "$kept|\"resumed\": 2"

# The progress line comes from rank 0 alone: on a pipe with --progress, one
# last line of every deal, and the output unchanged.
for args in '--board 2c7d9h QQ+,AKs JJ,T9s A5s-A2s,KQo' '--simulate 300000 --seed 7 AsAh KsKd'; do
    run equity $args
    plain=$out
    "${mpi[@]}" -np 2 "$POKER" equity --progress $args > "$work/out" 2> "$work/err"
    rc=$?
    expect_true "equity $args --progress on 2 ranks: the output, and one last progress line" \
        test "$rc $(grep -cE '^equity: ([0-9,]+) of \1 deals \(100%\)' "$work/err")" = "0 1" -a "$(<"$work/out")" = "$plain"
done

# Threads inside a process draw the same blocks as ranks do.
run equity --simulate 300000 --seed 7 --threads 2 AsAh KsKd
two_threads=${out/2 threads/1 thread}
run equity --simulate 300000 --seed 7 AsAh KsKd
expect_true "equity, Monte Carlo: two threads give one thread's numbers" test "$two_threads" = "$out"

# A block that fails on the ranks (a range that never fits) fails every rank
# together: one message, from rank 0, and status 1.
"${mpi[@]}" -np 2 "$POKER" equity --simulate 1000 "AsAh,KdKc:0.000000001" "AsAh,QdQc:0.000000001" \
    > "$work/out" 2> "$work/err"
rc=$?
expect_true "a failing block: status 1, one line 'no deal found' from rank 0, no output" \
    test "$rc $(grep -c 'poker: error: rank 0 of 2: .*no deal found' "$work/err") $(wc -c < "$work/out")" = "1 1 0"

# A rank that fails alone (here: given other hands) stops the job, naming itself.
"${mpi[@]}" -np 1 "$POKER" equity --simulate 10000000 AsAh KsKd : -np 1 "$POKER" equity AsAh AsKd \
    > "$work/out" 2> "$work/err"
rc=$?
expect_true "a rank that fails alone: the job stops (status $rc), the message names rank 1" \
    bash -c "[[ $rc -ne 0 && $rc -ne 124 ]] && grep -q 'poker: error: rank 1 of 2: .*As' '$work/err'"

# A rank killed in the middle of a long job: mpirun ends the job with an error, no hang.
"${mpi[@]}" -np 2 bash -c 'if [[ $OMPI_COMM_WORLD_RANK == 1 ]]; then (sleep 1; kill -9 $$) & fi; exec "$0" "$@"' \
    "$POKER" equity --simulate 1000000000 AsAh KsKd > "$work/out" 2> "$work/err"
rc=$?
expect_true "a rank that dies: the job stops with an error (status $rc), no output" \
    bash -c "[[ $rc -ne 0 && $rc -ne 124 && ! -s '$work/out' ]]"

finish
