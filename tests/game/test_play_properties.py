"""Properties of play that pin the library's games' own rules, by random play.

What holds in every game (ALL-1 … ALL-5) is checked game by game, for every
registered game, by the conformance suite (``tests/conformance``); here are
the rules of the library's games on top of it: Going Out Rummy's own layouts
of a hand going out (GOR-7), and the rule each game names when a move is made
in another player's name (ALL-2, 1400's claims, Going Out Rummy's drops).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import oracle
from conformance import every_listed_move
from rummyrules import GameState, GoingOutRummy, IllegalMoveError, PlayableRules
from rummyrules.game.moves import Move, NewMeld
from rummyrules.games.going_out.state import GoOut
from strategies import gor_tables, random_play, seeds, tables

STEPS = 150


def outcome(game: GameState, move: Move) -> GameState | IllegalMoveError:
    """The state after the move, or the error that refused it."""
    try:
        return game.apply(move)
    except IllegalMoveError as error:
        return error


def walk(rules: PlayableRules[Any], seed: int, rng: random.Random) -> list[GameState]:
    """Random legal play from a seeded deal, claims and drops out of turn included."""
    return random_play(rules.new_game(seed=seed), rng, STEPS)


def check_own_layout(game: GameState, attempt: GoOut, after: GameState) -> None:
    """An unlisted going-out move that was accepted (GOR-7: any valid layout).

    It must play exactly as the listed ``out`` with the same discard, but for
    the melds on the table, which are the player's own layout of the hand.
    """
    assert isinstance(game.rules, GoingOutRummy), f"{attempt} accepted"
    listed = [
        move
        for move in game.legal_moves()
        if isinstance(move, GoOut) and move.discard == attempt.discard
    ]
    assert listed, f"{attempt} accepted, but no listed out discards {attempt.discard}"
    expected = game.apply(listed[0])
    assert attrs.evolve(after, melds=expected.melds) == expected
    player = game.to_move
    assert player is not None
    laid = after.melds[len(game.melds) :]
    assert after.melds[: len(game.melds)] == game.melds
    assert all(meld.owner == player for meld in laid)
    hand = Counter(game.hand(player))
    hand.subtract([] if attempt.discard is None else [attempt.discard])
    assert Counter(card for meld in laid for card in meld.cards) == +hand
    assert len(laid) == len(attempt.melds)
    for meld, asked in zip(laid, attempt.melds, strict=True):
        pairs = tuple(zip(meld.cards, meld.meld.stands_for, strict=True))
        assert oracle.is_reading(meld.meld.kind.value, pairs, oracle.GOR, None), meld
        assert Counter(meld.cards) == Counter(asked.cards)
        declared = tuple(zip(asked.cards, asked.declared, strict=True))
        if all(
            meaning is not None or card.rank is not None for card, meaning in declared
        ):
            # Every wild declared: the meld lies as the player declared it.
            assert sorted(pairs, key=oracle.pair_key) == sorted(
                declared, key=oracle.pair_key
            )


def regrouped(move: GoOut, rng: random.Random) -> GoOut:
    """The same going out written another way: melds and cards reordered.

    Declarations are kept or dropped at random; a wild left undeclared is
    read the first way the library lists (it may differ from the listed one).
    """
    melds: list[NewMeld] = []
    for meld in move.melds:
        pairs = list(zip(meld.cards, meld.declared, strict=True))
        rng.shuffle(pairs)
        keep = rng.choice([True, False])
        melds.append(
            NewMeld(
                cards=tuple(card for card, _ in pairs),
                declared=tuple(meaning if keep else None for _, meaning in pairs),
            )
        )
    rng.shuffle(melds)
    return GoOut(player=move.player, melds=tuple(melds), discard=move.discard)


@given(gor_tables(), seeds, st.randoms(use_true_random=False))
def test_gor_7_going_out_written_any_other_way_plays_as_the_listed_out(
    rules: GoingOutRummy, seed: int, rng: random.Random
) -> None:
    """Each listed ``out``, its melds and cards reordered and its wilds declared or not, is accepted with the player's own layout (GOR-7), and changes nothing else.

    The conformance suite checks that any accepted move plays as a listed
    one; this checks the layout Going Out Rummy lets the player choose.
    """
    for game in walk(rules, seed, rng):
        for move in game.legal_moves():
            if not isinstance(move, GoOut):
                continue
            attempt = regrouped(move, rng)
            before = (game, every_listed_move(game))
            after = outcome(game, attempt)
            assert not isinstance(after, IllegalMoveError), f"{attempt}: {after}"
            if not any(game.apply(listed) == after for listed in before[1]):
                check_own_layout(game, attempt, after)
            assert (game, every_listed_move(game)) == before


@given(tables(), seeds, st.randoms(use_true_random=False))
def test_all_3_listed_moves_out_of_turn_are_refused_naming_the_rule(
    rules: PlayableRules[Any], seed: int, rng: random.Random
) -> None:
    """Any listed move, made in the name of another player, is refused naming the rule that stops it (ALL-2, GOR-10, 1400's claims).

    Except where it is that player's own move too: in Going Out Rummy anyone
    still at the table may drop out at any time (GOR-10).
    """
    for game in walk(rules, seed, rng)[::5]:
        if game.is_over or game.to_move is None:
            continue
        dropped: tuple[int, ...] = getattr(game, "dropped", ())
        others = {(game.to_move + 1) % game.players, *dropped[:1]}
        for other in sorted(others):
            for move in [m for m in game.legal_moves() if m.player is None][:5]:
                attempt = attrs.evolve(move, player=other)
                if attempt in game.legal_moves(player=other):
                    continue
                after = outcome(game, attempt)
                assert isinstance(after, IllegalMoveError), f"{attempt} accepted"
                if other in dropped:
                    assert after.rule == "GOR-10"
                elif isinstance(rules, GoingOutRummy):
                    assert after.rule == "ALL-2"
                else:  # 1400's claims are checked as claims first
                    assert after.rule in {"ALL-2", "F14-12", "F14-R9"}
