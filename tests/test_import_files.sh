#!/usr/bin/env bash
# Imports the room hand histories under tests/import/ with `poker import` and
# checks each hand's status against what its folder says it must give (ACPC
# dealer logs with the game definition of the same name in acpc/games/):
#   */ok/      real hands: every hand "ok", the engine's results equal to the
#              room's, and the room's own record adds up (the results and the
#              rake sum to what the room paid beside the pots (cash-outs): chips
#              are neither made nor lost);
#   */not-ok/  real records that do not add up or cannot be played yet, and
#   */broken/  real hands changed by hand: the status and the line of each are
#              listed below.
# The hands written as PHH (--phhs) must replay with `poker replay`, and the
# exit statuses are 0 (every hand ok), 1 (any not ok) and 2 (usage errors).
#
# Usage: tests/test_import_files.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

import_dir="$(dirname "${BASH_SOURCE[0]}")/import"

require_python

# FILE NAME|STATUS|text the reason must hold, for the hands that are not ok (a
# file may have several lines: each hand that is not ok must match one).
cat > "$work/expected" << 'EOF'
changed-amount.txt|mismatch|line 42: seat 4 (T_Leroy): the engine's result is 25.21, the room's 24.71 (rake 1.50)
malformed-line.txt|error|line 19: a line the reader does not know: 'Tunks2: foldz'
changed-stud-card.txt|error|line 40: drachensüss's cards at the end are not those dealt: 4c where 6th street dealt 4h
CashGame-ExtraHands-DateIssue1.txt|mismatch|line 17: seat 3 (Mohamedali13)
CashGame-Limits-AnteTable.txt|mismatch|line 26: seat 3 (Captain2323)
CashGame-PlayerTests-WithSittingOut.txt|error|line 8: a line the reader does not know
CashGame-StreetTests-River.txt|error|line 11: card_already_dealt
CashGame-ValidHandTests-InValidHand.txt|mismatch|line 40: seat 3 (H6U5r)
changed-low-pot.txt|mismatch|line 26: seat 1 (pupsaa): the engine's result is 1.25, the room's 1.75 (rake 1.00)
illegal-limit-raise.txt|error|line 14: not_a_legal_amount: player 1 cannot raise to 175
CashGame-GeneralHands-MultiplePosts.txt|mismatch|line 43: seat 4 (123dca2d): the engine's result is 9.70, the room's 7.28 (rake 1.42)
CashGame-ValidHandTests-InValidHand.txt|error|line 2: expected the seats
CashGame-Limits-Limit6.txt|error|line 30: no player wins a pot: the record stops before the hand is settled
CashGame-HandActionTests-PostingDead.txt|error|line 28: HERO holds 4 cards, the game deals 2
CashGame-PlayerTests-WithShowdown2.txt|error|line 30: Player10's actions put in 667.00, its bet total is 673.00
CashGame-ValidHandTests-HMExport_1.txt|mismatch|line 27: seat 1 (Player4): the engine's result is -240.00, the room's -2.00 (rake 4.00)
CashGame-PlayerTests-WithAnonomous.txt|error|line 12: a line the reader does not know: 'WolfgangCutler raises [$5 USD]'
CashGame-HandActionTests-PostingDead.txt|mismatch|line 1: seat 3 (Dbrz34): the engine's result is -1.75, the room's -1.25 (rake 0.24)
CashGame-PlayerTests-WithSittingOut.txt|error|line 3: expected an amount: 'Seat 1: Player1 ()'
CashGame-ValidHandTests-InValidHand.txt|error|line 21: no player wins a pot: the record stops before the hand is settled
changed-winner.txt|mismatch|line 26: seat 2 (sawas222): the engine's result is -0.10, the room's 0.09 (rake 0.01)
over-pot-raise.txt|error|line 12: above_maximum: player 3 cannot raise to 450: the most is 350
changed-collection.txt|mismatch|line 22: seat 4 (sined20): the engine's result is 2.25, the room's 2.11 (rake 0.24)
changed-raise.txt|error|line 10: above_maximum: player 1 cannot raise to 350: the most is 300
CashGame-StreetTests-Flop.txt|error|line 18: the summary's board is not the board dealt: 'Board: [7h Qs 3c]'
CashGame-HandActionTests-OmahaHiLo.txt|error|line 1: not a Winamax hand: '<Game hhversion="4"
CashGame-ValidHandTests-InValidHand.txt|error|line 1: not a Winamax hand: 'Winaax Poker - CashGame
CashGame-Seats-Full-Ring-10-Handed.txt|error|line 31: TrapistBeer bets or wins but is not dealt in
CashGame-ValidHandTests-InValidHand.txt|error|line 30: a player not in the game's players: '<action no="2" player="nawu"
changed-bet.txt|error|line 30: Zelioni82's actions put in 1.00, its bet total is 1.10
changed-raise.txt|error|line 37: below_minimum: player 2 cannot raise to 15: the least is 20
changed-win.txt|mismatch|line 26: seat 1 (joemags): the engine's result is -0.70, the room's -0.65 (rake 0.04)
holdem.nolimit.2p.reverse_blinds.changed-value.log|mismatch|line 10: seat 1 (Bob): the engine's result is -19379, the room's -19378
holdem.nolimit.2p.reverse_blinds.changed-value.log|error|line 205: the SCORE of Alice is -344600, the hands add up to -344601
holdem.nolimit.3p.changed-score.log|error|line 205: the SCORE of Alice is 300797, the hands add up to 300796
holdem.limit.3p.malformed.log|error|line 12: an action other than c, f and r: 'fxc/crc/rf'
EOF

cat > "$work/check.py" << 'EOF'
import json, sys
from decimal import Decimal

kind, out, expected_path = sys.argv[1], sys.argv[2], sys.argv[3]
expected = {}
for line in open(expected_path, encoding="utf-8"):
    name, status, reason = line.rstrip("\n").split("|", 2)
    expected.setdefault(name, []).append((status, reason))
seen = 0
for line in open(out, encoding="utf-8"):
    j = json.loads(line)
    seen += 1
    name = j["file"].rsplit("/", 1)[-1]
    label = f"{name} hand {j['hand']}"
    fields = ["file", "hand", "room", "id", "game", "status", "players", "starting_stacks", "results",
              "recorded_results", "rake"] + (["cash_outs"] if "cash_outs" in j else []) + \
             ([] if j["status"] == "ok" else ["reason"])
    if list(j) != fields:
        print(f"FAIL {label}\tfields {list(j)}")
        continue
    if kind == "ok":
        if j["status"] != "ok":
            print(f"FAIL {label}\t{j['status']}: {j.get('reason')}")
            continue
        if j["results"] != j["recorded_results"]:
            print(f"FAIL {label}\tresults {j['results']} against {j['recorded_results']}")
            continue
        # What the room paid the players beside the pots (a cash-out) is what their results lack.
        if sum(Decimal(r) for r in j["recorded_results"]) + Decimal(j["rake"]) != sum(Decimal(c) for c in j.get("cash_outs", [])):
            print(f"FAIL {label}\tthe record does not add up: {j['recorded_results']} rake {j['rake']}")
            continue
        if len(j["players"]) != len(j["starting_stacks"]):
            print(f"FAIL {label}\tplayers and stacks differ in length")
            continue
        print(f"ok {label}")
    else:
        if j["status"] == "ok":
            continue
        wants = expected.get(name, [])
        if not any(j["status"] == status and reason in j.get("reason", "") for status, reason in wants):
            print(f"FAIL {label}\t{j['status']}: {j.get('reason')} (expected one of {wants})")
        else:
            print(f"ok {label}")
if seen == 0:
    print(f"FAIL {kind}\tno hands")
EOF

tally() {
    while IFS= read -r line; do
        case $line in
            ok\ *) pass ;;
            *) fail "$line" ;;
        esac
    done
}

# check_import KIND ARGS...: poker import --json ARGS, every hand checked as KIND (ok, not-ok, broken).
check_import() {
    local kind=$1 want=0
    shift
    [[ $kind == ok ]] || want=1
    run import --json "$@"
    if [[ $rc -eq $want ]]; then pass; else fail "import $*: exit status $rc, expected $want"; fi
    tally < <(python3 "$work/check.py" "$kind" "$work/out" "$work/expected")
    # The PHH written for the hands replays to the same chips.
    [[ $kind == ok ]] || return
    run import "$@" --phhs "$work/hands.phhs"
    if [[ $rc -eq 0 && -s $work/hands.phhs ]]; then pass; else fail "import $* --phhs: exit status $rc: $err"; fi
    run replay "$work/hands.phhs"
    if [[ $rc -eq 0 ]]; then pass; else fail "replay of the PHH of $*: exit status $rc: $(head -3 "$work/out")"; fi
}

for kind in ok not-ok broken; do
    [[ -d $import_dir/pokerstars/$kind ]] && check_import $kind "$import_dir/pokerstars/$kind"
    [[ -d $import_dir/ggpoker/$kind ]] && check_import $kind "$import_dir/ggpoker/$kind"
    [[ -d $import_dir/fulltilt/$kind ]] && check_import $kind "$import_dir/fulltilt/$kind"
    [[ -d $import_dir/partypoker/$kind ]] && check_import $kind "$import_dir/partypoker/$kind"
    # Winamax's ok/ by the first lines; the rest read as Winamax's, whatever they look like.
    winamax_from=()
    [[ $kind == ok ]] || winamax_from=(--from winamax)
    [[ -d $import_dir/winamax/$kind ]] && check_import $kind "${winamax_from[@]}" "$import_dir/winamax/$kind"
    # iPoker's by the first lines: each folder's files open with an iPoker session.
    [[ -d $import_dir/ipoker/$kind ]] && check_import $kind "$import_dir/ipoker/$kind"
    for log in "$import_dir"/acpc/$kind/*.log; do
        [[ -e $log ]] || continue
        game=${log##*/}
        game=${game%%.changed*}
        game=${game%%.malformed*}
        check_import $kind --acpc-game "$import_dir/acpc/games/${game%.log}.game" "$log"
    done
done
# GGPoker's files named with --from, and a PokerStars file read as GGPoker's.
run import --json --from ggpoker "$import_dir/ggpoker/ok"
if [[ $rc -eq 0 && $(grep -c '"room": "ggpoker"' "$work/out") -eq 13 ]]; then pass; else fail "import --from ggpoker: exit status $rc, 13 hands"; fi
run import --json --from ggpoker "$import_dir/pokerstars/ok/CashGame-Limits-Limit2.txt"
if [[ $rc -eq 1 && $out == *"not a GGPoker hand"* ]]; then pass; else fail "a PokerStars file read --from ggpoker: $rc"; fi
# Full Tilt's files named with --from, and read as another room's: every hand not ok.
run import --json --from fulltilt "$import_dir/fulltilt/ok"
if [[ $rc -eq 0 && $(grep -c '"room": "fulltilt"' "$work/out") -eq 53 ]]; then pass; else fail "import --from fulltilt: exit status $rc, 53 hands"; fi
run import --json --from pokerstars "$import_dir/fulltilt/ok/CashGame-Limits-Limit2.txt"
if [[ $rc -eq 1 && $out == *"not a PokerStars hand"* ]]; then pass; else fail "a Full Tilt file read --from pokerstars: $rc"; fi
# iPoker's files named with --from give the same hands; a PokerStars file read as iPoker's is an error.
run import --json --from ipoker "$import_dir/ipoker/ok"
if [[ $rc -eq 0 && $(grep -c '"status": "ok"' "$work/out") -eq 77 ]]; then pass; else fail "import --from ipoker: exit status $rc, 77 hands"; fi
run import --json --from ipoker "$import_dir/pokerstars/ok/CashGame-Limits-Limit2.txt"
if [[ $rc -eq 1 && $out == *"line 1: text outside an element"* ]]; then pass; else fail "a PokerStars file read --from ipoker: $rc"; fi
# PartyPoker's files named with --from, and read as another room's.
run import --json --from partypoker "$import_dir/partypoker/ok"
if [[ $rc -eq 0 && $(grep -c '"room": "partypoker"' "$work/out") -eq 55 ]]; then pass; else fail "import --from partypoker: exit status $rc, 55 hands"; fi
run import --json --from partypoker "$import_dir/fulltilt/ok/CashGame-Limits-Limit2.txt"
if [[ $rc -eq 1 && $out == *"not a PartyPoker hand"* ]]; then pass; else fail "a Full Tilt file read --from partypoker: $rc"; fi
# An ACPC log without its game definition is an error of the file.
run import "$import_dir"/acpc/ok/holdem.limit.2p.reverse_blinds.log
if [[ $rc -eq 1 && $err == *"needs --acpc-game FILE"* ]]; then pass; else fail "an ACPC log without --acpc-game: $rc $err"; fi

run import
if [[ $rc -eq 2 ]]; then pass; else fail "import without a FILE: exit status $rc, expected 2"; fi
run import --from nowhere "$import_dir"
if [[ $rc -eq 2 ]]; then pass; else fail "import --from nowhere: exit status $rc, expected 2"; fi
run import --from acpc "$import_dir"
if [[ $rc -eq 2 ]]; then pass; else fail "import --from acpc without --acpc-game: exit status $rc, expected 2"; fi
run import --acpc-game "$import_dir/acpc/README.md" "$import_dir"
if [[ $rc -eq 2 ]]; then pass; else fail "import --acpc-game of a file that is no game definition: exit status $rc, expected 2"; fi

# The progress line: nothing on a pipe unless --progress; --quiet hides it.
run import --json "$import_dir/pokerstars/ok"
if [[ $rc -eq 0 && -z $err ]]; then pass; else fail "import --json on a pipe: nothing on standard error" "$err"; fi
run import --json --progress "$import_dir/pokerstars/ok"
if [[ $rc -eq 0 ]] && grep -qE '^import: [0-9,]+ hands \(100%\), [0-9,]+ hands/s$' <<< "$err"; then pass
else fail "import --progress on a pipe: progress lines, the last of every byte" "$err"; fi
run import --json --progress --quiet "$import_dir/pokerstars/ok"
if [[ $rc -eq 0 && -z $err ]]; then pass; else fail "import --progress --quiet: nothing on standard error" "$err"; fi

finish
