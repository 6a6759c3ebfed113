#!/usr/bin/env bash
# End-to-end checks of `poker play`: the line protocol, errors and exit
# statuses, seeded random hands of every game, PHH and JSON output.
#
# Usage: tests/test_cli_play.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# ---------------------------------------------------------------------------
# The line protocol

# A walk (blinds 1 and 2, three seats): the button and the small blind fold.
printf 'p3 f\np1 f\n' > "$work/in"
run play --game holdem --seats 3 --seed 5
expect_true "a walk: status 0" test "$rc" = 0
expect_true "a walk: the big blind wins the small blind" grep -qx 'finishing stacks: 199, 201, 200' <<< "$out"
expect_true "a walk: no board is dealt" test "$(grep -c '^d db' <<< "$out")" = 0
expect_true "a walk: the first to act is left of the big blind" \
    grep -qx 'to act: p3 | fold | call 2 | raise 4..200 | pot 3' <<< "$out"
expect_true "a walk: the blinds are posted" grep -qx '# p2 posts 2' <<< "$out"

# Heads-up: p1 is the big blind, p2 the button posts the small blind and acts first.
: > "$work/in"
run play --game holdem --seats 2 --seed 5
expect_true "heads-up: the button acts first pre-flop" \
    grep -qx 'to act: p2 | fold | call 1 | raise 4..200 | pot 3' <<< "$out"
expect_true "heads-up: an unfinished hand is status 1" test "$rc" = 1
expect_true "heads-up: an unfinished hand says who is to act" grep -q 'p2 is to act' <<< "$err"

# The big blind's option, a check-down and the showdown order.
printf 'p2 cc\np1 cc\np1 cc\np2 cc\np1 cc\np2 cc\np1 cc\np2 cc\np1 sm -\np2 sm -\n' > "$work/in"
run play --game holdem --seats 2 --seed 9
expect_true "check-down: status 0" test "$rc" = 0
expect_true "check-down: the big blind may check or raise" \
    grep -qx 'to act: p1 | check | raise 4..200 | pot 4' <<< "$out"
expect_true "check-down: five board cards" test "$(grep -c '^d db' <<< "$out")" = 3
expect_true "check-down: the big blind shows first (first to act on the river)" \
    test "$(grep '^p[12] sm' <<< "$out" | head -1 | cut -c1-2)" = p1
expect_true "check-down: the chips add up" \
    python3 -c 'import sys; s = sys.stdin.read().split("finishing stacks: ")[1]; sys.exit(sum(map(int, s.split(", "))) != 400)' <<< "$out"

# Refused actions: an error line, the state unchanged, later lines still played, status 1.
printf 'p1 cc\np3 cbr 3\np3 xyz\np3 f\np1 f\n' > "$work/in"
run play --game holdem --seats 3 --seed 5
expect_true "out of turn: an error line with the code" \
    grep -qx 'error: line 1: not_your_turn: player 1 cannot act: player 3 is to act' <<< "$out"
expect_true "below the minimum raise: an error line with the code" \
    grep -q '^error: line 2: below_minimum: player 3 cannot raise to 3: the least is 4' <<< "$out"
expect_true "an unknown action: an error line" grep -q "^error: line 3: bad_action: action 'p3 xyz'" <<< "$out"
expect_true "after the errors the hand goes on" grep -qx 'finishing stacks: 199, 201, 200' <<< "$out"
expect_true "errors make the status 1" test "$rc" = 1

# ---------------------------------------------------------------------------
# Seeded random hands

: > "$work/in"
run play --game holdem --seed 42 --random-actions
first=$out
run play --game holdem --seed 42 --random-actions
expect_true "the same seed plays the same hand" test "$first" = "$out"
run play --game holdem --seed 43 --random-actions
expect_true "another seed deals other cards" test "$first" != "$out"

# Dealt card by card: seed 42's first cards drawn one by one are 6c 9d Qh Js As 4s 2s 8s
# 7c Th Ah Jd 7s Ad (the separate model of tests/test_deck.cpp): p1 holds 6c Js, the
# board is 8s 7c Th Jd Ad when the hand goes to the river.
run play --game holdem --seats 3 --seed 42 --dealing card-by-card --random-actions
expect_true "--dealing card-by-card: named in the first line" \
    test "${out%%$'\n'*}" = "# holdem, no-limit, 3 seats, seed 42, profile wsop-2024, dealing card-by-card"
expect_json "--dealing card-by-card --json" play --game holdem --seats 3 --seed 42 --dealing card-by-card --json \
    --random-actions
json_check "--dealing card-by-card: the order and p1's cards" \
    'j["dealing"] == "card-by-card" and j["seats"][0]["cards"] == ["6c", "Js"]'
printf 'call\ncall\ncheck\n%s' "$(printf 'check\n%.0s' 1 2 3 4 5 6 7 8 9)" > "$work/in"
printf '\nshow\nshow\nshow\n' >> "$work/in"
expect_json "--dealing card-by-card, checked down" play --game holdem --seats 3 --seed 42 --dealing card-by-card --json
json_check "--dealing card-by-card: the board" 'j["board"] == ["8s", "7c", "Th", "Jd", "Ad"]'
: > "$work/in"
expect_json "--dealing whole-shuffle: as without it" play --game holdem --seats 3 --seed 42 --dealing whole-shuffle \
    --random-actions --json
json_check "--dealing whole-shuffle: no dealing member" '"dealing" not in j'
# A cap game: p2's 300 and p1's 100 play as 40 each; the first line and the JSON name the cap, and
# each stack moves by 40 at most (the cap of chips a player puts in).
run play --game holdem --seats 2 --stacks 100,300 --cap 40 --seed 3 --random-actions
expect_true "--cap: named in the first line" \
    test "${out%%$'\n'*}" = "# holdem, no-limit, 2 seats, seed 3, profile wsop-2024, cap 40"
for seed in 1 2 3 4 5 6 7 8; do
    expect_json "--cap 40 --json, seed $seed" play --game holdem --seats 2 --stacks 100,300 --cap 40 --seed "$seed" \
        --random-actions --json
    json_check "--cap 40, seed $seed: the cap named, no stack moves by more than 40, the chips add up" \
        'j["cap"] == 40 and sum(j["finishing_stacks"]) == 400 and all(abs(f - s) <= 40 for f, s in zip(j["finishing_stacks"], j["starting_stacks"]))'
done
run play --game holdem --seats 2 --cap 40 --seed 3 --random-actions --phh
expect_true "--cap --phh: written as _cap" grep -qx '_cap = 40' <<< "$out"
expect_error "--cap below the big blind" 2 "cap: 1 is below the 2 chips player 1 must post" play --game holdem --seats 2 \
    --cap 1 --random-actions
expect_json "--cap with --hands" play --game holdem --seats 3 --cap 12 --hands 200 --seed 5 --json
json_check "--cap with --hands: the chips conserved over 200 hands" 'j["conserved"] and j["hands"] == 200'
expect_error "--hands --cap below what a seat may post" 2 "cap: 2 is below what one seat may have to post" \
    play --game holdem --seats 3 --cap 2 --hands 3
expect_error "--dealing: an unknown order" 2 "dealing: 'riffle' is not an order" play --game holdem --dealing riffle \
    --random-actions

for game in $("$POKER" games | cut -d' ' -f1); do
    for seed in 1 2 3; do
        expect_json "$game, seed $seed: one JSON object" play --game "$game" --seed "$seed" --random-actions --json
        json_check "$game, seed $seed: complete, the chips add up, payouts never negative" \
            'j["complete"] and sum(j["finishing_stacks"]) == sum(j["starting_stacks"]) and min(j["payouts"]) >= 0 and sum(p["amount"] for p in j["pots"]) == sum(j["payouts"])'
    done
done
for structure in fixed-limit pot-limit no-limit; do
    expect_json "omaha-hi-lo $structure" play --game omaha-hi-lo --structure "$structure" --seed 8 --random-actions --json
    json_check "omaha-hi-lo $structure: the structure is reported" "j['structure'] == '$structure'"
done

expect_json "stud: antes and bring-in by default" play --game stud --seed 3 --random-actions --json
json_check "stud: every seat put in its ante" 'all(a.startswith("d dh") for a in j["actions"][:6])'

run play --game holdem --seats 2 --seed 7 --random-actions --phh
expect_true "--phh: the variant" grep -qx "variant = 'NT'" <<< "$out"
expect_true "--phh: heads-up blinds in PHH order (small blind first)" \
    grep -qx 'blinds_or_straddles = \[1, 2\]' <<< "$out"
expect_true "--phh: the finishing stacks" grep -q '^finishing_stacks = \[' <<< "$out"
expect_true "--phh: the hole cards are dealt" test "$(grep -c "'d dh p" <<< "$out")" = 2
run play --game five-card-draw --seed 7 --random-actions --phh
expect_true "--phh: a game without a PHH code" grep -qx "variant = 'x-five-card-draw'" <<< "$out"

# ---------------------------------------------------------------------------
# A table, hand after hand

for game in holdem omaha razz badugi; do
    expect_json "--hands: $game, one summary object" play --game "$game" --hands 300 --seed 4 --json
    json_check "--hands: $game, 300 hands, the chips conserved" \
        'j["hands"] == 300 and j["conserved"] and j["chips_on_table"] == j["bought_in"] == sum(j["stacks"]) and j["bought_in"] == 1200 + 200 * j["rebuys"]'
done
run play --game holdem --seats 4 --hands 200 --seed 9 --phhs "$work/table.phhs"
expect_true "--phhs: the summary says the chips are conserved" grep -q '(conserved)$' <<< "$out"
run replay "$work/table.phhs"
expect_true "--phhs: every hand replays" test "$rc" = 0 -a "$(grep -c ': ok |' <<< "$out")" = 200
expect_error "--phhs needs --hands" 2 "--phhs needs --hands" play --game holdem --phhs "$work/x.phhs"
expect_error "--hands 0" 2 "--hands must be" play --game holdem --hands 0
expect_error "--hands with --phh" 2 "with --hands use --phhs" play --game holdem --hands 5 --phh
expect_error "--hands with a straddle" 2 "no straddles" play --game holdem --hands 5 --blinds 1,2,4

# ---------------------------------------------------------------------------
# poker replay

phh_dir="$(dirname "${BASH_SOURCE[0]}")/phh"
: > "$work/in"
expect_output "replay: decimal money stays exact" \
    "$phh_dir/holdem-decimal.phh hand 0: ok | finishing stacks 201.00, 99.75" replay "$phh_dir/holdem-decimal.phh"
expect_json "replay --json: one object" replay --json "$phh_dir/holdem-decimal.phh"
json_check "replay --json: decimal strings, winnings, pots, the recorded stacks matched" \
    'j["status"] == "ok" and j["terminal"] and j["variant"] == "NT" and j["game"] == "holdem" and j["starting_stacks"] == ["100.50", "200.25"] and j["finishing_stacks"] == ["201.00", "99.75"] and j["winnings"] == ["201.00", "0.00"] and j["pots"][0]["eligible"] == ["p1", "p2"] and j["pots"][0]["shares"][0]["winners"] == ["p1"] and j["matches_recorded"] is True'

run replay "$phh_dir/razz-raise-to-stack.phh"
expect_true "replay: strict refuses a fixed-limit raise to the opponent's stack (status 1)" test "$rc" = 1
expect_true "replay: the failing action, its index and code" \
    grep -q "hand 0: error at action 15 'p2 cbr 750': below_minimum: " <<< "$out"
run replay --lenient "$phh_dir/razz-raise-to-stack.phh"
expect_true "replay --lenient: accepted, status 0" test "$rc" = 0
expect_true "replay --lenient: the recorded finishing stacks" grep -q '| finishing stacks 0, 10900 | warning: ' <<< "$out"

expect_output "replay: the last player in a side pot mucks: the pot is still theirs" \
    "$phh_dir/muck-side-pot.phh hand 0: ok | finishing stacks 4, 366, 30, 45" replay "$phh_dir/muck-side-pot.phh"

run replay --json "$phh_dir/two-hands.phhs"
expect_true "replay .phhs: one JSON line per hand, in order" test "$(wc -l <<< "$out")" = 2
expect_true "replay .phhs: the second hand's error" \
    python3 -c 'import json,sys; l=[json.loads(x) for x in sys.stdin]; e=l[1]["error"]; sys.exit(not (l[0]["status"] == "ok" and l[1]["hand"] == 1 and l[1]["status"] == "error" and e["action_index"] == 3 and e["action"] == "p1 cc" and e["code"] == "not_your_turn"))' <<< "$out"

# Recorded online hands with unknown hole cards (????); the expected stacks are
# worked by hand from the actions in the file's comments.
run replay --json "$phh_dir/recorded/absolute-poker-2009.phhs"
expect_true "replay: every recorded online hand replays (status 0)" test "$rc" = 0
expect_true "replay: hands decided without the unknown cards, and two undetermined showdowns" \
    python3 -c 'import json,sys
l = [json.loads(x) for x in sys.stdin]
fin = {h["table"]: h["finishing_stacks"] for h in l}
ok = all(h["status"] == "ok" for h in l) and len(l) == 8
ok &= fin["1"] == ["201.30", "80.60", "197.00"] and fin["6"] == ["52.25", "180.60", "202.55", "205.15"]
ok &= fin["18"] == ["136.04", "99.80", "205.57", "225.55", "45.35"] and fin["21"] == ["82.90", "196.50"]
ok &= fin["3"] == ["27.70", "199.90", "69.00", "36.90", "84.30", "264.00", "51.15", "99.00", "94.75"]
ok &= fin["11"] == ["79.00", "44.10", "88.55", "202.30", "138.50", "54.25"]  # the same two pair: split
und = {h["table"]: h["undetermined"] for h in l}
ok &= und["2"] == "3.00" and und["4"] == "23.50" and sum(u != "0.00" for u in und.values()) == 2
ok &= fin["2"] == ["246.10", "13.60", "199.00", "96.50", "55.50"] and not [h for h in l if h["table"] == "2"][0]["terminal"]
ok &= [h for h in l if h["table"] == "4"][0]["pots"][0]["undetermined"] is True
sys.exit(not ok)' <<< "$out"
run replay "$phh_dir/recorded/wsop-2019-42-skipped-fold.phh"
expect_true "replay: a record that skips a player's action stops there, nothing invented" \
    grep -q "hand 0: error at action 13 'p1 cc': not_your_turn: player 1 cannot act: player 8 is to act" <<< "$out"

for game in holdem omaha-hi-lo razz badugi joker-draw; do
    "$POKER" play --game "$game" --seed 11 --random-actions --phh > "$work/$game.phh"
    run replay "$work/$game.phh"
    expect_true "replay what play wrote: $game" grep -q ': ok | finishing stacks ' <<< "$out"
done
run replay "$work/holdem.phh" "$work/razz.phh" "$work/missing.phh"
expect_true "replay: an unreadable file is a failure, the others still replay" \
    test "$rc" = 1 -a "$(grep -c ': ok |' <<< "$out")" = 2
expect_true "replay: the unreadable file is named" grep -q 'missing.phh: cannot open the file' <<< "$out"
# Documents that are not TOML are read errors naming the line, whichever
# reader reads them (F10: a lone CR before a comment; F11: a bare string with
# no key before the first table).
hand=$'[1]\nvariant = \'NT\'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = [\'d dh p1 7h2c\', \'d dh p2 8d3s\']\n'
printf '\r# c\n%s' "$hand" > "$work/f10.phhs"
printf "''# Two han 3.\n%s" "$hand" > "$work/f11.phhs"
printf "\n''# Two han 3.\n%s" "$hand" > "$work/f11-line2.phhs"
for f in f10 f11; do
    run replay "$work/$f.phhs"
    expect_true "replay: $f is a read error naming line 1 (status 1)" \
        test "$rc" = 1 -a "$out" != "${out/: error: $work\/$f.phhs: line 1, column /}"
    run replay --json "$work/$f.phhs"
    json_check "replay --json: $f is unreadable" 'j["status"] == "error" and j["error"]["code"] == "unreadable" and "line 1," in j["error"]["message"]'
done
run replay "$work/f11-line2.phhs"
expect_true "replay: F11 after a blank line names line 2" test "$rc" = 1 -a "$out" != "${out/: line 2, column /}"
expect_error "replay: no files" 2 "needs at least one FILE" replay
expect_error "replay: a bad short-deck order" 2 "--short-deck-order must be" replay --short-deck-order six "$work/holdem.phh"

# ---------------------------------------------------------------------------
# The words of the prompt, --seat, and a table played from standard input

# The hand of docs/cli.md's first transcript, typed as the prompt's words (a
# card list with spaces in 'show'): the same echo and the same stacks as PHH lines.
printf 'raise 6\nfold\ncall\ncheck\nraise 8\ncall\ncheck\ncheck\nbet 20\nraise 60\ncall\nshow 9s Qd\nmuck\n' > "$work/in"
run play --game holdem --seats 3 --seed 7
expect_true "words: the hand plays to the end (status 0)" test "$rc" = 0
expect_true "words: the stacks of the PHH transcript" grep -qx 'finishing stacks: 199, 126, 275' <<< "$out"
expect_true "words: echoed in PHH notation" \
    test "$(grep -E '^p[123] ' <<< "$out" | tr '\n' '|')" = 'p3 cbr 6|p1 f|p2 cc|p2 cc|p3 cbr 8|p2 cc|p2 cc|p3 cc|p2 cbr 20|p3 cbr 60|p2 cc|p3 sm 9sQd|p2 sm|'
printf 'p1 call\np3 raise 6\ncheck\np2 discard\nall-in\n' > "$work/in"
run play --game holdem --seats 3 --seed 7
expect_true "words: a seat before a word is that seat's action" \
    grep -qx 'error: line 1: not_your_turn: player 1 cannot act: player 3 is to act' <<< "$out"
expect_true "words: 'p3 raise 6' raises to 6" grep -qx 'p3 cbr 6' <<< "$out"
expect_true "words: check facing a bet is refused, naming the call" \
    grep -qx "error: line 3: bad_action: action 'check': there is a bet: call 5 or fold" <<< "$out"
expect_true "words: a discard in the betting is the engine's wrong_phase" grep -q '^error: line 4: wrong_phase: ' <<< "$out"
expect_true "words: all-in raises to the whole stack" grep -qx 'p1 cbr 200' <<< "$out"
printf 'p3 xyz\n' > "$work/in"
run play --game holdem --seats 3 --seed 7
expect_true "words: an unknown word lists the PHH actions and the words" \
    grep -q "^error: line 1: bad_action: action 'p3 xyz': unknown action 'xyz' (f, cc, cbr, pb, sd, sm, run); or a word of the prompt: fold, check, call" <<< "$out"

# --seat: the person's own cards only, a prompt only on the person's turn.
printf 'call\n' > "$work/in"
run play --game holdem --seats 3 --seed 7 --seat 2
expect_true "--seat: the header names the seat" grep -qx '# holdem, no-limit, 3 seats, seed 7, profile wsop-2024, you play p2' <<< "$out"
expect_true "--seat: the person's hole cards" grep -qx 'd dh p2 4h2s' <<< "$out"
expect_true "--seat: the others' hole cards hidden" \
    test "$(grep -c '^d dh p[13] ????$' <<< "$out")" = 2 -a "$(grep -c '5s2h\|9sQd' <<< "$out")" = 0
expect_true "--seat: every prompt is for the person's seat" test "$(grep '^to act:' <<< "$out" | grep -vc '^to act: p2 ')" = 0
expect_true "--seat: the other seats act at random" grep -q '^p[13] ' <<< "$out"
printf 'call\ncall\ncall\n' > "$work/in"
run play --game stud --seats 3 --seed 3 --seat 1
expect_true "--seat: stud up cards stay visible, down cards hidden" grep -qx 'd dh p2 ????5d' <<< "$out"
yes fold 2> /dev/null | head -400 > "$work/in"
run play --game holdem --seats 3 --cash --hands 5 --seed 3 --seat 2
expect_true "--hands --seat: the table plays to the end (status 0)" test "$rc" = 0
expect_true "--hands --seat: five hands" test "$(grep -c '^# hand [1-5] of 5: you play p[123] (table seat 2)$' <<< "$out")" = 5
expect_true "--hands --seat: the summary, chips conserved" grep -q '^chips on the table: [0-9]* (conserved)$' <<< "$out"
expect_true "--hands --seat: the person's seat moves with the button" \
    test "$(grep '^# hand' <<< "$out" | cut -d' ' -f8 | sort -u | wc -l)" -gt 1
: > "$work/in"
run play --game holdem --seats 3 --hands 2 --seed 3 --seat 2
expect_true "--hands --seat: input ending mid-hand is status 1" test "$rc" = 1
expect_error "--seat beyond the seats" 2 "--seat must be a seat from 1 to 3, got '4'" play --game holdem --seats 3 --seat 4
expect_error "--seat with --random-actions" 2 "--seat and --random-actions cannot be combined" \
    play --game holdem --seat 1 --random-actions
expect_error "--seat 0" 2 "--seat must be a whole number from 1 to 10, got '0'" play --game holdem --seat 0

# On a terminal (a pseudo-terminal from script(1)) the typed line is not echoed
# again: each action line shows once, as the terminal echoed it.
if command -v script > /dev/null; then
    lines=$(printf 'p3 f\rp1 f\r' | timeout 60 script -qec "$(printf '%q' "$POKER") play --game holdem --seats 3 --seed 5" /dev/null |
        tr -d '\r' | grep -c '^p[13] f$')
    expect_true "a terminal: the typed lines are not echoed again" test "$lines" = 2
else
    echo "note: script(1) not found, the terminal echo is not checked"
fi

# One JSON layout for every command: one line, a space after each comma and colon.
: > "$work/in"
run play --game holdem --seats 2 --seed 7 --random-actions --json
expect_true "JSON layout: play" grep -q '^{"game": "holdem", "structure": "no-limit", "profile": "wsop-2024", "seed": 7, ' <<< "$out"
run play --game holdem --seats 2 --hands 3 --seed 7 --json
expect_true "JSON layout: play --hands" grep -q '^{"game": "holdem", "structure": "no-limit", "seed": 7, "hands": 3, ' <<< "$out"
run replay --json "$phh_dir/holdem-decimal.phh"
expect_true "JSON layout: replay" grep -q '^{"file": ".*", "hand": 0, "table": null, "variant": "NT", ' <<< "$out"

# ---------------------------------------------------------------------------
# Usage errors: status 2

expect_error "no game" 2 "needs --game" play --random-actions
expect_error "an unknown game" 2 "unknown game 'chess'" play --game chess
expect_error "a bring-in in hold'em" 2 "--bring-in is for stud games only" play --game holdem --bring-in 1
expect_error "blinds in stud" 2 "--blinds: stud games" play --game razz --blinds 1,2
expect_error "--phh with --json" 2 "cannot be combined" play --game holdem --phh --json
expect_error "eleven seats" 2 "--seats must be" play --game holdem --seats 11
expect_error "a stack of 0" 2 "every stack must be positive" play --game holdem --stacks 0
expect_error "stacks for the wrong number of seats" 2 "one amount or one per seat" play --game holdem --stacks 1,2,3
expect_error "an unknown structure" 2 "unknown betting structure" play --game holdem --structure spread
expect_error "an unknown profile" 2 "unknown rule profile" play --game holdem --profile home
expect_error "min-bet in fixed limit" 2 "--min-bet is for pot and no limit" play --game razz --min-bet 2
expect_error "a negative seed" 2 "--seed must be" play --game holdem --seed -1
expect_error "omaha6 for eight" 2 "too many for omaha6" play --game omaha6 --seats 8
expect_error "--tables without --hands" 2 "needs --hands" play --game holdem --tables 2
expect_error "more tables than hands" 2 "--tables 11: more tables than the 10 hands" play --game holdem --hands 10 --tables 11
expect_error "--tables with --phhs" 2 "whose hands are not one history" play --game holdem --hands 10 --tables 2 --phhs "$work/x"
expect_error "--threads without --tables" 2 "--threads needs --tables" play --game holdem --hands 10 --threads 2
expect_error "one table past 10,000,000 hands" 2 "--hands must be a whole number from 1 to 10000000, got '10000001'" \
    play --game holdem --hands 10000001

# ---------------------------------------------------------------------------
# Tables apart (--tables K): table k is the one table of --hands with the seed
# that is output k of SplitMix64 seeded with the seed (computed here, not by
# the tool), playing N / K hands, the first N % K one more; the summary adds
# the tables up, whatever the threads.
if $have_python; then
    table_seed() {
        python3 -c 'import sys
m = (1 << 64) - 1
z = (int(sys.argv[1]) + int(sys.argv[2]) * 0x9E3779B97F4A7C15) & m
z = (z + 0x9E3779B97F4A7C15) & m
z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
print(z ^ (z >> 31))' "$1" "$2"
    }
    run play --game razz --hands 1003 --tables 3 --seed 77 --threads 2 --json
    tables_json=$out
    run play --game razz --hands 1003 --tables 3 --seed 77 --threads 1 --json
    expect_true "--tables: the same summary on one thread and two" \
        test "${tables_json%, \"seconds\"*}" = "${out%, \"seconds\"*}"
    sums=$(for k in 0 1 2; do
        "$POKER" play --game razz --hands $((334 + (k < 1 ? 1 : 0))) --seed "$(table_seed 77 $k)" --json
    done | python3 -c 'import json, sys
runs = [json.loads(line) for line in sys.stdin]
print(json.dumps({"hands": sum(r["hands"] for r in runs), "rebuys": sum(r["rebuys"] for r in runs),
                  "bought_in": sum(r["bought_in"] for r in runs), "chips_on_table": sum(r["chips_on_table"] for r in runs),
                  "stacks": [sum(s) for s in zip(*(r["stacks"] for r in runs))]}))')
    expect_true "--tables 3: the sums of the three tables played one at a time" python3 -c 'import json, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.exit(0 if all(a[k] == b[k] for k in b) and a["tables"] == 3 and a["conserved"] else 1)' "$tables_json" "$sums"

    # Kept in a checkpoint: the same summary, then every table from the file;
    # with the file cut to two tables, the third played again; another seed refused.
    rm -f "$work/tables.checkpoint"
    tables_args=(play --game razz --hands 1003 --tables 3 --seed 77 --json --checkpoint "$work/tables.checkpoint")
    same_summary() { python3 -c 'import json, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.exit(0 if all(a[k] == b[k] for k in a if k not in ("seconds", "resumed")) and b["resumed"] == int(sys.argv[3]) else 1)' \
        "$tables_json" "$out" "$1"; }
    run "${tables_args[@]}"
    expect_true "--checkpoint: the summary of the tables, none resumed" same_summary 0
    expect_true "--checkpoint: a header and a line a table" test "$(wc -l < "$work/tables.checkpoint")" = 5
    run "${tables_args[@]}" --threads 1
    expect_true "--checkpoint, run again: every table from the file, the same summary" same_summary 3
    head -n 4 "$work/tables.checkpoint" > "$work/cut" && cp "$work/cut" "$work/tables.checkpoint"
    run "${tables_args[@]}"
    expect_true "--checkpoint cut to two tables: the third played again, the same summary" same_summary 2
    run play --game razz --hands 1003 --tables 3 --seed 77 --checkpoint "$work/tables.checkpoint"
    expect_true "--checkpoint, text: the tables resumed" grep -q '^resumed from the checkpoint: 3 tables$' <<< "$out"
    expect_error "--checkpoint of another seed" 1 "other_job: the checkpoint" \
        play --game razz --hands 1003 --tables 3 --seed 78 --checkpoint "$work/tables.checkpoint"
    expect_error "--checkpoint of other antes" 1 "other_job: the checkpoint" \
        play --game razz --hands 1003 --tables 3 --seed 77 --antes 2 --checkpoint "$work/tables.checkpoint"
    expect_error "--checkpoint of the other dealing order" 1 "other_job: the checkpoint" \
        play --game razz --hands 1003 --tables 3 --seed 77 --dealing card-by-card --checkpoint "$work/tables.checkpoint"

    # A table dealt card by card: hand N is seeded with output N - 1 of SplitMix64
    # seeded with the table's seed (as a table's hands are: docs/table.md) and
    # dealt as one hand of that seed with --dealing card-by-card, p1 first; the
    # summary names the order.
    run play --game holdem --seats 3 --hands 2 --seed 42 --dealing card-by-card --phhs "$work/by-card.phhs"
    expect_true "--hands --dealing card-by-card: named after the seed" \
        test "${out%%$'\n'*}" = "# holdem, no-limit, 3 seats, seed 42, dealing card-by-card"
    for n in 1 2; do
        hand_seed=$(table_seed 42 $((n - 1)))
        alone=$("$POKER" play --game holdem --seats 3 --seed "$hand_seed" --dealing card-by-card --random-actions)
        table_cards=$(python3 -c 'import re, sys
tables = re.split(r"^\[\d+\]$", open(sys.argv[1]).read(), flags=re.M)[1:]
print(" ".join(re.findall(r"\x27d dh p\d (\w+)\x27", tables[int(sys.argv[2]) - 1])))' "$work/by-card.phhs" "$n")
        expect_true "--hands --dealing card-by-card: hand $n's hole cards are its seed's, dealt card by card" \
            test "$table_cards" = "$(grep -o '^d dh p[0-9] [^ ]*' <<< "$alone" | cut -d' ' -f4 | tr '\n' ' ' | sed 's/ $//')"
    done
    run play --game holdem --seats 3 --hands 2 --seed 42 --phhs "$work/whole.phhs"
    expect_true "--hands without --dealing: other cards" \
        test "$(grep "'d dh" "$work/whole.phhs")" != "$(grep "'d dh" "$work/by-card.phhs")"
    expect_json "--tables --dealing card-by-card --json" play --game holdem --seats 3 --hands 4 --tables 2 --seed 42 \
        --dealing card-by-card --json
    json_check "--tables --dealing card-by-card --json: the order named" \
        'j["dealing"] == "card-by-card" and j["conserved"] and j["tables"] == 2'
    expect_json "--tables --json" play --game holdem --seats 3 --hands 4 --tables 2 --seed 42 --json
    json_check "--tables --json without --dealing: no dealing member" '"dealing" not in j'
fi
expect_error "--checkpoint without --tables" 2 "--checkpoint needs --tables K" \
    play --game holdem --hands 10 --checkpoint "$work/x"

finish
