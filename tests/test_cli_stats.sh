#!/usr/bin/env bash
# End-to-end checks of `poker stats`: figures of hand-worked hands in text, JSON
# and CSV; a room's histories and the ACPC dealer's logs, whose recorded results
# the net won must equal; the SVG graph drawn by headless Chromium; bad input.
#
# Usage: tests/test_cli_stats.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"
data=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Six seats, blinds 1 and 2: C opens to 6, E calls, F re-raises to 20, C calls;
# C checks the flop, F bets 30, C folds. F wins 29, C loses 20, E 6 (the same
# hand as test_statistics.cpp, where each figure is worked out).
cat > "$work/three-bet.phh" <<'EOF'
variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200, 200, 200]
players = ['A', 'B', 'C', 'D', 'E', 'F']
actions = ['d dh p1 2s3s', 'd dh p2 4s5s', 'd dh p3 QcQd', 'd dh p4 7h2h', 'd dh p5 9c9d', 'd dh p6 AsKs',
  'p3 cbr 6', 'p4 f', 'p5 cc', 'p6 cbr 20', 'p1 f', 'p2 f', 'p3 cc', 'p5 f',
  'd db AhKd2c', 'p3 cc', 'p6 cbr 30', 'p3 f']
EOF
# A moves in for 100 with AdAc, B calls with KhKs; A wins 200. The published
# count (1,388,072 wins and 6,538 ties of 1,712,304 boards) gives A an all-in
# adjusted result of 200 x 0.81254... - 100 = 62.5103...
mkdir -p "$work/dir/deeper"
cat > "$work/dir/deeper/all-in.phh" <<'EOF'
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ['A', 'B', 'C']
actions = ['d dh p1 AdAc', 'd dh p2 KhKs', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 100', 'p2 cc', 'p1 sm AdAc', 'p2 sm KhKs',
  'd db 2c3c4d', 'd db 9h', 'd db Ts']
EOF

expect_json "JSON of one hand" stats "$work/three-bet.phh" --json
json_check "JSON: F 3-bets and continuation-bets, C folds to it; net won" \
    'j["hands"] == 1 and j["hands_not_counted"] == 0 and [p["player"] for p in j["players"]] == ["A", "B", "C", "D", "E", "F"] and j["players"][5]["three_bet"] == {"made": 1, "chances": 1, "ratio": 1.0} and j["players"][5]["cbet"]["made"] == 1 and j["players"][2]["fold_to_cbet"] == {"made": 1, "chances": 1, "ratio": 1.0} and j["players"][2]["fold_to_three_bet"] == {"made": 0, "chances": 1, "ratio": 0.0} and j["players"][5]["net"] == "29" and j["players"][2]["net"] == "-20" and j["players"][4]["vpip"]["made"] == 1'
json_check "JSON: positions from the blinds and the button" \
    'sorted((p["player"], p["position"]) for p in j["positions"]) == [("A", "SB"), ("B", "BB"), ("C", "UTG"), ("D", "HJ"), ("E", "CO"), ("F", "BTN")]'

expect_json "a directory, recursively, with a hand file" stats "$work/dir" "$work/three-bet.phh" --json --player A
json_check "--player: A's rows only, over both hands; the all-in valued at the published equity" \
    'j["hands"] == 2 and len(j["players"]) == 1 and j["players"][0]["player"] == "A" and j["players"][0]["hands"] == 2 and j["players"][0]["net"] == "99" and abs(j["players"][0]["all_in_adjusted"] - (-1 + 200 * (1388072 + 3269) / 1712304 - 100)) < 1e-9 and j["players"][0]["all_in_hands"] == 1'

run stats "$work/three-bet.phh" --csv
expect_true "CSV: a header and one row per player, then per position" \
    test "$rc $(wc -l < "$work/out") $(head -1 "$work/out" | cut -d, -f1-4)" = "0 13 player,position,hands,vpip"
expect_true "CSV: F's row" grep -qx 'F,all,1,1,1,1,,1,,,1,0,,1,29,14.5,1450,29' "$work/out"

run stats "$work/three-bet.phh"
expect_true "text: the count of hands and a row per player" \
    test "$rc $(head -1 <<< "$out")" = "0 1 hand counted, 0 not"
expect_true "text: the header names the columns" grep -q '^player *pos *hands *VPIP *PFR *3bet' <<< "$out"

# A room's histories: the net won is what the room recorded, hand by hand.
expect_json "PokerStars histories" stats "$data/import/pokerstars/ok" --json
json_check "PokerStars: 146 hands counted, the cancelled one left out, the net results add up to minus the rake" \
    'j["hands"] == 146 and j["hands_cancelled"] == 1 and j["hands_not_counted"] == 0 and len(j["players"]) > 50'

sed 's/p2 cc/p2 cbr 1/' "$work/dir/deeper/all-in.phh" > "$work/illegal.phh"
# Hands replayed on several threads are counted in file order: the same figures, to the last
# digit, and the same graph, on one thread and on three; a broken hand named at its place.
for threads in 1 3; do
    run stats "$data/import" "$work/illegal.phh" "$work/three-bet.phh" --player A --svg "$work/graph-$threads.svg" --json --threads "$threads"
    cp "$work/out" "$work/stats-$threads.json"
    cp "$work/err" "$work/stats-$threads.err"
done
expect_true "--threads 3 gives what --threads 1 gives: figures, graph and the hands not counted"     bash -c "cmp -s '$work/stats-1.json' '$work/stats-3.json' && cmp -s '$work/graph-1.svg' '$work/graph-3.svg' && cmp -s '$work/stats-1.err' '$work/stats-3.err' && test -s '$work/stats-1.err'"
expect_error "--threads 0" 2 "--threads" stats "$work/three-bet.phh" --threads 0

# The ACPC dealer's log: each player's net won equals its SCORE line.
for log in holdem.nolimit.2p.reverse_blinds holdem.limit.3p; do
    expect_json "ACPC $log" stats "$data/import/acpc/ok/$log.log" --acpc-game "$data/import/acpc/games/$log.game" --json
    score=$(grep '^SCORE:' "$data/import/acpc/ok/$log.log")
    json_check "ACPC $log: net won equals the dealer's SCORE ($score)" \
        "sorted((p['player'], int(p['net'])) for p in j['players']) == sorted(zip('${score##*:}'.split('|'), map(int, '$(cut -d: -f2 <<< "$score")'.split('|'))))"
done

# The graph: an SVG document that a browser draws.
run stats "$work/dir" "$work/three-bet.phh" --player A --svg "$work/graph.svg"
expect_true "--svg writes an SVG document" bash -c "head -c 40 '$work/graph.svg' | grep -q '^<svg xmlns=\"http://www.w3.org/2000/svg\"' && tail -1 '$work/graph.svg' | grep -qx '</svg>'"
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -n $browser ]]; then
    printf '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="100%%" height="100%%" fill="white"/></svg>\n' > "$work/blank.svg"
    for f in graph blank; do
        timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,400 \
            --screenshot="$work/$f.png" "file://$work/$f.svg" > /dev/null 2>&1
    done
    expect_true "headless Chromium draws the graph: a picture, not the blank page" \
        bash -c "test -s '$work/graph.png' && test -s '$work/blank.png' && ! cmp -s '$work/graph.png' '$work/blank.png' && test \$(stat -c %s '$work/graph.png') -gt \$((2 * \$(stat -c %s '$work/blank.png')))"
else
    echo "note: chromium not found (tools/setup.sh installs it): the graph's drawing not checked"
    pass
fi

# Bad input: a hand the rules refuse is named and not counted; usage errors.
run stats "$work/illegal.phh" "$work/three-bet.phh"
expect_true "an illegal hand: status 1, named on standard error, the other counted" \
    bash -c "test $rc = 1 && grep -q 'illegal.phh does not replay' <<< '$err' && head -1 '$work/out' | grep -qx '1 hand counted, 1 not'"
run stats "$work/missing.phh"
expect_true "a missing file: status 1, named" bash -c "test $rc = 1 && grep -q 'missing.phh' <<< '$err'"
expect_error "no file" 2 "'stats' needs at least one FILE" stats
expect_error "--svg without --player" 2 "--svg" stats "$work/three-bet.phh" --svg "$work/x.svg"
expect_error "--json with --csv" 2 "--csv" stats "$work/three-bet.phh" --json --csv

finish
