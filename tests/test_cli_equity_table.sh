#!/usr/bin/env bash
# End-to-end checks of `poker equity --table`: the 169 x 169 starting-hand
# table in its three formats and its checkpoint. The first run enumerates the
# whole table (so these checks are in the slow suite; the option errors are in
# test_cli_equity.sh) and keeps it in a checkpoint; the others resume from it,
# one of them after the checkpoint lost its last matchups and was cut mid-line
# as a killed run leaves it.
#
# Usage: tests/test_cli_equity_table.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

checkpoint="$work/table.checkpoint"
run equity --table --csv --threads 2 --progress --checkpoint "$checkpoint"
cp "$work/out" "$work/table.csv"
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
expect_true "table checkpoint: a header of two lines and one line a matchup" \
    test "$(sed -n 1p "$checkpoint")|$(sed -n 2p "$checkpoint")|$(wc -l < "$checkpoint")" = \
    "pokerengine checkpoint 1|job holdem starting-hand table, one block a matchup|47010"
expect_json "table JSON from the checkpoint" equity --table --json --threads 2 --checkpoint "$checkpoint"
json_check "table JSON: 169 classes, a 169 x 169 matrix, AA against KK, every matchup from the checkpoint" \
    'len(j["classes"]) == 169 and j["classes"][14] == "KK" and len(j["equity"]) == 169 and all(len(r) == 169 for r in j["equity"]) and abs(j["equity"][0][14] - 0.8195) < 0.0005 and j["threads"] == 2 and j["matchups"] == 47008 and j["resumed"] == 47008'
if $have_python; then
    expect_true "table JSON from the checkpoint: the CSV's numbers" python3 - "$work/out" "$work/table.csv" <<'PY'
import csv, json, sys
j = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2])))
assert rows[0][1:] == j["classes"]
for r, row in zip(rows[1:], j["equity"]):
    assert all(abs(float(a) - b) <= 5e-9 * max(abs(b), 1e-300) for a, b in zip(r[1:], row))
PY
fi
# A killed run: the last 2,000 matchups lost and the last line cut short.
head -n 45010 "$checkpoint" > "$work/cut" && printf '45008 3fe0' >> "$work/cut" && cp "$work/cut" "$checkpoint"
run equity --table --threads 2 --checkpoint "$checkpoint"
expect_true "table checkpoint after the resumed run: whole lines again, every matchup" \
    test "$(wc -l < "$checkpoint") $(tail -c 1 "$checkpoint" | od -An -c | tr -d ' ')" = '47010 \n'
expect_true "table text: one line per ordered pair of classes" test "$rc $(wc -l < "$work/out")" = "0 28561"
expect_true "table text: AA against KK" grep -qx 'AA    KK    81.946%' "$work/out"
expect_true "table text: the first line is AA against AA" test "$(head -1 "$work/out")" = "AA    AA    50.000%"
expect_true "table text on a pipe without --progress: nothing on standard error" test -z "$err"
if $have_python; then
    expect_true "table text resumed after the cut: the CSV's numbers" python3 - "$work/out" "$work/table.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[2])))
names = rows[0][1:]
eq = {r[0]: dict(zip(names, map(float, r[1:]))) for r in rows[1:]}
lines = open(sys.argv[1]).read().split("\n")[:-1]
assert len(lines) == 169 * 169
for line in lines:
    a, b, pct = line.split()
    assert f"{100 * eq[a][b]:.3f}%" == pct, line
PY
fi

# Checkpoints that cannot be used: a clear error before any work, the file left as it was.
sed '2s/.*/job another job/' "$checkpoint" > "$work/other"
expect_error "a checkpoint of another job" 1 'other_job: the checkpoint' \
    equity --table --checkpoint "$work/other"
printf 'hand,AA\n' > "$work/not"
expect_error "a file that is not a checkpoint" 1 'not_a_checkpoint: the checkpoint' \
    equity --table --checkpoint "$work/not"
expect_true "a file that is not a checkpoint is left as it was" test "$(<"$work/not")" = 'hand,AA'
head -n 5 "$checkpoint" > "$work/bad" && printf '7 3fe0 zz\n' >> "$work/bad"
expect_error "a bad line in a checkpoint" 1 'bad_line: the checkpoint' equity --table --checkpoint "$work/bad"
expect_true "a bad line in a checkpoint: its number" grep -q 'line 6' <<< "$err"
head -n 5 "$checkpoint" > "$work/twice" && sed -n 4p "$checkpoint" | sed 's/ [0-9a-f]*$/ 0/' >> "$work/twice"
expect_error "one matchup twice with another result" 1 'conflicting_block: the checkpoint' \
    equity --table --checkpoint "$work/twice"
expect_error "a checkpoint in a folder that does not exist" 1 'unwritable: cannot write the checkpoint' \
    equity --table --checkpoint "$work/no/such/folder/ck"

finish
