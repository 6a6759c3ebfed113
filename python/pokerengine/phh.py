"""PHH hand histories: read, write and replay.

>>> import pokerengine, tempfile, os
>>> hand = pokerengine.HandState("holdem", seats=2, seed=3)
>>> while not hand.complete:
...     hand.apply(hand.legal().passive)
>>> path = os.path.join(tempfile.mkdtemp(), "hand.phh")
>>> pokerengine.phh.dump(hand, path)
>>> [h.replay().stacks for h in pokerengine.phh.load(path)] == [hand.stacks]
True
"""

import os

from ._pokerengine import HandState, RecordedHand, _read_phh

__all__ = ["load", "loads", "dump", "dumps", "replay"]


def loads(text: str, file: str = "") -> "list[RecordedHand]":
    """Every hand of a PHH document (one hand, or the tables of a .phhs)."""
    return _read_phh(text, file)


def load(path: "str | os.PathLike[str]") -> "list[RecordedHand]":
    """Every hand of a .phh or .phhs file."""
    with open(path, encoding="utf-8") as f:
        return _read_phh(f.read(), os.fspath(path))


def dumps(hand: HandState) -> str:
    """The hand as a PHH document."""
    return hand.to_phh()


def dump(hand: HandState, path: "str | os.PathLike[str]") -> None:
    """Writes the hand to a .phh file."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(hand.to_phh())


def replay(path: "str | os.PathLike[str]", profile: "str | None" = None) -> "list[HandState]":
    """Every hand of a file replayed to its last action (the hand's own rule profile unless one is named)."""
    return [hand.replay(profile) for hand in load(path)]
