"""A player of the ACPC dealer protocol (version 2.0.0) for tests of `poker serve --acpc`,
written from the protocol document alone: it follows whose turn it is from the betting
(the document's "Valid betting strings"), answers with the state sent and an action, and
checks every MATCHSTATE line it receives.

    python3 acpc_client.py PORT GAME_FILE MODE SEED

MODE: random (random actions, raise sizes anywhere), garbage (before each action: a
comment, another state, a malformed action, then an action the rules may refuse),
quit:K (disconnects after K actions), silent (sends VERSION, never acts), noversion
(connects and sends nothing), badversion. Prints one JSON object: what it saw and the
errors it found in the lines."""

import json
import random
import re
import socket
import sys

port, game_file, mode, seed = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
rng = random.Random(seed)

game = {}
for raw in open(game_file):
    line = raw.strip()
    if "=" in line:
        key, values = line.split("=", 1)
        game[key.strip().lower()] = [int(v) for v in values.split()]
    elif line.lower() in ("limit", "nolimit"):
        game["nolimit"] = line.lower() == "nolimit"
players = game["numplayers"][0]
blinds = game["blind"][:players]
stacks = game["stack"][:players] if game["nolimit"] else [1 << 40] * players
first = [f - 1 for f in game["firstplayer"]]

errors = []
seen = {"states": 0, "hands": [], "positions": [], "finals": 0, "actions": 0}
line_pattern = re.compile(r"^MATCHSTATE:(\d+):(\d+):([^:]*):([^:]*)$")
card = r"[2-9TJQKA][cdhs]"


def to_act(betting):
    """The position to act after `betting`, or None when the hand is over."""
    spent, folded = list(blinds), [False] * players
    rounds = betting.split("/")

    def live():
        return [p for p in range(players) if not folded[p]]

    def active():
        return [p for p in range(players) if not folded[p] and spent[p] < stacks[p]]

    for r, text in enumerate(rounds):
        high, acted = max(spent), set()
        if len(live()) < 2 or len(active()) < 2:
            return None  # no betting left: the server deals to the end
        position = first[r] % players
        while position not in active():
            position = (position + 1) % players
        for action in re.findall(r"[fc]|r\d*", text):
            if action == "f":
                folded[position] = True
            elif action == "c":
                spent[position] = min(high, stacks[position])
            else:
                spent[position] = int(action[1:]) if game["nolimit"] else high + game["raisesize"][r]
                high, acted = spent[position], set()
            acted.add(position)
            if len(live()) < 2:
                return None
            closed = all(p in acted and spent[p] == high for p in active())
            if closed:
                position = None
                break
            position = (position + 1) % players
            while position not in active():
                position = (position + 1) % players
        if r == len(rounds) - 1:
            return position  # None: the last round written is over, so is the hand
    return None


def choose():
    verb = rng.choice("fccrr")
    if verb == "r" and game["nolimit"]:
        return "r%d" % rng.randint(0, int(stacks[0] * 1.2))
    return verb


sock = socket.create_connection(("127.0.0.1", port), timeout=20)
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
print("connected", file=sys.stderr, flush=True)  # the test starts the next player after this
if mode == "noversion":
    sock.settimeout(20)
    data = sock.recv(1)  # the server closes it
    print(json.dumps({"closed": data == b"", "errors": errors}))
    sys.exit(0)
sock.sendall(b"VERSION:1.0.0\r\n" if mode == "badversion" else b"VERSION:2.0.0\r\n")
reader = sock.makefile("rb")
last_hand, last_position = None, None
while True:
    try:
        raw = reader.readline()
    except OSError:
        break
    if not raw:
        break
    if not raw.endswith(b"\r\n"):
        errors.append("a line that does not end in CR LF: %r" % raw)
    text = raw.decode().rstrip("\r\n")
    m = line_pattern.match(text)
    if not m:
        errors.append("not a MATCHSTATE line: %r" % text)
        continue
    seen["states"] += 1
    position, hand, betting, cards = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    holes = cards.split("/")[0].split("|")
    if len(holes) != players or not re.fullmatch("(%s){2}" % card, holes[position]):
        errors.append("not my two cards and %d sections: %r" % (players, text))
    shown = [p for p in range(players) if p != position and holes[p]]
    final = to_act(betting) is None
    if shown and not final:
        errors.append("another position's cards before the end: %r" % text)
    if hand != last_hand:
        if last_hand is not None and hand != last_hand + 1:
            errors.append("hand %d after hand %d" % (hand, last_hand))
        if last_position is not None and position != (last_position - 1) % players:
            errors.append("position %d after %d: the seats did not move one place" % (position, last_position))
        seen["hands"].append(hand)
        seen["positions"].append(position)
        last_hand, last_position = hand, position
    if final:
        seen["finals"] += 1
        continue
    if to_act(betting) != position or mode == "silent":
        continue
    if mode.startswith("quit:") and seen["actions"] >= int(mode[5:]):
        sock.close()
        break
    if mode == "garbage":
        # Ignored lines, then a malformed action or one the rules may refuse: each played as the dealer plays it.
        other = text.replace(":%d:" % hand, ":%d:" % (hand + 1000), 1)
        sock.sendall(("# a comment\r\n;gui\r\nnonsense\r\n%s:c\r\n" % other).encode())
        reply = rng.choice(["x", "", "f", "r", "r-5", "r999999999"])
    else:
        reply = choose()
    seen["actions"] += 1
    sock.sendall(("%s:%s\r\n" % (text, reply)).encode())

seen["errors"] = errors
print(json.dumps(seen))
