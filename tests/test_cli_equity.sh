#!/usr/bin/env bash
# End-to-end checks of `poker equity`: exact and Monte Carlo output, JSON,
# every game, ranges, the starting-hand grid and its SVG, errors and exit statuses.
#
# Usage: tests/test_cli_equity.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# ---------------------------------------------------------------------------
# Exact heads-up hold'em

aa_kk=$'game: holdem\nmethod: exact, 1,712,304 deals enumerated\nplayer 1: AsAh  equity 81.946%  win 81.715%  tie 0.463%\nplayer 2: KsKd  equity 18.054%  win 17.823%  tie 0.463%'
expect_output "AsAh against KsKd, exact" "$aa_kk" equity AsAh KsKd
expect_output "the game named" "$aa_kk" equity --game holdem AsAh KsKd
expect_output "two threads, same answer" "$aa_kk" equity --threads 2 AsAh KsKd
run equity AdAc KhKs
expect_true "AdAc against KhKs: 81.065% wins, 0.382% ties (poker-eval's 1,388,072 and 6,538)" \
    test "$(grep -c 'win 81.065%  tie 0.382%' <<< "$out")" = 1
run equity AsAh KsKh
expect_true "AsAh against KsKh: 82.637%" grep -q 'AsAh  equity 82.637%' <<< "$out"
run equity AsAh KdKc
expect_true "AsAh against KdKc: 81.255%" grep -q 'AsAh  equity 81.255%' <<< "$out"
run equity AsKs QdQc
expect_true "AsKs against QdQc: 46.214%" grep -q 'AsKs  equity 46.214%' <<< "$out"

expect_json "JSON is one object" equity --json AsAh KsKd
json_check "JSON: players in order, equity, win, tie, exact" \
    'j["exact"] is True and len(j["players"]) == 2 and abs(j["players"][0]["equity"] - 0.819460505) < 1e-9 and abs(j["players"][0]["win"] + j["players"][1]["win"] + j["players"][0]["tie"] - 1) < 1e-9 and j["deals"] == 1712304 and j["deals_to_enumerate"] == 1712304 and j["seed"] is None'

# ---------------------------------------------------------------------------
# Boards, dead cards, more players, ranges

run equity --board "Kc 7h 2c" AsAh KsKd
expect_true "a flop: the board line" grep -q '^board: Kc 7h 2c$' <<< "$out"
expect_true "a flop: 990 deals" grep -q 'exact, 990 deals' <<< "$out"
run equity --dead "Kh Kc" AsAh KsKd
expect_true "dead kings: the dead line" grep -q '^dead: ' <<< "$out"
expect_true "dead kings: 1,370,754 deals" grep -q 'exact, 1,370,754 deals' <<< "$out"
run equity AsAh KsKd QdQc
expect_true "three-way all-in, exact" grep -q 'player 3: QdQc  equity 15.691%' <<< "$out"
run equity 'QQ+' 'AKs'
expect_true "QQ+ against AKs: 48 pairs of hands, 82,190,592 deals" grep -q 'exact, 82,190,592 deals' <<< "$out"
expect_true "QQ+ lists its hands" grep -q 'player 1: QQ+  equity .*(18 hands)' <<< "$out"
run equity 'AsAh' 'KsKd:0.25,QsQd:0.75'
expect_true "a weighted range" grep -q 'exact' <<< "$out"
run equity AsAh Kd --board "Ks 7h 2c 9d"
expect_true "one known card, the other dealt" grep -q 'exact, 1,980 deals' <<< "$out"

# ---------------------------------------------------------------------------
# Monte Carlo

run equity --simulate 100000 --seed 7 AsAh KsKd
expect_true "--simulate: Monte Carlo line with deals, seed, threads, error" \
    grep -q '^method: Monte Carlo, 100,000 deals, seed 7, 1 thread, standard error 0.1[0-9][0-9]% (stopped by deals); enumeration: 1,712,304 deals$' <<< "$out"
first=$out
run equity --simulate 100000 --seed 7 AsAh KsKd
expect_true "the same seed gives the same answer" test "$first" = "$out"
run equity --simulate 100000 --seed 8 AsAh KsKd
expect_true "another seed, another answer" test "$first" != "$out"
expect_json "Monte Carlo JSON" equity --json --simulate 100000 --threads 2 AsAh KsKd
json_check "Monte Carlo JSON: not exact, within 4 standard errors of 0.819460505" \
    'j["exact"] is False and j["seed"] == 1 and j["threads"] == 2 and abs(j["players"][0]["equity"] - 0.819460505) < 4 * j["players"][0]["standard_error"]'
run equity AsAh random
expect_true "AA against a random hand: over the limit, simulated to 0.05%" \
    bash -c "grep -q 'stopped by standard error); enumeration: 2,097,572,400 deals' <<< '$out' && grep -q 'AsAh    equity 85\.[0-9]' <<< '$out'"
run equity --stderr 0.005 AsAh random
expect_true "--stderr: a looser target stops sooner" grep -q 'standard error 0.[0-4][0-9][0-9]%' <<< "$out"
run equity --time 0.2 --stderr 0.00000001 AsAh random
expect_true "--time stops the run" grep -q 'stopped by time' <<< "$out"
run equity --limit 1000 AsAh KsKd
expect_true "--limit below the count: simulated" grep -q 'Monte Carlo' <<< "$out"
run equity --exact --board "Ks 7h" AsAh random
expect_true "--exact enumerates hand combinations too" grep -q 'exact, 17,123,040 deals' <<< "$out"

# ---------------------------------------------------------------------------
# Other games

run equity --game short-deck AsKs 9d9c
expect_true "short deck, exact" grep -q 'exact, 201,376 deals' <<< "$out"
run equity --game omaha AsAhKsKd QdJdTc9c
expect_true "Omaha, exact: 58.823%" grep -q 'AsAhKsKd  equity 58.823%' <<< "$out"
run equity --game omaha AAKK 'QQJJ,T9T9:0.5' --simulate 20000
expect_true "Omaha patterns: 36 and 72 hands" bash -c "grep -q '(36 hands)' <<< \"\$1\" && grep -q '(72 hands)' <<< \"\$1\"" _ "$out"
run equity --game short-deck-wsop AsKs 9d9c
expect_true "short deck, WSOP order, exact" grep -q 'exact, 201,376 deals' <<< "$out"
run equity --game short-deck 'A2s+' KK
expect_true "short deck: A2s+ keeps A6s to AKs, 8 classes of 4 hands, against 6 kings" grep -q 'exact, 36,247,680 deals' <<< "$out"
run equity --game omaha5 AsAhKsKd2c QdJdTc9c8h --simulate 20000
expect_true "five-card Omaha" grep -q '^game: omaha5$' <<< "$out"
run equity --game omaha6 AsAhKsKd2c3c QdJdTc9c8h7h --simulate 20000
expect_true "six-card Omaha" grep -q '^game: omaha6$' <<< "$out"
run equity --game omaha-hi-lo As2hKsKd QdJdTc9c
expect_true "Omaha hi/lo: high, low and scoop columns" \
    grep -q 'player 1: As2hKsKd  equity 63.335%  win 54.700%  tie 17.269%  high 54.707%  low 43.910%  scoop 54.700%' <<< "$out"
expect_json "Omaha hi/lo JSON" equity --json --game omaha-hi-lo As2hKsKd QdJdTc9c
json_check "hi/lo JSON: high, low, scoop" 'all(k in p for p in j["players"] for k in ("equity", "win", "tie", "high", "low", "scoop"))'
run equity --game razz "As2h3d9cKd4s" "2s3h4d5cKsQh" --dead "6d 7c 8h"
expect_true "razz on sixth street, exact" grep -q 'exact, 1,332 deals' <<< "$out"
run equity --game stud-hi-lo "As2h3dKcKd9s" "4s5h6d7cQsQh" --dead Jd
expect_true "stud hi/lo on sixth street, exact" grep -q 'exact, 1,482 deals' <<< "$out"
run equity --game stud AsAh5c KsQsJs
expect_true "stud from third street: simulated" grep -q 'Monte Carlo' <<< "$out"

# ---------------------------------------------------------------------------
# The starting-hand grid

run equity --grid AsAh --dead "Ad Ac" --simulate 2000 --svg "$work/grid.svg"
expect_true "grid: 13 rows, a status line and the svg line" test "$(wc -l <<< "$out")" = 17
expect_true "grid: the AA cell, every ace held or dead, is blank" grep -q '^AA      -' <<< "$out"
expect_true "grid: the SVG has 169 cells" test "$(grep -c '<rect x=' "$work/grid.svg")" = 169
expect_true "grid: the SVG is XML" bash -c "! $have_python || python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' '$work/grid.svg'"
expect_json "grid JSON" equity --grid 'QQ+' --simulate 2000 --json
json_check "grid JSON: 13 rows of 13 cells" 'len(j["grid"]) == 13 and all(len(r) == 13 for r in j["grid"]) and j["grid"][0][1]["hand"] == "AKs"'
expect_json "grid against a random hand" equity --grid random --json
json_check "grid against random: AA 85.2%, 72o 34.6%, 32o 32.3% (published preflop tables), within 1%" \
    'abs(j["grid"][0][0]["equity"] - 0.852) < 0.01 and abs(j["grid"][12][7]["equity"] - 0.346) < 0.01 and abs(j["grid"][12][11]["equity"] - 0.323) < 0.01 and j["grid"][12][7]["hand"] == "72o"'

# ---------------------------------------------------------------------------
# The starting-hand table

# The full table runs are in test_cli_equity_table.sh (slow suite).
expect_error "--csv without --table" 2 "--csv goes with --table" equity --csv AsAh KsKd
expect_error "--table with hands" 2 "no hands with --table" equity --table AsAh KsKd
expect_error "--table with a board" 2 "--table does not go with --board" equity --table --board "2c 3d 4h"
expect_error "--table in Omaha" 2 "--table is for holdem only" equity --table --game omaha
expect_error "--table and --grid" 2 "exclude each other" equity --table --grid AA
expect_error "--checkpoint without --table or Monte Carlo" 2 \
    "--checkpoint goes with --table or a Monte Carlo run (--simulate, --stderr or --time)" equity --checkpoint ck AsAh KsKd
expect_error "--checkpoint with --exact" 2 "--checkpoint and --exact exclude each other" \
    equity --checkpoint ck --exact AsAh KsKd
expect_error "--checkpoint with --grid" 2 "--checkpoint and --grid exclude each other" \
    equity --checkpoint ck --grid AA --simulate 1000

# ---------------------------------------------------------------------------
# A Monte Carlo run kept in a checkpoint: run again, it deals nothing; cut
# short (and its last line cut mid-line, as a killed process leaves it), it
# deals only the rest; the numbers are those of the run without a checkpoint.

mc_args=(--simulate 2000000 --seed 7 AsAh KsKd 7c6c)
mc_numbers() { python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["deals"], [(p["equity"], p["win"], p["tie"], p["standard_error"]) for p in j["players"]])' "$1"; }
expect_json "Monte Carlo without a checkpoint" equity --json "${mc_args[@]}"
cp "$work/out" "$work/mc_plain"
json_check "Monte Carlo without a checkpoint: no resumed count" '"resumed" not in j and j["deals"] == 2000000'
rm -f "$work/mc.checkpoint"
expect_json "Monte Carlo kept in a checkpoint" equity --json --threads 2 --checkpoint "$work/mc.checkpoint" "${mc_args[@]}"
json_check "the first run resumed nothing" 'j["resumed"] == 0'
expect_true "the first run's numbers are those without a checkpoint" \
    test "$(mc_numbers "$work/out")" = "$(mc_numbers "$work/mc_plain")"
expect_true "the checkpoint: its header and one line for each of the 31 blocks of 65,536 deals" \
    test "$(sed -n 1p "$work/mc.checkpoint")|$(sed -n 2p "$work/mc.checkpoint" | sed -E 's/cards [0-9a-f]{16}$/cards D/')|$(wc -l < "$work/mc.checkpoint")" = \
    "pokerengine checkpoint 1|job equity Monte Carlo of holdem, blocks of 65536 deals, seed 7, deals 2000000, 3 players, hands and cards D|33"
expect_json "run again: every block from the checkpoint" equity --json --checkpoint "$work/mc.checkpoint" "${mc_args[@]}"
json_check "run again: 31 blocks resumed" 'j["resumed"] == 31'
expect_true "run again: the same numbers" test "$(mc_numbers "$work/out")" = "$(mc_numbers "$work/mc_plain")"
head -n 12 "$work/mc.checkpoint" > "$work/cut" && printf '10 3f' >> "$work/cut" && cp "$work/cut" "$work/mc.checkpoint"
run equity --checkpoint "$work/mc.checkpoint" "${mc_args[@]}"
expect_true "cut short: 10 blocks resumed, said on the method line" \
    grep -q "; 10 blocks resumed from the checkpoint" <<< "$out"
expect_json "cut short, JSON: the whole checkpoint again" equity --json --checkpoint "$work/mc.checkpoint" "${mc_args[@]}"
json_check "cut short, then run again: 31 blocks resumed" 'j["resumed"] == 31'
expect_true "cut short and resumed: the same numbers" test "$(mc_numbers "$work/out")" = "$(mc_numbers "$work/mc_plain")"
expect_error "a checkpoint of another seed" 1 "other_job: the checkpoint" \
    equity --checkpoint "$work/mc.checkpoint" --simulate 2000000 --seed 8 AsAh KsKd 7c6c
expect_error "a checkpoint of other hands" 1 "other_job: the checkpoint" \
    equity --checkpoint "$work/mc.checkpoint" --simulate 2000000 --seed 7 AsAh KsKd 7c6d
rm -f "$work/mc.checkpoint"

# Killed for real part way (SIGKILL, no chance to tidy up): run again, it
# resumes what the file holds and prints the numbers of a run never stopped.
# (About half the run before the kill; the sanitizers' build deals ten times slower.)
deals=30000000
[[ ${POKERENGINE_ADDRESS_SANITIZER:-0} == 1 ]] && deals=3000000
long_args=(--json --simulate $deals --seed 11 AsKs QdQc)
"$POKER" equity --checkpoint "$work/mc.checkpoint" "${long_args[@]}" > /dev/null 2>&1 &
killed=$!
sleep 0.7
kill -9 $killed 2> /dev/null
wait $killed 2> /dev/null
expect_json "killed, then run again from its checkpoint" equity --checkpoint "$work/mc.checkpoint" "${long_args[@]}"
cp "$work/out" "$work/mc_resumed"
expect_json "the same run without a checkpoint" equity "${long_args[@]}"
expect_true "killed and resumed: the numbers of the run never stopped" \
    test "$(mc_numbers "$work/mc_resumed")" = "$(mc_numbers "$work/out")"
rm -f "$work/mc.checkpoint"

expect_json "an exact run reports combinations per second" equity --json 'QQ+' 'AKs'
json_check "combos_per_second" 'j["combos_per_second"] > 0'
expect_json "a simulation has no combinations per second" equity --json --simulate 1000 AsAh KsKd
json_check "combos_per_second null" 'j["combos_per_second"] is None'

# ---------------------------------------------------------------------------
# Errors

expect_error "one player" 2 "needs 2 to 10 hands or ranges" equity AsAh
expect_error "eleven players" 2 "takes 2 to 10 hands or ranges" equity 2c2d 3c3d 4c4d 5c5d 6c6d 7c7d 8c8d 9c9d TcTd JcJd QcQd
expect_error "unknown game lists the valid names" 2 "valid games: holdem" equity --game holdum AsAh KsKd
expect_error "a draw game" 2 "equity does not handle the game 'badugi'" equity --game badugi AsAh KsKd
expect_error "bad range token with its position" 1 'player 2: bad range token "AKx" at position 5' equity AsAh "QQ+,AKx"
expect_error "bad card" 1 "player 1: " equity AsZz KsKd
expect_error "a card used twice" 1 "card As is in the hands of player 1 and player 2" equity AsAh AsKd
expect_error "board and hand share a card" 1 "on the board" equity --board "As 2c 3d" AsAh KsKd
expect_error "bad board card" 1 "board: " equity --board "Zz" AsAh KsKd
expect_error "too many board cards" 1 "at most 5" equity --board "2c 3c 4c 5c 6c 7c" AsAh KsKd
expect_error "too many players for the deck" 1 "deck holds 52" equity --game stud random random random random random random random random
expect_error "stud has no board" 1 "has no board" equity --game razz --board 2c As2h3d 4s5h6d
expect_error "too many cards for Omaha" 1 "at most 4 cards" equity --game omaha AsAhKsKdQd random
expect_error "--exact with --simulate" 2 "exclude each other" equity --exact --simulate 10 AsAh KsKd
expect_error "--simulate 0" 2 "--simulate needs a whole number of at least 1" equity --simulate 0 AsAh KsKd
expect_error "--stderr not a number" 2 "--stderr needs a positive number" equity --stderr x AsAh KsKd
expect_error "--svg without --grid" 2 "--svg goes with --grid" equity --svg x.svg AsAh KsKd
expect_error "a short-deck card outside the deck" 1 "not in the short-deck deck" equity --game short-deck AsAh 2s2d

# An error on a worker thread is a clean error, as on one thread.
for threads in 1 2; do
    expect_error "hold'em, $threads threads: ranges that never fit" 1 "no deal found" \
        equity --threads $threads --simulate 1000 "AsAh,KdKc:0.000000001" "AsAh,QdQc:0.000000001"
    expect_error "omaha, $threads threads: ranges that never fit" 1 "no deal found" equity --game omaha \
        --threads $threads --simulate 1000 "AsAhKsKh,KdKcQsQh:0.000000001" "AsAhKsKh,QdQc2s2h:0.000000001"
    expect_error "stud, $threads threads: ranges that never fit" 1 "no deal found" equity --game stud \
        --threads $threads --simulate 1000 "AsAhKs,KdKcQs:0.000000001" "AsAhKs,QdQc2s:0.000000001"
done

# Weights that would overflow or vanish in the sums, patterns too large to list,
# and options that would never stop are refused at once.
expect_error "a weight of 1e308" 1 "must be a number from 0.000000001 to 1000000000" \
    equity --board "2c 7d 9h Jc" "AKs:1e308, QQ:1e308" "KsKd:1"
expect_error "a weight of 5e-324" 1 "must be a number from 0.000000001 to 1000000000" \
    equity --board "2c 7d 9h Jc" "AKs:5e-324, QQ:1" "KsKd:1"
run equity --board "2c 7d 9h Jc" "AKs:1e9, QQ:1e-9" "KsKd:1e-9"
expect_true "the extreme weights give finite equities" test "$rc-$(grep -c nan <<< "$out")" = "0-0"
expect_error "five open places in five-card Omaha" 1 "names more than 2000000 hands" equity --game omaha5 xxxxx random
expect_error "seven open places in stud" 1 "names more than 2000000 hands" equity --game stud xxxxxxx random
expect_error "--stderr too small to ever reach" 2 "--stderr below 0.00001 may never be reached" \
    equity --stderr 1e-300 --limit 0 AsAh KsKd
expect_error "--simulate beyond 10^12" 2 "--simulate needs a whole number from 1 to 1000000000000" \
    equity --simulate 18446744073709551615 AsAh KsKd
expect_error "--threads beyond 256" 2 "--threads needs a whole number from 1 to 256" equity --threads 100000 AsAh KsKd
expect_error "--time beyond a day" 2 "--time needs a number from 0 to 86400" equity --time 1e9 AsAh KsKd

# ---------------------------------------------------------------------------
# The progress line: nothing on a pipe unless --progress, nothing with --quiet,
# the same standard output either way; on a terminal, drawn and erased.

run equity 'QQ+' 'AKs'
plain=$out
expect_true "a range on a pipe: nothing on standard error" test "$rc" = 0 -a -z "$err"
run equity --progress 'QQ+' 'AKs'
expect_true "a range with --progress: the same standard output" test "$rc" = 0 -a "$out" = "$plain"
expect_true "a range with --progress on a pipe: progress lines, the last of every deal" \
    grep -qE '^equity: 82,190,592 of 82,190,592 deals \(100%\), [0-9,]+ deals/s$' <<< "$err"
run equity --progress --quiet 'QQ+' 'AKs'
expect_true "--quiet beats --progress: nothing on standard error" test "$rc" = 0 -a -z "$err" -a "$out" = "$plain"
run equity --progress --threads 2 --game omaha --board "Ah 7h 2c" 'AsKsQhJh,AcKcQdJd,KhKdQsQc' 9c9d8c7d
expect_true "Omaha ranges on two threads with --progress: the last line" \
    grep -qE '^equity: 2,460 of 2,460 deals \(100%\)' <<< "$err"
run equity --progress --simulate 100000 AsAh KsKd
expect_true "Monte Carlo with --progress: the deals of --simulate" \
    grep -qE '^equity: 100,000 of 100,000 deals \(100%\)' <<< "$err"
run equity --progress --grid AsAh --simulate 200
expect_true "--grid with --progress: the starting hands done" grep -qE '^grid: 169 of 169 hands \(100%\)' <<< "$err"
if command -v script > /dev/null; then
    # One stud hand against another, 141,181,040 deals on one thread: about two seconds
    # (razz, the same deals, took 0.5 s on a fast day, too close to the line's half
    # second); under the sanitizers razz is slow enough.
    game=stud-hi-lo
    if [[ ${POKERENGINE_ADDRESS_SANITIZER:-0} == 1 ]]; then game=razz; fi
    script -qec "'$POKER' equity --game $game As2h3d4c 5s6h7dKc" /dev/null < /dev/null > "$work/pty.out"
    expect_true "$game hands on a terminal: a progress line of deals, redrawn and erased before the output" \
        grep -qaE $'\requity: [0-9,]+ of 141,181,040 deals \\([0-9]+%\\), [0-9,]+ deals/s.*\r\e\\[Kgame: '"$game" "$work/pty.out"
    script -qec "'$POKER' equity --quiet --game razz As2h3d4c 5s6h7dKc" /dev/null < /dev/null > "$work/pty.out"
    expect_true "razz hands on a terminal with --quiet: no progress line" test "$(grep -c 'deals/s' "$work/pty.out")" = 0
else
    echo "note: script not found, the progress line on a terminal is not checked"
fi

run help equity
expect_true "help equity lists --simulate" grep -q -- '--simulate N' <<< "$out"
expect_true "help equity lists --grid" grep -q -- '--grid RANGE' <<< "$out"
for game in holdem short-deck short-deck-wsop omaha omaha5 omaha6 omaha-hi-lo omaha5-hi-lo stud stud-hi-lo razz; do
    expect_true "help equity names the game $game" grep -qE -- "(^|[ (])$game[,.) ]" <<< "$out"
done
run help
expect_true "poker help lists equity" grep -q '^  equity ' <<< "$out"

finish
