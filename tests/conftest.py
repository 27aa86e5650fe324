"""Test settings: Hypothesis profiles, quick by default (50 examples) and deeper in CI (400); the test-only games.

Importing ``toy_game`` registers Toy Rummy, a game made known from its own
package (``tests/toy_game``), so that every test sees it among the
registered games, as a game of the library would be.
"""

import os

from hypothesis import HealthCheck, settings

import toy_game  # noqa: F401 - registers Toy Rummy, as rummyrules.games registers its games

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
