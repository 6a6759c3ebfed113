#!/usr/bin/env bash
# Replays every hand history under tests/phh/ with `poker replay --json` and
# checks it against what the file says it must give.
#
# The leading comment lines of a file may hold directives:
#   # replay: --profile roberts --lenient     extra options for poker replay
#   # expect: CODE at N                       the hand must stop at action N with CODE
#   # expect: CODE at N in [T]                the same for table [T] of a .phhs
# Every other hand must replay ("status" "ok", terminal), match its recorded
# finishing_stacks, and give the finishing_stacks written in the file (compared
# as decimals); the file's own stacks must add up to its starting stacks.
# Files under tests/phh/disputed/ (expectations the engine does not meet and
# that are not settled yet) are not replayed, nor those under tests/phh/recorded/
# (recorded hands without finishing stacks, checked by test_cli_play.sh).
#
# Usage: tests/test_phh_files.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

phh_dir="$(dirname "${BASH_SOURCE[0]}")/phh"

if ! $have_python || ! python3 -c 'import tomllib' 2> /dev/null; then
    echo "test_phh_files.sh: needs python3 3.11 or later (tomllib)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

# The checker: argv = file, replay status, JSON lines file. Prints one line per
# check: "ok NAME" or "FAIL NAME<TAB>why".
cat > "$work/check.py" << 'EOF'
import json, re, sys, tomllib
from decimal import Decimal

path, status, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def say(ok, name, why=""):
    print(("ok " if ok else "FAIL ") + name + ("" if ok else "\t" + why))

text = open(path, encoding="utf-8").read()
expect = {}        # table name or None -> (code, index)
for line in text.splitlines():
    if not line.startswith("#"):
        if line.strip():
            break
        continue
    m = re.match(r"#\s*expect:\s*(\w+)\s+at\s+(\d+)(?:\s+in\s+\[(\w+)\])?\s*$", line)
    if m:
        expect[m.group(3)] = (m.group(1), int(m.group(2)))

doc = tomllib.loads(text, parse_float=Decimal)
if path.endswith(".phhs"):
    hands = [(name, table) for name, table in doc.items() if isinstance(table, dict)]
else:
    hands = [(None, doc)]
try:
    results = [json.loads(line) for line in open(out, encoding="utf-8") if line.strip()]
except ValueError as e:
    say(False, f"{path}: JSON output", str(e))
    sys.exit()

say(len(results) == len(hands), f"{path}: one JSON line per hand",
    f"{len(results)} lines for {len(hands)} hands")
unknown = set(expect) - {name for name, _ in hands}
if unknown:
    say(False, f"{path}: every expect names a hand", f"no hand {sorted(map(str, unknown))}")
want_status = 1 if expect else 0
say(status == want_status, f"{path}: exit status {want_status}", f"status {status}")

for i, ((name, hand), r) in enumerate(zip(hands, results)):
    label = f"{path} hand {i}" + (f" [{name}]" if name else "")
    if r.get("hand") != i:
        say(False, f"{label}: in input order", f"got hand {r.get('hand')}")
        continue
    if name in expect:
        code, index = expect[name]
        e = r.get("error") or {}
        actions = hand.get("actions", [])
        text_ok = index < len(actions) and e.get("action") == actions[index].split("#")[0].strip()
        say(r.get("status") == "error" and e.get("code") == code and e.get("action_index") == index and text_ok,
            f"{label}: {code} at action {index}",
            f"status {r.get('status')}, error {json.dumps(e)}")
        continue
    say(r.get("status") == "ok" and r.get("terminal") is True, f"{label}: replays to the end",
        f"status {r.get('status')}, terminal {r.get('terminal')}, error {json.dumps(r.get('error'))}")
    written = hand.get("finishing_stacks")
    if written is None:
        say(False, f"{label}: has finishing_stacks", "the file gives none")
        continue
    written = [Decimal(x) for x in written]
    say(sum(written) == sum(Decimal(x) for x in hand["starting_stacks"]),
        f"{label}: the written stacks add up", f"{written} against {hand['starting_stacks']}")
    got = [Decimal(x) for x in r.get("finishing_stacks", [])]
    say(got == written, f"{label}: finishing stacks",
        f"expected {[str(x) for x in written]}, got {r.get('finishing_stacks')}")
    say(r.get("matches_recorded") is True, f"{label}: matches the recorded stacks",
        f"matches_recorded {r.get('matches_recorded')}")
EOF

# check_file FILE: replays it with its directives and counts the checker's lines.
check_file() {
    local file=$1 options line
    options=$(sed -n '/^[^#]/q; s/^#[[:space:]]*replay:[[:space:]]*//p' "$file")
    # shellcheck disable=SC2086  # the options are words
    "$POKER" replay --json $options "$file" > "$work/out" 2> "$work/err"
    local status=$?
    python3 "$work/check.py" "$file" "$status" "$work/out" > "$work/checks" 2> "$work/check_err" ||
        fail "$file: the checker failed" "$(<"$work/check_err")"
    while IFS= read -r line; do
        case $line in
            "ok "*) pass ;;
            "FAIL "*) line=${line#FAIL }; fail "${line%%$'\t'*}" "${line#*$'\t'}" ;;
        esac
    done < "$work/checks"
}

mapfile -t files < <(find "$phh_dir" \( -name '*.phh' -o -name '*.phhs' \) -not -path '*/disputed/*' -not -path '*/recorded/*' | LC_ALL=C sort)
expect_true "there are hand histories to replay" test "${#files[@]}" -ge 40
for dir in games rules illegal published; do
    expect_true "tests/phh/$dir is not empty" test -n "$(find "$phh_dir/$dir" -name '*.phh*' -print -quit 2> /dev/null)"
done
for code in NT NS PO FT FO/8 F7S F7S/8 FR N2L1D F2L3D FB; do
    expect_true "a hand of variant $code in tests/phh/games" \
        grep -rqE "^variant = [\"']${code}[\"']" "$phh_dir/games"
done
for file in "${files[@]}"; do
    check_file "$file"
done

# The checks can fail: a wrong finishing stack, and a wrong action index, are caught.
before=$failed before_passed=$passed
sed 's/^finishing_stacks = \[\([0-9]*\)/finishing_stacks = [1\1/' "$phh_dir/games/FT-split-odd-chip.phh" > "$work/wrong.phh"
check_file "$work/wrong.phh" > /dev/null
wrong_failed=$((failed - before))
failed=$before passed=$before_passed
expect_true "a wrong finishing stack is caught" test "$wrong_failed" -ge 2
before=$failed before_passed=$passed
sed 's/^# expect: \([a-z_]*\) at \([0-9]*\)/# expect: \1 at 1\2/' "$phh_dir/illegal/not-your-turn.phh" > "$work/wrong.phh"
check_file "$work/wrong.phh" > /dev/null
wrong_failed=$((failed - before))
failed=$before passed=$before_passed
expect_true "a wrong action index is caught" test "$wrong_failed" -ge 1

finish
