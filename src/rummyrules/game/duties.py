"""What a player must still do this turn: the obligations in force, each with its rule.

A rule may bind a player for the rest of a turn once a move is made: a card
taken from the discard pile must be played (F14-9), a card taken from deep
in the pile melded at once (EOP-6), a last card that fits a meld played
(EOP-12), a knock's melds laid (GIN-5). :meth:`~rummyrules.GameState.duties`
says which are in force for a player, each game answering for its own
(:meth:`~rummyrules.game.playable_rules.PlayableRules.duties`); a game with
none needs to say nothing. The sentences are the ones the game refuses a
move with while the duty stands, so that the table says the same thing
before a move as after it.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 draw | hands 2D 4D 9S / 5C 6C 7C | pile 3D 8H"
... )
>>> game.duties(0)
()
>>> (duty,) = game.apply("take").duties(0)
>>> print(duty)
you took 3D from the discard pile, so you must use it in a meld or lay-off before you discard (F14-9)
"""

from __future__ import annotations

import attrs

from rummyrules.game.refusals import Refusal

__all__ = ["Duty", "duties_of"]


@attrs.frozen(kw_only=True)
class Duty:
    """An obligation in force for a player: what the rules still ask of them this turn.

    Attributes:
        rule: The ID of the rule that binds the player.
        text: What it asks, in a sentence without the rule ID (card texts
            as the notation writes them).

    >>> duty = Duty(rule="EOP-12", text="your last card 8D must be played")
    >>> str(duty), duty.rule
    ('your last card 8D must be played (EOP-12)', 'EOP-12')
    """

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def duties_of(*refusals: Refusal | None) -> tuple[Duty, ...]:
    """The duties that the refusals in force stand for, in order; None is no duty.

    A game says what a player must do with the refusal it meets a move
    with while the duty stands.

    >>> duties_of(None, Refusal("lay your melds first", "GIN-5"))
    (Duty(rule='GIN-5', text='lay your melds first'),)
    """
    return tuple(
        Duty(rule=refusal.rule, text=refusal.reason)
        for refusal in refusals
        if refusal is not None
    )
