#!/usr/bin/env bash
# The browser table in headless Chromium: a person takes a seat at a six-seat
# table with five bots and plays 20 hands by clicking (tests/browser/play_table.mjs,
# over the DevTools protocol, no npm package); the page's chips must then be the
# server's, and the database's chips must add up. Skipped (77) without Chromium or Node.
#
#   test_server_browser.sh POKER PLAY_TABLE_MJS [SCREENSHOT]
set -uo pipefail
POKER="$1"
SCRIPT="$2"
SHOT="${3:-}"
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$CHROMIUM" ] || ! command -v node > /dev/null; then echo "skipped: no chromium or node"; exit 77; fi
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
printf '[[table]]\nid = "six"\ngame = "holdem"\nseats = 6\nrunouts = 2\nbuy_in = [40, 200]\nbetween_hands = 0.1\n' > "$WORK/rooms.toml"
"$POKER" serve --config "$WORK/rooms.toml" --db "$WORK/poker.db" --listen 127.0.0.1:0 --seed 4 > "$WORK/out" 2>&1 &
for _ in $(seq 100); do grep -q '^listening on' "$WORK/out" && break; sleep 0.05; done
port=$(sed -n 's/^listening on 127.0.0.1://p' "$WORK/out")
"$POKER" bot --connect "ws://127.0.0.1:$port/ws" --table six --count 5 --think 10 --policy calling-station > "$WORK/bots" 2>&1 &
sleep 0.3
result=$(node "$SCRIPT" "$CHROMIUM" "http://127.0.0.1:$port/?table=six" 20 "${SHOT:-$WORK/page.png}")
echo "$result"
[[ "$result" == '{"hands":'* ]] || { tail -n 20 "$WORK/out" "$WORK/bots"; exit 1; }
audit=$("$POKER" serve --db "$WORK/poker.db" --audit)
echo "$audit"
[[ "$audit" == *'"conserved": true'* ]] || { echo "FAIL: chips"; exit 1; }
echo "ok"
