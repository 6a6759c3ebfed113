#!/usr/bin/env bash
# End-to-end checks of `poker equity --table`: the 169 x 169 starting-hand
# table in its three formats (each run enumerates the whole table, so these
# checks are in the slow suite; the option errors are in test_cli_equity.sh).
#
# Usage: tests/test_cli_equity_table.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

run equity --table --csv --threads 2 --progress
expect_true "table CSV: a header and 169 rows of 170 fields, nothing else on stdout" \
    test "$rc $(wc -l < "$work/out") $(awk -F, 'NF != 170' "$work/out" | wc -l)" = "0 170 0"
expect_true "table CSV: the header names the classes in chart order" \
    grep -q '^hand,AA,AKs,AQs,AJs,ATs,A9s,A8s,A7s,A6s,A5s,A4s,A3s,A2s,AKo,KK,KQs,' "$work/out"
expect_true "table CSV: the last row is 22" bash -c "tail -1 '$work/out' | grep -q '^22,'"
expect_true "table --progress: progress lines on standard error, the last of every matchup" \
    grep -qE '^table: 47,008 of 47,008 matchups \(100%\)' <<< "$err"
if $have_python; then
    expect_true "table CSV: AA against KK 81.9%, AKs against QQ 46%, X against Y plus Y against X is 1" python3 - "$work/out" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
names = rows[0][1:]
eq = {r[0]: dict(zip(names, map(float, r[1:]))) for r in rows[1:]}
assert names == [r[0] for r in rows[1:]]
assert abs(eq["AA"]["KK"] - 0.8195) < 0.0005, eq["AA"]["KK"]
assert abs(eq["AKs"]["QQ"] - 0.46) < 0.005, eq["AKs"]["QQ"]
assert all(abs(eq[a][b] + eq[b][a] - 1) < 1e-8 for a in names for b in names)
assert all(abs(eq[a][a] - 0.5) < 1e-8 for a in names)
PY
fi
expect_json "table JSON" equity --table --json --threads 2
json_check "table JSON: 169 classes, a 169 x 169 matrix, AA against KK" \
    'len(j["classes"]) == 169 and j["classes"][14] == "KK" and len(j["equity"]) == 169 and all(len(r) == 169 for r in j["equity"]) and abs(j["equity"][0][14] - 0.8195) < 0.0005 and j["threads"] == 2 and j["matchups"] > 40000'
run equity --table --threads 2
expect_true "table text: one line per ordered pair of classes" test "$rc $(wc -l < "$work/out")" = "0 28561"
expect_true "table text: AA against KK" grep -qx 'AA    KK    81.946%' "$work/out"
expect_true "table text: the first line is AA against AA" test "$(head -1 "$work/out")" = "AA    AA    50.000%"
expect_true "table text on a pipe without --progress: nothing on standard error" test -z "$err"

finish
