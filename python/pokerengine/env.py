"""A reinforcement-learning environment in the reset/step shape.

Every seat is played through the same environment: each step is the decision
of the seat to act, the observation is that seat's view, and the rewards come
at the hand's end as each seat's chips won or lost.

Actions are five numbers: 0 fold, 1 check or call (or stand pat, or show),
2 the least bet or raise, 3 a pot-sized one (pot limit's pot, else the pot
clamped to the legal range), 4 the largest (all-in in no limit).

>>> from pokerengine.env import PokerEnv
>>> env = PokerEnv("holdem", seats=2)
>>> obs, info = env.reset(seed=5)
>>> bool(info["mask"][1])
True
>>> done = False
>>> while not done:
...     obs, rewards, done, truncated, info = env.step(1)
>>> int(rewards.sum())
0
"""

from typing import Any, Dict, Optional, Tuple

import numpy

from ._pokerengine import HandState

FOLD, CHECK_OR_CALL, MIN_RAISE, POT_RAISE, MAX_RAISE = range(5)
ACTIONS = 5

__all__ = ["PokerEnv", "ACTIONS", "FOLD", "CHECK_OR_CALL", "MIN_RAISE", "POT_RAISE", "MAX_RAISE"]


class PokerEnv:
    """Hands of one game, one after another, each dealt with its own seed.

    `options` are those of HandState (seats, stacks, blinds, structure, ...).
    """

    def __init__(self, game: str = "holdem", **options: Any) -> None:
        self.game = game
        self.options = options
        self.hand: Optional[HandState] = None
        self._next_seed = 0

    def reset(self, seed: Optional[int] = None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Deals a new hand; returns the observation of the seat to act and info with its legal mask."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.hand = HandState(self.game, seed=seed, **self.options)
        self._start = [s + c for s, c in zip(self.hand.stacks, self.hand.contributions)]
        return self._observe(), self._info()

    def legal_mask(self) -> numpy.ndarray:
        """Which of the five actions the seat to act may take."""
        mask = numpy.zeros(ACTIONS, dtype=bool)
        legal = self.hand.legal()
        if legal.seat is None:
            return mask
        mask[FOLD] = legal.can_fold
        mask[CHECK_OR_CALL] = True  # check, call, stand pat, show or post the bring-in
        if legal.can_raise:
            mask[MIN_RAISE] = mask[MAX_RAISE] = True
            mask[POT_RAISE] = legal.min_to <= legal.max_to
        return mask

    def step(self, action: int):
        """Applies the action of the seat to act: (observation, rewards, terminated, truncated, info).

        `rewards` holds every seat's chips won or lost, all zero until the hand ends.
        """
        hand = self.hand
        legal = hand.legal()
        if action == FOLD:
            hand.fold()
        elif action == CHECK_OR_CALL:
            hand.apply(legal.passive)
        elif action == MIN_RAISE:
            hand.bet_or_raise_to(legal.min_to if legal.min_to <= legal.max_to else legal.max_to)
        elif action == POT_RAISE:
            target = legal.pot_to or hand.pot_total
            hand.bet_or_raise_to(min(max(target, legal.min_to), legal.max_to))
        elif action == MAX_RAISE:
            hand.bet_or_raise_to(legal.max_to)
        else:
            raise ValueError(f"action: 0 to {ACTIONS - 1}, not {action}")
        done = hand.complete
        rewards = numpy.zeros(hand.seats, dtype=numpy.int64)
        if done:
            rewards[:] = numpy.array(hand.stacks) - numpy.array(self._start)
        return self._observe(), rewards, done, False, self._info()

    def _observe(self) -> Dict[str, Any]:
        seat = self.hand.to_act
        return self.hand.view_for(seat if seat is not None else 1)

    def _info(self) -> Dict[str, Any]:
        return {"mask": self.legal_mask(), "seat": self.hand.to_act}
