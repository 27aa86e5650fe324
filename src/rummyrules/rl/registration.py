"""Every game as a Gymnasium environment id, for ``gymnasium.make``.

Importing :mod:`rummyrules.rl` registers ``rummyrules/<variant>-v0`` for
each variant known (``rummyrules/EndOfThePage-v0``,
``rummyrules/FourteenHundred-v0``, ``rummyrules/GoingOutRummy-v0``,
``rummyrules/GinRummy-v0``): a :class:`~rummyrules.rl.SingleAgentEnv` of
the variant's rules. ``gymnasium.make`` takes the rules' options and the
seat's by keyword; ``"rummyrules.rl:rummyrules/GinRummy-v0"`` imports this
package first, for a program that has not.

>>> import gymnasium
>>> import rummyrules.rl
>>> env = gymnasium.make("rummyrules/GinRummy-v0", knock_card=8, seat=1)
>>> env.unwrapped.game_env.rules.knock_card, env.unwrapped.seat
(8, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
import gymnasium

from rummyrules.bots import Bot
from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import brief, expect
from rummyrules.game.registry import VARIANTS
from rummyrules.rl.single import SingleAgentEnv

__all__ = ["ENTRY_POINT", "env_id", "register_envs", "single_agent_env"]

ENTRY_POINT: Final = "rummyrules.rl.registration:single_agent_env"
"""What every id's spec makes, named as Gymnasium names entry points."""


def env_id(variant: str) -> str:
    """The Gymnasium id of a variant, by its rules class's name.

    >>> from rummyrules.rl import env_id
    >>> env_id("FourteenHundred")
    'rummyrules/FourteenHundred-v0'
    """
    return f"rummyrules/{variant}-v0"


def single_agent_env(  # noqa: PLR0913 - the seat's knobs, then the rules' options
    variant: str,
    *,
    seat: int = 0,
    opponents: Sequence[Callable[..., Bot] | str] | None = None,
    max_steps: int | None = None,
    refused_reward: float | None = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """One seat of a variant, its rules built from ``options`` (what every id makes).

    ``opponents`` are the other seats' bots, as
    :class:`~rummyrules.rl.SingleAgentEnv` takes them: levels by name
    (``"hard"``) or factories.

    An option the variant does not have raises
    :class:`~rummyrules.OptionError`, as does a value it does not take.

    >>> from rummyrules.rl import single_agent_env
    >>> env = single_agent_env("GoingOutRummy", players=3, seat=2)
    >>> env.game_env.rules.players, env.seat
    (3, 2)
    >>> env = single_agent_env("GinRummy", opponents=["medium"])
    >>> env.reset(seed=2)[0]["action_mask"].sum() > 0
    np.True_
    >>> single_agent_env("GinRummy", players=3)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: GinRummy has no option 'players': its options are hand_size, knock_card, gin_bonus, undercut_bonus, undercut_on_equal, oklahoma, target, max_turns
    """
    expect(variant, str, name="variant", what="a rules class's name (str)")
    cls = VARIANTS.get(variant)
    if cls is None:
        known = ", ".join(VARIANTS)
        message = f"there is no variant {brief(variant)}: the variants are {known}"
        raise OptionError(message)
    names = [field.name for field in attrs.fields(cls)]
    for name in options:
        if name not in names:
            message = f"{variant} has no option {brief(name)}: its options are {', '.join(names)}"
            raise OptionError(message)
    return SingleAgentEnv(
        cls(**options),
        seat=seat,
        opponents=opponents,
        max_steps=max_steps,
        refused_reward=refused_reward,
        render_mode=render_mode,
    )


def register_envs() -> list[str]:
    """Register every variant known now that has no id yet; the ids registered.

    Importing :mod:`rummyrules.rl` calls it; a game of your own, once
    registered (:func:`rummyrules.game.registry.register`), calls it again
    to get its id.

    >>> import gymnasium
    >>> from rummyrules.rl import env_id, register_envs
    >>> register_envs()  # the library's games are registered already
    []
    >>> env_id("GinRummy") in gymnasium.registry
    True
    """
    registered = []
    for variant in VARIANTS:
        name = env_id(variant)
        if name in gymnasium.registry:
            continue  # registering again would only warn of overriding it
        gymnasium.register(name, entry_point=ENTRY_POINT, kwargs={"variant": variant})
        registered.append(name)
    return registered
