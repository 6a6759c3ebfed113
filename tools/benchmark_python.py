#!/usr/bin/env python3
"""pokerengine's Python module against pokerkit, in the same run on the same machine.

    PYTHONPATH=build/python:/path/to/pokerkit-0.7.4 python3 tools/benchmark_python.py [--seconds S]

pokerkit is not a dependency: give its source (0.7.4, outside this repository) on PYTHONPATH; without it only
pokerengine's figures are printed. Each case runs for about S seconds (default 3) on one thread:

  play    random heads-up no-limit hold'em hands, 200 chips, blinds 1/2, one Python call per decision
          (pokerengine: legal(), a random choice, apply(); pokerkit: its can_/amount queries and one operation)
  policy  the same hands played by the library's random policy in C++, one Python call for many hands
  replay  a .phhs of those hands replayed (pokerengine.phh.replay; pokerkit HandHistory iterating its states)
  single  seven-card hands evaluated one Python call at a time
  batch   seven-card hands evaluated by Evaluator.evaluate_many on a NumPy array (one core), into a new array
          and into one array given as out= (no fresh pages to fault in at each call)
"""

import argparse
import os
import random
import sys
import tempfile
import time

import numpy

import pokerengine

try:
    import pokerkit
except ImportError:  # pokerkit's figures are left out
    pokerkit = None


def rate(run, seconds):
    """Units per second of `run()`, which returns the units it did, called until `seconds` pass."""
    done, start = 0, time.perf_counter()
    while True:
        done += run()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def engine_hand(seed, rng):
    hand = pokerengine.HandState("holdem", seats=2, seed=seed)
    while not hand.complete:
        hand.apply(rng.choice(hand.legal().options))
    return hand


def pokerkit_hand(rng):
    state = pokerkit.NoLimitTexasHoldem.create_state(
        (pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
         pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
         pokerkit.Automation.HOLE_DEALING, pokerkit.Automation.BOARD_DEALING,
         pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pokerkit.Automation.HAND_KILLING,
         pokerkit.Automation.CHIPS_PUSHING, pokerkit.Automation.CHIPS_PULLING),
        True, 0, (1, 2), 2, (200, 200), 2)
    while state.status:
        choices = []
        if state.can_fold():
            choices.append(state.fold)
        if state.can_check_or_call():
            choices.append(state.check_or_call)
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            choices.append(lambda: state.complete_bet_or_raise_to(low))
            if high != low:
                choices.append(lambda: state.complete_bet_or_raise_to(high))
        rng.choice(choices)()
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    s = args.seconds
    rows = []

    rng = random.Random(1)
    seeds = iter(range(10**9))
    ours = rate(lambda: [engine_hand(next(seeds), rng) for _ in range(100)] and 100, s)
    theirs = rate(lambda: [pokerkit_hand(rng) for _ in range(10)] and 10, s) if pokerkit else None
    rows.append(("play: hands/s, a Python call per decision", ours, theirs))

    like = pokerengine.HandState("holdem", seats=2, seed=0)
    start = iter(range(0, 10**12, 10_000))
    policy = rate(lambda: pokerengine.play_random_hands(like, 10_000, next(start)) and 10_000, s)
    rows.append(("policy: hands/s, the C++ random policy", policy, theirs))

    with tempfile.TemporaryDirectory() as tmp:
        hands = [engine_hand(seed, rng) for seed in range(2000)]
        path = os.path.join(tmp, "hands.phhs")
        with open(path, "w") as f:
            f.write("".join(f"[{k + 1}]\n{h.to_phh()}\n" for k, h in enumerate(hands)))
        ours = rate(lambda: len(pokerengine.phh.replay(path)), s)
        theirs_replay = None
        if pokerkit:
            with open(path, "rb") as f:
                histories = list(pokerkit.HandHistory.loads_all(f.read().decode()))

            def replay_pokerkit():
                for history in histories[:200]:
                    for _ in history:
                        pass
                return 200
            theirs_replay = rate(replay_pokerkit, s)
        rows.append(("replay: PHH hands/s", ours, theirs_replay))

    ev = pokerengine.Evaluator("high")
    nrng = numpy.random.default_rng(1)
    cards = numpy.argsort(nrng.random((1_000_000, 52)), axis=1)[:, :7].astype(numpy.uint8)
    names = ["23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in range(52)]  # 4 * rank + suit
    texts = ["".join(names[c] for c in row) for row in cards[:100_000].tolist()]
    ours = rate(lambda: [ev.evaluate(t) for t in texts] and len(texts), s)
    theirs_single = None
    if pokerkit:
        pairs = [(t[:4], t[4:]) for t in texts[:2000]]
        theirs_single = rate(lambda: [pokerkit.StandardHighHand.from_game(a, b) for a, b in pairs] and len(pairs), s)
    rows.append(("single: 7-card hands/s, a call each", ours, theirs_single))
    batch = rate(lambda: len(ev.evaluate_many(cards)), s)
    rows.append(("batch: 7-card hands/s, evaluate_many", batch, theirs_single))
    values = numpy.empty(len(cards), dtype=numpy.uint32)
    batch_out = rate(lambda: len(ev.evaluate_many(cards, out=values)), s)
    rows.append(("batch: the same into one array (out=)", batch_out, theirs_single))

    print(f"Python {sys.version.split()[0]}, pokerkit from {os.path.dirname(pokerkit.__file__) if pokerkit else 'nowhere (absent)'}")
    print(f"{'case':45} {'pokerengine':>14} {'pokerkit':>12} {'ratio':>9}")
    for name, a, b in rows:
        ratio = f"{a / b:,.0f}x" if b else "-"
        print(f"{name:45} {a:>14,.0f} {'-' if b is None else format(b, ',.0f'):>12} {ratio:>9}")


if __name__ == "__main__":
    main()
