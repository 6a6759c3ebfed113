#!/usr/bin/env python3
"""Play seeded hands both ways between `poker` (profile pokerkit) and pokerkit 0.7.4, and count what agrees.

    python3 tools/compare_pokerkit.py --pokerkit PATH [--poker build/tools/poker] [--hands N] [--seed S]
                                      [--config NAME]... [--keep DIR] [--examples] [--list]

pokerkit is not a dependency of the project. Get its source from its public repository, outside this one:

    git clone --branch v0.7.4 --depth 1 https://github.com/uoftcprg/pokerkit.git /tmp/pokerkit-0.7.4

and pass `--pokerkit /tmp/pokerkit-0.7.4` (or put that directory on PYTHONPATH). pokerkit needs Python 3.11.

For every configuration below, three checks:
  a. engine -> pokerkit: `poker play --random-actions --phh --profile pokerkit` plays seeded hands; pokerkit
     replays each history action by action (no action repaired or inferred) and must accept every action, end
     where the history ends, and finish with the recorded stacks.
  b. pokerkit -> engine: pokerkit plays seeded hands with a random policy and writes them as PHH; `poker replay
     --json --profile pokerkit` must accept them and reach pokerkit's finishing stacks.
  c. unknown cards (draw games): the hands of (b) that agreed, every dealt card and discard written `??` (the
     shows as recorded), must replay in the engine.
Each disagreement is put in a class (docs/play.md, section 12, lists them); `unclassified` is anything new.
The exit status is 0 when the run finished (whatever it found), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
POKERKIT_SOURCE = 'https://github.com/uoftcprg/pokerkit (tag v0.7.4)'


# ------------------------------------------------------------------ configurations

@dataclasses.dataclass(frozen=True)
class Config:
    name: str
    variant: str          # PHH code, as pokerkit reads it
    game: str             # the engine's game
    structure: str
    seats: int
    stacks: tuple[int, int]     # each seat's starting stack is drawn uniformly from this range
    antes: tuple[int, ...] = ()             # one per seat, PHH order; empty: none
    blinds: tuple[int, ...] = ()            # small blind, big blind, straddles (PHH order)
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    cash: bool = False
    note: str = ''

    @property
    def stud(self) -> bool:
        return self.variant in ('F7S', 'F7S/8', 'FR')

    @property
    def draw(self) -> bool:
        return self.variant in ('N2L1D', 'F2L3D', 'FB')

    @property
    def hi_lo(self) -> bool:
        return self.variant in ('FO/8', 'F7S/8')


def _nine(*antes: int) -> tuple[int, ...]:
    return tuple(antes) + (0,) * (9 - len(antes))


CONFIGS = (
    Config('nt-2', 'NT', 'holdem', 'no-limit', 2, (1, 100), blinds=(1, 2), min_bet=2,
           note='heads-up, stacks from below the big blind'),
    Config('nt-3-tiny', 'NT', 'holdem', 'no-limit', 3, (1, 10), blinds=(1, 2), min_bet=2,
           note='stacks of 1 to 10: short blinds, short all-ins'),
    Config('nt-6-ante', 'NT', 'holdem', 'no-limit', 6, (1, 80), antes=(1,) * 6, blinds=(1, 2), min_bet=2,
           note='antes'),
    Config('nt-9-bb-ante', 'NT', 'holdem', 'no-limit', 9, (1, 150), antes=_nine(0, 2), blinds=(1, 2), min_bet=2,
           note='big-blind ante, nine seats'),
    Config('nt-6-straddle', 'NT', 'holdem', 'no-limit', 6, (1, 200), blinds=(1, 2, 4), min_bet=2,
           note='a straddle'),
    Config('nt-4-below-ante', 'NT', 'holdem', 'no-limit', 4, (1, 12), antes=(3,) * 4, blinds=(1, 2), min_bet=2,
           note='stacks below the ante'),
    Config('nt-6-cash', 'NT', 'holdem', 'no-limit', 6, (1, 100), blinds=(1, 2), min_bet=2, cash=True,
           note='cash game: all-in hands may be mucked'),
    Config('ft-2', 'FT', 'holdem', 'fixed-limit', 2, (1, 60), blinds=(1, 2), small_bet=2, big_bet=4,
           note='heads-up'),
    Config('ft-4-short', 'FT', 'holdem', 'fixed-limit', 4, (1, 30), blinds=(1, 2), small_bet=2, big_bet=4,
           note='short stacks'),
    Config('ft-9', 'FT', 'holdem', 'fixed-limit', 9, (10, 200), blinds=(1, 2), small_bet=2, big_bet=4,
           note='nine seats'),
    Config('ns-6', 'NS', 'short-deck-wsop', 'no-limit', 6, (1, 150), antes=(1,) * 6, blinds=(1, 2), min_bet=2,
           note='short deck'),
    Config('po-4', 'PO', 'omaha', 'pot-limit', 4, (1, 200), blinds=(1, 2), min_bet=2),
    Config('po-6-ante', 'PO', 'omaha', 'pot-limit', 6, (1, 40), antes=(1,) * 6, blinds=(1, 2), min_bet=2,
           note='antes, short stacks'),
    Config('fo8-4', 'FO/8', 'omaha-hi-lo', 'fixed-limit', 4, (1, 100), blinds=(1, 2), small_bet=2, big_bet=4,
           note='pokerkit plays FO/8 in pot limit'),
    Config('f7s-4', 'F7S', 'stud', 'fixed-limit', 4, (1, 60), antes=(1,) * 4, bring_in=1, small_bet=2, big_bet=4,
           note='bring-in below the small bet'),
    Config('f7s-8', 'F7S', 'stud', 'fixed-limit', 8, (20, 120), antes=(1,) * 8, bring_in=1, small_bet=2,
           big_bet=4, note='eight seats: the deck may run short'),
    Config('f7s-5-below-ante', 'F7S', 'stud', 'fixed-limit', 5, (1, 10), antes=(2,) * 5, bring_in=1,
           small_bet=2, big_bet=4, note='stacks below the ante'),
    Config('f7s8-5', 'F7S/8', 'stud-hi-lo', 'fixed-limit', 5, (3, 40), antes=(1,) * 5, bring_in=2,
           small_bet=10, big_bet=20, note='bring-in 2, bets 10/20'),
    Config('fr-6', 'FR', 'razz', 'fixed-limit', 6, (1, 60), antes=(1,) * 6, bring_in=1, small_bet=2, big_bet=4),
    Config('n2l1d-4', 'N2L1D', 'deuce-to-seven-single-draw', 'no-limit', 4, (1, 100), blinds=(1, 2), min_bet=2),
    Config('f2l3d-5', 'F2L3D', 'deuce-to-seven-triple-draw', 'fixed-limit', 5, (1, 80), blinds=(1, 2),
           small_bet=2, big_bet=4),
    Config('fb-4-cash', 'FB', 'badugi', 'fixed-limit', 4, (1, 80), blinds=(1, 2), small_bet=2, big_bet=4,
           cash=True, note='cash game'),
)


def hand_setup(config: Config, base_seed: int, index: int) -> tuple[int, list[int]]:
    """The seed and starting stacks of hand `index`, the same on every run and machine."""
    rng = random.Random(f'{base_seed}:{config.name}:{index}')
    seed = rng.getrandbits(63)
    return seed, [rng.randint(*config.stacks) for _ in range(config.seats)]


def phh_fields(config: Config, stacks: list[int]) -> dict:
    fields = {'variant': config.variant, 'ante_trimming_status': False,
              'antes': list(config.antes) or [0] * config.seats, 'starting_stacks': stacks}
    if config.stud:
        fields['bring_in'] = config.bring_in
    else:
        fields['blinds_or_straddles'] = list(config.blinds) + [0] * (config.seats - len(config.blinds))
    if config.structure == 'fixed-limit':
        fields |= {'small_bet': config.small_bet, 'big_bet': config.big_bet}
    else:
        fields['min_bet'] = config.min_bet
    return fields


# ------------------------------------------------------------------ the engine

def play_command(poker: str, config: Config, seed: int, stacks: list[int]) -> list[str]:
    command = [poker, 'play', '--game', config.game, '--structure', config.structure,
               '--seats', str(config.seats), '--stacks', ','.join(map(str, stacks)), '--profile', 'pokerkit']
    if config.antes:
        command += ['--antes', ','.join(map(str, config.antes))]
    if config.stud:
        command += ['--bring-in', str(config.bring_in)]
    else:
        command += ['--blinds', ','.join(map(str, config.blinds))]
    if config.structure == 'fixed-limit':
        command += ['--small-bet', str(config.small_bet), '--big-bet', str(config.big_bet)]
    else:
        command += ['--min-bet', str(config.min_bet)]
    if config.cash:
        command.append('--cash')
    return command + ['--seed', str(seed), '--random-actions', '--phh']


def engine_play(poker: str, config: Config, seed: int, stacks: list[int]) -> str:
    run = subprocess.run(play_command(poker, config, seed, stacks), capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f'poker play failed ({run.returncode}): {run.stderr.strip()}\n'
                           + ' '.join(play_command(poker, config, seed, stacks)))
    return run.stdout


def engine_replay(poker: str, path: Path) -> list[dict]:
    run = subprocess.run([poker, 'replay', '--json', '--profile', 'pokerkit', '--threads', '1', str(path)],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise RuntimeError(f'poker replay failed ({run.returncode}): {run.stderr.strip()}')
    replays = [json.loads(line) for line in run.stdout.splitlines() if line.startswith('{')]
    if any(replay['hand'] is None for replay in replays):
        raise RuntimeError(f'poker replay could not read {path}: {replays[0].get("error")}')
    return replays


def write_phhs(path: Path, documents: list[str]) -> None:
    path.write_text(''.join(f'[{i + 1}]\n{text.rstrip()}\n\n' for i, text in enumerate(documents)))


# ------------------------------------------------------------------ pokerkit

def import_pokerkit(location: str | None):
    """pokerkit from `location` (a source checkout) or from the path; ImportError says how to get it."""
    if location:
        sys.path.insert(0, str(Path(location).resolve()))
    if sys.version_info < (3, 11):
        raise ImportError('pokerkit 0.7.4 needs Python 3.11 or later')
    try:
        import pokerkit
    except ImportError as error:
        raise ImportError(f'pokerkit cannot be imported ({error}): pass --pokerkit PATH, a source checkout of '
                          f'{POKERKIT_SOURCE}, or put one on PYTHONPATH') from None
    if not hasattr(pokerkit, 'HandHistory'):
        raise ImportError(f'{pokerkit.__file__} is not pokerkit 0.7.4 (it has no HandHistory)')
    return pokerkit


def pokerkit_version(pk) -> str:
    """The version a source checkout declares in its setup.py (the package itself does not say)."""
    setup = Path(pk.__file__).resolve().parent.parent / 'setup.py'
    found = re.search(r"version='([^']+)'", setup.read_text()) if setup.exists() else None
    return found.group(1) if found else 'version unknown'


class Pokerkit:
    """pokerkit's State, driven strictly: only the chores (posting, collecting, burning, killing, pushing) are
    automatic; every dealt card, bet, discard, show and muck comes from the history or the random policy."""

    def __init__(self, pk):
        self.pk = pk
        chores = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
                  pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.RUNOUT_COUNT_SELECTION,
                  pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING)
        self.replaying = chores            # burns are given as unknown cards, as PHH records none
        self.playing = chores + (pk.Automation.CARD_BURNING, pk.Automation.HOLE_DEALING,
                                 pk.Automation.BOARD_DEALING)

    def game(self, fields: dict, automations, cash: bool):
        pk = self.pk
        kwargs = {'automations': automations, 'ante_trimming_status': fields.get('ante_trimming_status', False),
                  'mode': pk.Mode.CASH_GAME if cash else pk.Mode.TOURNAMENT}
        for name in pk.HandHistory.required_field_names[fields['variant']]:
            if name in ('antes', 'blinds_or_straddles'):
                kwargs['raw_' + name] = fields[name]
            elif name not in ('variant', 'starting_stacks', 'actions'):
                kwargs[name] = fields[name]
        return pk.HandHistory.game_types[fields['variant']](**kwargs)

    def burn(self, state) -> None:
        while state.can_burn_card():
            state.burn_card('??')

    def replay(self, fields: dict, cash: bool, stop: int | None = None):
        """Replays `fields['actions']` (up to `stop`); returns (state, index of the refused action or None,
        error text)."""
        game = self.game(fields, self.replaying, cash)
        state = game(fields['starting_stacks'], len(fields['starting_stacks']))
        actions = fields['actions'] if stop is None else fields['actions'][:stop]
        for index, action in enumerate(actions):
            self.burn(state)
            try:
                self.pk.parse_action(state, action)
            except Exception as error:          # pokerkit refuses with ValueError, some paths with others
                return state, index, f'{type(error).__name__}: {error}'
        self.burn(state)
        return state, None, ''

    def play(self, config: Config, seed: int, stacks: list[int]):
        """Plays one hand with random legal actions; returns (PHH text, finishing stacks, failure): the failure,
        if pokerkit raised, is (the operation it raised on, why); the text then ends before that operation."""
        pk = self.pk
        fields = phh_fields(config, stacks)
        game = self.game(fields, self.playing, config.cash)
        random.seed(seed)                       # pokerkit shuffles with the module's generator
        rng = random.Random(seed ^ 0x5EED)
        state = game(stacks, config.seats)
        failure = None
        while state.status and not failure:
            operation, text = self.choose(state, rng)
            if operation is None:
                failure = ('', 'pokerkit has no operation left but the hand is not over')
                break
            operations = len(state.operations)
            try:
                operation()
            except Exception as error:          # an assertion inside pokerkit
                del state.operations[operations:]
                frame = traceback.extract_tb(error.__traceback__)[-1]
                failure = (text, f'pokerkit raised {type(error).__name__} (state.py line {frame.lineno}: '
                                 f'{frame.line})')
        extra = {'user_defined_fields': {'_play_mode': 'cash-game'}} if config.cash else {}
        finishing = None if failure else list(state.stacks)
        history = pk.HandHistory.from_game_state(game, state, **fields, finishing_stacks=finishing, **extra)
        return history.dumps(), list(state.stacks), failure

    @staticmethod
    def choose(state, rng: random.Random):
        """The random policy: the next operation and its PHH text, or (None, '')."""
        roll = rng.randrange(100)
        actor = state.actor_index
        if state.can_post_bring_in():
            if roll < 65 or not state.can_complete_bet_or_raise_to():
                return state.post_bring_in, f'p{actor + 1} pb'
            to = state.min_completion_betting_or_raising_to_amount
            return lambda: state.complete_bet_or_raise_to(to), f'p{actor + 1} cbr {to}'
        if actor is not None:
            if state.checking_or_calling_amount and roll < 20 and state.can_fold():
                return state.fold, f'p{actor + 1} f'
            if roll >= 65 and state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                to = high if roll >= 95 else rng.randint(low, high) if roll >= 80 else low
                return lambda: state.complete_bet_or_raise_to(to), f'p{actor + 1} cbr {to}'
            return state.check_or_call, f'p{actor + 1} cc'
        if state.stand_patter_or_discarder_index is not None:
            seat = state.stand_patter_or_discarder_index
            thrown = [card for card in state.hole_cards[seat] if rng.randrange(3) == 0]
            return lambda: state.stand_pat_or_discard(thrown), f'p{seat + 1} sd {"".join(map(repr, thrown))}'
        if state.showdown_indices:
            seats = list(state.showdown_indices)
            seat = rng.choice(seats) if state.all_in_status and len(seats) > 1 else state.showdown_index
            muck = roll < 10 and state.can_show_or_muck_hole_cards(False, seat)
            return lambda: state.show_or_muck_hole_cards(not muck, seat), \
                f'p{seat + 1} sm{"" if muck else " -"}'
        return None, ''


# ------------------------------------------------------------------ outcomes and classes

@dataclasses.dataclass
class Outcome:
    """One hand's disagreement."""
    direction: str          # 'a', 'b' or 'c'
    config: Config
    index: int
    seed: int
    stacks: list[int]
    kind: str               # refused_by_pokerkit, unfinished_in_pokerkit, stacks_differ, refused_by_engine, ...
    action_index: int | None
    action: str
    detail: str
    fields: dict            # the hand's PHH fields (actions included)
    engine: dict | None     # the engine's replay JSON of the hand
    pk_state: object        # pokerkit's state where it stopped (or before the refused action)
    pk_stacks: list[int] | None
    cls: str = ''


CLASSES = {
    # the engine, and its pokerkit profile where it does not yet reproduce pokerkit
    'stud_raise_after_completion': ('engine', 'stud: a raise after a completion refused as not re-opened'),
    'all_in_showdown_order': ('engine', 'showdown order enforced at an all-in showdown'),
    'unknown_cards_in_draws': ('engine', 'unknown cards in a draw dealt twice'),
    'stud_all_in_last_card': ('engine', 'stud all-in: the 7th-street down card not shown'),
    'fixed_limit_cap': ('profile', 'fixed-limit cap counting the blind'),
    'short_all_in_reopens': ('profile', 'a first short all-in re-opens the betting in pokerkit'),
    'stud_completion_after_all_in': ('profile', 'stud completion after a short all-in'),
    'stud_board_card': ('profile', 'stud community card when the deck runs short'),
    # pokerkit's own defects: the engine follows the rule books
    'pk_fo8_pot_limit': ('pokerkit', 'pokerkit plays FO/8 in pot limit'),
    'pk_merged_pot_odd_chips': ('pokerkit', 'pokerkit merges pots and moves odd chips'),
    'pk_side_pot_low_half': ('pokerkit', "pokerkit's low half in side pots"),
    'pk_27_wheel': ('pokerkit', "pokerkit counts 2-7's wheel (A-2-3-4-5) as a straight"),
    'pk_muck_leaves_pot': ('pokerkit', 'pokerkit: a muck that leaves a pot with no hand'),
    'pk_check_no_choice': ('pokerkit', 'pokerkit asks a check of a seat with no choice'),
    'pk_all_in_raises_summed': ('pokerkit', 'pokerkit adds short all-ins to a full all-in raise before them'),
    'pk_all_in_muck': ('pokerkit', 'pokerkit lets an all-in hand be mucked in a tournament'),
    # the same chips; the histories end in different places
    'pk_plays_on_after_muck': ('history', 'a muck leaves one seat: pokerkit asks it to show or deals on'),
    'unclassified': ('?', 'unclassified'),
}

def cards_of(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def acting_seat(action: str) -> int | None:
    match = re.match(r'p(\d+) ', action)
    return int(match.group(1)) - 1 if match else None


def no_choice_pending(state) -> bool:
    """pokerkit asks a seat to act though nobody else can bet and it owes nothing."""
    actor = state.actor_index
    if actor is None or state.checking_or_calling_amount:
        return False
    others = [i for i in range(len(state.stacks)) if i != actor and state.statuses[i]]
    return bool(others) and all(state.stacks[i] == 0 for i in others)


def summed_all_ins(state) -> bool:
    """pokerkit adds short all-ins to an all-in raise before them that it counted as full (the largest raise of
    the round), though the seat acted in between."""
    amounts = list(state.consecutive_all_in_completion_betting_or_raising_amounts)
    full = state.completion_betting_or_raising_amount
    fulls = [k for k, amount in enumerate(amounts) if amount == full]
    return bool(fulls) and fulls[-1] + 1 < len(amounts) and sum(amounts[fulls[-1] + 1:]) < full


def split_pots(engine: dict | None) -> list[dict]:
    """The engine's pots that were divided: between halves, or among tied hands."""
    return [pot for pot in (engine or {}).get('pots', [])
            if len(pot['shares']) > 1 or any(len(share['winners']) > 1 for share in pot['shares'])]


def classify(o: Outcome) -> str:
    """The class of a disagreement, from what each side refused or left undone (CLASSES; docs/play.md 12)."""
    c, actions, action, state = o.config, o.fields['actions'], o.action, o.pk_state
    code = ((o.engine or {}).get('error') or {}).get('code', '') if o.kind == 'refused_by_engine' else ''
    seat = acting_seat(action)
    mucked = any(re.fullmatch(r'p\d+ sm', a) for a in actions[:o.action_index] + [action])
    shown_before = seat is not None and any(a.startswith(f'p{seat + 1} sm ') for a in actions[:o.action_index])
    engine_stacks = engine_finishing(o)
    same_chips = engine_stacks is not None and engine_stacks == o.pk_stacks

    if o.direction == 'c':
        return 'unknown_cards_in_draws'
    if o.kind == 'failed_in_pokerkit':
        return 'pk_muck_leaves_pot' if mucked else 'unclassified'
    if c.variant == 'FO/8' and re.search(r' (cbr|cc|f)\b', action):
        return 'pk_fo8_pot_limit'
    if state is not None and no_choice_pending(state):
        return 'pk_check_no_choice'
    if code == 'raise_cap_reached':
        return 'fixed_limit_cap'
    if code == 'betting_not_reopened' and state is not None and summed_all_ins(state):
        return 'pk_all_in_raises_summed'
    if code == 'betting_not_reopened':
        anyone_all_in = state is not None and any(stack == 0 and active
                                                  for stack, active in zip(state.stacks, state.statuses))
        return 'stud_raise_after_completion' if c.stud and not anyone_all_in else 'short_all_in_reopens'
    if code == 'not_your_turn' and ' sm' in action:
        return 'all_in_showdown_order'
    if code == 'must_show':
        return 'pk_all_in_muck'
    # the engine ends the hand when a muck leaves one seat; pokerkit asks that seat to show, or deals on
    if code == 'hand_complete' and same_chips and o.action_index and \
            re.fullmatch(r'p\d+ sm', actions[o.action_index - 1]):
        return 'pk_plays_on_after_muck'
    # pokerkit's second showdown in stud: the seat shows again once the last cards are dealt
    if c.stud and o.kind == 'refused_by_engine' and code == 'hand_complete' and shown_before:
        return 'stud_all_in_last_card'
    if c.stud and o.kind == 'unfinished_in_pokerkit' and state.showdown_indices and \
            any(a.startswith(f'p{state.showdown_index + 1} sm ') for a in actions) and sum(state.statuses) > 1:
        return 'stud_all_in_last_card'
    if o.kind == 'unfinished_in_pokerkit' and sum(state.statuses) == 1:
        return 'pk_plays_on_after_muck'
    if code == 'hand_complete' and mucked and same_chips:
        return 'pk_plays_on_after_muck'
    if c.stud and action.startswith('d ') and o.kind in ('refused_by_pokerkit', 'refused_by_engine'):
        return 'stud_board_card'
    if c.stud and ' cbr ' in action and o.kind in ('refused_by_pokerkit', 'refused_by_engine') and \
            state is not None and any(active and stack == 0 and c.bring_in < bet < c.small_bet
                                      for active, stack, bet in zip(state.statuses, state.stacks, state.bets)):
        return 'stud_completion_after_all_in'
    finished = o.direction == 'b' or o.kind == 'stacks_differ'      # pokerkit's stacks are its final ones
    chips_lost = finished and o.pk_stacks is not None and sum(o.pk_stacks) < sum(o.stacks)
    pokerkit_stopped = o.kind == 'unfinished_in_pokerkit' or (o.kind == 'refused_by_pokerkit' and ' sm' in action)
    if mucked and (chips_lost or pokerkit_stopped):
        return 'pk_muck_leaves_pot'
    if o.kind == 'stacks_differ':
        shown = {acting_seat(a) for a in actions if re.fullmatch(r'p\d+ sm \S+', a)}
        if c.variant in ('N2L1D', 'F2L3D') and any(sorted(card[0] for card in hand) == sorted('A2345')
                                                  for seat, hand in final_hands(actions).items() if seat in shown):
            return 'pk_27_wheel'
        splits = split_pots(o.engine)
        if splits and engine_stacks and sum(engine_stacks) == sum(o.pk_stacks) and \
                max(abs(x - y) for x, y in zip(engine_stacks, o.pk_stacks)) <= len(splits):
            return 'pk_merged_pot_odd_chips'
        if c.hi_lo and len((o.engine or {}).get('pots', [])) > 1:
            return 'pk_side_pot_low_half'
        if mucked and len((o.engine or {}).get('pots', [])) > 1:
            return 'pk_muck_leaves_pot'
    return 'unclassified'


def final_hands(actions: list[str]) -> dict[int, list[str]]:
    """Each seat's cards at the end of a draw hand, from the dealing and discards recorded."""
    held: dict[int, list[str]] = collections.defaultdict(list)
    for a in actions:
        words = a.split()
        if words[:2] == ['d', 'dh']:
            seat = int(words[2][1:]) - 1
            held[seat] += cards_of(words[3])
        elif len(words) >= 2 and words[1] == 'sd':
            seat = int(words[0][1:]) - 1
            thrown = cards_of(words[2]) if len(words) > 2 else []
            held[seat] = [card for card in held[seat] if card not in thrown]
        elif len(words) == 3 and words[1] == 'sm' and words[2] != '-':
            held[int(words[0][1:]) - 1] = cards_of(words[2])
    return held


def engine_finishing(o: Outcome) -> list[int] | None:
    if o.direction == 'a':
        return o.fields.get('finishing_stacks')
    if o.engine is None:
        return None
    return [int(s) for s in o.engine['finishing_stacks']]


# ------------------------------------------------------------------ the three checks

def censor(text: str) -> str:
    """The hand with every dealt hole card and every discard unknown (`??`); the shows keep their cards."""
    def hide(match: re.Match) -> str:
        return match.group(1) + '??' * (len(match.group(2)) // 2)
    return re.sub(r"('(?:d dh p\d+|p\d+ sd) )([2-9TJQKA][cdhs](?:[2-9TJQKA][cdhs])*)", hide, text)


KIT: Pokerkit | None = None     # each worker process's pokerkit


def start_worker(location: str | None) -> None:
    global KIT
    KIT = Pokerkit(import_pokerkit(location))
    warnings.simplefilter('ignore')     # pokerkit warns of what it repairs; the replays here repair nothing


def check(args, workdir: Path, name: str, direction: str):
    """One configuration in one direction (b brings c): the hands counted and the disagreements."""
    run = Run(args, workdir)
    config = next(c for c in CONFIGS if c.name == name)
    run.engine_to_pokerkit(config) if direction == 'a' else run.pokerkit_to_engine(config)
    return run.counts, run.outcomes


class Run:
    def __init__(self, args, workdir: Path):
        self.args = args
        self.kit = KIT
        self.workdir = workdir
        self.outcomes: list[Outcome] = []
        self.counts: dict[tuple[str, str], list[int]] = {}     # (config, direction) -> [hands, agreed]

    def tally(self, config: Config, direction: str, agreed: bool) -> None:
        count = self.counts.setdefault((config.name, direction), [0, 0])
        count[0] += 1
        count[1] += agreed

    def engine_to_pokerkit(self, config: Config) -> None:
        import tomllib
        setups = [hand_setup(config, self.args.seed, i) for i in range(self.args.hands)]
        texts = [engine_play(self.args.poker, config, *setup) for setup in setups]
        path = self.workdir / f'{config.name}.engine.phhs'
        write_phhs(path, texts)
        replays = engine_replay(self.args.poker, path)
        for index, ((seed, stacks), text, engine) in enumerate(zip(setups, texts, replays)):
            fields = tomllib.loads(text)
            state, refused, error = self.kit.replay(fields, config.cash)
            outcome = dict(direction='a', config=config, index=index, seed=seed, stacks=stacks, fields=fields,
                           engine=engine, pk_state=state, pk_stacks=list(state.stacks))
            if engine['status'] != 'ok':
                found = Outcome(kind='engine_replays_itself', action_index=None, action='',
                                detail=json.dumps(engine.get('error')), **outcome)
            elif refused is not None:
                found = Outcome(kind='refused_by_pokerkit', action_index=refused, action=fields['actions'][refused],
                                detail=error, **outcome)
            elif state.status:
                found = Outcome(kind='unfinished_in_pokerkit', action_index=None, action='',
                                detail=pokerkit_waiting(state), **outcome)
            elif list(state.stacks) != fields['finishing_stacks']:
                found = Outcome(kind='stacks_differ', action_index=None, action='',
                                detail=f'engine {fields["finishing_stacks"]}, pokerkit {list(state.stacks)}',
                                **outcome)
            else:
                found = None
            self.record(config, 'a', found)

    def pokerkit_to_engine(self, config: Config) -> None:
        import tomllib
        hands = []
        for index in range(self.args.hands):
            seed, stacks = hand_setup(config, self.args.seed, index)
            text, pk_stacks, failure = self.kit.play(config, seed, stacks)
            hands.append((seed, stacks, text, pk_stacks, failure))
        path = self.workdir / f'{config.name}.pokerkit.phhs'
        write_phhs(path, [text for _, _, text, _, _ in hands])
        replays = engine_replay(self.args.poker, path)
        agreed_texts = []
        for index, ((seed, stacks, text, pk_stacks, failure), engine) in enumerate(zip(hands, replays)):
            fields = tomllib.loads(text)
            outcome = dict(direction='b', config=config, index=index, seed=seed, stacks=stacks, fields=fields,
                           engine=engine, pk_stacks=pk_stacks)
            error = engine.get('error') or {}
            if failure:
                found = Outcome(kind='failed_in_pokerkit', action_index=None, action=failure[0], detail=failure[1],
                                pk_state=None, **outcome)
            elif engine['status'] == 'ok':
                found = None
                agreed_texts.append(text)
            elif error.get('code') == 'finishing_stacks_differ':
                found = Outcome(kind='stacks_differ', action_index=None, action='',
                                detail=f'engine {engine["finishing_stacks"]}, pokerkit {pk_stacks}',
                                pk_state=None, **outcome)
            elif error.get('code') == 'hand_incomplete':
                found = Outcome(kind='unfinished_in_engine', action_index=None, action='',
                                detail=error.get('message', ''), pk_state=None, **outcome)
            else:
                at = error.get('action_index')
                before = self.kit.replay(fields, config.cash, stop=at)[0] if at is not None else None
                found = Outcome(kind='refused_by_engine', action_index=at, action=error.get('action', ''),
                                detail=f'{error.get("code")}: {error.get("message")}', pk_state=before, **outcome)
            self.record(config, 'b', found)
        if config.draw and agreed_texts:
            self.unknown_cards(config, agreed_texts)

    def unknown_cards(self, config: Config, texts: list[str]) -> None:
        import tomllib
        censored = [censor(text) for text in texts]
        path = self.workdir / f'{config.name}.unknown.phhs'
        write_phhs(path, censored)
        for index, (text, engine) in enumerate(zip(censored, engine_replay(self.args.poker, path))):
            found = None
            if engine['status'] != 'ok':
                error = engine.get('error') or {}
                found = Outcome(direction='c', config=config, index=index, seed=0, stacks=[], kind='refused_by_engine',
                                action_index=error.get('action_index'), action=error.get('action', ''),
                                detail=f'{error.get("code")}: {error.get("message")}', fields=tomllib.loads(text),
                                engine=engine, pk_state=None, pk_stacks=None)
            self.record(config, 'c', found)

    def record(self, config: Config, direction: str, found: Outcome | None) -> None:
        self.tally(config, direction, found is None)
        if found is not None:
            found.cls = classify(found)
            found.pk_state = None           # not sent back from the worker
            self.outcomes.append(found)


def pokerkit_waiting(state) -> str:
    if state.actor_index is not None:
        return f'pokerkit waits for p{state.actor_index + 1} to act (owes {state.checking_or_calling_amount})'
    if state.showdown_indices:
        return f'pokerkit waits for p{state.showdown_index + 1} to show or muck'
    if state.stand_patter_or_discarder_index is not None:
        return f'pokerkit waits for p{state.stand_patter_or_discarder_index + 1} to draw'
    return 'pokerkit waits for cards to be dealt' if state.can_deal_board() or state.can_deal_hole() else \
        'pokerkit has not ended the hand'


# ------------------------------------------------------------------ the report

DIRECTIONS = {'a': 'engine -> pokerkit', 'b': 'pokerkit -> engine', 'c': 'unknown cards'}


def report(args, workdir: Path, pokerkit: str, counts: dict, outcomes: list[Outcome], configs: list[Config],
           seconds: float, out) -> None:
    print(f'`poker` (profile pokerkit) against pokerkit: {args.hands} hands per configuration and direction, '
          f'seed {args.seed}', file=out)
    print(f'engine: {args.poker} ({binary_commit(args.poker)})', file=out)
    print(f'{pokerkit}; hand histories in {workdir}', file=out)
    print(file=out)
    header = f'{"configuration":<18} {"a: engine -> pokerkit":>22} {"b: pokerkit -> engine":>22} ' \
             f'{"c: unknown cards":>17}  notes'
    print(header, file=out)
    print('-' * len(header), file=out)
    totals = {d: [0, 0] for d in DIRECTIONS}
    for config in configs:
        cells = []
        for direction, width in (('a', 22), ('b', 22), ('c', 17)):
            hands, agreed = counts.get((config.name, direction), (0, 0))
            totals[direction][0] += hands
            totals[direction][1] += agreed
            cells.append(f'{agreed}/{hands}'.rjust(width) if hands else '-'.rjust(width))
        print(f'{config.name:<18} {" ".join(cells)}  {config.note}', file=out)
    print('-' * len(header), file=out)
    cells = [f'{totals[d][1]}/{totals[d][0]}'.rjust(w) for d, w in (('a', 22), ('b', 22), ('c', 17))]
    print(f'{"all":<18} {" ".join(cells)}', file=out)
    print(file=out)

    by_class: dict[str, list[Outcome]] = collections.defaultdict(list)
    for outcome in outcomes:
        by_class[outcome.cls].append(outcome)
    print(f'{"disagreement class":<72} {"a":>5} {"b":>5} {"c":>5}', file=out)
    for key, (side, title) in CLASSES.items():
        found = by_class.get(key, [])
        count = collections.Counter(o.direction for o in found)
        print(f'{f"[{side}] {title}":<72} {count["a"]:>5} {count["b"]:>5} {count["c"]:>5}', file=out)
    hands = sum(h for h, _ in counts.values())
    agreed = sum(a for _, a in counts.values())
    sides = collections.Counter(CLASSES[o.cls][0] for o in outcomes)
    print(file=out)
    print(f'hands: {hands}; agreed: {agreed}; disagreed: {hands - agreed}: the engine or its profile '
          f'{sides["engine"] + sides["profile"]}, pokerkit\'s defects {sides["pokerkit"]}, where the history ends '
          f'{sides["history"]}, unclassified {sides["?"]}; {seconds:.0f} s', file=out)

    if outcomes:
        print(file=out)
        print('one example of each class (--examples: every disagreement):', file=out)
        for key in CLASSES:
            for outcome in by_class.get(key, [])[:None if args.examples else 1]:
                print(describe(outcome, workdir), file=out)


def describe(o: Outcome, workdir: Path) -> str:
    where = f'action {o.action_index} {o.action!r}: ' if o.action_index is not None else ''
    file = {'a': 'engine', 'b': 'pokerkit', 'c': 'unknown'}[o.direction]
    lines = [f'  {o.cls}: {o.config.name} {o.direction} hand {o.index} '
             f'({workdir / f"{o.config.name}.{file}.phhs"} [{o.index + 1}]): {o.kind}: {where}{o.detail}']
    if o.direction == 'a':
        lines.append('    ' + ' '.join(play_command('poker', o.config, o.seed, o.stacks)))
    return '\n'.join(lines)


def binary_commit(poker: str) -> str:
    where = Path(poker).resolve().parent
    git = subprocess.run(['git', '-C', str(where), 'log', '-1', '--format=%h %cs'], capture_output=True, text=True)
    if git.returncode != 0:
        return 'commit unknown'
    dirty = subprocess.run(['git', '-C', str(where), 'status', '--porcelain', '--untracked-files=no'],
                           capture_output=True, text=True).stdout.strip()
    return 'built from commit ' + git.stdout.strip() + (' with local changes' if dirty else '')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog='\n\n'.join(__doc__.split('\n\n')[1:]))
    parser.add_argument('--pokerkit', metavar='PATH', help='a source checkout of pokerkit 0.7.4 '
                        '(default: import it from PYTHONPATH)')
    parser.add_argument('--poker', metavar='PATH', default=str(HERE.parent / 'build' / 'tools' / 'poker'),
                        help='the poker binary (default: build/tools/poker of this checkout)')
    parser.add_argument('--hands', type=int, default=200, metavar='N',
                        help='hands per configuration and direction (default 200)')
    parser.add_argument('--seed', type=int, default=1, metavar='S', help='the base seed (default 1)')
    parser.add_argument('--config', action='append', metavar='NAME', help='run only this configuration '
                        '(repeatable; --list names them)')
    parser.add_argument('--keep', metavar='DIR', help='write the hand histories there (default: a temporary '
                        'directory, removed unless a hand disagreed)')
    parser.add_argument('--examples', action='store_true', help='list every disagreement, not one per class')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1, metavar='N',
                        help='checks run at once (default: every core)')
    parser.add_argument('--list', action='store_true', help='list the configurations and exit')
    args = parser.parse_args()

    if args.list:
        for c in CONFIGS:
            print(f'{c.name:<18} {c.variant:<6} {c.seats} seats, stacks {c.stacks[0]}-{c.stacks[1]}'
                  f'{", cash game" if c.cash else ""}  {c.note}')
        return 0
    if args.hands < 1 or args.jobs < 1:
        parser.error('--hands and --jobs must be at least 1')
    configs = list(CONFIGS)
    if args.config:
        unknown = set(args.config) - {c.name for c in CONFIGS}
        if unknown:
            parser.error(f'unknown configuration {", ".join(sorted(unknown))} (--list names them)')
        configs = [c for c in CONFIGS if c.name in args.config]
    if not os.access(args.poker, os.X_OK):
        parser.error(f'no poker binary at {args.poker} (build it: ninja -C build tools/poker, or pass --poker)')

    try:
        pk = import_pokerkit(args.pokerkit)
    except ImportError as error:
        parser.error(str(error))
    version = pokerkit_version(pk)
    if version != '0.7.4':
        print(f'compare_pokerkit: warning: pokerkit {version} at {Path(pk.__file__).parent}; the classes here '
              'are those of 0.7.4', file=sys.stderr)
    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix='compare_pokerkit.'))
    workdir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    counts: dict[tuple[str, str], list[int]] = {}
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(args.jobs, initializer=start_worker, initargs=(args.pokerkit,)) as pool:
        tasks = [pool.submit(check, args, workdir, c.name, d) for c in configs for d in 'ab']
        for task in tasks:
            found_counts, found = task.result()
            counts |= found_counts
            outcomes += found
    where = f'pokerkit {version} from {Path(pk.__file__).parent}'
    report(args, workdir, where, counts, outcomes, configs, time.monotonic() - start, sys.stdout)
    if not args.keep and not outcomes:
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    return 0


if __name__ == '__main__':
    sys.exit(main())
