#!/usr/bin/env bash
# Nothing lost: `poker serve` killed with SIGKILL at random moments while bots
# play, then started again on the same database, again and again. After every
# kill the database's chips must add up: the stacks on the tables plus the
# cash-outs equal the buy-ins (`poker serve --audit`), and the seats come back
# (the bots say hello with their tokens and find their seats), and each table
# comes back from its saved state (its button, the blinds owed).
#
#   test_server_kill.sh POKER KILLS
set -uo pipefail

POKER="$1"
KILLS="${2:-24}"
WORK="$(mktemp -d)"
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT

cat > "$WORK/rooms.toml" <<'TOML'
listen = "127.0.0.1:0"
[[table]]
id = "nl"
game = "holdem"
seats = 6
buy_in = [40, 200]
between_hands = 0.002
[[table]]
id = "stud"
game = "stud-hi-lo"
seats = 6
between_hands = 0.002
TOML

failures=0
fresh=0
hands_before=0
RANDOM=7
for ((i = 1; i <= KILLS; i++)); do
  # The last run's output goes first: the shell truncates it in the child, which
  # on a busy machine may come after the first look for this run's line.
  rm -f "$WORK/out" "$WORK/err"
  "$POKER" serve --config "$WORK/rooms.toml" --db "$WORK/poker.db" > "$WORK/out" 2> "$WORK/err" &
  server=$!
  # Up to 10 s: a start that recovers the database on a loaded machine may take seconds.
  for _ in $(seq 500); do grep -qs '^listening on' "$WORK/out" && break; sleep 0.02; done
  port=$(sed -n 's/^listening on 127.0.0.1://p' "$WORK/out")
  if [ -z "$port" ]; then
    echo "FAIL: kill $i: the server did not start: $(<"$WORK/err")"
    failures=$((failures + 1))
    kill -9 $server 2>/dev/null
    break
  fi
  # A table comes back as it was saved (button, blinds owed), unless its state
  # was cut off from the last hand's by the failure (rare: they are written together).
  if grep -q 'saved table is not used' "$WORK/err"; then
    fresh=$((fresh + $(grep -c 'saved table is not used' "$WORK/err")))
    grep 'saved table is not used' "$WORK/err" >&2
  fi
  "$POKER" bot --connect "ws://127.0.0.1:$port/ws" --table nl --count 4 --token nl-bot --name nl > /dev/null 2>&1 &
  "$POKER" bot --connect "ws://127.0.0.1:$port/ws" --table stud --count 3 --token stud-bot --name stud > /dev/null 2>&1 &
  # Kill at a random moment once this run has stored a hand of its own (a slow
  # start, under the sanitizers, must not leave runs that play nothing).
  for _ in $(seq 400); do
    now=$("$POKER" serve --db "$WORK/poker.db" --audit 2> /dev/null | sed -n 's/.*"hands": \([0-9]*\).*/\1/p')
    [ "${now:-0}" -gt "$hands_before" ] && break
    sleep 0.05
  done
  sleep "0.$((RANDOM % 3))$((RANDOM % 10))"
  kill -9 $server
  wait $server 2>/dev/null
  wait 2>/dev/null
  audit=$("$POKER" serve --db "$WORK/poker.db" --audit)
  if [[ "$audit" != *'"conserved": true'* ]]; then
    echo "FAIL: kill $i: $audit"
    failures=$((failures + 1))
  fi
  hands_before=$(sed -n 's/.*"hands": \([0-9]*\).*/\1/p' <<< "$audit")
done
echo "after $KILLS kills: $audit"
hands=$(sed -n 's/.*"hands": \([0-9]*\).*/\1/p' <<< "$audit")
bought=$(sed -n 's/.*"bought_in": \([0-9]*\).*/\1/p' <<< "$audit")
# Seven bots bought in once each, or again after a bust: never once per restart.
if [ "${hands:-0}" -lt "$KILLS" ]; then echo "FAIL: only ${hands:-0} hands were played"; failures=$((failures + 1)); fi
if [ "${bought:-0}" -le 0 ]; then echo "FAIL: nothing was bought in"; failures=$((failures + 1)); fi
echo "tables restored from their saved state: $((2 * (KILLS - 1) - fresh)) of $((2 * (KILLS - 1)))"
if [ $((4 * fresh)) -gt "$KILLS" ]; then echo "FAIL: $fresh tables started afresh"; failures=$((failures + 1)); fi
if [ "$failures" -ne 0 ]; then echo "$failures failures"; exit 1; fi
echo "ok: $KILLS kills, chips conserved after each"
