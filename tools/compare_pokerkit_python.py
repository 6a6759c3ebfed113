#!/usr/bin/env python3
"""Hands played from Python both ways between the pokerengine module (profile pokerkit) and pokerkit 0.7.4.

    PYTHONPATH=build/python python3 tools/compare_pokerkit_python.py --pokerkit PATH [--hands N] [--seed S]

For each configuration of tools/compare_pokerkit.py (which does the same through the `poker` tool):
  a. pokerengine -> pokerkit: HandState plays seeded hands with random legal choices from Python; pokerkit
     replays each PHH document action by action and must end with the same stacks;
  b. pokerkit -> pokerengine: pokerkit plays seeded hands with its random policy; pokerengine.phh replays
     each from Python under the pokerkit profile and must end with pokerkit's stacks.
Prints, per configuration and direction, how many hands agreed; docs/play.md section 12 lists the known
classes of disagreement. pokerkit is not a dependency of the project.
"""

import argparse
import random
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare_pokerkit as cp  # noqa: E402  (the configurations and pokerkit's driver)

import pokerengine  # noqa: E402


def engine_hand(config, seed, stacks, rng):
    options = dict(structure=config.structure, seats=config.seats, stacks=stacks, profile="pokerkit",
                   cash=config.cash, seed=seed)
    if config.antes:
        options["antes"] = list(config.antes)
    if config.blinds:
        options["blinds"] = list(config.blinds)
    if config.bring_in:
        options["bring_in"] = config.bring_in
    if config.structure == "fixed-limit":
        options.update(small_bet=config.small_bet, big_bet=config.big_bet)
    else:
        options["min_bet"] = config.min_bet
    hand = pokerengine.HandState(config.game, **options)
    while not hand.complete:
        hand.apply(rng.choice(hand.legal().options))
    return hand


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pokerkit", help="a source checkout of pokerkit 0.7.4")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pk = cp.import_pokerkit(args.pokerkit)
    driver = cp.Pokerkit(pk)
    totals = {"a": [0, 0], "b": [0, 0]}
    for config in cp.CONFIGS:
        agreed = {"a": 0, "b": 0}
        for index in range(args.hands):
            seed, stacks = cp.hand_setup(config, args.seed, index)
            hand = engine_hand(config, seed, stacks, random.Random(seed))
            fields = tomllib.loads(hand.to_phh())
            try:
                state, refused, _ = driver.replay(fields, config.cash)
                agreed["a"] += refused is None and list(state.stacks) == hand.stacks
            except Exception:  # pokerkit failed on the hand: a disagreement
                pass
            text, pokerkit_stacks, failure = driver.play(config, seed, stacks)
            if failure is None:
                try:
                    replayed = pokerengine.phh.loads(text)[0].replay("pokerkit")
                    agreed["b"] += replayed.complete and replayed.stacks == pokerkit_stacks
                except pokerengine.Error:
                    pass
        for d in "ab":
            totals[d][0] += agreed[d]
            totals[d][1] += args.hands
        print(f"{config.name:18} a: {agreed['a']}/{args.hands} agree   b: {agreed['b']}/{args.hands} agree")
    for d, (a, n) in totals.items():
        print(f"direction {d}: {a} of {n} hands end with the same stacks")


if __name__ == "__main__":
    main()
