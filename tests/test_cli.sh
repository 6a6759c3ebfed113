#!/usr/bin/env bash
# End-to-end checks of the `poker` command-line tool: every subcommand's output
# and errors, batch comparison, JSON validity and a timing of a million batch lines.
#
# Usage: tests/test_cli.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

tab=$'\t'

# ---------------------------------------------------------------------------
# eval

straight=$'category: Straight\ndescription: Ace-high straight\nbest five: As Kd Qh Jc Ts\nvalue: 5863'
expect_output "eval: five cards as five arguments" "$straight" eval As Kd Qh Jc Ts
expect_output "eval: five cards as one word" "$straight" eval AsKdQhJcTs
expect_output "eval: comma-separated" "$straight" eval As,Kd,Qh,Jc,Ts
expect_output "eval: lower case and 10" "$straight" eval as kd qh jc 10s
expect_output "eval: seven cards in one argument" "$straight" eval "As Kd Qh Jc Ts 2c 3d"
expect_output "eval: royal flush is the top value" \
    $'category: Royal flush\ndescription: Royal flush\nbest five: As Ks Qs Js Ts\nvalue: 7462' eval Ts Js Qs Ks As
expect_output "eval: suit symbols" \
    $'category: Royal flush\ndescription: Royal flush\nbest five: As Ks Qs Js Ts\nvalue: 7462' eval "A♠ K♠ Q♠ J♠ T♠"
expect_output "eval: 7-5-4-3-2 is the bottom value" \
    $'category: High card\ndescription: Seven high, five-four-three-two kickers\nbest five: 7d 5c 4h 3s 2c\nvalue: 1' \
    eval 2c 3s 4h 5c 7d
expect_output "eval: the wheel" \
    $'category: Straight\ndescription: Five-high straight (wheel)\nbest five: 5d 4c 3h 2s Ad\nvalue: 5854' eval Ad 2s 3h 4c 5d
expect_output "eval: full house from seven cards" \
    $'category: Full house\ndescription: Full house, sixes over queens\nbest five: 6s 6h 6d Qd Qc\nvalue: 7198' \
    eval 6s 6d 6h Qc Qd 2h 3c
expect_output "eval: ten cards" \
    $'category: Straight flush\ndescription: Nine-high straight flush\nbest five: 9h 8h 7h 6h 5h\nvalue: 7457' \
    eval 5h6h7h8h9h AcAdAsKcKd
expect_output "eval --json" \
    '{"cards": ["As", "Kd", "Qh", "Jc", "Ts"], "category": "Straight", "description": "Ace-high straight", "best_five": ["As", "Kd", "Qh", "Jc", "Ts"], "value": 5863, "rules": "high", "wild": [], "bug": false, "double_ace_flush": false, "paytable": false}' \
    eval --json As Kd Qh Jc Ts
expect_json "eval --json is valid JSON (seven cards, option last)" eval "Ah Kd 7c 7d 2s 9h 3c" --json
json_check "eval --json fields" 'j["category"] == "One pair" and len(j["cards"]) == 7 and len(j["best_five"]) == 5 and j["best_five"][:2] == ["7d", "7c"] and j["rules"] == "high" and j["wild"] == [] and j["bug"] is False and j["double_ace_flush"] is False and j["paytable"] is False'

expect_error "eval: four cards" 1 "5 to 10 cards" eval As Kd Qh Jc
expect_error "eval: eleven cards" 1 "5 to 10 cards" eval 2c3c4c5c6c7c8c9cTcJcQc
expect_error "eval: duplicate card" 1 "As" eval As As Qh Jc Ts
expect_error "eval: bad rank is quoted" 1 "'Z'" eval Zs Kd Qh Jc Ts
expect_error "eval: bad suit is quoted" 1 "'x'" eval Ax Kd Qh Jc Ts
expect_error "eval: joker rejected by the high evaluator" 1 "joker" eval As Kd Qh Jc Xx
expect_error "eval: no cards" 2 "eval" eval
expect_error "eval: unknown option" 2 "--frobnicate" eval --frobnicate As Kd Qh Jc Ts
expect_error "eval: flag given a value" 2 "--json" eval --json=yes As Kd Qh Jc Ts

# ---------------------------------------------------------------------------
# compare

expect_output "compare: full houses" ">${tab}Full house, kings over twos${tab}Full house, queens over aces" \
    compare "Ks Kd Kh 2c 2d" "Qs Qd Qh Ac Ad"
expect_output "compare: worse" "<${tab}Full house, queens over aces${tab}Full house, kings over twos" \
    compare QsQdQhAcAd KsKdKh2c2d
expect_output "compare: tie across suits" "=${tab}Ace-high flush, king-queen-jack-nine${tab}Ace-high flush, king-queen-jack-nine" \
    compare "As Ks Qs Js 9s" "Ah Kh Qh Jh 9h"
expect_output "compare: seven-card hands sharing a board" "<${tab}Pair of kings, ace-jack-nine kickers${tab}Three of a kind, jacks, ace-king kickers" \
    compare "Kc Kd As Jh 9s 4c 2d" "Jc Jd As Jh 9s 4c Kh"
expect_error "compare: one hand" 2 "compare" compare AsKsQsJsTs
expect_error "compare: three hands" 2 "compare" compare AsKsQsJsTs 2c3c4c5c7d 2h3h4h5h7d
expect_error "compare: bad second hand names it" 1 "hand 2" compare AsKsQsJsTs 2c3c4c5c
expect_error "compare: --json is not an option" 2 "--json" compare --json AsKsQsJsTs 2c3c4c5c7d

# ---------------------------------------------------------------------------
# compare, batch mode

printf '%s\n' "AsKsQsJsTs 2c3c4c5c7d" "KsKdKh2c2d QsQdQhAcAd" "AsKs 2c3c4c5c7d" "QsQdQhAcAd${tab}KsKdKh2c2d" "AsKsQsJs9s AhKhQhJh9h" \
    > "$work/in"
run compare
expect_true "batch: one output line per input line" test "$(wc -l < "$work/out")" -eq 5
expect_true "batch: exit status 1 when a line is bad" test "$rc" -eq 1
line() { sed -n "${1}p" "$work/out"; }
expect_true "batch: line 1" test "$(line 1)" = ">${tab}Royal flush${tab}Seven high, five-four-three-two kickers"
expect_true "batch: line 2" test "$(line 2)" = ">${tab}Full house, kings over twos${tab}Full house, queens over aces"
expect_true "batch: bad line 3 reported in place" test "$(line 3)" = 'error: line 3: a high hand takes 5 to 10 cards, got 2: "As Ks"'
expect_true "batch: processing continues after a bad line" test "$(line 4)" = "<${tab}Full house, queens over aces${tab}Full house, kings over twos"
expect_true "batch: tie" test "$(line 5)" = "=${tab}Ace-high flush, king-queen-jack-nine${tab}Ace-high flush, king-queen-jack-nine"
expect_true "batch: error also on standard error" test "$err" = 'poker: error: line 3: a high hand takes 5 to 10 cards, got 2: "As Ks"'

printf 'AsKsQsJsTs 2c3c4c5c7d\r\n  KsKdKh2c2d \t\t QsQdQhAcAd  \r\nAsKsQsJsTs 2c3c4c5c7d' > "$work/in"
run compare
expect_true "batch: CRLF, spaces and tabs, no final newline" test "$rc-$out" = \
    "0->${tab}Royal flush${tab}Seven high, five-four-three-two kickers
>${tab}Full house, kings over twos${tab}Full house, queens over aces
>${tab}Royal flush${tab}Seven high, five-four-three-two kickers"

printf '%s\n' "AsKsQsJsTs 2c3c4c5c7d" "" "AsKsQsJsTs 2c3c4c5c7d 2h3h4h5h7h" "AsAsQsJsTs 2c3c4c5c7d" "ZzKsQsJsTs 2c3c4c5c7d" "XxKsQsJsTs 2c3c4c5c7d" "AsKsQsJsTs" \
    > "$work/in"
run compare
expect_true "batch: every kind of bad line keeps its place" test "$(wc -l < "$work/out")" -eq 7
expect_true "batch: bad lines are numbered" test "$(grep -c '^error: line [2-7]: ' "$work/out")" -eq 6
expect_true "batch: each bad line on standard error" test "$(grep -c '^poker: error: line [2-7]: ' "$work/err")" -eq 6

: > "$work/in"
run compare
expect_true "batch: empty input gives no output and status 0" test "$rc-$out" = "0-"

# ---------------------------------------------------------------------------
# showdown

expect_output "showdown: text" "player 1: As Ad  | Pair of aces, queen-jack-nine kickers | best five: As Ad Qs Jc 9h | place 1
player 2: Ks Kd  | Pair of kings, queen-jack-nine kickers | best five: Ks Kd Qs Jc 9h | place 2
player 3: Ah Kh  | Ace high, king-queen-jack-nine kickers | best five: Ah Kh Qs Jc 9h | place 3
winner: player 1" showdown --board "Qs Jc 9h 4d 2c" "As Ad" "Ks Kd" "Ah Kh"
expect_output "showdown: split pot" "player 1: As Ad  | Pair of aces, queen-jack-nine kickers | best five: As Ad Qs Jc 9h | place 1
player 2: Ks Kd  | Pair of kings, queen-jack-nine kickers | best five: Ks Kd Qs Jc 9h | place 3
player 3: Ah Ac  | Pair of aces, queen-jack-nine kickers | best five: Ah Ac Qs Jc 9h | place 1
winners: players 1, 3 (split)" showdown -b 2c7d9hJcQs AsAd KsKd AhAc
expect_output "showdown: without a board" "player 1: As Ks Qs Js Ts        | Royal flush | best five: As Ks Qs Js Ts | place 1
player 2: 2c 3c 4c 5c 7d 8h 9h  | Nine high, eight-seven-five-four kickers | best five: 9h 8h 7d 5c 4c | place 2
winner: player 1" showdown "As Ks Qs Js Ts" "2c 3c 4c 5c 7d 8h 9h"
expect_json "showdown --json is valid JSON" showdown --json --board=2c7d9hJcQs AsAd KsKd AhAc 5s6s
json_check "showdown --json fields" 'j["rules"] == "high" and j["wild"] == [] and j["bug"] is False and j["double_ace_flush"] is False and j["paytable"] is False and j["board"] == ["2c", "7d", "9h", "Jc", "Qs"] and j["winners"] == [1, 3] and [p["place"] for p in j["players"]] == [1, 3, 1, 4] and [p["winner"] for p in j["players"]] == [True, False, True, False] and j["players"][3]["category"] == "High card" and j["players"][0]["description"] == "Pair of aces, queen-jack-nine kickers" and j["players"][0]["best_five"] == ["As", "Ad", "Qs", "Jc", "9h"] and all(isinstance(p["value"], int) for p in j["players"])'
expect_error "showdown: card in two hands" 1 "dealt twice" showdown AsKsQsJsTs AsKdQdJdTd
expect_error "showdown: card in a hand and on the board" 1 "dealt twice" showdown --board "Qs Jc 9h" AsAd QsKd
expect_error "showdown: too few cards names the player" 1 "player 2" showdown --board "Qs Jc 9h" AsAd Kd
expect_error "showdown: six board cards" 1 "board" showdown --board "Qs Jc 9h 4d 2c 3c" AsAd KsKd
expect_error "showdown: bad card names the player" 1 "player 2" showdown --board "Qs Jc 9h 4d 2c" AsAd K?Kd
expect_error "showdown: no hands" 2 "showdown" showdown --board "Qs Jc 9h 4d 2c"
expect_error "showdown: --board without a value" 2 "--board" showdown AsAd --board
expect_error "showdown: --board twice" 2 "twice" showdown -b 2c7d9h --board JcQs AsAd KsKd

# ---------------------------------------------------------------------------
# --rules: every rule set, in eval, compare (single and batch) and showdown

all_rules="high ace-to-five ace-to-six deuce-to-seven eight-or-better short-deck short-deck-wsop"

# Without --rules the output is unchanged (no rules line); with it a rules line comes first.
expect_output "rules: eval --rules high adds only the rules line" "rules: high
$straight" eval --rules high As Kd Qh Jc Ts
expect_output "rules: -r and --rules= spellings" "rules: high
$straight" eval -r high AsKdQhJcTs
expect_output "rules: --rules= spelling, option last" "rules: high
$straight" eval AsKdQhJcTs --rules=high

expect_output "rules: ace-to-five eval, the wheel from seven cards" \
    $'rules: ace-to-five\ncategory: High card\ndescription: Wheel, five-four low (5-4-3-2-A)\nbest five: 5s 4h 3c 2d As\nvalue: 6175' \
    eval --rules ace-to-five "As 2d 3c 4h 5s Kd Kh"
expect_output "rules: ace-to-six eval avoids the straight" \
    $'rules: ace-to-six\ncategory: High card\ndescription: Six-four low (6-4-3-2-A)\nbest five: 6d 4h 3c 2d As\nvalue: 7462' \
    eval --rules ace-to-six "As 2d 3c 4h 5s 6d"
expect_output "rules: deuce-to-seven eval, number one" \
    $'rules: deuce-to-seven\ncategory: High card\ndescription: Number one, seven-five low (7-5-4-3-2)\nbest five: 7s 5d 4c 3h 2s\nvalue: 7462' \
    eval --rules deuce-to-seven "7s 5d 4c 3h 2s Ah Kd"
expect_output "rules: eight-or-better eval, a qualifying low" \
    $'rules: eight-or-better\ncategory: High card\ndescription: Eight-seven low (8-7-5-2-A)\nbest five: 8h 7s 5c 2d As\nvalue: 16' \
    eval --rules eight-or-better "As 2d 5c 8h 7s Kd Kh"
expect_output "rules: eight-or-better eval, no low" \
    $'rules: eight-or-better\ncategory: No low\ndescription: No qualifying low\nbest five: -\nvalue: 0' \
    eval --rules eight-or-better "As 2d 5c 8h 9s Kd Kh"
expect_output "rules: eight-or-better eval --json, no low" \
    '{"cards": ["As", "2d", "5c", "8h", "9s", "Kd", "Kh"], "category": "No low", "description": "No qualifying low", "best_five": [], "value": 0, "rules": "eight-or-better", "wild": [], "bug": false, "double_ace_flush": false, "paytable": false}' \
    eval --rules eight-or-better --json "As 2d 5c 8h 9s Kd Kh"
expect_output "rules: short-deck eval, A-6-7-8-9 is a straight" \
    $'rules: short-deck\ncategory: Straight\ndescription: Nine-high straight\nbest five: 9s 8h 7c 6d As\nvalue: 877' \
    eval --rules short-deck "As 6d 7c 8h 9s"
expect_output "rules: short-deck-wsop eval, flush over trips from seven cards" \
    $'rules: short-deck-wsop\ncategory: Flush\ndescription: Jack-high flush, ten-eight-seven-six\nbest five: Js Ts 8s 7s 6s\nvalue: 1208' \
    eval --rules short-deck-wsop "Js Ts 8s 7s 6s Jd Jh"
for r in $all_rules; do
    expect_json "rules: eval --json --rules $r is valid JSON" eval --json --rules "$r" "Ah Kd 7c 7d 9s Th 8c"
    json_check "rules: eval --json names $r" "j['rules'] == '$r' and isinstance(j['value'], int) and len(j['cards']) == 7"
done
expect_error "rules: short deck rejects a deuce" 1 "not in the 36-card deck (six to ace) of short-deck rules" eval --rules short-deck 2c 6d 7c 8h 9s
expect_error "rules: ten cards, still 5 to 10" 1 "5 to 10 cards" eval --rules deuce-to-seven 2c3c4c5c6c7c8c9cTcJcQc

expect_output "rules: ace-to-five, A-2-3-4-5 beats A-2-3-4-6" ">${tab}Wheel, five-four low (5-4-3-2-A)${tab}Six-four low (6-4-3-2-A)" \
    compare --rules ace-to-five "As2d3c4h5s" "As2d3c4h6s"
expect_output "rules: ace-to-five, straights do not count and pairs do" ">${tab}King-queen low (K-Q-J-T-9)${tab}Pair of aces, four-three-two kickers" \
    compare --rules ace-to-five "Ks Qd Jc Th 9s" "As Ad 2c 3h 4s"
expect_output "rules: ace-to-six, A-2-3-4-5 is a straight" "<${tab}Five-high straight (wheel)${tab}Six-four low (6-4-3-2-A)" \
    compare --rules ace-to-six As2d3c4h5s As2d3c4h6s
expect_output "rules: deuce-to-seven, 7-5-4-3-2 offsuit beats A-2-3-4-5" ">${tab}Number one, seven-five low (7-5-4-3-2)${tab}Ace-five low (A-5-4-3-2)" \
    compare --rules deuce-to-seven 7s5d4c3h2s As2d3c4h5s
expect_output "rules: deuce-to-seven, king-high beats A-2-3-4-5 (ace-high)" ">${tab}King-nine low (K-9-7-4-2)${tab}Ace-five low (A-5-4-3-2)" \
    compare --rules deuce-to-seven Ks9d7c4h2s As2d3c4h5s
expect_output "rules: deuce-to-seven, a flush counts against" "<${tab}Seven-high flush, five-four-three-two${tab}Eight-six low (8-6-4-3-2)" \
    compare --rules deuce-to-seven 7s5s4s3s2s 8d6c4h3s2d
expect_output "rules: eight-or-better, a 9-high hand and a pair both have no low" "=${tab}No qualifying low${tab}No qualifying low" \
    compare --rules eight-or-better 9s7d5c4h2s 9h9d5c4h2d
expect_output "rules: eight-or-better, any low beats no low" ">${tab}Eight-seven low (8-7-5-4-2)${tab}No qualifying low" \
    compare --rules eight-or-better 8s7d5c4h2s 9s9d5c4h2s
expect_output "rules: eight-or-better, no low loses to any low" "<${tab}No qualifying low${tab}Eight-seven low (8-7-6-5-4)" \
    compare --rules eight-or-better KsKdKhKcQs 8s7d6c5h4s
expect_output "rules: short deck, flush beats full house" ">${tab}Ace-high flush, king-queen-nine-seven${tab}Full house, aces over kings" \
    compare --rules short-deck AsKsQs9s7s AhAdAcKdKh
expect_output "rules: short-deck-wsop, flush beats full house" ">${tab}Ace-high flush, king-queen-nine-seven${tab}Full house, aces over kings" \
    compare --rules short-deck-wsop AsKsQs9s7s AhAdAcKdKh
expect_output "rules: high, full house beats flush" "<${tab}Ace-high flush, king-queen-nine-seven${tab}Full house, aces over kings" \
    compare --rules high AsKsQs9s7s AhAdAcKdKh
expect_output "rules: short-deck, three of a kind beats a straight" ">${tab}Three of a kind, nines, ace-king kickers${tab}Ten-high straight" \
    compare --rules short-deck 9s9d9cAhKd 6s7d8c9hTd
expect_output "rules: short-deck-wsop, a straight beats three of a kind" "<${tab}Three of a kind, nines, ace-king kickers${tab}Ten-high straight" \
    compare --rules short-deck-wsop 9s9d9cAhKd 6s7d8c9hTd
expect_output "rules: badugi eval, the best hand" \
    $'rules: badugi\ncategory: Badugi\ndescription: Badugi, four-three-two-ace (4-3-2-A)\nbest five: 4c 3d 2h As\nvalue: 40944' \
    eval --rules badugi As2h3d4c
expect_output "rules: badugi, a four-card K-Q-J-T beats a three-card hand" \
    ">${tab}Badugi, king-queen-jack-ten (K-Q-J-T)${tab}Three-card seven-five-ace (7-5-A)" \
    compare --rules badugi KsQhJdTc Kh7d5sAh
expect_error "rules: badugi takes four cards" 1 "a badugi hand takes 4 cards, got 5" eval --rules badugi As2h3d4c5s
expect_error "rules: badugi has no wild cards" 2 "wild cards play in" eval --rules badugi --wild 2 As2h3d4c
expect_output "rules: short-deck, A-6-7-8-9 is the lowest straight" "<${tab}Nine-high straight${tab}Ten-high straight" \
    compare --rules short-deck As6d7c8h9d 6s7d8c9hTd
expect_error "rules: compare names the hand outside the short deck" 1 "hand 2: card 5c is not in the 36-card deck (six to ace) of short-deck rules" \
    compare --rules short-deck AsKsQsJsTs 5c6c7c8c9c

# Unknown names are usage errors whose message lists every valid name, in every command.
for words in "eval --rules razz AsKsQsJsTs" "compare --rules razz AsKsQsJsTs 2c3c4c5c7d" "compare --rules razz" \
    "showdown --rules razz AsAd KsKd" "eval --rules= AsKsQsJsTs" "eval --rules HIGH AsKsQsJsTs"; do
    # shellcheck disable=SC2086
    run $words
    lists_all=true
    for r in $all_rules; do [[ $err == *"$r"* ]] || lists_all=false; done
    if [[ $rc -eq 2 && -z $out && $err == "poker: error: unknown rules "* && $lists_all == true && $err != *$'\n'* ]]; then
        pass
    else
        fail "rules: unknown name is a usage error listing the names: poker $words" "status: $rc" "stdout: $out" "stderr: $err"
    fi
done
expect_error "rules: --rules without a value" 2 "--rules" eval AsKsQsJsTs --rules
expect_error "rules: --rules twice" 2 "twice" compare --rules high -r ace-to-five AsKsQsJsTs 2c3c4c5c7d
expect_error "rules: demo takes no --rules" 2 "--rules" demo --rules high
for words in "help eval" "help compare" "help showdown"; do
    # shellcheck disable=SC2086
    run $words
    lists_all=true
    for r in $all_rules; do [[ $out == *"  $r "* ]] || lists_all=false; done
    if [[ $rc -eq 0 && $out == *"--rules NAME"* && $lists_all == true ]]; then pass; else fail "rules: poker $words lists --rules and every rule set"; fi
done

# Batch mode: --rules applies to every line.
printf '%s\n' "As2d3c4h5s As2d3c4h6s" "7s5d4c3h2s As2d3c4h5s" "9s7d5c4h2s 9h9d5c4h2d" "As2d3c4h5s Kc2c3c4c5c" > "$work/in"
run compare --rules eight-or-better
expect_true "rules: batch eight-or-better" test "$rc-$out" = "0->${tab}Wheel, five-four low (5-4-3-2-A)${tab}Six-four low (6-4-3-2-A)
<${tab}Seven-five low (7-5-4-3-2)${tab}Wheel, five-four low (5-4-3-2-A)
=${tab}No qualifying low${tab}No qualifying low
>${tab}Wheel, five-four low (5-4-3-2-A)${tab}No qualifying low"
run compare --rules deuce-to-seven
expect_true "rules: batch deuce-to-seven" test "$rc-$out" = "0->${tab}Ace-five low (A-5-4-3-2)${tab}Ace-six low (A-6-4-3-2)
>${tab}Number one, seven-five low (7-5-4-3-2)${tab}Ace-five low (A-5-4-3-2)
>${tab}Nine-seven low (9-7-5-4-2)${tab}Pair of nines, five-four-two kickers
>${tab}Ace-five low (A-5-4-3-2)${tab}King-high flush, five-four-three-two"
printf '%s\n' "AsKsQs9s7s AhAdAcKdKh" "9s9d9cAhKd 6s7d8c9hTd" "2s3s4s5s7s AhAdAcKdKh" "As6d7c8h9d 6s7d8c9hTd" > "$work/in"
run compare -r short-deck
expect_true "rules: batch short-deck, a card outside the deck is a bad line" test "$rc-$out" = "1->${tab}Ace-high flush, king-queen-nine-seven${tab}Full house, aces over kings
>${tab}Three of a kind, nines, ace-king kickers${tab}Ten-high straight
error: line 3: card 2s is not in the 36-card deck (six to ace) of short-deck rules
<${tab}Nine-high straight${tab}Ten-high straight"
run compare --rules=short-deck-wsop
expect_true "rules: batch short-deck-wsop" test "$(sed -n 2p "$work/out")" = "<${tab}Three of a kind, nines, ace-king kickers${tab}Ten-high straight"

# Showdown under each kind of rules.
expect_output "rules: showdown eight-or-better, no low has no place" "player 1: As 3d  | Seven-five low (7-5-3-2-A) | best five: 7c 5d 3d 2h As | place 1
player 2: 9s 9d  | No qualifying low | best five: - | place -
player 3: Ah 4s  | Seven-five low (7-5-4-2-A) | best five: 7c 5d 4s 2h Ah | place 2
winner: player 1" showdown --rules eight-or-better --board "7c 5d 2h Kd Qs" "As 3d" "9s 9d" "Ah 4s"
expect_output "rules: showdown eight-or-better, nobody qualifies" "player 1: As 3d  | No qualifying low | best five: - | place -
player 2: 9s 9d  | No qualifying low | best five: - | place -
winners: none (no qualifying low)" showdown --rules eight-or-better --board "9c Td 2h Kd Qs" "As 3d" "9s 9d"
expect_json "rules: showdown --json eight-or-better is valid JSON" showdown --json --rules eight-or-better --board "7c 5d 2h Kd Qs" "As 3d" "9s 9d" "Ah 3c"
json_check "rules: showdown --json eight-or-better fields" 'j["rules"] == "eight-or-better" and j["winners"] == [1, 3] and [p["place"] for p in j["players"]] == [1, None, 1] and [p["winner"] for p in j["players"]] == [True, False, True] and j["players"][1]["category"] == "No low" and j["players"][1]["best_five"] == [] and j["players"][1]["value"] == 0'
expect_json "rules: showdown --json, nobody qualifies" showdown --json --rules eight-or-better --board "9c Td 2h Kd Qs" "As 3d" "9s 9d"
json_check "rules: showdown --json, nobody qualifies: no winners" 'j["winners"] == [] and all(p["place"] is None and not p["winner"] for p in j["players"])'
expect_output "rules: showdown deuce-to-seven" "player 1: 7s 5d 4c 3h 2s  | Number one, seven-five low (7-5-4-3-2) | best five: 7s 5d 4c 3h 2s | place 1
player 2: 8d 6c 4h 3s 2d  | Eight-six low (8-6-4-3-2) | best five: 8d 6c 4h 3s 2d | place 2
player 3: As Ks Qd Jh Td  | Ace-high straight | best five: As Ks Qd Jh Td | place 3
winner: player 1" showdown --rules deuce-to-seven "7s 5d 4c 3h 2s" "8d 6c 4h 3s 2d" "As Ks Qd Jh Td"
expect_output "rules: showdown ace-to-six" "player 1: As 2s 3d 4d 5h Kc Kd  | King-four low (K-4-3-2-A) | best five: Kd 4d 3d 2s As | place 2
player 2: 2c 3c 4c 5c 6c 7h 8h  | Seven-five low (7-5-4-3-2) | best five: 7h 5c 4c 3c 2c | place 1
winner: player 2" showdown --rules ace-to-six "As 2s 3d 4d 5h Kc Kd" "2c 3c 4c 5c 6c 7h 8h"
expect_output "rules: showdown ace-to-five, split" "player 1: As 2s 3d 4d 5h  | Wheel, five-four low (5-4-3-2-A) | best five: 5h 4d 3d 2s As | place 1
player 2: Ac 2c 3c 4c 5c  | Wheel, five-four low (5-4-3-2-A) | best five: 5c 4c 3c 2c Ac | place 1
winners: players 1, 2 (split)" showdown --rules ace-to-five "As 2s 3d 4d 5h" "Ac 2c 3c 4c 5c"
run showdown --rules short-deck -b "9h 9d 7c Ks Jd" "9s Ac" "8s Th" "Ad Ah"
expect_true "rules: showdown short-deck, trips win" test "$rc-$(tail -n 1 "$work/out")" = "0-winner: player 1"
run showdown --rules short-deck-wsop -b "9h 9d 7c Ks Jd" "9s Ac" "8s Th" "Ad Ah"
expect_true "rules: showdown short-deck-wsop, the straight wins" test "$rc-$(tail -n 1 "$work/out")" = "0-winner: player 2"
expect_error "rules: showdown names the player outside the short deck" 1 "player 2: card 5c" showdown --rules short-deck AsAdKsKdQs 5c6c7c8c9c

# ---------------------------------------------------------------------------
# Wild cards: --wild SPEC, --bug, --double-ace-flush, --paytable, in eval,
# compare (single and batch) and showdown

# Deuces wild: five aces, the top hand; a rules line and a wild line come first.
expect_output "wild: deuces wild, five aces" \
    $'rules: high\nwild: 2\ncategory: Five of a kind\ndescription: Five aces\nbest five: As Ah Ad 2c 2d\nvalue: 7475' \
    eval --wild 2 2c 2d As Ah Ad
expect_output "wild: --wild= spelling, with --rules high" \
    $'rules: high\nwild: 2\ncategory: Five of a kind\ndescription: Five aces\nbest five: As Ah Ad 2c 2d\nvalue: 7475' \
    eval --rules high 2c2dAsAhAd --wild=2
expect_output "wild: five aces beat a royal flush" ">${tab}Five aces${tab}Royal flush" compare --wild 2 2c2dAsAhAd AsKsQsJsTs
expect_output "wild: a natural royal flush ties a wild one" "=${tab}Royal flush${tab}Royal flush" compare --wild 2 AsKsQsJsTs 2sKsQsJsTs
expect_output "wild: deuces are natural without --wild" "<${tab}Full house, aces over twos${tab}Royal flush" compare 2c2dAsAhAd AsKsQsJsTs

# One-eyed jacks: Js and Jh are wild, Jd is not.
expect_output "wild: one-eyed jacks" \
    $'rules: high\nwild: Js,Jh\ncategory: Straight flush\ndescription: Ten-high straight flush\nbest five: Js 9h 8h 7h 6h\nvalue: 7458' \
    eval --wild Js,Jh Js 9h 8h 7h 6h
expect_output "wild: one-eyed jacks, the jack of diamonds is natural" \
    ">${tab}Four of a kind, kings, two kicker${tab}Three of a kind, kings, jack-two kickers" \
    compare --wild Js,Jh "Js Kd Kc Kh 2c" "Jd Ks Kd Kh 2c"
expect_output "wild: ranks, cards and jokers in one list" "=${tab}Five aces${tab}Five aces" \
    compare --wild "2, Js,jokers" XxJs2hAsAh 2c2dAsAhAd

# The bug: an ace, or a card completing a straight or flush; jokers are the bugs without --wild.
expect_output "bug: royal flush" \
    $'rules: high\nwild: jokers\nbug\ncategory: Royal flush\ndescription: Royal flush\nbest five: Xx Ks Qs Js Ts\nvalue: 7462' \
    eval --bug Xx Ks Qs Js Ts
expect_output "bug: five aces" \
    $'rules: high\nwild: jokers\nbug\ncategory: Five of a kind\ndescription: Five aces\nbest five: As Ah Ad Ac Xx\nvalue: 7475' \
    eval --bug Xx As Ah Ad Ac
expect_output "bug: with kings the bug is an ace" \
    $'rules: high\nwild: jokers\nbug\ncategory: Three of a kind\ndescription: Three of a kind, kings, ace-five kickers\nbest five: Ks Kh Kd Xx 5c\nvalue: 5780' \
    eval --bug Xx Ks Kh Kd 5c
expect_output "bug: a fully wild joker makes four kings instead" \
    $'rules: high\nwild: jokers\ncategory: Four of a kind\ndescription: Four of a kind, kings, five kicker\nbest five: Ks Kh Kd Xx 5c\nvalue: 7432' \
    eval --wild jokers Xx Ks Kh Kd 5c
expect_output "bug: in a flush the bug is the highest missing card (the ace)" ">${tab}Ace-high flush, nine-eight-six-two${tab}King-high flush, queen-eight-six-three" \
    compare --bug Xx9h8h6h2h KhQh8h6h3h
expect_output "bug: in a flush the bug is the highest missing card (the ace, with a king)" ">${tab}Ace-high flush, king-eight-six-two${tab}Ace-high flush, queen-eight-six-three" \
    compare --bug XxKh8h6h2h AhQh8h6h3h
expect_output "bug: --wild jokers --bug is --bug" \
    $'rules: high\nwild: jokers\nbug\ncategory: Three of a kind\ndescription: Three of a kind, kings, ace-five kickers\nbest five: Ks Kh Kd Xx 5c\nvalue: 5780' \
    eval --wild jokers --bug Xx Ks Kh Kd 5c

# The double-ace flush, off and on.
expect_output "double-ace flush: off, the deuce is the queen" \
    $'rules: high\nwild: 2\ncategory: Flush\ndescription: Ace-high flush, king-queen-seven-four\nbest five: As Ks 2s 7s 4s\nvalue: 7109' \
    eval --wild 2 2s As Ks 7s 4s
expect_output "double-ace flush: on, the deuce is a second ace" \
    $'rules: high\nwild: 2\ndouble-ace flush\ncategory: Flush\ndescription: Ace-high flush, ace-king-seven-four\nbest five: As 2s Ks 7s 4s\nvalue: 7318' \
    eval --wild 2 --double-ace-flush 2s As Ks 7s 4s
expect_output "double-ace flush: off, loses to A-K-Q" "<${tab}Ace-high flush, king-queen-seven-four${tab}Ace-high flush, king-queen-nine-eight" \
    compare --wild 2 2sAsKs7s4s AhKhQh9h8h
expect_output "double-ace flush: on, beats A-K-Q" ">${tab}Ace-high flush, ace-king-seven-four${tab}Ace-high flush, king-queen-nine-eight" \
    compare --wild 2 --double-ace-flush 2sAsKs7s4s AhKhQh9h8h

# Jokers in lowball: the lowest card the hand lacks.
expect_output "wild: a joker in razz completes the wheel as the ace" \
    $'rules: ace-to-five\nwild: jokers\nbug\ncategory: High card\ndescription: Wheel, five-four low (5-4-3-2-A)\nbest five: 5s 4h 3c 2d Xx\nvalue: 6188' \
    eval --rules ace-to-five --bug Xx 2d 3c 4h 5s
expect_output "wild: a joker in razz completes the wheel as the five" \
    $'rules: ace-to-five\nwild: jokers\ncategory: High card\ndescription: Wheel, five-four low (5-4-3-2-A)\nbest five: Xx 4h 3c 2d As\nvalue: 6188' \
    eval --rules ace-to-five --wild jokers "As 2d 3c 4h Xx Kd Kh"
expect_output "wild: razz, a joker wheel ties a natural wheel" "=${tab}Wheel, five-four low (5-4-3-2-A)${tab}Wheel, five-four low (5-4-3-2-A)" \
    compare --rules ace-to-five --bug Xx2d3c4h5s As2d3c4h5s
expect_output "wild: eight-or-better, the bug makes a low" ">${tab}Seven-five low (7-5-3-2-A)${tab}No qualifying low" \
    compare --rules eight-or-better --bug "As 3d 7c 5d Xx" "9s 9d 7c 5d Kd"
for r in ace-to-six deuce-to-seven; do
    run eval --rules "$r" --wild 2 "2s 5d 4c 3h 7s Kd"
    expect_true "wild: --rules $r --wild 2 evaluates" test "$rc-$(head -n 2 "$work/out" | tr '\n' '|')" = "0-rules: $r|wild: 2|"
done

# The video-poker pay-table order: natural royal > four deuces > wild royal > five of a kind.
expect_output "paytable: a wild royal flush" \
    $'rules: high\nwild: 2\npay-table order\ncategory: Wild royal flush\ndescription: Wild royal flush\nbest five: 2s Ks Qs Js Ts\nvalue: 7475' \
    eval --paytable --wild 2 2s Ks Qs Js Ts
expect_output "paytable: natural royal flush beats four deuces" ">${tab}Natural royal flush${tab}Four deuces" compare --paytable --wild 2 AsKsQsJsTs 2s2h2d2c5h
expect_output "paytable: four deuces beat a wild royal flush" ">${tab}Four deuces${tab}Wild royal flush" compare --paytable --wild 2 2s2h2d2c5h 2sKsQsJsTs
expect_output "paytable: a wild royal flush beats five aces" ">${tab}Wild royal flush${tab}Five aces" compare --paytable --wild 2 2sKsQsJsTs 2sAhAdAcAs
expect_output "paytable: at a table, four deuces and a five are five fives" ">${tab}Five fives${tab}Royal flush" compare --wild 2 2s2h2d2c5h 2sKsQsJsTs
expect_output "paytable: joker poker, five aces beat a wild royal flush" ">${tab}Five aces${tab}Wild royal flush" compare --paytable --wild jokers XxAsAhAdAc XxKsQsJsTs

# JSON members.
expect_json "wild: eval --json with --wild 2 is valid JSON" eval --json --wild 2 2c 2d As Ah Ad
json_check "wild: eval --json lists the deuces" 'j["wild"] == ["2s", "2h", "2d", "2c"] and j["bug"] is False and j["double_ace_flush"] is False and j["paytable"] is False and j["category"] == "Five of a kind" and j["description"] == "Five aces" and j["rules"] == "high"'
expect_json "bug: eval --json is valid JSON" eval --json --bug Xx As Ah Ad Ac
json_check "bug: eval --json, both jokers are bugs" 'j["wild"] == ["Xx", "Xx"] and j["bug"] is True and j["double_ace_flush"] is False and j["cards"][0] == "Xx" and j["best_five"][-1] == "Xx"'
expect_json "double-ace flush: eval --json is valid JSON" eval --json --wild Js,Jh --double-ace-flush Js As Ks 7s 4s
json_check "double-ace flush: eval --json members" 'j["wild"] == ["Js", "Jh"] and j["double_ace_flush"] is True and j["bug"] is False and j["description"] == "Ace-high flush, ace-king-seven-four"'
expect_json "paytable: eval --json is valid JSON" eval --json --paytable --wild 2 2s Ks Qs Js Ts
json_check "paytable: eval --json members" 'j["paytable"] is True and j["category"] == "Wild royal flush" and len(j["wild"]) == 4'
expect_json "wild: eval --json --rules ace-to-five --wild jokers" eval --json --rules ace-to-five --wild jokers Xx Xx As 2d 3c
json_check "wild: eval --json razz with two jokers" 'j["rules"] == "ace-to-five" and j["wild"] == ["Xx", "Xx"] and j["description"] == "Wheel, five-four low (5-4-3-2-A)"'

# Showdown: wild cards, and the two jokers in two players' hands.
expect_output "wild: showdown with deuces wild" "player 1: As Ad  | Full house, aces over nines | best five: As Ad 2h 9d 9c | place 3
player 2: 9h 3c  | Four of a kind, nines, king kicker | best five: 9h 9d 9c 2h Kd | place 2
player 3: 2c Kc  | Four of a kind, kings, nine kicker | best five: Kd Kc 2c 2h 9d | place 1
winner: player 3" showdown --wild 2 -b "2h Kd 9c 9d 4s" "As Ad" "9h 3c" "2c Kc"
expect_output "wild: showdown, two players each hold a joker" "player 1: Xx Js  | Three of a kind, sevens, king-queen kickers | best five: 7d 7c Xx Ks Qs | place 2
player 2: Xx 7h  | Four of a kind, sevens, king kicker | best five: 7h 7d 7c Xx Ks | place 1
player 3: As Ad  | Two pair, aces and sevens, king kicker | best five: As Ad 7d 7c Ks | place 3
winner: player 2" showdown --wild jokers -b "Ks Qs 7d 7c 2h" "Xx Js" "Xx 7h" "As Ad"
expect_output "bug: showdown, the bugs are aces" "player 1: Xx Js  | Pair of sevens, ace-king-queen kickers | best five: 7d 7c Xx Ks Qs | place 3
player 2: Xx 7h  | Three of a kind, sevens, ace-king kickers | best five: 7h 7d 7c Xx Ks | place 1
player 3: As Ad  | Two pair, aces and sevens, king kicker | best five: As Ad 7d 7c Ks | place 2
winner: player 2" showdown --bug -b "Ks Qs 7d 7c 2h" "Xx Js" "Xx 7h" "As Ad"
expect_json "wild: showdown --json with a joker on the board is valid JSON" showdown --json --wild jokers -b "Ks Qs 7d 7c Xx" "Xx Js" "As 7h"
json_check "wild: showdown --json members" 'j["wild"] == ["Xx", "Xx"] and j["bug"] is False and j["winners"] == [1] and j["players"][0]["category"] == "Royal flush" and j["board"][-1] == "Xx"'
run showdown --rules eight-or-better --bug -b "7c 5d Kd Qs Xx" "As 3d" "9s 9d"
expect_true "bug: showdown eight-or-better, the bug makes the low" test "$rc-$(head -n 1 "$work/out")" = "0-player 1: As 3d  | Seven-five low (7-5-3-2-A) | best five: 7c 5d 3d Xx As | place 1"
expect_error "wild: showdown, a third joker" 1 "player 2: a third joker" showdown --wild jokers -b XxKsQs XxAd Xx7h
expect_error "wild: showdown, a joker that is not wild names the player" 1 "player 1: a joker" showdown --wild 2 -b "Ks Qs 7d 7c 2h" "Xx Js" "As Ad"
expect_error "wild: showdown, a joker without wild cards" 1 "player 1: a joker" showdown -b "Ks Qs 7d 7c 2h" "Xx Js" "As Ad"
expect_error "wild: showdown, a bad combination is a usage error" 2 "the bug" showdown --bug --wild 2 AsAd KsKd

# Errors: a bad SPEC is a usage error quoting it; combinations the engine refuses are usage errors with its message.
expect_error "wild: bad rank in SPEC, quoted" 2 '"2,Z"' eval --wild 2,Z 2c As Ah Ad Ac
expect_error "wild: bad card in SPEC, quoted" 2 '"Zs"' eval --wild Zs 2c As Ah Ad Ac
expect_error "wild: empty item in SPEC, quoted" 2 '"2,,3"' eval --wild 2,,3 2c As Ah Ad Ac
expect_error "wild: empty SPEC" 2 "--wild" eval --wild= 2c As Ah Ad Ac
expect_error "wild: bad SPEC in compare" 2 '"1"' compare --wild 1 AsKsQsJsTs 2c3c4c5c7d
expect_error "wild: bad SPEC in batch compare" 2 '"foo"' compare --wild foo
expect_error "wild: bad SPEC in showdown" 2 '"11"' showdown --wild 11 AsAd KsKd
expect_error "wild: --wild without a value" 2 "--wild" eval AsKsQsJsTs --wild
expect_error "wild: --wild twice" 2 "twice" eval --wild 2 --wild 3 AsKsQsJsTs
expect_error "bug: --bug takes no value" 2 "--bug" eval --bug=yes Xx As Ah Ad Ac
expect_error "bug: with wild deuces" 2 "the bug is a joker; it cannot be combined with other wild cards" eval --bug --wild 2 2c As Ah Ad Ac
expect_error "bug: not in deuce-to-seven" 2 "deuce-to-seven" eval --rules deuce-to-seven --bug Xx 7s 5d 4c 3h
expect_error "wild: not in short deck" 2 "short-deck" eval --rules short-deck --wild 9 9c As Ah Ad Ac
expect_error "wild: not in short-deck-wsop" 2 "short-deck-wsop" compare --rules short-deck-wsop --wild jokers AsKsQsJsTs AsKsQsJs9s
expect_error "double-ace flush: needs --wild" 2 "the double-ace flush needs wild cards" eval --double-ace-flush As Ks 7s 4s 2s
expect_error "double-ace flush: high only" 2 "ace-to-five" eval --rules ace-to-five --wild 2 --double-ace-flush As Ks 7s 4s 2s
expect_error "double-ace flush: not with the bug" 2 "the bug" eval --bug --double-ace-flush Xx Ks 7s 4s 2s
expect_error "paytable: needs --wild" 2 "pay-table order needs wild cards" eval --paytable As Ks 7s 4s 2s
expect_error "paytable: not with the bug" 2 "not as the bug" eval --paytable --bug Xx Ks 7s 4s 2s
expect_error "paytable: high only" 2 "ace-to-five" eval --paytable --rules ace-to-five --wild 2 As Ks 7s 4s 2s
expect_error "paytable: no double-ace flush" 2 "double-ace flush" eval --paytable --wild 2 --double-ace-flush As Ks 7s 4s 2s
expect_error "wild: an unknown rules name comes before a bad SPEC" 2 "unknown rules" eval --rules razz --wild Z As Ks Qs Js Ts
expect_error "wild: a joker that is not wild is a bad hand" 1 "a joker (Xx) that is not wild" eval --wild 2 Xx As Ah Ad Ac
expect_error "wild: a joker in compare names the hand" 1 "hand 2: a joker" compare --wild 2 2cAsAhAdAc XxAsAhAdKc
expect_error "wild: three jokers" 1 "more than two jokers" eval --wild jokers Xx Xx Xx As Ah
expect_error "wild: --wild 9 in a deuce hand is still 5 to 10 cards" 1 "5 to 10 cards" eval --wild 9 9c As Ah Ad

# Help lists the options.
for words in "help eval" "help compare" "help showdown" "eval -h"; do
    # shellcheck disable=SC2086
    run $words
    if [[ $rc -eq 0 && $out == *"--wild SPEC"* && $out == *"--bug"* && $out == *"--double-ace-flush"* && $out == *"--paytable"* ]]; then
        pass
    else
        fail "wild: poker $words lists --wild, --bug, --double-ace-flush and --paytable"
    fi
done
run help
expect_true "wild: general help mentions wild cards and jokers" bash -c "[[ '$rc' == 0 ]] && grep -q -- '--wild SPEC' '$work/out' && grep -q 'Xx' '$work/out'"

# Batch mode: the wild-card options apply to every line.
printf '%s\n' "AsKsQsJsTs 2c2dAhAcAd" "2sKsQsJsTs AhKhQhJhTh" "2s2h7c8d9h 5c5d5h5s3c" "XxAsKsQsJs AhKhQhJhTh" > "$work/in"
run compare --wild 2
expect_true "wild: batch --wild 2, a joker is a bad line" test "$rc-$out" = "1-<${tab}Royal flush${tab}Five aces
=${tab}Royal flush${tab}Royal flush
<${tab}Jack-high straight${tab}Four of a kind, fives, three kicker
error: line 4: a joker (Xx) that is not wild has no value: \"Xx As Ks Qs Js\""
printf '%s\n' "XxKsQsJsTs AhKhQhJhTh" "XxAsAhAdAc 2c2dAhAcAd" "XxKhKdKc5s AsAhAd9c5c" "XxXxAhKd2c AhAdKsKd2c" > "$work/in"
run compare --bug
expect_true "bug: batch" test "$rc-$out" = "0-=${tab}Royal flush${tab}Royal flush
>${tab}Five aces${tab}Full house, aces over twos
<${tab}Three of a kind, kings, ace-five kickers${tab}Three of a kind, aces, nine-five kickers
>${tab}Three of a kind, aces, king-two kickers${tab}Two pair, aces and kings, two kicker"
run compare --wild jokers --paytable
expect_true "paytable: batch, joker poker order" test "$rc-$(sed -n 2p "$work/out")" = "0->${tab}Five aces${tab}Full house, aces over twos"
run compare
expect_true "wild: batch without wild cards, every joker line is bad" test "$rc-$(grep -c '^error: line [1-4]: a joker' "$work/out")" = "1-4"

# ---------------------------------------------------------------------------
# demo, help, version, usage errors

run demo
expect_true "demo: exit status 0" test "$rc" -eq 0
expect_true "demo: royal flush count" grep -Eq '^ +Royal flush +4 .*✓' "$work/out"
expect_true "demo: high card count" grep -Eq '^ +High card +1,302,540 .*✓' "$work/out"
expect_true "demo: total and distinct values checked" grep -Eq '^ +total +2,598,960 +100\.000000% +7,462$' "$work/out"
expect_true "demo: no failed check" bash -c "! grep -q '✗' '$work/out'"
expect_true "demo: seeded showdown has six players and a result" bash -c "test \$(grep -c '^player [1-6]: ' '$work/out') -eq 6 && grep -Eq '^winners?: player' '$work/out'"
expect_true "demo: speed line" grep -Eq 'million hands per second' "$work/out"
expect_true "demo: the seeded hand's pots" grep -qxF 'payouts: player 1 0, player 2 0, player 3 0, player 4 650, player 5 0, player 6 320' "$work/out"
expect_true "demo: side pots" bash -c "grep -q '^side pot 2: 320 | eligible: players 1, 3, 5, 6$' '$work/out'"
first_deal=$(grep -E '^(board|player|winner)' "$work/out")
run demo
expect_true "demo: the seeded deal is the same every run" test "$first_deal" = "$(grep -E '^(board|player|winner)' "$work/out")"

for words in "help" "--help" "-h" "help eval" "help compare" "help showdown" "help demo" "eval --help" "compare -h" "showdown --help" "demo -h"; do
    # shellcheck disable=SC2086
    run $words
    if [[ $rc -eq 0 && $out == usage:* && -z $err ]]; then pass; else fail "help: poker $words" "status $rc, stdout: ${out:0:80}"; fi
done
run --version
expect_true "--version" bash -c "[[ '$rc' == 0 && '$out' =~ ^poker\ [0-9]+\.[0-9]+ ]]"

expect_error "no command" 2 "command" 
expect_error "unknown command" 2 "'shuffle'" shuffle
expect_error "unknown global option" 2 "--verbose" --verbose
expect_error "help for an unknown command" 2 "'nope'" help nope

# Odd input must give an error status, never a crash (a signal gives 128 + N).
for words in "eval -" "eval --" "eval ,,," "eval ♠♠♠♠♠" "eval $(printf 'As\001Kd')" "compare - -" "showdown --board" "showdown -b , AsKs" "eval 1010101010"; do
    # shellcheck disable=SC2086
    run $words
    if [[ $rc -eq 1 || $rc -eq 2 ]]; then pass; else fail "no crash: poker $words" "status $rc, stderr: $err"; fi
done

# ---------------------------------------------------------------------------
# batch agrees with single comparisons, and a million lines run in seconds

awk 'BEGIN {
    srand(2026)
    split("2 3 4 5 6 7 8 9 T J Q K A", ranks, " "); split("c d h s", suits, " ")
    for (i = 0; i < 52; i++) deck[i] = ranks[i % 13 + 1] suits[int(i / 13) + 1]
    for (line = 0; line < 1000; line++) {
        for (i = 0; i < 52; i++) { j = i + int(rand() * (52 - i)); t = deck[i]; deck[i] = deck[j]; deck[j] = t }
        a = 5 + int(rand() * 3); b = 5 + int(rand() * 3); h1 = ""; h2 = ""
        for (i = 0; i < a; i++) h1 = h1 deck[i]
        for (i = 0; i < b; i++) h2 = h2 deck[20 + i]
        print h1 " " h2
    }
}' > "$work/sample"
cp "$work/sample" "$work/in"
run compare
cp "$work/out" "$work/sample_out"
expect_true "batch: 1000 random lines, status 0" test "$rc-$(wc -l < "$work/sample_out")" = "0-1000"
agree=true
n=0
mapfile -t batch_lines < "$work/sample_out"
while read -r h1 h2; do
    n=$((n + 1))
    single=$("$POKER" compare "$h1" "$h2")
    batch=${batch_lines[n - 1]}
    [[ $single == "$batch" ]] || { agree=false; echo "  $h1 $h2: '$single' vs '$batch'"; break; }
done < <(head -n 50 "$work/sample")
expect_true "batch: agrees with single comparisons" $agree

for r in ace-to-five deuce-to-seven eight-or-better; do
    cp "$work/sample" "$work/in"
    run compare --rules "$r"
    cp "$work/out" "$work/sample_out_$r"
    agree=true
    n=0
    mapfile -t batch_lines < "$work/sample_out_$r"
    while read -r h1 h2; do
        n=$((n + 1))
        single=$("$POKER" compare --rules "$r" "$h1" "$h2")
        [[ $single == "${batch_lines[n - 1]}" ]] || { agree=false; echo "  $r: $h1 $h2: '$single'"; break; }
    done < <(head -n 20 "$work/sample")
    expect_true "batch --rules $r: 1000 lines, status 0, agrees with single comparisons" \
        test "$rc-$(wc -l < "$work/sample_out_$r")-$agree" = "0-1000-true"
done

sample_text=$(<"$work/sample")
for _ in $(seq 1000); do printf '%s\n' "$sample_text"; done > "$work/million"
start=$(date +%s.%N)
"$POKER" compare < "$work/million" > "$work/million_out" 2> "$work/err"
rc=$?
end=$(date +%s.%N)
echo "timing: 1,000,000 batch lines in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"
expect_true "batch: a million lines, one result each" test "$rc-$(wc -l < "$work/million_out")" = "0-1000000"
expect_true "batch: a million lines, same results as the first thousand" \
    bash -c "head -n 1000 '$work/million_out' | cmp -s - '$work/sample_out' && tail -n 1000 '$work/million_out' | cmp -s - '$work/sample_out'"

# The rules are chosen once per batch, so other rule sets run at the same speed.
for r in deuce-to-seven eight-or-better; do
    start=$(date +%s.%N)
    "$POKER" compare --rules "$r" < "$work/million" > "$work/million_out" 2> "$work/err"
    rc=$?
    end=$(date +%s.%N)
    echo "timing: 1,000,000 batch lines with --rules $r in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"
    expect_true "batch --rules $r: a million lines, same results as the first thousand" \
        bash -c "test '$rc' = 0 && test \$(wc -l < '$work/million_out') = 1000000 && tail -n 1000 '$work/million_out' | cmp -s - '$work/sample_out_$r'"
done

# Wild cards in batch mode: the same results as single comparisons, on the
# sample (deuces wild) and on a sample dealt from a deck with two jokers.
awk 'BEGIN {
    srand(7)
    split("2 3 4 5 6 7 8 9 T J Q K A", ranks, " "); split("c d h s", suits, " ")
    for (i = 0; i < 52; i++) deck[i] = ranks[i % 13 + 1] suits[int(i / 13) + 1]
    deck[52] = "Xx"; deck[53] = "Xx"
    for (line = 0; line < 1000; line++) {
        for (i = 0; i < 54; i++) { j = i + int(rand() * (54 - i)); t = deck[i]; deck[i] = deck[j]; deck[j] = t }
        a = 5 + int(rand() * 3); b = 5 + int(rand() * 3); h1 = ""; h2 = ""
        for (i = 0; i < a; i++) h1 = h1 deck[i]
        for (i = 0; i < b; i++) h2 = h2 deck[20 + i]
        print h1 " " h2
    }
}' > "$work/joker_sample"
expect_true "batch: the joker sample holds jokers" test "$(grep -c Xx "$work/joker_sample")" -gt 100
for opts in "--wild 2" "--wild jokers" "--bug" "--wild 2,jokers --double-ace-flush" "--wild 2 --paytable" "--rules ace-to-five --bug" "--rules deuce-to-seven --wild jokers"; do
    sample=$work/joker_sample
    [[ $opts == "--wild 2" || $opts == *paytable* ]] && sample=$work/sample
    cp "$sample" "$work/in"
    # shellcheck disable=SC2086
    run compare $opts
    cp "$work/out" "$work/wild_out"
    agree=true
    n=0
    mapfile -t batch_lines < "$work/wild_out"
    while read -r h1 h2; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        single=$("$POKER" compare $opts "$h1" "$h2")
        [[ $single == "${batch_lines[n - 1]}" ]] || { agree=false; echo "  $opts: $h1 $h2: '$single'"; break; }
    done < <(head -n 30 "$sample")
    expect_true "batch $opts: 1000 lines, status 0, agrees with single comparisons" \
        test "$rc-$(wc -l < "$work/wild_out")-$agree" = "0-1000-true"
done
cp "$work/sample" "$work/in"
run compare --wild 2
cp "$work/out" "$work/sample_out_wild"
expect_true "batch --wild 2: results differ from natural ones" bash -c "! cmp -s '$work/sample_out_wild' '$work/sample_out'"
expect_true "batch --wild 2: five of a kind appears" grep -q 'Five ' "$work/sample_out_wild"
cp "$work/joker_sample" "$work/in"
run compare
expect_true "batch: the joker sample without wild cards has bad lines" test "$rc-$(grep -c '^error: line [0-9]*: a joker' "$work/out")" = "1-$(grep -c Xx "$work/joker_sample")"

# A million lines with --wild 2: one dispatch for the batch, so about the speed of natural hands.
start=$(date +%s.%N)
"$POKER" compare --wild 2 < "$work/million" > "$work/million_out" 2> "$work/err"
rc=$?
end=$(date +%s.%N)
echo "timing: 1,000,000 batch lines with --wild 2 in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"
expect_true "batch --wild 2: a million lines, same results as the first thousand" \
    bash -c "test '$rc' = 0 && test \$(wc -l < '$work/million_out') = 1000000 && tail -n 1000 '$work/million_out' | cmp -s - '$work/sample_out_wild'"

# ---------------------------------------------------------------- games and pots

run games
expect_true "games: one line per game, eighteen games" test "$rc-$(printf '%s\n' "$out" | wc -l)" = "0-18"
for name in holdem short-deck short-deck-wsop omaha omaha5 omaha6 omaha-hi-lo omaha5-hi-lo stud stud-hi-lo razz five-card-draw \
    deuce-to-seven-single-draw deuce-to-seven-triple-draw ace-to-five-triple-draw badugi joker-draw deuces-wild-draw; do
    expect_true "games lists $name" grep -q "^$name " "$work/out"
done
expect_json "games --json is valid JSON" games --json
json_check "games --json: names and deals" 'len(j) == 18 and j[0]["name"] == "holdem" and j[0]["hole_cards"] == 2 and j[0]["board_cards"] == 5'

expect_output "showdown --game: side pot goes back, folded chips stay" \
"game: holdem
board: 2c 7d 9h Jc Qs
button: player 3
player 1: As Ad | put in 50 | high: Pair of aces, queen-jack-nine kickers (As Ad Qs Jc 9h)
player 2: Ks Kd | put in 100 | high: Pair of kings, queen-jack-nine kickers (Ks Kd Qs Jc 9h)
player 3: folded | put in 20
main pot: 120 | eligible: players 1, 2
  high 120: player 1 wins 120 with Pair of aces, queen-jack-nine kickers
side pot 1: 50 | eligible: player 2
  player 2 takes 50 (the only player eligible)
payouts: player 1 120, player 2 50, player 3 0" \
    showdown --game holdem --board "2c 7d 9h Jc Qs" --button 3 --player "As Ad:50" --player "Ks Kd:100" --player fold:20

expect_json "showdown --game --json is valid JSON" showdown --game holdem --board 2c7d9hJcQs --button 3 \
    --player AsAd:50 --player KsKd:100 --player fold:20 --json
json_check "showdown --game --json: payouts in player order" 'j["payouts"] == [120, 50, 0]'
json_check "showdown --game --json: pots" 'j["pots"][0]["amount"] == 120 and j["pots"][0]["eligible"] == [1, 2] and j["pots"][1]["uncontested"]'

expect_json "omaha-hi-lo: quartered low, odd chip clockwise from the button" showdown --game omaha-hi-lo \
    --board "2c 3d 8h Jc Qs" --button 1 --player "As 4d Kh Kd:101" --player "Ah 5d 7c 7d:101" --player "Ac 4c Qd Qh:101" --json
json_check "omaha-hi-lo: payouts 75, 0, 228" 'j["payouts"] == [75, 0, 228]'
json_check "omaha-hi-lo: high 152 and low 151" '[s["amount"] for s in j["pots"][0]["shares"]] == [152, 151]'

expect_json "omaha-hi-lo: a scoop with different hole cards" showdown --game omaha-hi-lo \
    --board "2c 5d 8h Kc Qc" --player "Ac 3d Jc Tc:100" --player "Ad 4h 9s 9d:100" --json
json_check "omaha-hi-lo scoop: payouts" 'j["payouts"] == [200, 0] and j["players"][0]["high"]["category"] == "Flush"'

expect_json "razz: the wheel wins" showdown --game razz --player "As 2d 3c 4h 5s Kd Kc:60" --player "Ah 2s 3d 4c 6h 7d 8c:60" --json
json_check "razz: payouts" 'j["payouts"] == [120, 0] and j["players"][0]["high"] is None'

expect_json "deuce-to-seven: 7-5-4-3-2 wins, A-5 loses to king high" showdown --game deuce-to-seven-triple-draw \
    --player "7s 5d 4c 3h 2s:10" --player "Ah 2d 3c 4s 5h:10" --player "Kd 9c 6h 8d 3d:10" --json
json_check "deuce-to-seven: payouts" 'j["payouts"] == [30, 0, 0]'

expect_json "short deck: a flush beats a full house" showdown --game short-deck --board "6h 7h 9h Ks Kd" \
    --player "Ah Th:50" --player "Kc 9s:50" --json
json_check "short deck: payouts" 'j["payouts"] == [100, 0]'

expect_json "stud: the odd chip to the highest card by suit" showdown --game stud \
    --player "Ac Kd Qh Jc Tc 2d 3d:50" --player "As Kh Qd Js Ts 2h 3h:50" --player fold:1 --json
json_check "stud: payouts" 'j["payouts"] == [50, 51, 0]'

expect_json "contributions may be left out" showdown --game holdem --board 2c7d9hJcQs --player AsAd --player KsKd --json
json_check "no contributions: nothing paid" 'j["payouts"] == [0, 0]'

expect_error "showdown --game: unknown game lists the games" 2 "unknown game 'texas' (valid games: holdem, short-deck" \
    showdown --game texas --player AsAd:1 --player KsKd:1
expect_error "showdown --game: negative contribution" 1 "player 2 has a negative contribution (-5)" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:10 --player KsKd:-5
expect_error "showdown --game: contribution not a number" 1 "player 2: the contribution 'x' is not a whole number of chips" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:10 --player KsKd:x
expect_error "showdown --game: wrong hole cards" 1 "player 2 shows 3 cards; holdem needs 2" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:10 --player KsKdQd:10
expect_error "showdown --game: wrong board" 1 "omaha needs 5 board cards at showdown, got 3" \
    showdown --game omaha --board 2c7d9h --player AsAdKcKd:10 --player QsQdJcJd:10
expect_error "showdown --game: a card dealt twice" 1 "As is dealt twice (player 1 and player 2)" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:10 --player AsKd:10
expect_error "showdown --game: everybody folded" 1 "every player folded" \
    showdown --game holdem --board 2c7d9hJcQs --player fold:10 --player fold:10
expect_error "showdown --game: bad card" 1 "player 1: " \
    showdown --game holdem --board 2c7d9hJcQs --player AsZz:10 --player KsKd:10
expect_error "showdown --game: button out of range" 2 "--button must be a player number from 1 to 2, got '3'" \
    showdown --game holdem --board 2c7d9hJcQs --button 3 --player AsAd:10 --player KsKd:10
expect_error "showdown --game: rule options do not mix" 2 "--rules cannot be combined with --game" \
    showdown --game holdem --rules razz --board 2c7d9hJcQs --player AsAd:10 --player KsKd:10
expect_error "showdown: --player needs --game" 2 "--player needs --game NAME" showdown --player AsAd:10 --player KsKd:10
expect_error "showdown --game: one player" 2 "at least two --player options" showdown --game holdem --player AsAd:10
expect_error "showdown --game: a folded player shows cards" 1 "player 1 folded and cannot show cards" \
    showdown --game holdem --board 2c7d9hJcQs --player "fold Ah 4c:10" --player KsKd:10
expect_error "showdown --game: contribution too large" 1 "player 2: the contribution 99999999999999999999 is more than" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:10 --player KsKd:99999999999999999999
expect_json "showdown --game: everybody else folded before the flop" showdown --game holdem \
    --player fold:1 --player :2 --player fold:2 --json
json_check "folded before the flop: the last player takes it" 'j["payouts"] == [0, 5, 0] and j["players"][1]["high"] is None'
expect_json "stud: no button in the JSON" showdown --game stud --player "Ac Kd Qh Jc Tc 2d 3d:5" --player "As Kh Qd Js Ts 2h 3h:5" --json
json_check "stud: button is null" 'j["button"] is None'
expect_json "omaha-hi-lo: the same two players tie both halves: 33 each" showdown --game omaha-hi-lo \
    --board "3c 4d 5h Ks Qd" --player "As 2s Jc Tc:33" --player "Ad 2d Jh Th:33" --json
json_check "both halves tied: no player gets two odd chips" 'j["payouts"] == [33, 33]'


# ---------------------------------------------------------------------------
# hostile input: sizes beyond what the engine counts, chip totals beyond 2^62

all_cards=$(for s in c d h s; do for r in 2 3 4 5 6 7 8 9 T J Q K A; do printf '%s%s' "$r" "$s"; done; done)XxXx
expect_error "compare: 52 cards and both jokers are not a five-card hand" 1 "takes 5 to 10 cards, got 54" \
    compare --wild 2 "$all_cards" AsKsQsJsTs
expect_error "eval: 52 cards and both jokers" 1 "takes 5 to 10 cards, got 54" eval "$all_cards"
expect_error "eval --wild jokers: 52 cards and both jokers" 1 "takes 5 to 10 cards, got 54" eval --wild jokers "$all_cards"
printf '%s\n' "$all_cards AsKsQsJsTs" "AsKsQsJsTs 2c3c4c5c7d" > "$work/in"
run compare --wild 2
first_line=$(line 1)
expect_true "batch: 54 cards give one whole error line" test "$rc-$(wc -l < "$work/out")-${first_line:0:65}-${first_line: -7}" = \
    '1-2-error: line 1: a high hand takes 5 to 10 cards, got 54: "Xx Xx As- 2d 2c"'
expect_true "batch: the line after 54 cards is compared" test "$(line 2)" = \
    ">${tab}Royal flush${tab}Seven-high straight"
: > "$work/in"
many_folded=()
for ((i = 0; i < 9300; ++i)); do many_folded+=(--player fold:1000000000000000); done
# --profile: stud odd chips by the five cards used (wsop-2024, the default, as in 'poker play') or all cards (roberts)
stud_tie=(showdown --game stud --player "9s 8h 7d 6c 5s 3d 2d:7" --player "9h 8s 7c 6d 5h Kc 2c:7" --player fold:3)
run "${stud_tie[@]}"
expect_true "showdown --game: stud odd chip by the five cards used by default" test "$rc-$(tail -n 1 "$work/out")" = "0-payouts: player 1 9, player 2 8, player 3 0"
run "${stud_tie[@]}" --profile wsop-2024
expect_true "showdown --game --profile wsop-2024" test "$rc-$(tail -n 1 "$work/out")" = "0-payouts: player 1 9, player 2 8, player 3 0"
run "${stud_tie[@]}" --profile roberts
expect_true "showdown --game --profile roberts: by all the cards" test "$rc-$(tail -n 1 "$work/out")" = "0-payouts: player 1 8, player 2 9, player 3 0"
run showdown --game holdem --board "As Ks Qs Js Ts" --button 2 --player "2c 3d:30" --player "4h 5c:30" --player "6d 7h:30" --player fold:11 --profile pokerkit
expect_true "showdown --game --profile pokerkit: every odd chip to the first tied player" test "$rc-$(tail -n 1 "$work/out")" = "0-payouts: player 1 33, player 2 33, player 3 35, player 4 0"
expect_error "showdown --game: unknown --profile" 2 "unknown rule profile 'bogus'" "${stud_tie[@]}" --profile bogus
expect_error "showdown: --profile needs --game" 2 "needs --game" showdown --profile roberts AsAd KsKd
expect_error "showdown --game: chip total beyond 2^62" 1 "add up to more than 4611686018427387904 chips" \
    showdown --game holdem --board 2c7d9hJcQs --player AsAd:1000000000000000 --player KsKd:1000000000000000 \
    "${many_folded[@]}"

{ head -c 2000000 /dev/zero | tr '\0' 'A'; printf '\nAsKsQsJsTs 2c3c4c5c7d\n'; } > "$work/in"
run compare
expect_true "batch: a line over 1 MiB is one error line, and the next line is compared" test "$rc-$out" = \
    "1-error: line 1: the line is longer than 1048576 bytes
>${tab}Royal flush${tab}Seven high, five-four-three-two kickers"
: > "$work/in"

# Control characters and bytes that are not UTF-8 are shown as escapes, and the
# bytes after them are kept.
expect_error "eval: a byte that is not UTF-8" 1 "unknown suit '\\xff' in \"A\\xffs Ks Qs Js Ts\"" \
    eval $'A\xffs Ks Qs Js Ts'
expect_error "eval: an escape sequence" 1 "unknown rank '\\x1b' in \"As Ks Qs Js \\x1b[31mTs\"" \
    eval $'As Ks Qs Js \e[31mTs'
expect_error "an unknown command with a control character" 2 "unknown command 'bad\\x01'" $'bad\x01'
expect_error "showdown: a bad game name" 2 "unknown game 'hold\\x07em'" \
    showdown --game $'hold\aem' --board 2c7d9hJcQs --player AsAd:1 --player KsKd:1

finish
