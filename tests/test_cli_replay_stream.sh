#!/usr/bin/env bash
# End-to-end checks of `poker replay` on large inputs: a history streamed in
# bounded memory, the same output whatever the threads and whether the file is
# read whole or streamed, bad hands reported in place with their position, and
# the progress line of long work on a terminal and on a pipe.
#
# Usage: tests/test_cli_replay_stream.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# ---------------------------------------------------------------------------
# Order and content: a file read whole (a small regular file) is the reference;
# streamed through a pipe on any number of threads, the lines are the same but
# for the file's name. 10,000 hands make three blocks of the stream.

"$POKER" play --game holdem --hands 10000 --seed 11 --phhs "$work/h.phhs" > /dev/null
"$POKER" replay --json "$work/h.phhs" > "$work/whole.json"
expect_true "replay whole: 10,000 lines, every hand ok" \
    test "$(wc -l < "$work/whole.json")" = 10000 -a "$(grep -c '"status": "ok"' "$work/whole.json")" = 10000
sed "s|^{\"file\": \"$work/h.phhs\"|{\"file\": \"/dev/stdin\"|" "$work/whole.json" > "$work/whole-as-stdin.json"
for threads in 1 2 3 8; do
    cat "$work/h.phhs" | "$POKER" replay --json --threads "$threads" /dev/stdin > "$work/stream.json"
    expect_true "replay streamed on $threads threads: the lines of the file read whole, in order" \
        cmp -s "$work/whole-as-stdin.json" "$work/stream.json"
done
expect_true "replay streamed: the hands numbered 0 to 9,999 in order" \
    test "$(grep -o '"hand": [0-9]*' "$work/stream.json" | awk '{ if ($2 != NR - 1) bad = 1 } END { print NR, bad + 0 }')" = "10000 0"
cat "$work/h.phhs" | "$POKER" replay --threads 2 /dev/stdin > "$work/stream.txt"
"$POKER" replay --threads 1 "$work/h.phhs" | sed "s|^$work/h.phhs |/dev/stdin |" > "$work/whole.txt"
expect_true "replay streamed, text: the lines of the file read whole" cmp -s "$work/whole.txt" "$work/stream.txt"

# ---------------------------------------------------------------------------
# Bounded memory: a history larger than the address space the replay may use
# is streamed under that limit. The limit leaves room for the program, its
# threads and two blocks of hands (it runs in 64 MiB), not for the file (nor for
# the copies of it that reading it whole takes). One malloc arena: the address
# space then follows the memory used, not the arenas reserved per thread.

if [[ ${POKERENGINE_ADDRESS_SANITIZER:-0} == 1 ]]; then
    echo "note: built with AddressSanitizer, whose shadow memory needs more address space than any limit allows: the memory limit is not checked"
elif command -v prlimit > /dev/null; then
    limit=$((104 << 20))
    "$POKER" play --game holdem --hands 160000 --seed 5 --phhs "$work/big.phhs" > /dev/null
    size=$(stat -c %s "$work/big.phhs")
    expect_true "the history is larger than the memory limit ($size > $limit bytes)" test "$size" -gt "$limit"
    cat "$work/big.phhs" | MALLOC_ARENA_MAX=1 prlimit --as=$limit "$POKER" replay --threads 2 /dev/stdin \
        > "$work/big.out" 2> "$work/big.err"
    rc=$?
    expect_true "replay under a ${limit}-byte address-space limit: status 0, every hand ok" \
        test "$rc" = 0 -a "$(grep -c ': ok |' "$work/big.out")" = 160000 -a ! -s "$work/big.err"
    rm -f "$work/big.phhs" "$work/big.out"
else
    echo "note: prlimit not found, the memory limit is not checked"
fi

# ---------------------------------------------------------------------------
# Bad input in the middle and at the end: the hand is reported with its line
# and byte offset, and the others replay.

"$POKER" play --game holdem --hands 6 --seed 2 --phhs "$work/six.phhs" > /dev/null
# A control character in an action of table [3], and the last table cut short.
sed '/^\[3\]$/,/^\[4\]$/ s/^  .d dh p1 /  '"'"'d dh p1 \x01/' "$work/six.phhs" | head -c -40 > "$work/bad.phhs"
position() { grep -bn "^\[$1\]\$" "$work/bad.phhs" | awk -F: '{ print "(line " $1 ", byte " $2 ")" }'; }
cat "$work/bad.phhs" | "$POKER" replay /dev/stdin > "$work/bad.out"
rc=$?
out=$(<"$work/bad.out")
expect_true "bad hands: status 1, four hands ok" test "$rc" = 1 -a "$(grep -c ': ok |' <<< "$out")" = 4
expect_true "a bad byte in hand 2: that hand, its line and byte" \
    grep -qF "/dev/stdin hand 2: error: /dev/stdin, hand 2 [3] $(position 3): line " <<< "$out"
expect_true "a truncated last hand: that hand, its line and byte" \
    grep -qF "/dev/stdin hand 5: error: /dev/stdin, hand 5 [6] $(position 6): " <<< "$out"
expect_true "bad hands: the lines in input order" \
    test "$(grep -o '^/dev/stdin hand [0-9]' <<< "$out" | tr -d '\n')" = "$(printf '/dev/stdin hand %d' 0 1 2 3 4 5)"
cat "$work/bad.phhs" | "$POKER" replay --json /dev/stdin | tail -n 1 > "$work/out"
out=$(<"$work/out")
json_check "bad hands --json: unreadable, with the hand's number" \
    'j["hand"] == 5 and j["status"] == "error" and j["error"]["code"] == "unreadable" and "(line " in j["error"]["message"]'

# ---------------------------------------------------------------------------
# The progress line: drawn on a terminal (a pseudo-terminal made by script),
# erased at the end; nothing on a pipe unless --progress; nothing with --quiet.

# The line is drawn once the work has taken half a second: 600,000 hands played
# and 100,000 replayed on one thread take longer on any machine; under the
# sanitizers 100,000 played and 20,000 replayed take several seconds.
pty_hands=600000 pty_hands_text=600,000 pty_copies=10
if [[ ${POKERENGINE_ADDRESS_SANITIZER:-0} == 1 ]]; then pty_hands=100000 pty_hands_text=100,000 pty_copies=2; fi
if command -v script > /dev/null; then
    script -qec "'$POKER' play --game holdem --hands $pty_hands --seed 1" /dev/null < /dev/null > "$work/pty.out"
    expect_true "play --hands on a terminal: a progress line, redrawn and erased" \
        grep -qaE $'\rplay: [0-9,]+ of '"$pty_hands_text"$' hands \\([0-9]+%\\), [0-9,]+ hands/s.*\r\e\\[K# holdem' "$work/pty.out"
    expect_true "play --hands on a terminal: the summary still follows" grep -qa "^hands: $pty_hands" "$work/pty.out"
    script -qec "'$POKER' play --game holdem --hands $pty_hands --seed 1 --quiet" /dev/null < /dev/null > "$work/pty.out"
    expect_true "play --hands --quiet on a terminal: no progress line" test "$(grep -c 'hands/s' "$work/pty.out")" = 0
    script -qec "'$POKER' replay --threads 1 $(printf "'$work/h.phhs' %.0s" $(seq "$pty_copies"))" /dev/null < /dev/null > "$work/pty.out"
    expect_true "replay on a terminal: a progress line of hands and the rate" \
        grep -qaE $'\rreplay: [0-9,]+ hands \\([0-9]+%\\), [0-9,]+ hands/s' "$work/pty.out"
else
    echo "note: script not found, the progress line on a terminal is not checked"
fi
"$POKER" play --game holdem --hands 100000 --seed 1 > /dev/null 2> "$work/err"
expect_true "play --hands on a pipe: nothing on standard error" test ! -s "$work/err"
"$POKER" play --game holdem --hands 100000 --seed 1 --progress > /dev/null 2> "$work/err"
expect_true "play --hands --progress on a pipe: progress lines, the last of every hand" \
    grep -qE '^play: 100,000 of 100,000 hands \(100%\), [0-9,]+ hands/s$' "$work/err"
cat "$work/h.phhs" | "$POKER" replay --progress /dev/stdin > /dev/null 2> "$work/err"
expect_true "replay --progress on a pipe: the hands, the share of the bytes read" \
    grep -qE '^replay: 10,000 hands, [0-9,]+ hands/s$|^replay: 10,000 hands \(100%\)' "$work/err"
"$POKER" odds --cards 6 --progress > /dev/null 2> "$work/err"
expect_true "odds --progress on a pipe: the count's progress" \
    grep -qE '^counting: 20,358,520 of 20,358,520 hands \(100%\)' "$work/err"
"$POKER" odds --cards 6 --progress --quiet > /dev/null 2> "$work/err"
expect_true "odds --progress --quiet: nothing" test ! -s "$work/err"

finish
