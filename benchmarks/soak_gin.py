"""Gin Rummy beside OpenSpiel over many deals: the differential test, longer.

``.ci/run`` compares 2,000 deals each way (random choices and the greedy
bot's); this script runs the same test over as many deals as asked, and
prints the decisions compared and the known differences counted (see
``docs/gin_rummy.rst``). It needs the ``[peers]`` extra. From the
repository root::

    .venv/bin/python benchmarks/soak_gin.py --deals 20000
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import pytest


def main(argv: Sequence[str] | None = None) -> int:
    """Run the differential test over ``--deals`` deals; pytest's exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals each way")
    args = parser.parse_args(argv)
    os.environ["RUMMYRULES_GIN_DEALS"] = str(args.deals)
    os.environ["RUMMYRULES_REQUIRE_PEERS"] = "1"
    return int(
        pytest.main(
            [
                "-q",
                "-s",
                "-p",
                "no:cacheprovider",
                "tests/games/gin_rummy/test_gin_vs_openspiel.py",
            ]
        )
    )


if __name__ == "__main__":
    sys.exit(main())
