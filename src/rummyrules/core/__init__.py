"""The bottom layer: cards, errors, options, the one shuffle, hands, input checks.

It imports nothing else of the library; every other layer builds on it.

>>> from rummyrules.core.cards import parse_cards
>>> [str(card) for card in parse_cards("7S 10h *")]
['7S', '10H', '*']
"""
