#!/usr/bin/env bash
# Imports the room hand histories under tests/import/ with `poker import` and
# checks each hand's status against what its folder says it must give:
#   */ok/      real hands: every hand "ok", the engine's results equal to the
#              room's, and the room's own record adds up (the results and the
#              rake sum to nothing: chips are neither made nor lost);
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

if ! $have_python; then
    echo "test_import_files.sh: needs python3" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

# FILE NAME -> "STATUS|text the reason must hold" for the hands that are not ok.
cat > "$work/expected" << 'EOF'
changed-amount.txt|mismatch|line 42: seat 4 (T_Leroy): the engine's result is 25.21, the room's 24.71 (rake 1.50)
malformed-line.txt|error|line 19: a line the reader does not know: 'Tunks2: foldz'
CashGame-ExtraHands-DateIssue1.txt|mismatch|line 17: seat 3 (Mohamedali13)
CashGame-Limits-AnteTable.txt|mismatch|line 26: seat 3 (Captain2323)
CashGame-PlayerTests-RunItTwice.txt|unsupported|line 32: the hand was run more than once
CashGame-PlayerTests-WithSittingOut.txt|error|line 8: a line the reader does not know
CashGame-StreetTests-River.txt|error|line 11: card_already_dealt
CashGame-ValidHandTests-InValidHand.txt|mismatch|line 40: seat 3 (H6U5r)
EOF

cat > "$work/check.py" << 'EOF'
import json, sys
from decimal import Decimal

kind, out, expected_path = sys.argv[1], sys.argv[2], sys.argv[3]
expected = {}
for line in open(expected_path, encoding="utf-8"):
    name, status, reason = line.rstrip("\n").split("|", 2)
    expected[name] = (status, reason)
seen = 0
for line in open(out, encoding="utf-8"):
    j = json.loads(line)
    seen += 1
    name = j["file"].rsplit("/", 1)[-1]
    label = f"{name} hand {j['hand']}"
    fields = ["file", "hand", "room", "id", "game", "status", "players", "starting_stacks", "results",
              "recorded_results", "rake"] + ([] if j["status"] == "ok" else ["reason"])
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
        if sum(Decimal(r) for r in j["recorded_results"]) + Decimal(j["rake"]) != 0:
            print(f"FAIL {label}\tthe record does not add up: {j['recorded_results']} rake {j['rake']}")
            continue
        if len(j["players"]) != len(j["starting_stacks"]):
            print(f"FAIL {label}\tplayers and stacks differ in length")
            continue
        print(f"ok {label}")
    else:
        want = expected.get(name)
        if want is None:
            print(f"FAIL {label}\tno expectation listed")
        elif j["status"] != want[0] or want[1] not in j.get("reason", ""):
            print(f"FAIL {label}\t{j['status']}: {j.get('reason')} (expected {want[0]}: {want[1]})")
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

for room in "$import_dir"/*/; do
    for kind in ok not-ok broken; do
        [[ -d $room$kind ]] || continue
        run import --json "$room$kind"
        want=0
        [[ $kind == ok ]] || want=1
        if [[ $rc -eq $want ]]; then pass; else fail "import $room$kind: exit status $rc, expected $want"; fi
        tally < <(python3 "$work/check.py" "$kind" "$work/out" "$work/expected")
    done
    # The PHH written for the hands replays to the same chips.
    run import "$room"ok --phhs "$work/hands.phhs"
    if [[ $rc -eq 0 && -s $work/hands.phhs ]]; then pass; else fail "import --phhs: exit status $rc: $err"; fi
    run replay "$work/hands.phhs"
    if [[ $rc -eq 0 ]]; then pass; else fail "replay of the imported PHH: exit status $rc: $(head -3 "$work/out")"; fi
done

run import
if [[ $rc -eq 2 ]]; then pass; else fail "import without a FILE: exit status $rc, expected 2"; fi
run import --from nowhere "$import_dir"
if [[ $rc -eq 2 ]]; then pass; else fail "import --from nowhere: exit status $rc, expected 2"; fi
run import --from acpc "$import_dir"
if [[ $rc -eq 2 ]]; then pass; else fail "import --from acpc without --acpc-game: exit status $rc, expected 2"; fi

finish
