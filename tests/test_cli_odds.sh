#!/usr/bin/env bash
# End-to-end checks of `poker odds`: the table, JSON, CSV and SVG outputs, the
# decks and reels, the simulation, and the errors.
#
# Usage: tests/test_cli_odds.sh PATH/TO/poker PATH/TO/stimulator.reels
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

STIMULATOR=${2:?usage: test_cli_odds.sh PATH/TO/poker PATH/TO/stimulator.reels}
source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# run ARGS...: runs `poker odds ARGS...`, leaving $out, $err and $rc.
run() {
    "$POKER" odds "$@" < /dev/null > "$work/out" 2> "$work/err"
    rc=$?
    out=$(<"$work/out")
    err=$(<"$work/err")
}

# expect_lines NAME ARGS... -- LINE...: status 0 and each LINE is a whole line of the output.
expect_lines() {
    local name=$1
    shift
    local args=()
    while [[ $1 != -- ]]; do
        args+=("$1")
        shift
    done
    shift
    run "${args[@]}"
    if [[ $rc -ne 0 ]]; then
        fail "$name" "status: $rc" "stderr: $err"
        return
    fi
    local line
    for line in "$@"; do
        if ! grep -qxF -- "$line" "$work/out"; then
            fail "$name" "missing line: $line" "output:" "$out"
            return
        fi
    done
    pass
}

# ---------------------------------------------------------------------------
# The default table: five-card high hands, the published counts.

expect_output "the five-card table" "rules: high
deck: 52 cards
hands: 2,598,960 of 5 cards, every one counted
category             count  probability       1 in  exact
Royal flush              4  0.00000153908  649,740  1/649740
Straight flush          36  0.0000138517    72,193  3/216580
Four of a kind         624  0.000240096      4,165  1/4165
Full house           3,744  0.00144058         694  6/4165
Flush                5,108  0.00196540         509  1277/649740
Straight            10,200  0.00392465         255  5/1274
Three of a kind     54,912  0.0211285        47.33  88/4165
Two pair           123,552  0.0475390        21.04  198/4165
One pair         1,098,240  0.422569          2.37  352/833
High card        1,302,540  0.501177          2.00  1277/2548
total            2,598,960  1                    1  1/1"

# Seven cards (Wikipedia's table), on one thread and on two.
for threads in 1 2; do
    expect_lines "seven cards, $threads thread(s)" --cards 7 --threads "$threads" -- \
        "hands: 133,784,560 of 7 cards, every one counted" \
        "Royal flush            4,324  0.0000323206  30,940  1/30940" \
        "Straight flush        37,260  0.000278507    3,591  81/290836" \
        "Four of a kind       224,848  0.00168067       595  1/595" \
        "Full house         3,473,184  0.0259610      38.52  726/27965" \
        "Flush              4,047,644  0.0302549      33.05  1011911/33446140" \
        "Straight           6,180,020  0.0461938      21.65  44143/955604" \
        "Three of a kind    6,461,620  0.0482987      20.70  14047/290836" \
        "Two pair          31,433,400  0.234955        4.26  785835/3344614" \
        "One pair          58,627,800  0.438225        2.28  4455/10166" \
        "High card         23,294,460  0.174119        5.74  166389/955604"
done
run --cards 6
expect_lines "six cards: the total" --cards 6 -- "hands: 20,358,520 of 6 cards, every one counted"

# ---------------------------------------------------------------------------
# Wild cards, pay tables, jokers.

run --wild 2 --paytable
expect_lines "deuces wild pay table: the pay-table rows" --wild 2 --paytable -- \
    "wild: 2" "pay-table order" \
    "Royal flush               4  0.00000153908  649,740  1/649740" \
    "Four wild cards          48  0.0000184689    54,145  1/54145" \
    "Wild royal flush        480  0.000184689      5,415  2/10829" \
    "Five of a kind          624  0.000240096      4,165  1/4165"
expect_lines "jokers wild: one joker by default" --wild jokers -- \
    "deck: 53 cards with a joker" \
    "Five of a kind          13  0.00000453011  220,745  1/220745"
expect_lines "the bug: one joker by default, five aces once" --bug -- \
    "deck: 53 cards with a joker" "hands: 2,869,685 of 5 cards, every one counted"
expect_lines "two jokers wild" --wild jokers --jokers 2 -- \
    "deck: 54 cards with two jokers" "hands: 3,162,510 of 5 cards, every one counted"
expect_lines "joker poker pay table" --wild jokers --paytable -- \
    "Royal flush               4  0.00000139388  717,421  4/2869685" \
    "Five of a kind           13  0.00000453011  220,745  1/220745" \
    "Wild royal flush         20  0.00000696941  143,484  4/573937"

# ---------------------------------------------------------------------------
# Lowball, short deck, badugi.

expect_lines "ace-to-five: the lows by their top card" --rules ace-to-five -- \
    "5-low (wheel)      1,024  0.000394004  2,538  64/162435" \
    "K-low            506,880  0.195032      5.13  2112/10829" \
    "Pair or worse  1,281,072  0.492917      2.03  2053/4165"
expect_lines "razz, seven cards (Wikipedia)" --rules ace-to-five --cards 7 -- \
    "5-low (wheel)      781,824  0.00584390     171  48864/8361535" \
    "8-low           13,171,200  0.0984508    10.16  23520/238901" \
    "K-low           13,939,200  0.104191      9.60  174240/1672307" \
    "Pair or worse    6,169,072  0.0461120    21.69  4237/91885"
expect_lines "eight-or-better: qualifying lows" --rules eight-or-better -- \
    "qualifying lows: 57,344 (0.0220642)" \
    "8-low                 35,840  0.0137901    72.52  64/4641" \
    "No qualifying low  2,541,616  0.977936      1.02  22693/23205"
expect_lines "deuce-to-seven: 7-low first" --rules deuce-to-seven -- \
    "7-low              4,080  0.00156986     637  1/637"
expect_lines "short deck: 36 cards by default" --rules short-deck -- \
    "deck: 36 cards (short deck)" "hands: 376,992 of 5 cards, every one counted" \
    "Flush                480  0.00127324       785  5/3927"
expect_lines "badugi: four cards" --rules badugi -- \
    "hands: 270,725 of 4 cards, every one counted" \
    "Badugi            17,160  0.0633854    15.78  264/4165"

# ---------------------------------------------------------------------------
# Decks: --remove, --deck.

expect_lines "remove four cards" --remove "As Ah Ad Ac" -- \
    "deck: 48 cards, less As Ah Ad Ac" "hands: 1,712,304 of 5 cards, every one counted" \
    "Royal flush              0  0                  -  0/1" \
    "Four of a kind         528  0.000308356    3,243  1/3243"
expect_output "an explicit deck of five cards" "rules: high
deck: 5 cards (listed)
hands: 1 of 5 cards, every one counted
category         count  probability  1 in  exact
Royal flush          1  1            1.00  1/1
Straight flush       0  0               -  0/1
Four of a kind       0  0               -  0/1
Full house           0  0               -  0/1
Flush                0  0               -  0/1
Straight             0  0               -  0/1
Three of a kind      0  0               -  0/1
Two pair             0  0               -  0/1
One pair             0  0               -  0/1
High card            0  0               -  0/1
total                1  1               1  1/1" --deck "As Ks Qs Js Ts"
expect_lines "a deck with jokers listed" --wild jokers --deck "Xx Xx As Ks Qs Js Ts" -- \
    "deck: 7 cards (listed)" "hands: 21 of 5 cards, every one counted" \
    "Royal flush         21  1            1.00  1/1"

# ---------------------------------------------------------------------------
# Reels.

printf '# three reels of two cards, two of one\nAs Kd\nAh 2c\n\nAc 7s\nQs\nJh\n' > "$work/small.reels"
expect_lines "three reels of two cards" --reels "$work/small.reels" -- \
    "deck: 5 reels of 8 cards" "hands: 8, one card from each of 5 reels, every one counted" \
    "Three of a kind      1  0.125000     8.00  1/8" \
    "One pair             3  0.375000     2.67  3/8" \
    "High card            4  0.500000     2.00  1/2"
expect_lines "the stimulator's table" --reels "$STIMULATOR" -- \
    "deck: 5 reels of 50 cards" "hands: 100,000, one card from each of 5 reels, every one counted" \
    "Royal flush            0  0                -  0/1" \
    "Straight flush        23  0.000230000  4,348  23/100000" \
    "Four of a kind       110  0.00110000     909  11/10000" \
    "One pair          45,620  0.456200      2.19  2281/5000"

printf 'As Kd\nAh 2c\nAc Kd\nQs\nJh\n' > "$work/shared.reels"
expect_error "reels sharing a card" 1 "line 3: Kd is already on the reel of line 1" --reels "$work/shared.reels"
printf 'As Kd\nAh 2c\nAc Kx\nQs\nJh\n' > "$work/bad.reels"
expect_error "a bad card in a reels file names the line" 1 "bad.reels line 3: " --reels "$work/bad.reels"
printf 'As Kd\nAh 2c\nQs\n' > "$work/three.reels"
expect_error "too few reels" 1 "needs 5 to 7 reels" --reels "$work/three.reels"
expect_error "a missing reels file" 1 "cannot read the reels file" --reels "$work/nothing.reels"
expect_error "--reels with --deck" 2 "--deck does not go with --reels" --reels "$work/small.reels" --deck "As Ks Qs Js Ts"
expect_error "--reels with --cards" 2 "--cards does not go with --reels" --reels "$work/small.reels" --cards 6

# ---------------------------------------------------------------------------
# The simulation.

run --simulate 2000000 --seed 42
sim_first=$out
expect_true "simulate: the header names the hands and the seed" grep -qxF "simulated: 2,000,000 random hands, seed 42" "$work/out"
within_four() { awk 'NR > 6 && $1 != "total" { z = $NF; if (z == "+inf" || z == "-inf" || z > 4 || z < -4) bad = 1 } END { exit bad }' "$work/out"; }
expect_true "simulate: every row within 4 standard errors" within_four
run --simulate 2000000 --seed 42 --threads 1
expect_true "simulate: the same numbers with one thread" test "$out" == "$sim_first"
run --simulate 2000000 --seed 43
expect_true "simulate: another seed, other numbers" test "$out" != "$sim_first"
run --simulate 2598960 --seed 42 --csv
expect_true "simulate: not a copy of the exact counts" \
    awk -F, 'NR > 1 && $1 != "total" && $2 != $6 { differ = 1 } END { exit !differ }' "$work/out"
run --simulate 1000000 --seed 7 --wild 2
expect_true "simulate deuces wild: within 4 standard errors" within_four

# ---------------------------------------------------------------------------
# JSON, CSV, SVG.

run --json
json_check "json: total and rows" 'j["total"] == 2598960 and len(j["rows"]) == 10 and j["rows"][0] == {"category": "Royal flush", "count": 4, "probability": "1/649740"} and j["rows"][9]["probability"] == "1277/2548" and sum(r["count"] for r in j["rows"]) == j["total"] and j["rules"] == "high" and j["cards"] == 5 and len(j["deck"]) == 52'
run --json --simulate 100000 --seed 3
json_check "json: simulated rows" 'j["simulation"] == {"hands": 100000, "seed": 3} and sum(r["simulated"] for r in j["rows"]) == 100000 and all(abs(r["standard_errors"]) < 5 for r in j["rows"] if r["count"] > 0)'
run --json --reels "$work/small.reels"
json_check "json: reels" 'j["total"] == 8 and j["reels"][0] == ["As", "Kd"] and "deck" not in j'
run --csv --rules ace-to-five
expect_true "csv: header, a row per kind, the total" test "$(head -n 2 "$work/out")" == "category,count,probability,decimal,one_in
5-low (wheel),1024,64/162435,0.000394004,2538"
expect_true "csv: the total line" test "$(tail -n 1 "$work/out")" == "total,2598960,1/1,1,1"
run --svg "$work/chart.svg" --simulate 100000
expect_true "svg: the table is still printed" grep -q "^Royal flush" "$work/out"
expect_true "svg: one svg element, a bar per row" bash -c "grep -c '^<svg ' '$work/chart.svg' | grep -qx 1 && test \$(grep -c '<rect x=' '$work/chart.svg') -eq 10 && tail -n 1 '$work/chart.svg' | grep -qx '</svg>'"
if command -v python3 > /dev/null; then
    expect_true "svg: well-formed XML" python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$work/chart.svg"
fi
expect_error "svg: an unwritable file" 1 "cannot write the chart" --svg "$work/no/such/dir/chart.svg"

# ---------------------------------------------------------------------------
# Errors.

expect_error "hand size out of range" 2 "--cards takes a whole number from 5 to 7" --cards 8
expect_error "badugi takes four cards" 2 "--cards: badugi hands hold 4 cards" --rules badugi --cards 5
expect_lines "badugi --cards 4" --rules badugi --cards 4 -- "hands: 270,725 of 4 cards, every one counted"
expect_error "unknown rules" 2 "unknown" --rules stud
expect_error "a bad card in --deck" 1 "--deck: " --deck "As Ks Qs Js Tz"
expect_error "a duplicate in --deck" 1 "twice" --deck "As Ks Qs Js As"
expect_error "--remove a joker the deck lacks" 1 "--remove: Xx not in the deck" --remove "Xx"
expect_error "--remove a card twice" 1 "--remove: " --remove "As As"
expect_error "--remove a card already gone" 1 "not in the deck" --deck "Ks Qs Js Ts 9s 8s" --remove "As"
expect_error "too few cards" 1 "cannot deal 5-card hands from a deck of 4 cards" --deck "As Ks Qs Js"
expect_error "a joker that is not wild" 1 "jokers are not wild" --jokers 1
expect_error "short deck with a deuce" 1 "these rules play with 36 cards, not with 2c" --rules short-deck --deck "2c 6s 7s 8s 9s"
expect_error "--jokers out of range" 2 "--jokers takes a whole number from 0 to 2" --jokers 3
expect_error "--jokers with --deck" 2 "--jokers does not go with --deck" --jokers 1 --deck "As Ks Qs Js Ts"
expect_error "--seed without --simulate" 2 "--seed goes with --simulate" --seed 3
expect_error "--simulate 0" 2 "--simulate takes a whole number" --simulate 0
expect_error "--threads 0" 2 "--threads takes a whole number from 1" --threads 0
expect_error "--threads beyond 256" 2 "--threads takes a whole number from 1 to 256, not \"257\"" --threads 257
printf 'As Kd\nA\000s Qs\n' > "$work/nul.reels"
expect_error "a NUL in a reels file is shown as an escape" 1 \
    "nul.reels line 2: unknown suit '\\x00' in \"A\\x00s Qs\" (suits are" --reels "$work/nul.reels"
expect_error "--json and --csv" 2 "--json and --csv" --json --csv
expect_error "a positional argument" 2 "'odds'" As
expect_error "--paytable without --wild" 2 "" --paytable

# Help.
"$POKER" help odds > "$work/out" 2>&1
expect_true "help odds: usage and the options" bash -c "grep -q '^usage: poker odds' '$work/out' && grep -q -- '--reels FILE' '$work/out' && grep -q -- '--simulate N' '$work/out'"
"$POKER" help > "$work/out" 2>&1
expect_true "help: odds is listed" grep -q '^  odds ' "$work/out"

# Speed: the seven-card table (the figure quoted in docs/probabilities.md).
start=$(date +%s.%N)
"$POKER" odds --cards 7 > /dev/null
end=$(date +%s.%N)
echo "timing: every seven-card hand tabulated in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"

finish
