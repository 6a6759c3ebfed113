#!/bin/bash
# poker serve --acpc over loopback: players of tests/acpc_client.py (written from
# the protocol document) play matches of 2- and 3-player limit and no-limit
# hold'em; every line they receive is checked, the log must read back in
# `poker import --acpc-game` to the SCORE line, and bad clients (malformed and
# refused replies, a disconnection, a silent seat, no or a wrong VERSION line)
# get what docs/acpc_server.md says while the match goes on to its end.
# Usage: test_acpc_serve.sh POKER CLIENT_PY

poker=$1
client=$2
source "$(dirname "$0")/check_support.sh"

game() {  # game NAME: a game definition in the competition's format
    case $1 in
        limit2) printf 'GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n' ;;
        nolimit2) printf 'GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n' ;;
        limit3) printf 'GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 4\nblind = 5 10 0\nraiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n' ;;
        nolimit3) printf 'GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\nblind = 50 100 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n' ;;
    esac > "$work/$1.game"
}
for g in limit2 nolimit2 limit3 nolimit3; do game $g; done

# match NAME GAME HANDS TIMEOUT_MS MODE...: a server and one client per mode, in arrival order.
match() {
    local name=$1 g=$2 hands=$3 ms=$4
    shift 4
    local dir=$work/$name
    mkdir -p "$dir"
    timeout 60 "$poker" serve --acpc 127.0.0.1:0 --acpc-game "$work/$g.game" --acpc-hands "$hands" --acpc-seed 7 \
        --acpc-log "$dir/log" --acpc-timeout "$ms" > "$dir/out" 2> "$dir/err" &
    local server=$! port=
    for _ in $(seq 100); do
        port=$(sed -n 's/^acpc: listening on 127.0.0.1:\([0-9]*\),.*/\1/p' "$dir/err")
        [[ -n $port ]] && break
        sleep 0.05
    done
    local i=0
    for mode in "$@"; do
        i=$((i + 1))
        timeout 60 "${python3_path:-python3}" "$client" "$port" "$work/$g.game" "$mode" "$i" > "$dir/client$i" 2> "$dir/client$i.err" &
        for _ in $(seq 200); do  # the arrival order: the next player connects after this one
            grep -q connected "$dir/client$i.err" 2> /dev/null && break
            sleep 0.02
        done
    done
    wait $server
    echo $? > "$dir/status"
    wait
}

# played NAME GAME HANDS: the match ended well, its log reads back to its SCORE, every client saw every hand.
played() {
    local name=$1 g=$2 hands=$3 dir=$work/$1
    [[ $(<"$dir/status") == 0 ]] && pass || fail "$name: poker serve exit status $(<"$dir/status")" "$(tail -3 "$dir/err")"
    local score
    score=$(<"$dir/out")
    [[ $score == SCORE:* && $(tail -1 "$dir/log") == "$score" ]] && pass || fail "$name: the SCORE printed is the log's last line" "$score"
    [[ $(grep -c '^STATE:' "$dir/log") == "$hands" ]] && pass || fail "$name: $hands STATE lines in the log"
    "$poker" import "$dir/log" --acpc-game "$work/$g.game" --quiet --json > "$dir/import" 2>&1 &&
        pass || fail "$name: poker import --acpc-game reads the log" "$(grep -v '"ok"' "$dir/import" | head -3)"
    local sums
    sums=$(python3 - "$dir/import" <<'PY'
import json, sys
totals = {}
for line in open(sys.argv[1]):
    h = json.loads(line)
    for name, result in zip(h["players"], h["results"]):
        totals[name] = totals.get(name, 0) + int(result)
print("SCORE:" + "|".join(str(totals[n]) for n in sorted(totals)) + ":" + "|".join(sorted(totals)))
PY
)
    [[ $sums == "$score" ]] && pass || fail "$name: the imported hands add up to the SCORE" "$sums" "$score"
}

# client_saw NAME I HANDS: client I found no error in its lines and saw HANDS hands (first position FIRST).
client_saw() {
    local name=$1 i=$2 hands=$3 first=$4 dir=$work/$1
    python3 - "$dir/client$i" "$hands" "$first" <<'PY' && pass || fail "$name: client $i" "$(head -c 600 "$dir/client$i")" "$(head -3 "$dir/client$i.err")"
import json, sys
seen = json.load(open(sys.argv[1]))
hands, first = int(sys.argv[2]), int(sys.argv[3])
assert not seen["errors"], seen["errors"][:3]
assert seen["hands"] == list(range(hands)), "hands %s" % seen["hands"][:5]
assert seen["finals"] == hands, seen["finals"]
assert seen["positions"][0] == first, seen["positions"][:3]
PY
}

notice() {  # notice NAME TEXT: the server said it on standard error
    grep -q -- "$2" "$work/$1/err" && pass || fail "$1: the server says '$2'" "$(head -5 "$work/$1/err")"
}

# Players that keep to the protocol; the first to arrive is seat 1, position 0 of hand 0.
match limit2 limit2 100 20000 random random
played limit2 limit2 100
client_saw limit2 1 100 0
client_saw limit2 2 100 1
match nolimit3 nolimit3 100 20000 random random random
played nolimit3 nolimit3 100
for i in 1 2 3; do client_saw nolimit3 $i 100 $((i - 1)); done
notice nolimit3 "a raise size out of range is moved to the nearest legal size"

# Malformed replies, other states and comments are ignored or played as a call; a refused action as a call.
match garbage nolimit2 30 20000 garbage random
played garbage nolimit2 30
client_saw garbage 1 30 0
notice garbage "a reply to no state sent is ignored"
notice garbage "an action that does not read is played as a call"
notice garbage "an invalid action is played as a call"
if grep -q 'ignored.*# a comment' "$work/garbage/err"; then fail "garbage: a comment is not a reply"; else pass; fi

# A player that disconnects mid-match: its seat checks or folds to the end.
match quit limit3 30 20000 random quit:10 random
played quit limit3 30
client_saw quit 1 30 0
notice quit "seat 2 (p2) disconnected: it checks or folds from now on"

# A player that stops answering (half-open): out of time, then the same.
SECONDS=0
match silent nolimit2 10 300 silent random
played silent nolimit2 10
notice silent "seat 1 (p1) ran out of time"
((SECONDS < 20)) && pass || fail "silent: the match ends soon after the timeout ($SECONDS s)"

# Connections without a good VERSION line are closed and not seated; the next arrivals are.
match handshake limit2 10 300 noversion badversion random random
played handshake limit2 10
client_saw handshake 3 10 0
client_saw handshake 4 10 1
grep -q '"closed": true' "$work/handshake/client1" && pass || fail "handshake: the silent connection is closed"
notice handshake "a connection that sent no VERSION line in time is closed"
notice handshake "a connection whose first line is not VERSION:2.x.x is closed"

# Usage errors.
check_usage() {  # check_usage TEXT ARGS...: exit status 2 and TEXT on standard error
    local text=$1
    shift
    local err status
    err=$("$poker" serve "$@" 2>&1 > /dev/null)
    status=$?
    [[ $status == 2 && $err == *"$text"* ]] && pass || fail "poker serve $*: status 2 and '$text'" "$status $err"
}
printf 'GAMEDEF\nlimit\nnumPlayers = 2\nEND GAMEDEF\n' > "$work/short.game"
check_usage "--acpc needs --acpc-game FILE" --acpc 127.0.0.1:0
check_usage "--acpc-log goes with --acpc HOST:PORT" --acpc-log x
check_usage "--acpc must be HOST:PORT" --acpc 127.0.0.1 --acpc-game "$work/limit2.game"
check_usage "--acpc-game '$work/short.game': game definition line" --acpc 127.0.0.1:0 --acpc-game "$work/short.game"
check_usage "--acpc-game: cannot read" --acpc 127.0.0.1:0 --acpc-game "$work/none.game"

finish
