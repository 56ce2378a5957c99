"""Reading the other seats' hands from their moves, for :class:`~rummykit.search.SearchAgent`
(``infer=True``): the views a seat saw since its last turn (:class:`_Trail`), and samples of
the position in which model agents in the other seats would have made the moves seen
(:class:`_Reader`). Internal to the search agent: its ``infer`` setting is the interface."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs

from rummykit.agents import Agent, choose_move
from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import Discard, Draw, LayMeld, LayOff, Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.views import Hidden, View
from rummykit.recall import Recall

#: How the reader draws a plain sample of a view (:func:`rummykit.search.sample_state`).
Sampler = Callable[[View, random.Random], GameState]
#: The other seats' hands of a reading, seat by seat (the reading seat's own is empty).
Hands = tuple[tuple[Card, ...], ...]


@attrs.frozen(eq=False)
class _Trail:
    """What a seat saw since its last turn: the views from the one after its last move to
    the one at the start of its turn (``views``, each one move of another seat after the
    one before), and the last view it was shown."""

    #: Empty when the moves since the seat's last turn cannot be read (another seat moved
    #: during the seat's turn).
    views: tuple[View, ...]
    last: View
    #: Whether the seat's turn has begun (later views are its own moves).
    closed: bool = False

    @classmethod
    def then(cls, trail: _Trail | None, view: View) -> _Trail:
        """``trail`` after the move that led to ``view`` (a new trail after the seat's
        turn, at a new deal, or for the first view)."""
        seat = view.seat
        if trail is None or _starts_anew(trail.last, view):
            return cls((view,), view, closed=view.to_move == seat)
        mover = trail.last.to_move
        if mover == seat and view.to_move != seat:  # the seat's turn ended
            return cls((view,), view)
        if mover == seat:  # the seat's own move, within its turn
            return attrs.evolve(trail, last=view, closed=True)
        if trail.closed or not trail.views:  # another seat moved during the seat's turn
            return attrs.evolve(trail, views=(), last=view)
        return attrs.evolve(
            trail, views=(*trail.views, view), last=view, closed=view.to_move == seat
        )

    def leads_to(self, view: View) -> bool:
        """Whether this trail can be read for a decision at ``view``: its last view."""
        return len(self.views) > 1 and self.last == view


class _Reader:
    """Samples of a trail's last view in which ``model`` agents in the other seats would
    have made the moves seen along the trail (one reader serves every decision of the
    seat's turn). The first is found by a walk from a sample of the trail's first view (the
    cards that came into sight since put where they can have come from), played forward by
    the model until it leads through every view (:meth:`_search`). The next ones come from
    a Markov chain on that first view's hidden cards: two are swapped, and the swap is kept
    if the replay still leads through the trail; the proposal is symmetric and kept exactly
    when consistent, so that, run long, the chain visits every consistent deal it reaches
    equally often (samples a few swaps apart are alike). In games whose hidden cards cannot
    be swapped freely, every sample is searched for anew.

    With ``memory``, the seat's memory as it stood at the trail's first view
    (:class:`~rummykit.recall.Recall`), the cards it remembers are put where it remembers
    them in every sample of that view and never swapped: the covered discards, the cards
    seen taken, a stock turned over unshuffled (so that a card drawn from it along the trail
    is the one the seat knows was there).

    With ``exact`` above 0, the reading is exact where it can be (:meth:`_exact`): the
    other hands ``carried`` from the reading of the seat's last turn (each a whole deal the
    moves seen until then allowed), else, where the cards the seat neither sees nor
    remembers can lie in at most ``exact`` ways, every one of them, are each replayed, and
    the samples are drawn from those the trail allows, each as likely; the chain serves
    where there are more, or none is allowed."""

    def __init__(
        self,
        trail: _Trail,
        model: Agent,
        sample: Sampler,
        memory: Recall | None = None,
        *,
        exact: int = 0,
        carried: Sequence[Hands] = (),
    ) -> None:
        self.trail = trail
        self.model = model
        self.sample = sample  # a view and a generator -> a sample of the view
        first = trail.views[0] if trail.views else None
        follows = first is not None and memory is not None and memory.follows(first)
        self.memory = memory if follows else None
        self.start: GameState | None = None  # the chain's sample of the first view
        self.cards: list[Card] = []  # its hidden cards (the order is the chain's own)
        self.fixed: list[bool] = []  # which of them the memory placed: never swapped
        self.end: GameState | None = None  # where its replay led
        self.failed = False  # the search for a first sample failed
        self.exact = exact
        self.carried = carried
        #: With ``exact``: every sample of the last view the trail allows, once read (empty
        #: where the reading is not exact), and whether it was read.
        self.ends: list[GameState] = []
        self.read = False
        self.seen = _Seen()

    @property
    def swappable(self) -> bool:
        """Whether the chain's hidden cards can be swapped (else every sample is searched
        for anew)."""
        start = self.start
        return isinstance(start, RummyState) and isinstance(start.variant.rules, RummyRules)

    def draw(self, rng: random.Random, tries: int, steps: int) -> GameState | None:
        """The next sample of the trail's last view (``None`` if ``tries`` rejections
        found none)."""
        first = self.trail.views[0]
        if self.exact and not self.read:
            self.read = True
            self.ends = self._exact(rng)
        if self.ends:
            return _stock_shuffled(rng.choice(self.ends), first.seat, rng)
        if self.end is None or not self.swappable:
            if self.failed or not self._search(rng, tries):
                self.failed = True
                return None
        else:
            self._walk(rng, steps)
        assert self.end is not None
        return _stock_shuffled(self.end, first.seat, rng)

    def _search(self, rng: random.Random, tries: int) -> bool:
        """Look for a first consistent sample in ``tries`` replays, by a walk from a sample
        of the first view: each step swaps the card of the model's stray move (the card it
        laid off or discarded where another was seen; else a random card outside the stock)
        with a random hidden card (neither of them one the memory placed), and keeps the
        swap if the replay goes at least as far along the trail as before."""
        first = self.trail.views[0]
        start, cards, fixed = self._first(rng)
        end, culprit, went = self._replay(start, rng)
        for _ in range(tries):
            if end is not None:
                self.start, self.cards, self.fixed, self.end = start, cards, fixed, end
                return True
            swapped = _swapped_out(start, first.seat, cards, fixed, culprit, rng)
            if swapped is None:  # hidden cards that cannot be swapped: start anew
                moved, new, new_fixed = self._first(rng)
            else:
                moved, new, new_fixed = swapped[0], swapped[1], fixed
            tried = self._replay(moved, rng)
            if tried[0] is not None or tried[2] >= went:
                start, cards, fixed, (end, culprit, went) = moved, new, new_fixed, tried
        return False

    def _first(
        self, rng: random.Random, *, came_from: bool = True
    ) -> tuple[GameState, list[Card], list[bool]]:
        """A sample of the trail's first view, with the remembered cards where the memory
        puts them and, with ``came_from``, the cards that came into sight since where they
        can have come from; its hidden cards in the chain's order, and which of them the
        memory placed."""
        first = self.trail.views[0]
        state = self.sample(first, rng)
        rules = state.variant.rules
        if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
            return state, [], []
        memory = self.memory
        pinned = None
        if memory is not None:
            pinned = pin(state, first, memory.pile, memory.known, memory.stock)
        if pinned is None:
            cards = list(rules.hidden_cards(state, first.seat))
            pinned = cards, [False] * len(cards)
        cards, fixed = pinned
        if came_from:
            cards = _came_from(state, self.trail.views, rng, cards, fixed) or cards
        return rules.with_hidden(state, first.seat, cards), cards, fixed

    def _exact(self, rng: random.Random) -> list[GameState]:
        """Every sample of the trail's last view that a replay of the deals the reading can
        list leads to (empty where it can list none, or the trail allows none): the other
        hands ``carried`` from the seat's last turn, each in a sample of the first view
        with the remembered cards placed; else, where they can lie in at most ``exact``
        ways, every way to deal the hidden cards the seat does not remember."""
        ends = []
        first = self.trail.views[0]
        memory = self.memory
        for hands in self.carried:
            state = self.sample(first, rng)
            rules = state.variant.rules
            if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
                break
            pile, stock = (memory.pile, memory.stock) if memory is not None else ((), ())
            pinned = pin(state, first, pile, hands, stock)
            if pinned is not None:  # else these hands do not fit the first view
                end = self._replay(rules.with_hidden(state, first.seat, pinned[0]), rng)[0]
                if end is not None:
                    ends.append(end)
        if ends:
            return ends
        start, cards, fixed = self._first(rng, came_from=False)
        rules = start.variant.rules
        if not cards or not isinstance(start, RummyState) or not isinstance(rules, RummyRules):
            return []
        deals = _deals(cards, fixed, _places(start, first, len(cards)), self.exact)
        for dealt in deals or ():
            end = self._replay(rules.with_hidden(start, first.seat, dealt), rng)[0]
            if end is not None:
                ends.append(end)
        return ends

    def hands(self) -> list[Hands]:
        """The other hands of every sample of an exact reading, each once (none where the
        reading was not exact): what the reading of the seat's next turn starts from."""
        seat = self.trail.views[0].seat
        seen = {_other_hands(end, seat): None for end in self.ends if isinstance(end, RummyState)}
        return list(seen)

    def _walk(self, rng: random.Random, steps: int) -> None:
        """``steps`` proposals of the chain: two hidden cards of the first view swapped
        (one of them where the trail's moves can reach it: the other hands, the hidden
        discards, the stock cards drawn along the trail; neither one the memory placed)."""
        start = self.start
        assert isinstance(start, RummyState)
        rules = start.variant.rules
        assert isinstance(rules, RummyRules)
        first, last = self.trail.views[0], self.trail.views[-1]
        drawn = getattr(first, "stock_size", 0) - getattr(last, "stock_size", 0)
        reach = len(start.stock) - max(0, drawn)
        free = [i for i, fixed in enumerate(self.fixed) if not fixed]
        reached = [i for i in free if i >= reach]
        if len(free) < 2 or not reached:
            return
        for _ in range(steps):
            i, j = rng.choice(reached), rng.choice(free)
            if self.cards[i] == self.cards[j]:
                continue
            cards = list(self.cards)
            cards[i], cards[j] = cards[j], cards[i]
            moved = rules.with_hidden(start, first.seat, cards)
            end = self._replay(moved, rng)[0]
            if end is not None:
                self.start, self.cards, self.end = moved, cards, end

    def _replay(
        self, state: GameState, rng: random.Random
    ) -> tuple[GameState | None, Card | None, int]:
        """``state`` (a sample of the trail's first view) played forward by the model: where
        that leads through every view of the trail, the state it leads to (a sample of the
        last); else ``None`` and a card of the model's move that went astray (if it has
        one); and how many of the trail's moves it made as seen. Where the model draws its
        move at random (a model with ``at_random``, as :class:`~rummykit.agents.GreedyAgent`
        in a stalled deal), any of the moves it draws from is one it may have made: the
        replay follows the one seen, so that a sample is judged by its cards, not by the
        dice of its replay."""
        seat = self.trail.views[0].seat
        for went, after in enumerate(self.trail.views[1:]):
            if state.is_over or state.to_move == seat:
                return None, None, went
            move = choose_move(self.model, state, rng)
            then = state.apply(move)
            if not self.seen.leads(went, state, move, then, seat, after):
                chance = self._by_chance(state, move, after, went)
                if chance is None:
                    return None, _card_of(move), went
                then = chance
            state = then
        return state, None, len(self.trail.views) - 1

    def _by_chance(self, state: GameState, move: Move, after: View, step: int) -> GameState | None:
        """The state after the model's move at ``state`` (the trail's ``step``-th) that
        shows ``after`` to the reading seat, if the model drew ``move`` at random and that
        one is among the moves it draws from (each as likely as ``move``); else ``None``."""
        at_random: Callable[[View, Sequence[Move]], Sequence[Move]] | None
        at_random = getattr(self.model, "at_random", None)
        if at_random is None:
            return None
        choices = at_random(state.view(state.to_move), state.legal_moves())
        if move not in choices:
            return None
        seat = self.trail.views[0].seat
        for other in choices:
            if other != move and self.seen.could(step, other):
                then = state.apply(other)
                if self.seen.leads(step, state, other, then, seat, after):
                    return then
        return None


class _Seen:
    """The move another seat made between two views of a replayed sequence, learnt from the
    first replay that showed it, so that later replays compare moves instead of building
    views (a third of a replay's time). Exact: from a state that shows the seat the view
    before, a discard seen face up, a meld, a lay-off or a draw that takes no card from the
    discard pile and does not empty the stock shows nothing but what the move names (a drawn
    card stays hidden), so the same move shows the same view; and two discards of different
    cards never show the same one face up. (A move that takes from the pile can uncover a
    card the seat did not see, as a meld taking the top discard does in Crib Rummy, a draw of
    the last card turns the pile over, and a discard can go face down, as Gin Rummy's
    knocker's does: those views are always built.)"""

    def __init__(self) -> None:
        self.moves: dict[int, Move] = {}

    def could(self, step: int, move: Move) -> bool:
        """Whether ``move`` may be the ``step``-th move of the sequence (``False`` only for
        a discard where another discard was seen)."""
        known = self.moves.get(step)
        return not (isinstance(move, Discard) and isinstance(known, Discard) and move != known)

    def leads(  # noqa: PLR0917  (a replay's step, as the replay has it)
        self, step: int, state: GameState, move: Move, then: GameState, seat: int, after: View
    ) -> bool:
        """Whether ``move``, made at ``state`` (the ``step``-th move of the sequence, at
        which ``seat`` was shown the view before), leading to ``then``, shows ``after``."""
        if self.moves.get(step) == move and _names_all(state, move, then):
            return True
        if not self.could(step, move):
            return False
        if then.view(seat) != after:
            return False
        if not isinstance(move, Discard) or getattr(after, "discard_top", None) == move.card:
            self.moves[step] = move  # a discard only where it was seen face up
        return True


def _names_all(state: GameState, move: Move, then: GameState) -> bool:
    """Whether ``move`` at ``state``, leading to ``then``, shows the other seats nothing the
    move does not name (see :class:`_Seen`)."""
    return (
        isinstance(move, (Draw, Discard, LayMeld, LayOff))
        and isinstance(state, RummyState)
        and isinstance(then, RummyState)
        and then.deal_number == state.deal_number
        and then.reshuffles == state.reshuffles
        and len(then.discards) >= len(state.discards)
        and len(then.stock) >= min(len(state.stock), 1)
    )


def _other_hands(state: RummyState, seat: int) -> Hands:
    """The hands of ``state`` with ``seat``'s own left empty."""
    return tuple(() if other == seat else hand for other, hand in enumerate(state.hands))


def _places(state: GameState, view: View, count: int) -> list[tuple[str, int]]:
    """Where each of the ``count`` hidden cards of ``state`` (a sample of ``view``, in the
    order of ``hidden_cards``) lies: ``("stock", i)`` and ``("pile", i)`` for one place each
    (their order matters), ``("hand", seat)`` for any of a hand's unseen cards (their order
    does not)."""
    places = [("stock", i) for i in range(len(getattr(state, "stock", ())))]
    hands = [
        ("hand", seat)
        for seat, hand in enumerate(getattr(view, "hands", ()))
        if seat != view.seat
        for card in hand
        if isinstance(card, Hidden)
    ]
    places.extend(("pile", i) for i in range(count - len(places) - len(hands)))
    return places + hands


def _deals(
    cards: Sequence[Card], fixed: Sequence[bool], places: Sequence[tuple[str, int]], most: int
) -> list[list[Card]] | None:
    """Every way to deal the ``cards`` not ``fixed`` into their ``places`` (cards that
    lie in one place in any order counted once), each as the whole list of cards; ``None``
    where there are more than ``most``.

    >>> from rummykit.cards import parse_cards
    >>> cards = list(parse_cards("2S 3S 4S"))
    >>> places = [("hand", 1), ("hand", 1), ("hand", 2)]
    >>> [" ".join(map(str, dealt)) for dealt in _deals(cards, [False] * 3, places, 10)]
    ['2S 3S 4S', '2S 4S 3S', '3S 4S 2S']
    >>> deals = _deals(cards, [True, False, False], places, 10)   # 2S stays where it is
    >>> [" ".join(map(str, dealt)) for dealt in deals]
    ['2S 3S 4S', '2S 4S 3S']
    >>> _deals(cards, [False] * 3, places, 2) is None
    True
    """
    slots: dict[tuple[str, int], list[int]] = {}
    for index, (place, pinned) in enumerate(zip(places, fixed, strict=True)):
        if not pinned:
            slots.setdefault(place, []).append(index)
    free = sum(len(indices) for indices in slots.values())
    ways = math.factorial(free)
    for indices in slots.values():
        ways //= math.factorial(len(indices))
    if ways > most:
        return None
    pool = [cards[index] for indices in slots.values() for index in indices]
    groups = list(slots.values())
    seen: dict[tuple[Card, ...], None] = {}

    def fill(group: int, left: list[Card], dealt: list[Card]) -> Iterator[list[Card]]:
        """The deals of ``left`` into the groups from ``group`` on (fewer groups than
        ``most`` ways, so the recursion is shallow)."""
        if group == len(groups):
            yield dealt
            return
        indices = groups[group]
        for chosen in itertools.combinations(range(len(left)), len(indices)):
            then = list(dealt)
            for index, pick in zip(indices, chosen, strict=True):
                then[index] = left[pick]
            rest = [card for k, card in enumerate(left) if k not in chosen]
            yield from fill(group + 1, rest, then)

    for dealt in fill(0, pool, list(cards)):
        seen.setdefault(tuple(dealt), None)  # equal cards (several decks) deal alike
    return [list(dealt) for dealt in seen]


def _card_of(move: Move) -> Card | None:
    """A card that ``move`` plays (one of a meld's), if it plays one."""
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        return card
    meld = getattr(move, "meld", None)
    cards = getattr(meld, "cards", ())
    return cards[0] if cards and isinstance(cards[0], Card) else None


def _swapped_out(  # noqa: PLR0917  (a sample and the chain's view of its hidden cards)
    state: GameState,
    seat: int,
    cards: Sequence[Card],
    fixed: Sequence[bool],
    card: Card | None,
    rng: random.Random,
) -> tuple[GameState, list[Card]] | None:
    """``state`` (a sample whose cards hidden from ``seat`` are ``cards``) with ``card``
    (if it is one of them; else a random one outside the stock) swapped with a random
    hidden card, neither of them ``fixed``; and its hidden cards. ``None`` where this
    cannot be done (then a new sample is drawn)."""
    rules = state.variant.rules
    if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
        return None
    free = [i for i, pinned in enumerate(fixed) if not pinned]
    outside = [i for i in free if i >= len(state.stock)]
    if len(free) < 2 or not outside:
        return None
    places = [i for i in outside if cards[i] == card]
    i = places[0] if places else rng.choice(outside)
    j = rng.choice(free)
    swapped = list(cards)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return rules.with_hidden(state, seat, swapped), swapped


def _stock_shuffled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with its stock in a new random order (the trail's moves did not reach the
    cards left in it: any order is as consistent)."""
    rules = state.variant.rules
    if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
        return state
    cards = list(rules.hidden_cards(state, seat))
    stock = cards[: len(state.stock)]
    rng.shuffle(stock)
    return rules.with_hidden(state, seat, stock + cards[len(state.stock) :])


def pin(
    state: GameState,
    view: View,
    pile: Sequence[Card | None],
    known: Sequence[Sequence[Card]],
    stock: Sequence[Card | None] = (),
) -> tuple[list[Card], list[bool]] | None:
    """The hidden cards of ``state`` (a sample of ``view``) in the order of
    ``hidden_cards``, swapped so that the discard pile holds ``pile``'s cards where it names
    them (bottom first), the stock ``stock``'s (top last; ignored unless it has the stock's
    size) and each other seat's hand its ``known`` cards; and, place by place, whether a
    card was so put there. ``None`` where they cannot be, or where another seat has drawn a
    card unseen this turn (the sample's guess of that card must stay as it is)."""
    rules = state.variant.rules
    if not isinstance(state, RummyState) or not isinstance(view, RummyView):
        return None
    if not isinstance(rules, RummyRules):
        return None
    if view.active != view.seat and state.drawn not in (None, state.took):
        return None
    cards = list(rules.hidden_cards(state, view.seat))
    fixed = [False] * len(cards)

    def place(card: Card, start: int, stop: int) -> bool:
        """Put ``card`` at an unfixed place in ``[start, stop)`` and fix it there."""
        return fix_at(cards, fixed, card, range(start, stop))

    # the order of hidden_cards: the stock, the discards under the seen ones, a face-down
    # top, then the unseen part of each other hand
    if len(stock) == len(state.stock):
        for index, remembered in enumerate(stock):
            if remembered is not None and not place(remembered, index, index + 1):
                return None
    offset = len(state.stock)
    under, face_down = rules._public_discards(state, view.seat)
    for index, remembered in enumerate(pile[:under]):
        if remembered is not None and not place(remembered, offset + index, offset + index + 1):
            return None
    offset += under + face_down
    for seat, hand in enumerate(view.hands):
        unseen = sum(isinstance(card, Hidden) for card in hand)
        if seat == view.seat or not unseen:
            continue
        shown = Counter(card for card in hand if isinstance(card, Card))
        for card in (Counter(known[seat]) - shown).elements():
            if not place(card, offset, offset + unseen):
                return None
        offset += unseen
    return (cards, fixed) if offset == len(cards) else None


def fix_at(
    cards: list[Card],
    fixed: list[bool],
    card: Card,
    places: Sequence[int],
    rng: random.Random | None = None,
) -> bool:
    """Put ``card`` at one of ``places`` in ``cards`` (hidden cards in the order of
    ``hidden_cards``) and mark it ``fixed`` there: where an unfixed copy already lies there,
    that one; else an unfixed copy from elsewhere is swapped into the first unfixed place
    (a random one, with ``rng``). False where there is no unfixed copy or place.

    >>> from rummykit.cards import parse_cards
    >>> cards, fixed = list(parse_cards("2S 3S 4S")), [False] * 3
    >>> fix_at(cards, fixed, Card.parse("4S"), range(0, 2)), [str(c) for c in cards], fixed
    (True, ['4S', '3S', '2S'], [True, False, False])
    >>> fix_at(cards, fixed, Card.parse("4S"), range(0, 1))   # the only copy is fixed
    False
    """
    here = next((i for i in places if cards[i] == card and not fixed[i]), None)
    if here is None:
        there = next((i for i, c in enumerate(cards) if c == card and not fixed[i]), None)
        free = [i for i in places if not fixed[i]]
        if there is None or not free:
            return False
        here = free[0] if rng is None else free[rng.randrange(len(free))]
        cards[here], cards[there] = cards[there], cards[here]
    fixed[here] = True
    return True


def _starts_anew(last: View, view: View) -> bool:
    """Whether ``view`` cannot follow ``last`` by one move: another seat's, another deal's,
    or a new game's (fewer turns completed than before).

    >>> import random, rummykit
    >>> from rummykit.agents import GreedyAgent, choose_move
    >>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=1)
    >>> later = state
    >>> for _ in range(4):
    ...     later = later.apply(choose_move(GreedyAgent(), later, random.Random(0)))
    >>> _starts_anew(state.view(0), later.view(0)), _starts_anew(later.view(0), state.view(0))
    (False, True)
    """
    played, before = sum(getattr(view, "turns", ())), sum(getattr(last, "turns", ()))
    return view.seat != last.seat or view.deal_number != last.deal_number or played < before


def _in_sight(view: View) -> Counter[Card]:
    """The cards ``view`` shows: in hands, on the table, in the discard pile."""
    seen: Counter[Card] = Counter(view.hand)
    for seat, hand in enumerate(getattr(view, "hands", ())):
        if seat != view.seat:
            seen.update(card for card in hand if isinstance(card, Card))
    seen.update(card for placed in getattr(view, "table", ()) for card in placed.meld.cards)
    seen.update(card for card in getattr(view, "discards", ()) if isinstance(card, Card))
    return seen


def _came_from(
    state: GameState,
    views: Sequence[View],
    rng: random.Random,
    hidden: Sequence[Card],
    remembered: Sequence[bool],
) -> list[Card] | None:
    """``hidden`` (the hidden cards of ``state``, a sample of the first of ``views``, a
    trail; the ``remembered`` ones are where the seat remembers them and stay there) with
    the cards that came into sight along the trail swapped into the places they can have
    come from: a covered discard seen when the cards above it were taken, where it lay; a
    card another seat played (discarded, melded, laid off) into that seat's hand or the
    stock cards it drew before; any other into the other hands, the covered discards taken
    or the stock cards drawn along the trail (not the rest of the stock or the pile);
    ``None`` where that cannot be told (another game's views, a reshuffle)."""
    rules = state.variant.rules
    first, last = views[0], views[-1]
    if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
        return None
    if not all(isinstance(view, RummyView) for view in views):
        return None
    assert isinstance(first, RummyView) and isinstance(last, RummyView)
    drawn = first.stock_size - last.stock_size
    if first.reshuffles != last.reshuffles or drawn < 0:
        return None
    cards, fixed = list(hidden), list(remembered)
    stock = len(state.stock)

    def place(card: Card, places: Sequence[int]) -> bool:
        return fix_at(cards, fixed, card, places, rng)

    start = _in_sight(first)
    came: Counter[Card] = Counter()  # the most copies of each card in sight at once
    # those of them put where they lay in the pile, or where the seat remembers them
    pinned = Counter(card for card, known in zip(cards, fixed, strict=True) if known)
    under, face_down = rules._public_discards(state, first.seat)
    trail = [view for view in views if isinstance(view, RummyView)]  # all of them (above)
    played, _ = _origins(trail, stock, _hand_places(first, stock + under + face_down))
    lowest = len(first.discards)  # the pile below this has not changed since the first view
    for view in views[1:]:
        assert isinstance(view, RummyView)
        came |= _in_sight(view) - start
        lowest = min(lowest, len(view.discards))
        for index in range(min(lowest, under)):
            card = view.discards[index]
            if isinstance(card, Card) and not fixed[stock + index]:
                if not place(card, (stock + index,)):
                    return None
                pinned[card] += 1
    # the stock cards drawn, the covered discards taken, the other hands
    allowed = [*range(stock - drawn, stock), *range(stock + min(lowest, under), len(cards))]
    rest = list((came - pinned).elements())
    rng.shuffle(rest)
    rest.sort(key=lambda card: card not in played)  # the cards of one seat first
    if not all(place(card, played.get(card, allowed)) for card in rest):
        return None
    return cards


def _origins(
    views: Sequence[RummyView], stock: int, hands: dict[int, range]
) -> tuple[dict[Card, list[int]], dict[int, list[int]]]:
    """Along ``views`` (each one move after the one before, the pile not turned over
    between them) among the hidden cards of a sample of the first (``stock`` of them in
    the stock, ``hands`` the places of each other seat's unseen cards): per card a seat of
    ``hands`` played (discarded, melded, laid off: it came into sight), the places it can
    have come from, that seat's hand and the stock cards it drew before; and per seat (the
    viewing one too) the places of the stock cards it drew, in order."""
    played: dict[Card, list[int]] = {}
    drew: dict[int, list[int]] = {}
    start = _in_sight(views[0])
    taken = 0
    for before, view in itertools.pairwise(views):
        mover = before.to_move
        if view.stock_size < before.stock_size:
            now = before.stock_size - view.stock_size
            drew.setdefault(mover, []).extend(range(stock - taken - now, stock - taken))
            taken += now
        for card in _in_sight(view) - _in_sight(before) - start:
            if card not in played and mover in hands:
                played[card] = [*hands[mover], *drew.get(mover, ())]
    return played, drew


def _hand_places(view: View, offset: int) -> dict[int, range]:
    """Per other seat, the places of its unseen cards among the hidden cards of a sample
    of ``view`` (in the order of ``hidden_cards``, whose other hands start at ``offset``)."""
    places = {}
    for seat, hand in enumerate(getattr(view, "hands", ())):
        unseen = sum(isinstance(card, Hidden) for card in hand)
        if seat != view.seat and unseen:
            places[seat] = range(offset, offset + unseen)
            offset += unseen
    return places
