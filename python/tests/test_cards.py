"""Cards, evaluators, the batch evaluator, equity and ICM from Python, with
truth from hand-worked hands, published figures and single calls."""

import doctest
import os
import pickle
import threading
import time

import numpy
import pytest

import pokerengine
import pokerengine._pokerengine


def test_cards_and_numbers():
    assert pokerengine.cards("AsKd 7c") == ["As", "Kd", "7c"]
    assert pokerengine.card_number("2c") == 0 and pokerengine.card_number("As") == 51
    assert pokerengine.card_number("Ah") == 4 * 12 + 2 and pokerengine.card_number("3d") == 4 * 1 + 1
    with pytest.raises(pokerengine.Error) as bad:
        pokerengine.cards("As Zq")
    assert bad.value.code == "parse_error"


def test_hand_values_compare_and_describe():
    high = pokerengine.Evaluator("high")
    full = high.evaluate("KsKdKh2c2d")
    trips = high.evaluate(["Qs", "Qd", "Qh", "Ac", "Kd"])
    assert full > trips and trips < full and full == high.evaluate("2c2dKsKdKh") and full != trips
    assert high.describe(full) == "Full house, kings over twos"
    assert high.category(full) == "Full house"
    assert high.best_five("AsAd KcKh 2s 3d 9c") == ["As", "Ad", "Kh", "Kc", "9c"]
    assert high.compare("AsAdKcKh2s", "QsQdJcJh3s") == 1 and high.compare("2c3d4h5s7c", "2d3h4s5c7d") == 0
    assert high.compare("2c3d4h5s7c", "AsAdKcKh2s") == -1


def test_hand_values_describe_themselves_and_meet_ints():
    high = pokerengine.Evaluator("high")
    v = high.evaluate("Ts Js Qs Ks As 2d 3c")
    assert v.describe() == high.describe(v) and v.category() == "Royal flush"
    assert v.best_five() == ["As", "Ks", "Qs", "Js", "Ts"]
    assert v == v.value and v > v.value - 1 and v >= v.value and v < v.value + 1 and v <= v.value
    assert v != v.value + 1 and hash(v) == hash(v.value)
    assert high.describe(v.value) == v.describe() and high.category(int(v)) == "Royal flush"
    batch = high.evaluate_many(numpy.array([[pokerengine.card_number(c) for c in pokerengine.cards("TsJsQsKsAs2d3c")]],
                                           dtype=numpy.uint8))
    assert v == batch[0] and batch[0] == v.value
    plain = pokerengine.HandValue(v.value)
    assert plain == v
    with pytest.raises(ValueError):
        plain.describe()
    low = pokerengine.Evaluator("ace-to-five").evaluate("As2d3c4h5s")
    again = pickle.loads(pickle.dumps(low))
    assert again == low and again.describe() == low.describe() and again.best_five() == low.best_five()
    wild = pokerengine.Evaluator("high", wild="2").evaluate("2s2dAsAhAc")
    assert pickle.loads(pickle.dumps(wild)).category() == "Five of a kind"


def test_every_ranking_by_name():
    assert set(pokerengine.Evaluator.names) >= {"high", "ace-to-five", "deuce-to-seven", "badugi"}
    seven = pokerengine.Evaluator("deuce-to-seven")
    assert seven.evaluate("7s5d4c3h2s") > seven.evaluate("7s6d4c3h2s")
    assert seven.evaluate("8s6d4c3h2s") > seven.evaluate("As2d3c4h5s")  # the wheel is ace high there
    razz = pokerengine.Evaluator("ace-to-five")
    assert razz.evaluate("As2d3c4h5s") > razz.evaluate("As2d3c4h6s")
    wild = pokerengine.Evaluator("high", wild="2")
    assert wild.category(wild.evaluate("2s2dAsAhAc")) == "Five of a kind"
    with pytest.raises(pokerengine.Error) as bad:
        pokerengine.Evaluator("lowball")
    assert bad.value.code == "rules_error"
    with pytest.raises(pokerengine.Error) as bad:
        pokerengine.Evaluator("high").evaluate("AsKs")
    assert bad.value.code == "hand_error"


def random_hands(n, k, seed):
    rng = numpy.random.default_rng(seed)
    return numpy.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(numpy.uint8)


NAMES = ["23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in range(52)]  # 4 * rank + suit


def names_of(row):
    return "".join(NAMES[c] for c in row)


@pytest.mark.parametrize("name", ["high", "deuce-to-seven", "ace-to-five"])
def test_batch_equals_single_calls(name):
    ev = pokerengine.Evaluator(name)
    hands = random_hands(100_000 if name == "high" else 20_000, 7, 1)
    values = ev.evaluate_many(hands)
    assert values.dtype == numpy.uint32 and values.shape == (len(hands),)
    assert [ev.evaluate(names_of(row)).value for row in hands.tolist()] == values.tolist()
    for k, seed in ((5, 2), (6, 4), (8, 5)):
        rows = random_hands(1000, k, seed)
        assert ev.evaluate_many(rows).tolist() == [ev.evaluate(names_of(r)).value for r in rows.tolist()]


@pytest.mark.parametrize("name, wild, k", [("badugi", None, 4), ("high", "2", 7), ("short-deck", None, 7)])
def test_batch_of_other_rules_equals_single_calls(name, wild, k):
    ev = pokerengine.Evaluator(name, wild=wild)
    rows = random_hands(2000, k, 6)
    if name == "short-deck":  # six to ace: numbers 16 to 51
        rows = (numpy.argsort(numpy.random.default_rng(7).random((2000, 36)), axis=1)[:, :k] + 16).astype(numpy.uint8)
    assert ev.evaluate_many(rows).tolist() == [ev.evaluate(names_of(r)).value for r in rows.tolist()]


def test_batch_writes_into_out():
    ev = pokerengine.Evaluator()
    hands = random_hands(1000, 7, 8)
    out = numpy.zeros(1000, dtype=numpy.uint32)
    assert ev.evaluate_many(hands, out=out) is out
    assert out.tolist() == ev.evaluate_many(hands).tolist()
    for wrong in (numpy.zeros(1000, dtype=numpy.int64), numpy.zeros(999, dtype=numpy.uint32),
                  numpy.zeros((1000, 1), dtype=numpy.uint32), numpy.zeros(2000, dtype=numpy.uint32)[::2]):
        with pytest.raises(ValueError, match="out must be"):
            ev.evaluate_many(hands, out=wrong)
    frozen = numpy.zeros(1000, dtype=numpy.uint32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="out must be"):
        ev.evaluate_many(hands, out=frozen)
    shared = numpy.zeros(7 * 4, dtype=numpy.uint8)
    shared[:7] = [0, 1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="shares memory"):
        ev.evaluate_many(shared[:7].reshape(1, 7), out=shared.view(numpy.uint32)[:1])


def test_batch_refuses_bad_rows():
    ev = pokerengine.Evaluator()
    with pytest.raises(pokerengine.Error) as bad:
        ev.evaluate_many(numpy.array([[0, 1, 2, 3, 52, 5, 6]], dtype=numpy.uint8))
    assert bad.value.code == "hand_error" and "row 0" in str(bad.value)
    with pytest.raises(pokerengine.Error) as bad:
        ev.evaluate_many(numpy.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 5]], dtype=numpy.uint8))
    assert "row 1" in str(bad.value)
    for row in ([51, 51, 50, 49, 48, 47, 46], [0, 1, 2, 3, 4, 255, 6], [0, 0, 0, 0, 0, 0, 0]):
        with pytest.raises(pokerengine.Error, match="row 0"):
            ev.evaluate_many(numpy.array([row], dtype=numpy.uint8))
    with pytest.raises(pokerengine.Error, match="row 0"):
        ev.evaluate_many(numpy.array([[7, 7, 1, 2, 3, 4, 5, 6, 8, 9]], dtype=numpy.uint8))
    with pytest.raises(ValueError):
        ev.evaluate_many(numpy.zeros(7, dtype=numpy.uint8))


@pytest.mark.slow
def test_batch_equals_single_calls_on_a_million_hands():
    ev = pokerengine.Evaluator()
    hands = random_hands(1_000_000, 7, 3)
    assert ev.evaluate_many(hands).tolist() == [ev.evaluate(names_of(row)).value for row in hands.tolist()]


def test_equity_exact_and_monte_carlo():
    exact = pokerengine.equity("holdem", ["AsAh", "KsKd"])
    assert exact.exact and exact.deals == 1_712_304
    assert abs(exact.players[0].equity - 0.8195) < 0.0001  # the published AA v KK figure
    simulated = pokerengine.equity("holdem", ["AsAh", "KsKd"], method="monte-carlo", seed=3, max_deals=200_000,
                                   target_standard_error=0)
    again = pokerengine.equity("holdem", ["AsAh", "KsKd"], method="monte-carlo", seed=3, max_deals=200_000,
                               target_standard_error=0)
    assert not simulated.exact and simulated.players[0].equity == again.players[0].equity
    assert abs(simulated.players[0].equity - 0.8195) < 5 * simulated.players[0].standard_error
    river = pokerengine.equity("holdem", ["AsAh", "KsKd"], board="Qs 7d 2c 9h")
    assert river.deals == 44 and abs(river.players[0].equity - 42 / 44) < 1e-12  # two kings left of 44 cards
    with pytest.raises(pokerengine.Error):
        pokerengine.equity("badugi", ["AsKd2c3h", "4s5d6c7h"])
    with pytest.raises(ValueError):
        pokerengine.equity("holdem", ["AsAh", "KsKd"], method="guess")


def test_equity_checkpoint_resumes_with_the_same_answer(tmp_path):
    kept = str(tmp_path / "mc.checkpoint")
    ask = dict(method="monte-carlo", seed=3, max_deals=300_000, target_standard_error=0)
    plain = pokerengine.equity("holdem", ["AsAh", "KsKd"], **ask)
    first = pokerengine.equity("holdem", ["AsAh", "KsKd"], checkpoint=kept, **ask)
    again = pokerengine.equity("holdem", ["AsAh", "KsKd"], checkpoint=kept, **ask)
    assert (first.resumed_blocks, again.resumed_blocks, plain.resumed_blocks) == (0, 5, 0)  # 300,000 deals: 5 blocks
    assert plain.players[0].equity == first.players[0].equity == again.players[0].equity
    with pytest.raises(pokerengine.Error) as other:
        pokerengine.equity("holdem", ["AsAh", "KsKh"], checkpoint=kept, **ask)
    assert other.value.code == "other_job"
    with pytest.raises(pokerengine.Error) as exact:
        pokerengine.equity("holdem", ["AsAh", "KsKd"], method="exact", checkpoint=kept)
    assert exact.value.code == "game_error"


def long_equity(deals):
    return pokerengine.equity("holdem", ["AsAh", "KsKd"], method="monte-carlo", seed=1, max_deals=deals,
                              target_standard_error=0)


def test_equity_releases_the_gil():
    # While another thread is inside a long equity call, this thread keeps running Python:
    # with the GIL held it could not run a line until the call returned.
    worker = threading.Thread(target=long_equity, args=(10_000_000,))
    worker.start()
    time.sleep(0.05)  # the worker is inside the call by now
    ticks, start = 0, time.perf_counter()
    while worker.is_alive() and time.perf_counter() - start < 0.2:
        ticks += 1
    running = worker.is_alive()
    worker.join()
    assert running, "the call ended too soon to tell"
    assert ticks > 10_000


@pytest.mark.slow
def test_two_threads_run_two_equity_calls_in_about_the_time_of_one():
    # A timing on two cores: meaningless when other work already holds them.
    if os.getloadavg()[0] > 0.5:
        pytest.skip(f"the machine is busy (load {os.getloadavg()[0]:.1f}): two cores are not free to time")
    start = time.perf_counter()
    long_equity(20_000_000)
    one = time.perf_counter() - start
    threads = [threading.Thread(target=long_equity, args=(20_000_000,)) for _ in range(2)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two = time.perf_counter() - start
    assert two < 1.5 * one, (one, two)


def test_icm_worked_by_hand():
    # Malmuth-Harville, stacks 50/30/20, payouts 70/30: player 1 is first half the time and
    # second .3*50/70 + .2*50/80 of it.
    first = 0.5
    second = 0.3 * 50 / 70 + 0.2 * 50 / 80
    equities = pokerengine.icm([50, 30, 20], [70, 30])
    assert abs(equities[0] - (70 * first + 30 * second)) < 1e-9
    assert abs(sum(equities) - 100) < 1e-9
    with pytest.raises(pokerengine.Error) as bad:
        pokerengine.icm([], [1])
    assert bad.value.code == "no_players"


def test_the_extension_docstrings_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    tests = finder.find(pokerengine._pokerengine, globs={"pokerengine": pokerengine})
    assert sum(len(t.examples) for t in tests) >= 10
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


def test_hand_values_pickle():
    v = pokerengine.Evaluator().evaluate("AsKsQsJsTs")
    assert pickle.loads(pickle.dumps(v)) == v and int(v) == v.value
    assert pickle.loads(pickle.dumps(pokerengine.HandValue(7))) == 7


def test_equity_progress_reports_deals_and_a_report_that_raises_stops_the_run():
    calls = []
    r = pokerengine.equity("holdem", ["QQ+", "AKs"], threads=2,
                           progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (r.deals, r.deals) == (82_190_592, 82_190_592)

    class Enough(Exception):
        pass

    def stop(done, total):
        raise Enough("stop")

    start = time.perf_counter()
    with pytest.raises(Enough):
        pokerengine.equity("holdem", ["AsAh", "random"], method="monte-carlo", max_deals=10**12,
                           target_standard_error=0, threads=2, progress=stop)
    assert time.perf_counter() - start < 30  # stopped long before 10^12 deals (hours)


def test_a_progress_report_that_raises_stops_the_run():
    calls = []

    class Enough(Exception):
        pass

    def report(done, total):
        calls.append((done, total))
        if len(calls) == 3:
            raise Enough("stop")

    start = time.perf_counter()
    with pytest.raises(Enough):
        pokerengine.starting_hand_table(threads=2, progress=report)
    assert time.perf_counter() - start < 30  # stopped long before the whole table (minutes)
    assert len(calls) == 3 and all(total > 0 and 0 <= done <= total for done, total in calls)
    assert calls[0][1] == calls[2][1]
