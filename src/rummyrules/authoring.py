"""What a game's author may rely on, beyond the public names: the authoring surface.

A game is one package plus one registry line (see "Adding a game" in the
contributor page). Its package imports the public names from ``rummyrules``
(``GameState``, ``View``, ``Phase``, ``Card``, the moves, the errors) and
everything else it needs from this module, which only re-exports: the
options' validators, the rules class's base and position sections, the
turn machine and its refusals, the shared deal, discard and meld check, the
strategy bases, the shared checks, and ``register``. Every other module of
the package is internal and may change; the test-only Toy Rummy
(``tests/toy_game``), the game to copy, imports nothing else, and a test
keeps it so.

A rule is one function that returns ``None`` or a :class:`Refusal`, which
says why a move is refused (the game's core lists the legal moves):

>>> from rummyrules import Draw, GoingOutRummy, parse_cards
>>> from rummyrules.authoring import Refusal, check, hand_after, refuses_all
>>> empty = refuses_all(Refusal("the stock is empty: take the top discard", "TOY-7"))
>>> print(empty(Draw()))
the stock is empty: take the top discard (TOY-7)

A game's turn asks the shared meld check and hand arithmetic:

>>> hand = parse_cards("7S 8S 9S KD")
>>> [str(meld) for meld in check(hand[:3], GoingOutRummy().meld_rules).melds]
['7S 8S 9S']
>>> [str(card) for card in hand_after(hand, take=parse_cards("7S 8S 9S"))]
['KD']

A game's integer core (:class:`Core`, what the fast path asks of it) keeps
each card as its code, an int, and gives the cards back with ``BY_CODE``:

>>> from rummyrules.authoring import BY_CODE
>>> mask = sum(1 << card for card in hand)
>>> [str(BY_CODE[code]) for code in range(mask.bit_length()) if mask >> code & 1]
['7S', '8S', '9S', 'KD']
"""

# Each name is here because Toy Rummy, the game a new one copies, needs it;
# the comment says what for. A name joins when a game needs it, not before.
from rummyrules.core.cards import (
    BY_CODE,  # each card by its code (a Card is its code): a core's cards as ints
)
from rummyrules.core.hands import (
    hand_after,  # a hand with cards taken out or put in: what a move does
    sorted_hand,  # a hand dealt, in the order the library shows cards
)
from rummyrules.core.options import (
    about,  # an option's rule and description: the flags, the docs' tables
    at_least,  # a validator: a count with a lower bound (max_turns, ALL-5)
    between,  # a validator: a count in a range (players)
    is_bool,  # a validator: a switch (full_deck)
)
from rummyrules.formats.game_rules import (
    GameRules,  # the base of a rules class: positions read and written for it
)
from rummyrules.formats.sections import (
    Count,  # a position's section: a count (turns, reshuffles)
    Dealer,  # a position's section: who deals
    Hands,  # a position's section: every hand
    Melds,  # a position's section: the melds on the table
    Pile,  # a position's section: the discard pile
    Player,  # a position's section: a player or nobody (winner)
    Section,  # what a rules class's ``sections`` holds
    Seed,  # a position's section: the seed
    Stock,  # a position's section: the stock
    ToMove,  # a position's section: who moves next, in which phase
)
from rummyrules.game.checks import (
    check_turn_limit,  # the shared check of a state read at its turn limit (ALL-5)
)
from rummyrules.game.cores import (
    Core,  # what a game's integer core answers: the fast path's contract
)
from rummyrules.game.dealing import (
    first_order,  # the first deal's order: from the seed, or a stacked deck checked
    rebuilt_stock,  # the stock turned over or reshuffled from the pile
)
from rummyrules.game.machine import (
    Kind,  # one kind of move: a move's readings, its rules, its play
    Machine,  # the turn machine a rules class's ``machine`` gives
    PhaseRules,  # the kinds of move one phase takes
    Refusal,  # a rule's answer: the sentence and the rule ID
    Test,  # the type of a rule's test of one move
    refuse,  # the error for a move that names nothing (no such card)
    refuses_all,  # the test of a rule that forbids every move of a kind
)
from rummyrules.game.notation import (
    register_move,  # a game's own kind of move, made readable
)
from rummyrules.game.registry import (
    register,  # the one line that makes a game known everywhere
)
from rummyrules.game.strategy import (
    Dealt,  # the hidden cards dealt to rebuild a state from a view
    PointsStrategy,  # the strategy of a game of melding for points
    Strategy,  # the type of a rules class's ``strategy``
)
from rummyrules.game.turn_rules import (
    discard_readings,  # the discard a move stands for, once the card is held (ALL-1)
    refuse_unheld,  # refuse cards the hand does not hold (ALL-1)
)
from rummyrules.melds import (
    check,  # whether cards are a meld, and the rule that says why not
    readings,  # every reading of cards as one meld
)

__all__ = [
    "BY_CODE",
    "Core",
    "Count",
    "Dealer",
    "Dealt",
    "GameRules",
    "Hands",
    "Kind",
    "Machine",
    "Melds",
    "PhaseRules",
    "Pile",
    "Player",
    "PointsStrategy",
    "Refusal",
    "Section",
    "Seed",
    "Stock",
    "Strategy",
    "Test",
    "ToMove",
    "about",
    "at_least",
    "between",
    "check",
    "check_turn_limit",
    "discard_readings",
    "first_order",
    "hand_after",
    "is_bool",
    "readings",
    "rebuilt_stock",
    "refuse",
    "refuse_unheld",
    "refuses_all",
    "register",
    "register_move",
    "sorted_hand",
]
