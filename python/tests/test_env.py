"""The reinforcement-learning environment: masks, steps and chip rewards."""

import numpy
import pytest

import pokerengine
from pokerengine.env import ACTIONS, CHECK_OR_CALL, FOLD, MAX_RAISE, PokerEnv


@pytest.mark.parametrize("game,seats", [("holdem", 2), ("holdem", 6), ("stud", 4), ("badugi", 3), ("omaha", 6)])
def test_random_masked_play_conserves_chips(game, seats):
    env = PokerEnv(game, seats=seats)
    rng = numpy.random.default_rng(4)
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["mask"]
            assert mask.shape == (ACTIONS,) and mask[CHECK_OR_CALL]
            assert obs["seat"] == info["seat"]
            action = rng.choice(numpy.flatnonzero(mask))
            obs, rewards, done, truncated, info = env.step(int(action))
        assert rewards.sum() == 0 and not truncated
        assert (rewards == numpy.array(env.hand.stacks) - 200).all()


def test_heads_up_fold_reward():
    env = PokerEnv("holdem", seats=2)
    obs, info = env.reset(seed=1)
    assert info["seat"] == 2 and info["mask"][FOLD]
    obs, rewards, done, _, _ = env.step(FOLD)
    assert done and rewards.tolist() == [1, -1]  # the button folds its small blind
    env.reset(seed=2)
    obs, rewards, done, _, info = env.step(MAX_RAISE)
    assert not done and rewards.tolist() == [0, 0]
    with pytest.raises(ValueError):
        env.step(9)
