"""Shared by the pytest suite: the `poker` tool of the same build, and the
closing line `N passed, N failed` that the project's test totals read."""

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def poker():
    """The path of the `poker` tool built beside the module."""
    path = os.environ.get("POKERENGINE_POKER") or shutil.which("poker")
    if not path or not os.path.exists(path):
        pytest.skip("the poker tool is not built (POKERENGINE_POKER)")
    return path


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long checks, run by the 'slow' suite only")


def pytest_terminal_summary(terminalreporter):
    stats = terminalreporter.stats
    passed = len([r for r in stats.get("passed", []) if r.when == "call"])
    failed = len({r.nodeid for key in ("failed", "error") for r in stats.get(key, [])})
    # The last line of the output: tools/test_totals.py counts each test from it.
    terminalreporter.write_line("")
    terminalreporter.write_line(f"{passed} passed, {failed} failed")
