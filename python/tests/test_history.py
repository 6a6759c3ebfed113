"""Room histories and statistics from Python, checked against `poker import`
and `poker stats` of the same build on the real hands of tests/import/."""

import glob
import json
import os
import subprocess
from decimal import Decimal

import pytest

import pokerengine

IMPORT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "import")
ROOMS = ["pokerstars", "fulltilt", "winamax", "ipoker", "partypoker"]


def room_files(kind):
    return sorted(f for room in ROOMS for f in glob.glob(os.path.join(IMPORT, room, kind, "*.txt")))


def cli_import(poker, path, *options):
    out = subprocess.run([poker, "import", "--json", *options, path], capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def as_json(hand):
    """The fields of `poker import --json` from the module's hand and verdict."""
    verdict = hand.check()
    out = {"id": hand.id, "room": hand.room, "game": hand.game, "status": verdict.status, "players": hand.players,
           "starting_stacks": [str(x) for x in hand.starting_stacks],
           "results": None if verdict.results is None else [str(x) for x in verdict.results],
           "recorded_results": [str(x) for x in hand.recorded_results], "rake": str(hand.rake), "hand": hand.index}
    if hand.cash_outs is not None:
        out["cash_outs"] = [str(x) for x in hand.cash_outs]
    if verdict.status != "ok":
        out["reason"] = verdict.reason
    return out


@pytest.mark.parametrize("kind", ["ok", "not-ok", "broken"])
def test_every_room_file_reads_as_the_tool_imports_it(poker, kind):
    files = room_files(kind)
    assert files
    for path in files:
        # not-ok and broken files are read as their folder's room, as tests/test_import_files.sh reads them.
        room = "auto" if kind == "ok" else os.path.basename(os.path.dirname(os.path.dirname(path)))
        expected = [{k: v for k, v in line.items() if k != "file"}
                    for line in cli_import(poker, path, *([] if room == "auto" else ["--from", room]))]
        got = [as_json(h) if h.reason is None else None for h in pokerengine.read_history(path, room)]
        assert len(got) == len(expected), path
        for g, e in zip(got, expected):
            if g is not None:
                assert g == e, path
            else:
                assert e["status"] in ("error", "unsupported"), path
        if kind == "ok":
            assert all(g["status"] == "ok" and g["results"] == g["recorded_results"] for g in got if g), path


def test_phh_of_each_hand_is_the_tools(poker):
    for path in room_files("ok")[:20]:
        out = subprocess.run([poker, "import", path], capture_output=True, text=True, check=True).stdout
        tables = [t.split("\n", 1)[1] for t in ("\n" + out).split("\n[")[1:]]
        assert [h.check().to_phh() for h in pokerengine.read_history(path)] == tables, path


def test_acpc_logs_with_their_game_definition(poker):
    for log in sorted(glob.glob(os.path.join(IMPORT, "acpc", "ok", "*.log"))):
        game = os.path.join(IMPORT, "acpc", "games", os.path.basename(log)[:-len(".log")] + ".game")
        expected = cli_import(poker, log, "--acpc-game", game)
        got = [as_json(h) for h in pokerengine.read_history(log, acpc_game=game)]
        assert [{k: v for k, v in e.items() if k != "file"} for e in expected] == got
        assert all(g["status"] == "ok" for g in got)
    with pytest.raises(pokerengine.Error) as e:
        pokerengine.read_history(log)
    assert e.value.code == "unknown_format" and "acpc_game" in str(e.value)


def test_statistics_are_the_tools(poker):
    files = room_files("ok")
    stats = pokerengine.Statistics()
    counted = cancelled = 0
    for path in files:
        for hand in pokerengine.read_history(path):
            if stats.add(hand):
                counted += 1
            else:
                cancelled += 1
    tool = json.loads(subprocess.run([poker, "stats", "--json", *files], capture_output=True, text=True).stdout)
    assert (stats.hands, counted, cancelled) == (tool["hands"], tool["hands"], tool["hands_cancelled"])
    assert cancelled >= 1  # PokerStars' cancelled hand
    for mine, row in zip(stats.players() + stats.by_position(), tool["players"] + tool["positions"]):
        assert (mine.player, mine.position, mine.hands) == (row["player"], row["position"], row["hands"])
        for name in ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet"):
            f = getattr(mine, name)
            assert {"made": f.made, "chances": f.chances, "ratio": f.ratio} == row[name], (mine.player, name)
        assert str(mine.net) == row["net"] and str(mine.showdown_net) == row["showdown_net"]
        assert mine.wtsd == row["went_to_showdown"] and mine.bb_per_100 == pytest.approx(row["bb_per_100"])
        assert mine.all_in_adjusted == pytest.approx(row["all_in_adjusted"])
    assert len(stats.players()) == len(tool["players"]) and len(stats.by_position()) == len(tool["positions"])


def test_statistics_merge_exactly():
    files = room_files("ok")
    whole, first, second = pokerengine.Statistics(), pokerengine.Statistics(), pokerengine.Statistics()
    for k, path in enumerate(files):
        for hand in pokerengine.read_history(path):
            whole.add(hand)
            (first if k < len(files) // 2 else second).add(hand)
    first.merge(second)
    assert first.hands == whole.hands
    assert [(p.player, p.position, p.hands, p.net, p.vpip.made, p.vpip.chances) for p in first.by_position()] == \
        [(p.player, p.position, p.hands, p.net, p.vpip.made, p.vpip.chances) for p in whole.by_position()]


def test_a_large_file_streamed_in_order_on_any_threads(tmp_path):
    hands_of = {}
    text = ""
    for path in room_files("ok"):
        if "/pokerstars/" in path:
            with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
                text += f.read() + "\n\n"
    path = tmp_path / "big.txt"
    with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
        f.write(text * 60)
    for threads in (1, 2, 3):
        reader = pokerengine.read_history(path, threads=threads)
        hands = [(h.index, h.id, h.reason) for h in reader]
        assert [i for i, _, _ in hands] == list(range(len(hands)))
        assert reader.bytes_done == os.path.getsize(path)
        hands_of[threads] = hands
    assert hands_of[1] == hands_of[2] == hands_of[3] and len(hands_of[1]) > 5000


def test_errors_name_what_is_wrong(tmp_path):
    with pytest.raises(OSError):
        pokerengine.read_history(tmp_path / "missing.txt")
    other = tmp_path / "notes.txt"
    other.write_text("Dear diary\n")
    with pytest.raises(pokerengine.Error) as e:
        pokerengine.read_history(other)
    assert e.value.code == "unknown_format" and "line 1" in str(e.value)
    with pytest.raises(pokerengine.Error) as e:
        pokerengine.read_history(other, "nowhere")
    assert e.value.code == "unknown_room" and "pokerstars" in str(e.value)
    with pytest.raises(pokerengine.Error) as e:
        pokerengine.read_history(other, "acpc")
    assert e.value.code == "bad_option"
    with pytest.raises(pokerengine.Error) as e:
        pokerengine.read_history(room_files("ok")[0], threads=0)
    assert e.value.code == "bad_option"
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    assert list(pokerengine.read_history(empty)) == []
    # A hand that cannot be read is given with its reason, and statistics refuse it with its status.
    bad = tmp_path / "bad.txt"
    stars = [p for p in room_files("ok") if "HeadsUp" in p and "/pokerstars/" in p][0]
    with open(stars, encoding="utf-8") as f:
        bad.write_text(f.read().replace("A.Kmicic: folds", "A.Kmicic: foldz"))
    [hand] = list(pokerengine.read_history(bad))
    verdict = hand.check()
    assert verdict.status == "error" and "foldz" in verdict.reason and verdict.to_phh() is None
    with pytest.raises(pokerengine.Error):
        pokerengine.Statistics().add(hand)


def test_money_is_decimal():
    path = [p for p in room_files("ok") if p.endswith("CashGame-Tables-Table3.txt") and "/pokerstars/" in p][0]
    [hand] = list(pokerengine.read_history(path))
    assert hand.rake == Decimal("0.50") and hand.starting_stacks == [Decimal("256.92"), Decimal("556.66")]
    assert hand.check().results == [Decimal("23.20"), Decimal("-23.70")]
    replayed = hand.hand.replay()
    assert replayed.complete
