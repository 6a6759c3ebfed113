#!/usr/bin/env bash
# End-to-end checks of `poker import` and `poker stats` on a large room
# history: a PokerStars file larger than the address space the program may use
# is read in bounded memory, hand for hand as its parts are read alone, and
# the progress line follows the bytes read.
#
# Usage: tests/test_cli_import_stream.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

stars="$(dirname "${BASH_SOURCE[0]}")/import/pokerstars"

require_python

# One part: every PokerStars test file (ok, not ok and broken hands), one after the other.
for f in "$stars"/ok/*.txt "$stars"/not-ok/*.txt "$stars"/broken/*.txt; do
    cat "$f"
    printf '\n\n'
done > "$work/part.txt"
"$POKER" import --json "$work/part.txt" > "$work/part.json"
"$POKER" stats --json "$work/part.txt" > "$work/part.stats" 2> /dev/null
part_hands=$(wc -l < "$work/part.json")
expect_true "the part: over 100 hands, some not ok" \
    test "$part_hands" -gt 100 -a "$(grep -c '"status": "ok"' "$work/part.json")" -lt "$part_hands"

# ---------------------------------------------------------------------------
# Bounded memory: the part 700 times, a history larger than the address space
# the import may use, is read under that limit. The limit leaves room for the
# program, its threads and a few chunks of hands, not for the file. One malloc
# arena: the address space then follows the memory used, not the arenas
# reserved per thread.

if [[ ${POKERENGINE_ADDRESS_SANITIZER:-0} == 1 ]]; then
    echo "note: built with AddressSanitizer, whose shadow memory needs more address space than any limit allows: the memory limit is not checked"
elif command -v prlimit > /dev/null; then
    limit=$((96 << 20))
    copies=700
    for ((i = 0; i < copies; ++i)); do cat "$work/part.txt"; done > "$work/big.txt"
    size=$(stat -c %s "$work/big.txt")
    expect_true "the history is larger than the memory limit ($size > $limit bytes)" test "$size" -gt "$limit"
    # Each line as the part's line of the same hand, but for the file's name, the hand's
    # number and the line a reason names, further by the part's lines times the copies before.
    MALLOC_ARENA_MAX=1 prlimit --as=$limit "$POKER" import --json --threads 2 --progress "$work/big.txt" \
        2> "$work/big.err" | python3 -c '
import json, re, sys
part = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
text = open(sys.argv[2], "rb").read()
part_lines = text.count(b"\n") + len(re.findall(rb"\r(?!\n)", text))  # lines end in \n, \r\n or \r
lines = wrong = 0
for line in sys.stdin:
    j = json.loads(line)
    copy, k = divmod(lines, len(part))
    want = dict(part[k], file=sys.argv[3], hand=lines)
    if "reason" in want:
        want["reason"] = re.sub(r"^line (\d+)", lambda m: f"line {int(m[1]) + copy * part_lines}", want["reason"])
    wrong += j != want
    lines += 1
print(lines, wrong)' "$work/part.json" "$work/part.txt" "$work/big.txt" > "$work/big.check"
    rc=${PIPESTATUS[0]}
    expect_true "import under a ${limit}-byte address-space limit: status 1 (some hands not ok), every hand as in the part" \
        test "$rc" = 1 -a "$(<"$work/big.check")" = "$((part_hands * copies)) 0"
    expect_true "import --progress: the hands and the share of the bytes read, up to 100%" \
        grep -qE "^import: [0-9,]+ hands \\((100)%\\)" <(tr '\r' '\n' < "$work/big.err")
    expect_true "import --progress: a share of the bytes read below 100% on the way" \
        grep -qE "^import: [0-9,]+ hands \\([0-9]{1,2}%\\)" <(tr '\r' '\n' < "$work/big.err")
    MALLOC_ARENA_MAX=1 prlimit --as=$limit "$POKER" stats --json "$work/big.txt" > "$work/big.stats" 2> /dev/null
    rc=$?
    expect_true "stats under a ${limit}-byte address-space limit: every count $copies times the part's" python3 -c '
import json, sys
part, big, n = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
assert all(big[k] == n * part[k] for k in ("hands", "hands_not_counted", "hands_cancelled"))
assert [p["player"] for p in big["players"]] == [p["player"] for p in part["players"]]
for p, b in zip(part["players"] + part["positions"], big["players"] + big["positions"]):
    assert b["hands"] == n * p["hands"] and b["vpip"]["made"] == n * p["vpip"]["made"], (p, b)
' "$work/part.stats" "$work/big.stats" "$copies"
    expect_true "stats under the limit: status 1 (some hands not counted)" test "$rc" = 1
    rm -f "$work/big.txt"
else
    echo "note: prlimit not found, the memory limit is not checked"
fi

finish
