"""pokerengine: the rules of poker at C++ speed.

Hands of any game, legal actions and errors with the library's codes,
evaluators for every ranking, equity, ICM and PHH hand histories.

>>> import pokerengine
>>> hand = pokerengine.HandState("holdem", seats=2, seed=1)
>>> while not hand.complete:
...     hand.apply(hand.legal().passive)   # check, call or show
>>> sum(hand.stacks)
400
"""

from ._pokerengine import (
    ConfigError,
    EquityResult,
    Error,
    Evaluator,
    Frequency,
    HandState,
    HandValue,
    HistoryReader,
    IllegalAction,
    ImportCheck,
    ImportedHand,
    Legal,
    NotationError,
    PlayerEquity,
    PlayerStatistics,
    RecordedHand,
    Statistics,
    Table,
    card_number,
    cards,
    equity,
    icm,
    play_random_hands,
    read_history,
    starting_hand_table,
)
from . import phh

__all__ = [
    "ConfigError",
    "EquityResult",
    "Error",
    "Evaluator",
    "Frequency",
    "HandState",
    "HandValue",
    "HistoryReader",
    "IllegalAction",
    "ImportCheck",
    "ImportedHand",
    "Legal",
    "NotationError",
    "PlayerEquity",
    "PlayerStatistics",
    "RecordedHand",
    "Statistics",
    "Table",
    "card_number",
    "cards",
    "equity",
    "icm",
    "phh",
    "play_random_hands",
    "read_history",
    "starting_hand_table",
]
