"""Toy Rummy: a small game of rummy, made known from its own package (tests only).

It shows how a game joins the library without a change to any shared
module: this package declares the game, and the one ``register`` line below
makes it known to rules lines, positions, saved games, records, the bots and
the command line. ``tests/conftest.py`` imports it, so every test sees it,
and the conformance suite (``tests/conformance/``) plays it as it plays every
registered game. Copy it to start a game of your own; each module is one
thing the shared layers ask of a game:

- ``state.py``: the game's options, declared once, and its state and view
  classes, with only its own fields;
- ``machine.py``: the deal, and the turn machine, each rule one function
  that both lists and refuses;
- ``core.py``: the integer core: the same turn over small integers, which
  the fast path (``legal_actions``, ``apply_action``) and the public face
  play, checked against the machine;
- ``checks.py``: what no play of the game reaches, for states and views
  read from positions or saved JSON;
- ``strategy.py``: what bots and the command line ask about playing it;
- ``moves.py``: the game's own kind of move, registered for the notation;
- ``rules.py``: the rules class, which inherits the options, with its deck
  and melds, and the class variables that name all of the above.

The rules, each with the ID its refusals name:

- **TOY-1 Players and cards.** 2 to 4 players, with a short pack of 32 cards
  (7 to Ace in four suits), or all 52 with the ``full_deck`` option. Each
  player is dealt 5 cards.
- **TOY-2 The deal.** One card at a time, from the dealer's left. The next
  card, face up, starts the discard pile; the rest is the stock. The player
  on the dealer's left plays first.
- **TOY-3 The draw.** A turn begins by drawing the top card of the stock or
  taking the top card of the discard pile; nothing below it may be taken.
- **TOY-4 Melds.** After drawing, the player may lay new melds from their
  hand: sets of three or four cards of one rank, or runs of three or more
  cards of one suit in sequence, the Ace high only. There are no wild cards,
  and nothing is laid off on a meld on the table.
- **TOY-5 The discard.** A turn ends with one card discarded onto the pile.
- **TOY-6 Going out.** The first player to empty their hand, by a meld or by
  their discard, wins, and the game ends.
- **TOY-7 The stock runs out.** When a turn ends with the stock empty, the
  discard pile but its top card is turned over to become the stock. (Each
  turn draws a card and discards one, so the stock and the pile always hold
  the cards not dealt, 12 at least: the new stock is never empty.)
- **TOY-8 Burning.** With the ``burns`` option, a player about to draw may
  first ``burn``: turn the top card of the stock face up onto the discard
  pile, as long as the stock keeps a card to draw. Burning is Toy Rummy's
  own kind of move (``moves.py``), to show where a game's moves live.
- **ALL-5 The turn limit.** With ``max_turns``, the game ends with no winner
  once that many turns have ended.

>>> from rummyrules import parse_rules
>>> game = parse_rules("ToyRummy players=3").new_game(seed=7)
>>> [str(move) for move in game.legal_moves()]
['draw', 'take']
>>> game.apply("take 9S")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: only the top card of the discard pile, JD, may be taken (TOY-3)
"""

from rummyrules.authoring import register

from .rules import ToyRummy

# The one line that makes the game known; a library game has it in
# rummyrules/games/__init__.py instead, beside the others.
register(ToyRummy)

__all__ = ["ToyRummy"]
