"""The hand state from Python: the options of `poker play`, legal actions,
errors with the library's codes, copies, pickles, views and PHH, checked
against the `poker` tool of the same build and against hand-worked amounts."""

import concurrent.futures
import os
import copy
import json
import pickle
import random
import subprocess
import tomllib

import pytest

import pokerengine

GAMES = [
    "holdem", "short-deck", "short-deck-wsop", "omaha", "omaha5", "omaha6", "omaha-hi-lo", "omaha5-hi-lo",
    "stud", "stud-hi-lo", "razz", "five-card-draw", "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw", "ace-to-five-triple-draw", "badugi", "joker-draw", "deuces-wild-draw",
]
STUD = {"stud", "stud-hi-lo", "razz"}


def cli_hand(poker, game, seed, *options):
    """The PHH document `poker play` writes for a seeded hand of random actions."""
    out = subprocess.run([poker, "play", "--game", game, "--seed", str(seed), "--random-actions", "--phh", *options],
                         check=True, capture_output=True, text=True).stdout
    return out


def play_recorded(game, seed, document, **options):
    """The same hand played from Python: the seat actions of the document applied in order."""
    hand = pokerengine.HandState(game, seed=seed, **options)
    for action in tomllib.loads(document)["actions"]:
        if not action.startswith("d "):  # a seeded hand deals its own cards
            hand.apply(action)
    return hand


def test_the_games_listed_are_the_tools(poker):
    listed = [line.split()[0] for line in subprocess.run([poker, "games"], check=True, capture_output=True,
                                                         text=True).stdout.splitlines() if line.strip()]
    assert listed == GAMES


def test_heads_up_legal_actions_worked_by_hand():
    # Heads-up 1/2, stacks 200: the button (p2) posts 1 and acts first; calling adds 1,
    # the least raise is to 4 (the big blind plus a raise of 2), the largest all-in to 200.
    hand = pokerengine.HandState("holdem", seats=2, seed=7)
    legal = hand.legal()
    assert legal.seat == 2
    assert legal.options == ["p2 f", "p2 cc", "p2 cbr 4", "p2 cbr 200"]
    assert legal.call_amount == 1 and legal.min_to == 4 and legal.max_to == 200
    assert hand.stacks == [198, 199]
    hand.apply("p2 cc")
    # The big blind may check, raise to 4 at least and to its whole stack of 200 at most.
    assert hand.legal().options == ["p1 cc", "p1 cbr 4", "p1 cbr 200"]
    assert hand.stacks == [198, 198]


def test_defaults_are_the_tools(poker):
    # Every game's configuration and first deal, by the defaults alone, equals `poker play`'s.
    for game in GAMES:
        document = cli_hand(poker, game, 11)
        ours = tomllib.loads(pokerengine.HandState(game, seed=11).to_phh())
        theirs = tomllib.loads(document)
        for key in theirs:
            if key not in ("actions", "finishing_stacks"):
                assert ours[key] == theirs[key], (game, key)
        first_deal = [a for a in theirs["actions"] if a.startswith("d dh")][:2]
        assert ours["actions"][:2] == first_deal, game


@pytest.mark.parametrize("game", GAMES)
def test_seeded_hands_equal_the_tools(poker, game):
    for seed in range(1, 9):
        document = cli_hand(poker, game, seed)
        hand = play_recorded(game, seed, document)
        assert hand.complete
        assert hand.stacks == tomllib.loads(document)["finishing_stacks"]
        assert hand.to_phh() == document, (game, seed)


def test_random_play_in_cpp_equals_the_tools(poker):
    for game in GAMES:
        for seed in (5, 6):
            hand = pokerengine.HandState(game, seed=seed)
            hand.play_random()
            assert hand.complete and hand.to_phh() == cli_hand(poker, game, seed), (game, seed)
    like = pokerengine.HandState("holdem", seats=2, seed=0)
    actions = pokerengine.play_random_hands(like, 50, seed=10)
    one_by_one = 0
    for seed in range(10, 60):
        hand = pokerengine.HandState("holdem", seats=2, seed=seed)
        hand.play_random()
        one_by_one += len([a for a in hand.history if not a.startswith("d ")])
    assert actions == one_by_one


def test_options_reach_the_hand(poker):
    cases = [
        ("holdem", dict(seats=3, stacks=[100, 150, 300], blinds=[5, 10], min_bet=20),
         ["--seats", "3", "--stacks", "100,150,300", "--blinds", "5,10", "--min-bet", "20"]),
        ("holdem", dict(seats=4, stacks=500, blinds=[1, 2, 4], antes=1, structure="pot-limit", profile="roberts"),
         ["--seats", "4", "--stacks", "500", "--blinds", "1,2,4", "--antes", "1", "--structure", "pot-limit",
          "--profile", "roberts"]),
        ("omaha", dict(structure="fixed-limit", small_bet=10, big_bet=20, seats=2),
         ["--structure", "fixed-limit", "--small-bet", "10", "--big-bet", "20", "--seats", "2"]),
        ("stud", dict(bring_in=3, antes=[1, 2, 1], seats=3, small_bet=5, profile="pokerkit"),
         ["--bring-in", "3", "--antes", "1,2,1", "--seats", "3", "--small-bet", "5", "--profile", "pokerkit"]),
        ("badugi", dict(cash=True, seats=5), ["--cash", "--seats", "5"]),
    ]
    for game, options, flags in cases:
        for seed in (1, 2, 3):
            document = cli_hand(poker, game, seed, *flags)
            hand = play_recorded(game, seed, document, **options)
            assert hand.to_phh() == document, (game, options, seed)


def test_illegal_actions_carry_the_library_code():
    hand = pokerengine.HandState("holdem", seats=2, seed=1)
    with pytest.raises(pokerengine.IllegalAction) as refused:
        hand.apply("p2 cbr 3")
    assert refused.value.code == "below_minimum"
    assert isinstance(refused.value, pokerengine.Error) and isinstance(refused.value, ValueError)
    with pytest.raises(pokerengine.IllegalAction) as refused:
        hand.apply("p1 cc")
    assert refused.value.code == "not_your_turn"
    with pytest.raises(pokerengine.IllegalAction) as refused:
        hand.bet_or_raise_to(201)
    assert refused.value.code == "above_maximum"
    before = hand.copy()
    with pytest.raises(pokerengine.IllegalAction):
        hand.apply("p2 cbr 1000")
    assert hand == before  # a refused action changes nothing
    hand.fold()
    with pytest.raises(pokerengine.IllegalAction) as refused:
        hand.check_or_call()
    assert refused.value.code == "hand_complete"


def test_unnecessary_fold_and_draw_codes():
    hand = pokerengine.HandState("holdem", seats=2, seed=1)
    hand.check_or_call()
    with pytest.raises(pokerengine.IllegalAction) as refused:
        hand.fold()  # the big blind may check: a tournament refuses the fold
    assert refused.value.code == "unnecessary_fold"
    draw = pokerengine.HandState("five-card-draw", seats=2, seed=4, structure="no-limit")
    draw.check_or_call()
    draw.check_or_call()
    assert draw.phase == "drawing" and draw.legal().can_draw
    assert draw.legal().options == [f"p{draw.to_act} sd"]
    held = draw.hole_cards(draw.to_act)
    stranger = next(c for c in pokerengine.cards("2c3c4c5c6c7c8c9cTcJcQcKcAc") if c not in held)
    with pytest.raises(pokerengine.IllegalAction) as refused:
        draw.draw(stranger)
    assert refused.value.code == "discard_not_held"
    seat = draw.to_act
    draw.draw(held[0] + held[1])
    draw.draw()  # the other seat stands pat; then the replacements are dealt
    kept = draw.hole_cards(seat)
    assert len(kept) == 5 and held[0] not in kept and held[1] not in kept and held[2] in kept


def test_notation_and_config_errors():
    hand = pokerengine.HandState("holdem", seed=1)
    for text, code in [("p1 xx", "unknown_action"), ("q1 f", "bad_player"), ("p1 cbr", "wrong_arguments"),
                       ("p1 cbr -3", "bad_amount"), ("", "empty_action")]:
        with pytest.raises(pokerengine.NotationError) as bad:
            hand.apply(text)
        assert bad.value.code == code, text
    for game, options, code in [
        ("holdem", dict(seats=3, stacks=[1, 2]), "wrong_length"),
        ("holdem", dict(seats=11), "player_count"),
        ("holdem", dict(stacks=0), "stack_not_positive"),
        ("stud", dict(blinds=[1, 2]), "blinds_in_stud_game"),
        ("holdem", dict(bring_in=2), "bring_in_in_blind_game"),
        ("holdem", dict(small_bet=2), "bet_size_for_other_structure"),
        ("razz", dict(min_bet=2), "bet_size_for_other_structure"),
        ("holdem", dict(profile="house"), "unknown_rule_profile"),
    ]:
        with pytest.raises(pokerengine.ConfigError) as bad:
            pokerengine.HandState(game, **options)
        assert bad.value.code == code, (game, options)
    with pytest.raises(pokerengine.Error) as bad:
        pokerengine.HandState("hold'em")
    assert bad.value.code == "game_error"


def random_hand(game, seed, rng, **options):
    hand = pokerengine.HandState(game, seed=seed, **options)
    while not hand.complete:
        hand.apply(rng.choice(hand.legal().options))
    return hand


def test_copy_pickle_equality_and_restore():
    rng = random.Random(5)
    for game in GAMES:
        hand = pokerengine.HandState(game, seed=3)
        for _ in range(rng.randrange(0, 8)):
            if hand.complete:
                break
            hand.apply(rng.choice(hand.legal().options))
        for twin in (copy.copy(hand), copy.deepcopy(hand), hand.copy(), pickle.loads(pickle.dumps(hand)),
                     pokerengine.HandState.restore(hand.serialize())):
            assert twin == hand and twin is not hand
            assert twin.legal().options == hand.legal().options
        if not hand.complete:
            twin = hand.copy()
            twin.apply(twin.legal().passive)
            assert twin != hand  # a copy is its own hand


def test_view_for_hides_the_others_down_cards():
    hand = pokerengine.HandState("holdem", seats=3, seed=9)
    view = hand.view_for(1)
    assert view["seat"] == 1 and view["to_act"] == hand.to_act
    assert view["cards"][0] == hand.hole_cards(1)
    assert view["cards"][1] == [] and view["cards"][2] == []
    assert view["card_counts"] == [2, 2, 2]
    assert view["stacks"] == hand.stacks and view["pot_total"] == 3
    stud = pokerengine.HandState("stud", seats=2, seed=9)
    other = stud.view_for(1)["cards"][1]
    assert len(other) == 1 and other[0] == stud.hole_cards(2)[2]  # the door card alone


def test_history_result_and_phh_replay(poker, tmp_path):
    rng = random.Random(2)
    documents = []
    for i, game in enumerate(GAMES * 3):
        hand = random_hand(game, 100 + i, rng)
        assert sum(hand.stacks) == sum(tomllib.loads(hand.to_phh())["starting_stacks"])
        result = hand.result()
        assert result["finishing_stacks"] == hand.stacks
        assert sum(p["amount"] for p in result["pots"]) == sum(result["payouts"])
        assert [a for a in tomllib.loads(hand.to_phh())["actions"]] == hand.history
        documents.append((hand, hand.to_phh()))
    # Written from Python, replayed by the tool: every hand ends with the same stacks.
    path = tmp_path / "hands.phhs"
    path.write_text("".join(f"[{k + 1}]\n{text}\n" for k, (_, text) in enumerate(documents)))
    out = subprocess.run([poker, "replay", "--json", str(path)], check=True, capture_output=True, text=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == len(documents)
    for (hand, _), line in zip(documents, lines):
        assert line["status"] == "ok" and line["matches_recorded"]
        assert [int(s) for s in line["finishing_stacks"]] == hand.stacks
    # And read back in Python.
    replayed = pokerengine.phh.replay(path)
    assert [h.stacks for h in replayed] == [h.stacks for h, _ in documents]
    records = pokerengine.phh.load(path)
    assert records[0].table == "1" and records[0].finishing_stacks == documents[0][0].stacks
    assert pokerengine.phh.loads(documents[0][1])[0].actions == tomllib.loads(documents[0][1])["actions"]
    single = tmp_path / "one.phh"
    pokerengine.phh.dump(documents[0][0], single)
    assert single.read_text() == pokerengine.phh.dumps(documents[0][0])


def test_python_hands_replayed_by_the_tool(poker, tmp_path):
    # 1,000 seeded hands of random legal choices made in Python, replayed by `poker replay`.
    rng = random.Random(1000)
    games = ["holdem", "omaha-hi-lo", "stud", "deuce-to-seven-triple-draw", "badugi"]
    hands = [random_hand(games[k % len(games)], k, rng, seats=2 + k % 5) for k in range(1000)]
    path = tmp_path / "python.phhs"
    path.write_text("".join(f"[{k + 1}]\n{h.to_phh()}\n" for k, h in enumerate(hands)))
    out = subprocess.run([poker, "replay", "--json", str(path)], check=True, capture_output=True, text=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    assert [[int(s) for s in line["finishing_stacks"]] for line in lines] == [h.stacks for h in hands]


def test_bad_replay_has_a_code(tmp_path):
    hand = pokerengine.HandState("holdem", seats=2, seed=1)
    hand.apply("p2 cc")
    assert "'p2 cc'" in hand.to_phh()
    record = pokerengine.phh.loads(hand.to_phh().replace("'p2 cc'", "'p2 cbr 3'"))[0]
    with pytest.raises(pokerengine.Error) as failed:
        record.replay()
    assert failed.value.code == "below_minimum"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_seeded_hands_equal_the_tools(poker, game):
    # The tool's runs overlap on two threads (a subprocess waits without the GIL).
    # 100 seeds of each game (one run of the tool each: about 30 s in all); run
    # with POKERENGINE_SEEDED_HANDS=1000 for the thousand of each game.
    seeds = int(os.environ.get("POKERENGINE_SEEDED_HANDS", "100"))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        documents = pool.map(lambda seed: cli_hand(poker, game, seed), range(seeds))
        for seed, document in enumerate(documents):
            assert play_recorded(game, seed, document).to_phh() == document, seed


def test_the_remaining_calls_worked_by_hand():
    # Stud, two seats, ante 1, bring-in 2, bets 2/4: the low door card brings in.
    stud = pokerengine.HandState("stud", seats=2, seed=4, bring_in=1)
    legal = stud.legal()
    assert stud.phase == "betting" and stud.street == 0 and stud.seats == 2 and stud.seed == 4
    assert stud.contributions == [1, 1] and stud.pot_total == 2 and stud.street_bets == [0, 0]
    assert legal.passive == f"p{legal.seat} pb" and f"p{legal.seat} pb" in legal.options
    assert f"p{legal.seat} cbr 2" in legal.options  # or complete to the small bet
    assert stud.is_legal(f"p{legal.seat} pb") and not stud.is_legal(f"p{legal.seat} cc")
    stud.post_bring_in()
    assert stud.street_bets[legal.seat - 1] == 1 and stud.contributions[legal.seat - 1] == 2
    # Hold'em to the showdown: a board of five, then a show and a muck (cash game), and the payouts.
    hand = pokerengine.HandState("holdem", seats=2, seed=8, cash=True)
    assert hand.board == []
    while hand.phase == "betting":
        hand.check_or_call()
    assert len(hand.board) == 5 and hand.phase == "showdown"
    shown = hand.to_act
    hand.show()
    assert not hand.complete and hand.legal().can_muck
    hand.muck()
    assert hand.complete and hand.payouts[shown - 1] == 4 and hand.stacks[shown - 1] == 202
    assert hand.history[-2:] == [f"p{shown} sm {''.join(hand.hole_cards(shown))}", f"p{3 - shown} sm"]
    # A cash game whose board may run twice: both ask for two runs after the all-in; two boards, one pot.
    twice = pokerengine.HandState("holdem", seats=2, seed=8, cash=True, runouts=2)
    twice.bet_or_raise_to(200)
    twice.check_or_call()
    legal = twice.legal()
    assert legal.can_choose_runouts and legal.most_runouts == 2
    assert legal.options == [f"p{legal.seat} run 1", f"p{legal.seat} run 2"]
    twice.run(2)
    twice.apply(f"p{twice.to_act} run 2")
    while not twice.complete:
        twice.show()
    assert len(twice.boards) == 2 and twice.boards[1] == twice.board and sum(twice.stacks) == 400
    assert not set(twice.boards[0][3:]) & set(twice.boards[1][3:])
    assert pokerengine.HandState.restore(twice.serialize()) == twice
    for bad in (dict(runouts=2), dict(cash=True, runouts=5), dict(cash=True, runouts=0)):
        with pytest.raises(pokerengine.ConfigError) as refused:
            pokerengine.HandState("holdem", seats=2, seed=8, **bad)
        assert refused.value.code == "rule_out_of_range"
    # Pot limit: the pot-sized raise.
    omaha = pokerengine.HandState("omaha", seats=2, seed=1)
    assert omaha.legal().pot_to == 6  # call 1 to 2, then raise the pot of 4: to 6
    draw = pokerengine.HandState("badugi", seats=2, seed=1)
    draw.check_or_call()
    draw.check_or_call()
    assert draw.legal().max_discards == 4 and draw.legal().can_draw


def test_card_by_card_dealing_and_redeal():
    # Seed 42 dealt card by card: 6c 9d Qh Js As 4s 2s 8s 7c Th Ah Jd 7s Ad, the same
    # separate model as the C++ tests (tests/test_deck.cpp), round the table from p1,
    # then burn, flop, burn, turn, burn, river.
    hand = pokerengine.HandState("holdem", seats=3, seed=42, dealing="card-by-card")
    assert [hand.hole_cards(p) for p in (1, 2, 3)] == [["6c", "Js"], ["9d", "As"], ["Qh", "4s"]]
    assert "\ndealing seeded 42 card-by-card\n" in hand.serialize()
    while not hand.complete:
        hand.check_or_call() if hand.phase == "betting" else hand.show()
    assert hand.board == ["8s", "7c", "Th", "Jd", "Ad"]
    assert pokerengine.HandState.restore(hand.serialize()) == hand
    # Dealt again: the hand a new object with the same arguments would be.
    hand.redeal(7)
    assert hand == pokerengine.HandState("holdem", seats=3, seed=7, dealing="card-by-card")
    assert hand.seed == 7 and not hand.complete
    whole = pokerengine.HandState("holdem", seats=3, seed=7)
    assert whole != hand and "\ndealing seeded 7\n" in whole.serialize()
    with pytest.raises(pokerengine.ConfigError) as refused:
        pokerengine.HandState("holdem", seed=1, dealing="riffle")
    assert refused.value.code == "unknown_dealing_order"
    assert "'riffle' is not an order" in str(refused.value)


def test_a_cap_game():
    # Nobody puts more than 40 in; the first to act raises to the cap, the other calls: 40 moves at most.
    hand = pokerengine.HandState("holdem", seats=2, stacks=[300, 100], cap=40, seed=5)
    assert hand.legal().max_to == 40
    hand.apply("p%d cbr 40" % hand.legal().seat)
    while not hand.complete:
        hand.check_or_call() if hand.phase == "betting" else hand.show()
    assert sorted(abs(f - s) for f, s in zip(hand.stacks, [300, 100])) in ([0, 0], [40, 40])
    assert "\n_cap = 40\n" in hand.to_phh()
    with pytest.raises(pokerengine.ConfigError) as refused:
        pokerengine.HandState("holdem", seats=2, cap=1)
    assert refused.value.code == "cap_below_forced_bets"
    table = pokerengine.Table("holdem", seats=2, seed=1, cap=10)
    table.join(1, "ann", 100)
    table.join(2, "bob", 100)
    hand = table.start_hand()
    assert "\n_cap = 10\n" in hand.to_phh()


def test_a_table_dealing_card_by_card():
    # Each hand of the table is dealt as a hand of its seed dealt card by card would be.
    hands = {}
    for dealing in ("whole-shuffle", "card-by-card"):
        table = pokerengine.Table("holdem", seats=3, seed=3, dealing=dealing)
        for seat in (1, 2, 3):
            table.join(seat, "p" + str(seat), 100)
        hands[dealing] = table.start_hand()
    whole, by_card = hands["whole-shuffle"], hands["card-by-card"]
    assert whole.seed == by_card.seed
    assert "\ndealing seeded %d card-by-card\n" % by_card.seed in by_card.serialize()
    alone = pokerengine.HandState("holdem", seats=3, seed=by_card.seed, dealing="card-by-card")
    assert [by_card.hole_cards(p) for p in (1, 2, 3)] == [alone.hole_cards(p) for p in (1, 2, 3)]
    assert [by_card.hole_cards(p) for p in (1, 2, 3)] != [whole.hole_cards(p) for p in (1, 2, 3)]
    with pytest.raises(pokerengine.ConfigError) as refused:
        pokerengine.Table("holdem", dealing="riffle")
    assert refused.value.code == "unknown_dealing_order"


def test_a_table_across_hands(poker, tmp_path):
    table = pokerengine.Table("holdem", seats=4, seed=3, blinds=[1, 2])
    table.join(1, "ann", 100)
    table.join(2, "bob", 100)
    table.join(3, "cy", 100)
    assert table.players == 3 and table.player(4) is None and table.player(1)["name"] == "ann"
    with pytest.raises(pokerengine.Error) as refused:
        table.join(1, "dee", 100)
    assert refused.value.code == "seat_taken"
    with pytest.raises(pokerengine.Error) as refused:
        table.finish_hand(pokerengine.HandState("holdem", seed=1))
    assert refused.value.code == "no_hand_in_progress"
    entries = []
    for _ in range(30):
        if not table.can_start_hand():
            break
        hand = table.start_hand()
        assert table.hand_in_progress and len(table.hand_seats()) == hand.seats
        with pytest.raises(pokerengine.Error) as refused:
            table.finish_hand(hand)
        assert refused.value.code == "hand_not_complete"
        hand.play_random()
        table.finish_hand(hand)
        entries.append(table.phhs_entry(hand))
        assert table.total_chips == 300  # chips stay on the table
    assert table.hands_started == len(entries) >= 2
    path = tmp_path / "table.phhs"
    path.write_text("\n".join(entries))
    out = subprocess.run([poker, "replay", "--json", str(path)], check=True, capture_output=True, text=True).stdout
    assert all(json.loads(line)["matches_recorded"] for line in out.splitlines())
    left = table.leave(3)
    assert table.total_chips == 300 - left and table.player(3) is None
