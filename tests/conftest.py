"""Test settings: Hypothesis profiles, quick by default (50 examples), deeper in CI, a few on CI's other Pythons; the test-only games.

Importing ``toy_game`` registers Toy Rummy, a game made known from its own
package (``tests/toy_game``), so that every test sees it among the
registered games, as a game of the library would be.

The browser tests (the front end's, the docs') share one headless Chromium
for the session: Playwright's sync API runs one instance a thread, so a
second one started while the first lives would fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

import toy_game  # noqa: F401 - registers Toy Rummy, as rummyrules.games registers its games
from headless import ARGS, browser_or_skip

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Neither profile fails a test for slow data generation: on a shared machine
# that says how busy the machine is, not how good the test is.
settings.register_profile(
    "dev",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# CI's profile is twice the quick one: as deep as the whole of .ci/run can
# afford in about 16 minutes on two cores (its budget of 20 less the
# compiled build's step). At four times (200), CI's quick run took 5 min
# 15 s, against about 3 min with the quick profile.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# The other Pythons' quick runs (.ci/run): every test and every property
# runs, on a few examples each, to show the library works on that Python;
# how deep the properties go is the "ci" profile's part, on 3.11.
settings.register_profile(
    "smoke",
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

LONGEST_FIRST = (
    "tests/rl/test_rl.py::test_soak_500_games_per_game",
    "tests/bots/test_search_bot.py::test_searching_samples_it_is_not_behind",
    "tests/formats/test_reachable_states.py::test_every_state_of_a_whole_game",
    "tests/formats/test_positions.py::test_every_state_of_random_play",
    "tests/test_examples.py::test_example_runs[train_small_agent.py]",
    "tests/games/gin_rummy/test_gin_vs_openspiel.py::",
    "tests/bots/test_search_bot.py::test_searching_the_whole_state",
    "tests/server/test_websocket_held.py::",
    "tests/browser/test_whole_games_in_browser.py::",
    "tests/formats/test_sampling.py::test_every_view_play_reaches_is_sampled",
)
"""The tests that take longest (measured with ``--durations``), run first in this order.

pytest-xdist hands tests out in the order collected: one of these last
would run alone on one core at the end while the other cores wait. A name
here that matches nothing changes nothing; the rest keep their order.
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the `LONGEST_FIRST` tests first, so the others fill the cores around them."""

    def rank(item: pytest.Item) -> int:
        for at, name in enumerate(LONGEST_FIRST):
            if item.nodeid.startswith(name):
                return at
        return len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: the rest keep the order they were collected in


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session; each test opens its own pages.

    Without Playwright or the browser the test skips, or fails under
    ``RUMMYRULES_REQUIRE_BROWSER=1``.
    """
    path = browser_or_skip("the browser tests")
    # Imported here: without Playwright browser_or_skip has skipped (or failed).
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()
