#!/usr/bin/env python3
"""Plays hands from Python through pokerengine.env.PokerEnv with random legal actions and reports the rate.

    PYTHONPATH=build/python python3 tools/python_play.py [--game holdem] [--seats 2] [--hands 1000000]

Nothing is trained: each decision is a Python call (the mask, a random legal action, a step), as an agent's
would be; the line printed gives hands and decisions per second and checks that the rewards add up to zero.
"""

import argparse
import time

import numpy

from pokerengine.env import PokerEnv


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holdem")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--hands", type=int, default=1_000_000)
    args = parser.parse_args()
    env = PokerEnv(args.game, seats=args.seats)
    rng = numpy.random.default_rng(0)
    decisions, total = 0, 0
    start = time.perf_counter()
    for seed in range(args.hands):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = numpy.flatnonzero(info["mask"])
            _, rewards, done, _, info = env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        total += int(rewards.sum())
    seconds = time.perf_counter() - start
    print(f"{args.hands:,} hands of {args.game} ({args.seats} seats), {decisions:,} decisions in {seconds:.1f} s: "
          f"{args.hands / seconds:,.0f} hands/s, {decisions / seconds:,.0f} decisions/s; "
          f"rewards sum to {total}")


if __name__ == "__main__":
    main()
