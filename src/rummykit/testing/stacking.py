"""Stacking the deck: build the card order that deals the hands a test draws up.

>>> import rummykit
>>> from rummykit.testing.stacking import stacked_game
>>> state = stacked_game(
...     rummykit.variant("crib-rummy"), dealer=1, first=0,
...     hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"],
...     upcard="KD", stock="QS JK",
... )
>>> [str(c) for c in state.hands[0][:3]], str(state.discards[-1]), str(state.stock[-1])
(['AS', '2S', '3S'], 'KD', 'QS')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummykit.cards import Card, parse_cards
from rummykit.engine.core import GameState, Variant, shuffled
from rummykit.errors import OptionError, shown
from rummykit.pieces.deal import DealRule, Dealt

__all__ = ["deal_order", "stacked_game"]


def _cards(value: str | Iterable[Card]) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def _card(value: str | Card) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _dealt_top(
    game: Variant,
    hands: Sequence[Sequence[Card]],
    *,
    dealer: int,
    deal: int,
    face_up: Sequence[str | Card | None] | None,
    indicator: str | Card | None,
) -> list[Card]:
    """The top of the deck that deals ``hands``: by the game's deal piece run backwards
    (:meth:`~rummykit.pieces.deal.DealRule.stack`) when it has one, else one card at a time
    clockwise from the dealer's left."""
    players = len(hands)
    if not 0 <= dealer < players:
        raise OptionError(
            f"the dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}"
        )
    rules = getattr(game.rules, "deal", None)
    if isinstance(rules, DealRule):
        dealt = Dealt(
            hands=hands,
            used=0,
            face_up=() if face_up is None else [None if c is None else _card(c) for c in face_up],
            indicator=None if indicator is None else _card(indicator),
        )
        return rules.stack(dealt, number=deal, dealer=dealer)
    if face_up is not None or indicator is not None:
        raise OptionError(f"{game.id} deals no face-up cards and no indicator")
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise OptionError(f"hands must be the same size, got {sorted(len(h) for h in hands)}")
    (size,) = sizes
    return [hands[(dealer + offset) % players][i]
            for i in range(size) for offset in range(1, players + 1)]  # fmt: skip


def deal_order(
    game: Variant,
    *,
    hands: Sequence[str | Iterable[Card]],
    dealer: int,
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
    deal: int = 1,
    face_up: Sequence[str | Card | None] | None = None,
    indicator: str | Card | None = None,
) -> list[Card]:
    """The deck order (top first) that deals ``hands[seat]`` to each seat in deal ``deal``
    when ``dealer`` deals, then turns ``upcard`` and leaves ``stock`` on top of the stock
    (first listed = drawn first); without ``upcard``, a game that turns one turns one of the
    other cards. The game's deal piece decides the order
    (:class:`~rummykit.pieces.DealSpec`: one card at a time clockwise from the dealer's left,
    a first player's extra cards last, or from the top of ``stock`` when ``hands`` leaves
    them out). ``face_up[seat]`` is the card a seat was dealt face up (it is in its hand) and
    ``indicator`` the card kept out of every hand, for deals that have them
    (``crazy-rummy-faceup``). The remaining cards follow in an order shuffled by ``seed``."""
    drawn = [list(_cards(h)) for h in hands]
    top = _dealt_top(game, drawn, dealer=dealer, deal=deal, face_up=face_up, indicator=indicator)
    turned = [] if upcard is None else [_card(upcard)]
    after = [*turned, *_cards(stock)]
    rest = Counter(game.deck(len(hands)).cards())
    rest.subtract([*top, *after])
    short = [str(card) for card, n in rest.items() if n < 0]
    if short:
        raise OptionError(f"the {game.id} deck has too few of: {', '.join(sorted(short))}")
    others = shuffled(sorted(rest.elements()), seed, "stack")
    rules = getattr(game.rules, "deal", None)
    if upcard is None and isinstance(rules, DealRule) and rules.upcard and others:
        # The game turns an upcard: one of the other cards, so that ``stock`` stays on top.
        after.insert(0, others.pop())
    return top + after + others


def stacked_game(
    game: Variant,
    *,
    hands: Sequence[str | Iterable[Card]],
    dealer: int = 0,
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
    scores: Iterable[int] | None = None,
    deal: int = 1,
    first: int | None = None,
    face_up: Sequence[str | Card | None] | None = None,
    indicator: str | Card | None = None,
) -> GameState:
    """A game whose deal gives exactly ``hands`` (see :func:`deal_order`)."""
    order = deal_order(
        game,
        hands=hands,
        dealer=dealer,
        upcard=upcard,
        stock=stock,
        seed=seed,
        deal=deal,
        face_up=face_up,
        indicator=indicator,
    )
    return game.new_game(
        players=len(hands),
        seed=seed,
        deck=order,
        scores=scores,
        dealer=dealer,
        deal=deal,
        first=first,
    )
