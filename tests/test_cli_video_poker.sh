#!/usr/bin/env bash
# End-to-end checks of `poker video-poker`: hold values, the three returns
# against their published figures, pay-table files, JSON output and errors.
#
# Usage: tests/test_cli_video_poker.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# verdict NAME OK DETAIL...: counts a check, printing the details of a failure.
verdict() {
    local name=$1 ok=$2
    shift 2
    if [[ $ok == yes ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name"
        printf '  %s\n' "$@" "status: $rc" "stdout: $out" "stderr: $err"
    fi
}

# vp ARGS...: runs `poker video-poker ARGS`, leaving $out, $err and $rc.
vp() {
    "$POKER" video-poker "$@" > "$work/out" 2> "$work/err" < /dev/null
    rc=$?
    out=$(<"$work/out")
    err=$(<"$work/err")
}

# has_line NAME LINE ARGS...: status 0, no error output, and LINE is one whole line of the output.
has_line() {
    local name=$1 line=$2
    shift 2
    vp "$@"
    local ok=no
    [[ $rc -eq 0 && -z $err ]] && grep -qxF -- "$line" "$work/out" && ok=yes
    verdict "$name" "$ok" "expected the line: $line"
}

# fails NAME STATUS TEXT ARGS...: that status, no output, one error line containing TEXT.
fails() {
    local name=$1 status=$2 text=$3
    shift 3
    vp "$@"
    local ok=no
    [[ $rc -eq $status && -z $out && $err == "poker: error: "*"$text"* && $err != *$'\n'* ]] && ok=yes
    verdict "$name" "$ok" "expected status $status and an error containing: $text"
}

# json_holds NAME PYTHON_EXPRESSION ARGS...: one JSON line for which the expression, over `j`, is true.
json_holds() {
    local name=$1 expression=$2
    shift 2
    vp --json "$@"
    local ok=no
    if ! command -v python3 > /dev/null; then
        ok=yes
    elif [[ $rc -eq 0 && $(wc -l < "$work/out") -eq 1 ]] &&
        python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if ($expression) else 1)" \
            "$work/out" 2> /dev/null; then
        ok=yes
    fi
    verdict "$name" "$ok" "expected: $expression"
}

jacks=jacks-or-better-9-6
deuces=deuces-wild-full-pay
joker=joker-poker-kings

# ---------------------------------------------------------------------------
# The holds of a dealt hand

vp --paytable $jacks As Ks Qs Js 9s
expected=$'pay table: jacks-or-better-9-6 (jacks-or-better)
hand: As Ks Qs Js 9s
hold            discard                ev   exact
As Ks Qs Js     9s              18.425532   866/47           best
As Ks Qs Js 9s  -                6.000000   6'
ok=no
[[ $rc -eq 0 && $(head -n 5 "$work/out") == "$expected" && $(wc -l < "$work/out") -eq 36 ]] && ok=yes
verdict "four to a royal: the first lines, and all 32 holds" "$ok" "expected: $expected"
has_line "four to a royal: the best line" "best: hold As Ks Qs Js, discard 9s: 18.425532 (866/47)" \
    --paytable $jacks As Ks Qs Js 9s
has_line "one word, lower case" "best: hold As Ks Qs Js, discard 9s: 18.425532 (866/47)" \
    --paytable=$jacks asksqsjs9s
has_line "a dealt royal holds all five" "best: hold Ah Kh Qh Jh Th, discard -: 800.000000 (800)" \
    -p $jacks Ah Kh Qh Jh Th
has_line "discarding everything is best" "best: hold -, discard 2c 3d 4h 6s 8c: 0.361030 (553798/1533939)" \
    -p $jacks "2c 3d 4h 6s 8c"
has_line "deuces wild: four deuces, equal holds mark both best" \
    "2s 2h 2d 2c     7d              200.000000   200             best" -p $deuces 2s 2h 2d 2c 7d
has_line "joker poker: the joker and a suited pair of cards" "best: hold Xx 8d 9d, discard Kc 3s: 1.888298 (355/188)" \
    -p $joker Xx 8d 9d Kc 3s

json_holds "JSON: the best hold and 32 holds" \
    "j['best']['hold'] == ['As','Ks','Qs','Js'] and j['best']['ev_exact'] == '866/47' and len(j['holds']) == 32 \
     and j['holds'][0]['best'] and not j['holds'][1]['best'] and abs(j['best']['ev'] - 866/47) < 1e-9 \
     and j['holds'][0]['draws'] == 47 and j['paytable'] == 'jacks-or-better-9-6'" \
    --paytable $jacks As Ks Qs Js 9s
json_holds "JSON: a joker hand" "j['hand'][0] == 'Xx' and j['game'] == 'joker-poker-kings' and [h['draws'] for h in j['holds'] if not h['hold']] == [1712304]" \
    --paytable $joker Xx 8d 9d Kc 3s

# ---------------------------------------------------------------------------
# Returns: the published figures to four decimals, ours to eight

has_line "return: Jacks or Better 9/6 (99.5439%)" "return: 99.54390437%" --paytable $jacks --return
grep -q '^Royal flush  *800   0\.0000247583  ' "$work/out"
ok=no; [[ $? -eq 0 ]] && ok=yes
verdict "return: the royal-flush row" "$ok"
seconds=$(sed -n 's/^time: \([0-9.]*\) s$/\1/p' "$work/out")
echo "timing: the Jacks or Better return in ${seconds:-?} s"
ok=no; awk -v s="${seconds:-999}" 'BEGIN { exit !(s < 60) }' && ok=yes
verdict "return: under a minute" "$ok"
has_line "return: full-pay Deuces Wild (100.7620%)" "return: 100.76196120%" --paytable $deuces --return
has_line "return: exact fraction" "exact: 32187682693/31944279675" --paytable $deuces --return
has_line "return: Joker Poker kings 20-7-5 (100.6463%)" "return: 100.64629663%" --paytable $joker --return
has_line "return: the joker deck's deals" \
    "deals: 2,869,685 (150,891 up to the order of suits), every hold of each played optimally" \
    --paytable $joker --return
json_holds "JSON return" \
    "j['deals'] == 2598960 and j['distinct_deals'] == 134459 and abs(j['return'] - 0.9954390437) < 1e-9 \
     and len(j['rows']) == 10 and j['rows'][-1]['key'] == 'nothing' and abs(sum(r['probability'] for r in j['rows']) - 1) < 1e-9" \
    --paytable $jacks --return

# ---------------------------------------------------------------------------
# Pay-table files

cat > "$work/8-5.txt" <<'TABLE'
# Jacks or Better 8/5: 97.2984% under optimal play
game jacks-or-better
royal-flush 800
straight-flush 50
four-of-a-kind 25
full-house 8
flush 5
straight 4
three-of-a-kind 3
two-pair 2
jacks-or-better 1
TABLE
has_line "file: Jacks or Better 8/5 (97.2984%)" "return: 97.29843375%" --paytable "$work/8-5.txt" --return
has_line "file: named by its path" "pay table: $work/8-5.txt (jacks-or-better)" --paytable "$work/8-5.txt" Ah Kh Qh Jh Th
sed 's/^flush 5$/flush five/' "$work/8-5.txt" > "$work/bad.txt"
fails "file: a bad payout names the line" 2 "bad.txt: line 7: the payout of flush must be a whole number" \
    --paytable "$work/bad.txt" --return
printf 'game jacks-or-better\nroyal 800\n' > "$work/bad.txt"
fails "file: an unknown category lists the categories" 2 \
    'line 2: unknown category "royal" for jacks-or-better (categories: royal-flush, straight-flush,' \
    --paytable "$work/bad.txt" --return
printf 'royal-flush 800\n' > "$work/bad.txt"
fails "file: the game line comes first" 2 "line 1: the first line must be 'game NAME'" --paytable "$work/bad.txt" --return

# ---------------------------------------------------------------------------
# Errors

fails "no pay table" 2 "'video-poker' needs --paytable NAME" As Ks Qs Js Ts
fails "unknown pay table lists the names" 2 \
    'unknown pay table "jacks" (pay tables: jacks-or-better-9-6, deuces-wild-full-pay, joker-poker-kings, or the path' \
    --paytable jacks As Ks Qs Js Ts
fails "a pay table that is a directory says so" 2 "or the path of a pay-table file; it is a directory)" \
    --paytable "$work" --return
fails "/dev/null as a pay table is no regular file" 2 "or the path of a pay-table file; it is not a regular file)" \
    --paytable /dev/null --return
fails "a missing pay-table file" 2 "or the path of a pay-table file; no such file)" \
    --paytable "$work/missing.txt" --return
head -c 1048577 /dev/zero > "$work/huge.txt"
fails "a pay-table file over 1 MiB" 2 "is larger than 1048576 bytes" --paytable "$work/huge.txt" --return
printf 'game jacks-or-better\nroyal-flush 8\0000\n' > "$work/nul.txt"
fails "a NUL in a pay-table file is shown, not cut" 2 'got "8\x000"' --paytable "$work/nul.txt" --return
fails "no hand" 2 "'video-poker' needs a hand of 5 cards, or --return" --paytable $jacks
fails "--return takes no hand" 2 "'video-poker --return' takes no hand" --paytable $jacks --return As Ks Qs Js Ts
fails "four cards" 1 'video poker deals 5 cards, got 4: "As Ks Qs Js"' --paytable $jacks As Ks Qs Js
fails "six cards" 1 "video poker deals 5 cards, got 6" --paytable $jacks As Ks Qs Js Ts 9s
fails "a card twice" 1 "card As appears twice" --paytable $jacks As Ks Qs Js As
fails "a bad card" 1 "unknown rank 'Z'" --paytable $jacks Zs Ks Qs Js Ts
fails "a joker without jokers" 1 "a joker (Xx) is not in the deck of jacks-or-better" --paytable $jacks Xx Ks Qs Js Ts
fails "two jokers in joker poker" 1 "joker poker has one joker" --paytable $joker Xx Xx Qs Js Ts
fails "unknown option" 2 "unknown option --paytables" --paytables $jacks As Ks Qs Js Ts

vp --help
ok=no
[[ $rc -eq 0 && $out == "usage: poker video-poker --paytable NAME [--json] HAND"* && $out == *"--return"* ]] && ok=yes
verdict "help" "$ok"

finish
