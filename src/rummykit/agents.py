"""Players that choose moves: a uniformly random agent and a greedy agent.

An agent is anything with a ``name`` and a ``choose(view, legal, rng)`` method
(:class:`Agent`). It is given the view of the seat to move
(:class:`~rummykit.engine.views.View`: what that seat may see, and nothing more) and that
seat's legal moves, never the state: an agent cannot peek at other hands or the stock.
:func:`choose_move` asks an agent for the move of the seat to move in a state.

>>> import random, rummykit
>>> from rummykit.agents import GreedyAgent, choose_move
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
>>> view = state.view(state.to_move)
>>> move = GreedyAgent().choose(view, view.legal, random.Random(0))
>>> move in state.legal_moves(), move == choose_move(GreedyAgent(), state, random.Random(0))
(True, True)
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol

import attrs

from rummykit.agents_contract import contract_shortfall, lay_off_distance
from rummykit.agents_outs import outs_discard, pays_the_winner
from rummykit.agents_pickup import feed_risk, take_costs_more, unseen_counts
from rummykit.agents_trick import trick_card
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Swap,
    TakeDiscard,
)
from rummykit.engine.trick_moves import CallHalt, EndQuartets, LayQuartet, PlayCard, PlayOn
from rummykit.engine.views import View
from rummykit.melds import Meld, MeldContext
from rummykit.pieces.scoring import FixedDeals, PenaltyScoring, PenaltyTable

__all__ = [
    "AGENTS",
    "AGENT_NAMES",
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "check_agent",
    "choose_move",
    "make_agent",
    "show_all",
]


class Agent(Protocol):
    """Chooses a legal move for the player to move. An agent that remembers what its seat
    saw may also define ``observe(view)``: the drivers (:func:`show_all`) show it its seat's
    view at the start of a game and after every move."""

    @property
    def name(self) -> str:
        """A short name for logs and reports."""
        ...

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        """One of ``legal``, the moves of the seat whose ``view`` this is; ``rng`` is the
        agent's own generator."""
        ...


def choose_move(agent: Agent, state: GameState, rng: random.Random) -> Move:
    """``agent``'s move for the seat to move in ``state``: the agent is given that seat's
    view and legal moves only."""
    view = state.view(state.to_move)
    return agent.choose(view, view.legal, rng)


def show_all(agents: Sequence[object], state: GameState) -> None:
    """Show each agent that remembers (one with an ``observe(view)`` method, such as
    :class:`~rummykit.search.SearchAgent` with ``recall``) its seat's view of ``state``:
    drivers call this at the start of a game and after every move, so that such an agent
    sees every card discarded or taken, as a player at the table does."""
    for seat, agent in enumerate(agents):
        observe = getattr(agent, "observe", None)
        if callable(observe):
            observe(state.view(seat))


def check_agent(agent: object) -> None:
    """Raise :class:`~rummykit.errors.OptionError` unless ``agent`` looks like an
    :class:`Agent`: a ``choose`` taking a view, the legal moves and a generator (agents
    written for the old ``choose(state, rng)`` are told how to change)."""
    from rummykit.errors import OptionError, shown

    choose = getattr(agent, "choose", None)
    if not callable(choose):
        raise OptionError(f"an agent needs a choose(view, legal, rng) method: {shown(agent)}")
    try:
        parameters = inspect.signature(choose).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature: take it on trust
        return
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    varargs = any(p.kind is p.VAR_POSITIONAL for p in parameters)
    if len(positional) == 2 and not varargs:
        raise OptionError(
            f"{type(agent).__name__}.choose takes two arguments, like the old "
            "choose(state, rng); agents now choose from what their seat may see: define "
            "choose(self, view, legal, rng) and read the hand, table and piles from view "
            "(see rummykit.agents.Agent)"
        )


@attrs.frozen
class RandomAgent:
    """Picks uniformly among the legal moves."""

    name: str = "random"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]


def usefulness(
    card: Card, hand: Sequence[Card], wild: Sequence[bool], *, sets: bool = True, runs: bool = True
) -> int:
    """How much ``card`` helps ``hand`` towards melds: cards of its rank (if the game has
    sets), cards of its suit within two ranks (if it has runs), and wild cards that could join
    it. Wild cards are the most useful.

    >>> from rummykit import parse_cards
    >>> hand = parse_cards("5H 6H QS QD 9C")
    >>> [usefulness(c, hand, [False] * 53) for c in hand]
    [1, 1, 1, 1, 0]
    >>> [usefulness(c, hand, [False] * 53, runs=False) for c in hand]   # sets only
    [0, 0, 1, 1, 0]
    """
    if wild[card]:
        return 100
    score = 0
    seen_self = False
    for other in hand:
        if other == card and not seen_self:
            seen_self = True
            continue
        if (
            wild[other]
            or (sets and other.rank is card.rank)
            or (
                runs
                and other.suit is card.suit
                and other.rank is not None
                and card.rank is not None
                and abs(other.rank - card.rank) <= 2
            )
        ):
            score += 1
    return score


_NO_WILDS: Final = (False,) * 53


@functools.lru_cache(maxsize=256)
def _wild_mask(wilds: frozenset[Card]) -> tuple[bool, ...]:
    """Per card code, whether that card is one of ``wilds`` (a deal's wild cards change
    only between deals; building the mask anew cost a fifth of a greedy rollout)."""
    return tuple(Card(code) in wilds for code in range(53))


#: Careful play where the top discard is taken only to be melded: how much a way for the
#: next player to meld a card (:func:`~rummykit.agents_pickup.feed_risk`) weighs against
#: one related card in the hand (:func:`usefulness`).
_FEED_WEIGHT: Final = 8.0

#: The greedy agent claims a discard out of turn only while holding fewer cards than this.
_CLAIM_HAND_LIMIT: Final = 13


@attrs.frozen
class GreedyAgent:
    """Melds and lays off whenever it can and discards its least useful card.

    In order: lay the longest meld available; lay off; give a natural card for a wild on the
    table; choose to start when asked; claim a discard out of turn, and take the discard, only
    when it fits the hand (two or more related cards), or take the fewest cards from deeper in
    the pile that bring a meld (Rummy 500), else draw; knock as soon as it may (Gin Rummy);
    discard the card with the lowest :func:`usefulness` for the game's kinds of meld, the
    highest rank among equals, never the card just taken when another will do.

    In a contract game it judges cards by the contract instead: before laying it down, by how
    far the hand is from it (:func:`~rummykit.agents_contract.contract_shortfall`), after, by
    how near each card is to a lay-off (:func:`~rummykit.agents_contract.lay_off_distance`).

    A deal that has *stalled* (the discard pile turned into a new stock twice, or 50 turns a
    player) is often one in which every player keeps a card another needs. Then the agent
    takes a discard only when the contract plan wants it, and throws a card it cannot play
    now at random, so that such cards circulate; what is left to the safeguard (R36a, R56a)
    are deals that no play can finish.

    With ``careful`` it also discards with an eye on the others in a contract game: once
    another player has laid down, among the discards that leave its own hand as near the
    contract, it keeps back the cards a meld on the table would take (that player could
    take the discard and lay it off), then throws the card that would cost most left in
    hand. Careful play won 59.7% [56.4, 62.9] of two-player Crummy Rummy games against the
    greedy agent (300 deals, seats rotated: ``benchmarks/bench_agents.py --game crummy-rummy
    --players 2 --games 300 --seed 5000 --agent careful --against greedy``). Once it has laid
    down its contract, careful play claims no discard out of turn (R34): the claimed card could
    be laid off, but the penalty card with it most often cannot, and the hand grows by one (in
    four-player Crummy Rummy, 3.9 points a game [2.4, 5.4] better than claiming, 600 games on
    150 deals, paired; before the contract is down a claim is worth far more). At two players
    it claims nothing: there (under the default rules, which keep the discarder from claiming
    its own card back) only the upcard can be claimed, and letting it go was worth 6.3 points a
    game [3.3, 9.2] in Crummy Rummy (1,200 games on deal seeds from 5000 and 6000, paired),
    while at three and four players it measured -2.6 [-6.4, 1.2] and -2.4 [-6.3, 1.5].

    In the last deal of a two-player game of a fixed number of deals scored as penalties
    (Crummy Rummy's round 7), careful play at least 100 points ahead throws its costliest
    card among the discards that leave its hand at most two cards further from the
    contract: if the other player goes out first, the hand it is caught with must not cost
    the lead. Measured on the same deals with and without (``bench_agents.py --game
    crummy-rummy --players 2 --games 200 --agent careful --against greedy``): 400 games from
    ``--seed 5000``, 58.4% against 56.9%; from 6000, 55.1% against 52.5% (paired, 1.5
    [0.3, 2.7] and 2.6 [0.9, 4.3] points); from 7000, 61.4% against 60.4%. Thresholds of 75
    and 150 points, or a slack of one card or three, did no better.

    In a game whose top discard is taken only to be melded (Crib Rummy, R41; Rummy 500),
    careful play lays, among the longest melds, the one that scores most (a run before a
    set in Crib Rummy), discards the card the next player is least likely to meld, weighed
    against its use to the hand (:func:`~rummykit.agents_pickup.feed_risk`), and at two
    players draws rather than take a pile that brings two cards or more into the hand while
    the other player holds four or fewer (:func:`~rummykit.agents_pickup.take_costs_more`:
    each card left in hand scores 2 for a player who goes out, R43).

    In a two-player game where the losers pay the winner (Basic Rummy), careful play throws
    the card with the fewest unseen cards left to complete a meld with it, less its penalty
    value, which weighs more once the other player holds four cards or fewer
    (:func:`~rummykit.agents_outs.outs_discard`): 65.3%, 65.0% and 61.5% won against the
    greedy agent (``bench_agents.py --game basic-rummy --players 2 --games 300 --agent
    careful --against greedy``, ``--seed`` 5000, 6000 and 7000). At four players the same
    rule fell behind greedy play, so there careful play is greedy play.
    ``make_agent("careful")`` is this agent.
    """

    name: str = "greedy"
    #: Discard with an eye on the others in a contract game (see above).
    careful: bool = False

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        moves = list(legal)
        if moves and isinstance(moves[0], _TRICK_MOVES):  # a trick game offers no others
            return _trick_move(view, moves)
        hand: Sequence[Card] = view.hand
        wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
        wild = _wild_mask(wilds) if wilds else _NO_WILDS
        rules = None if view.context is None else view.context.rules
        sets, runs = getattr(rules, "sets", True), getattr(rules, "runs", True)
        stalled = _stalled(view)

        def useful(card: Card, cards: Sequence[Card]) -> int:
            return usefulness(card, cards, wild, sets=sets, runs=runs)

        pieces = getattr(getattr(view, "game", None), "rules", None)
        melds = [m for m in moves if isinstance(m, LayMeld)]
        if melds:
            if self.careful and pieces is not None and hasattr(pieces, "meld_scoring"):
                # among the longest melds, the one that scores most (a run before a set in
                # Crib Rummy); games that score no melds tie, and play as greedy
                pegs = pieces.meld_scoring
                return max(
                    melds,
                    key=lambda m: (len(m.meld), pegs.points(None, m.meld), -_wilds_used(m, wild)),
                )
            return max(melds, key=lambda m: (len(m.meld), -_wilds_used(m, wild)))
        lay_offs = [m for m in moves if isinstance(m, LayOff)]
        if lay_offs:
            natural = [m for m in lay_offs if not wild[m.card]]
            return (natural or lay_offs)[0]
        swaps = [m for m in moves if isinstance(m, Swap)]
        if swaps:
            # Giving a natural card for a table wild empties the hand by one (the wild goes
            # back to the table, R30) or trades it for a wild (R20).
            return swaps[0]
        if any(isinstance(m, ChooseStart) for m in moves):
            return ChooseStart(True)
        plan = _ContractPlan.of(view, careful=self.careful)
        top: Card | None = getattr(view, "discard_top", None)

        def wanted() -> bool:
            # asked only of a claim or a take: the contract plan's answer costs a dozen
            # shortfall estimates, most of a discard decision's time if made for every move
            if top is None:
                return False
            if plan is not None:
                return plan.helps(hand, top)
            return not stalled and useful(top, [*hand, top]) >= 2

        if any(isinstance(m, Claim) for m in moves):
            # A claim costs a penalty card: only for a card that fits a hand still small;
            # careful play claims only on the way to its contract, and at three players or
            # more (see the class docstring)
            opened: Sequence[bool] = getattr(view, "opened", ())
            done = self.careful and (view.players == 2 or (bool(opened) and opened[view.seat]))
            claim = not done and len(hand) < _CLAIM_HAND_LIMIT and Claim() in moves and wanted()
            return Claim() if claim else Pass()
        takes = [m for m in moves if isinstance(m, TakeDiscard)]
        pickup = getattr(pieces, "pickup", None)
        if self.careful and takes and Draw() in moves and pickup is not None:
            brings = min(getattr(view, "discard_size", 1) - 1, pickup.then_takes)
            if take_costs_more(view, brings):
                return Draw()
        if takes:
            if TakeDiscard() in takes and wanted():
                return TakeDiscard()
            deep = [m for m in takes if m.count > 1]
            if deep:
                # A deeper take is offered only when its deepest card can be melded at once
                # (Rummy 500): take the fewest cards that bring such a meld.
                return min(deep, key=lambda m: m.count)
        if any(isinstance(m, Draw) for m in moves):
            return Draw()
        if any(isinstance(m, Knock) for m in moves):
            return Knock()
        discards = _keeping_took(view, [m for m in moves if isinstance(m, Discard)])
        if discards:
            if plan is not None:
                return plan.discard(hand, discards, wild, rng, stalled=stalled)
            if self.careful and not stalled and pickup is not None and pickup.must_meld(1):
                unseen = unseen_counts(view)
                return min(
                    discards,
                    key=lambda m: (
                        useful(m.card, hand)
                        + _FEED_WEIGHT * feed_risk(m.card, view, None, unseen),
                        -(m.card.rank or 0),
                        m.card,
                    ),
                )
            if self.careful and not stalled and view.players == 2 and pays_the_winner(view):
                thrown = outs_discard(view, [m.card for m in discards])
                return next(m for m in discards if m.card == thrown)
            if stalled:
                plain = _plain(discards, wild)
                return plain[rng.randrange(len(plain))]
            return min(discards, key=lambda m: (useful(m.card, hand), -(m.card.rank or 0), m.card))
        return moves[0]

    def at_random(self, view: View, legal: Sequence[Move]) -> tuple[Move, ...]:
        """The moves this agent picks among at random at ``view`` (offered ``legal``), each
        as likely: in a stalled deal of a game without a contract, where it can do nothing
        but discard, its plain discards (see the class docstring). Empty elsewhere, where
        :meth:`choose` makes the same move whatever the generator, or draws it otherwise (a
        contract plan's stalled throw). A reader of the other hands
        (``SearchAgent(infer=True)``) takes any of these as a move the agent may have made.

        >>> import rummykit
        >>> state = rummykit.variant("basic-rummy").new_game(players=4, seed=1)
        >>> GreedyAgent().at_random(state.view(state.to_move), state.legal_moves())
        ()
        """
        moves = list(legal)
        if not moves or not all(isinstance(m, Discard) for m in moves) or not _stalled(view):
            return ()
        if _ContractPlan.of(view, careful=self.careful) is not None:
            return ()  # the contract plan draws its own discard
        wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
        wild = _wild_mask(wilds) if wilds else _NO_WILDS
        discards = _keeping_took(view, [m for m in moves if isinstance(m, Discard)])
        return tuple(_plain(discards, wild))


def _keeping_took(view: View, discards: list[Discard]) -> list[Discard]:
    """``discards`` without the card just taken from the pile where another will do:
    throwing it back would only pass the turn."""
    took = getattr(view, "took", None)
    if took is not None and len(discards) > 1:
        return [m for m in discards if m.card != took] or discards
    return discards


def _plain(discards: Sequence[Discard], wild: Sequence[bool]) -> list[Discard]:
    """The discards of natural cards (all of them where every one is wild): what the
    greedy agent throws one of at random in a stalled deal."""
    return [m for m in discards if not wild[m.card]] or list(discards)


_TRICK_MOVES: Final = (PlayCard, LayQuartet, EndQuartets, CallHalt, PlayOn)


def _trick_move(view: View, moves: Sequence[Move]) -> Move:
    """The greedy move of a trick-and-quartet game (:mod:`rummykit.agents_trick`): lay
    aside every quartet, call a halt when it may, else play by :func:`trick_card`."""
    for move in moves:
        if isinstance(move, LayQuartet):
            return move
    if CallHalt() in moves:
        return CallHalt()
    plays = [m for m in moves if isinstance(m, PlayCard)]
    if not plays:
        return moves[0]
    rules = getattr(getattr(getattr(view, "game", None), "rules", None), "tricks", None)
    if rules is None:
        return plays[0]
    trick = [card for _, card in getattr(view, "trick", ())]
    chosen = PlayCard(trick_card(rules, trick, view.hand))
    return chosen if chosen in plays else plays[0]


@attrs.frozen
class _ContractPlan:
    """How the player to move judges cards in a contract game: before laying down the
    contract, by how far the hand is from it
    (:func:`~rummykit.agents_contract.contract_shortfall`); after, when only lay-offs are
    left, by how near each card is to fitting a meld on the table
    (:func:`~rummykit.agents_contract.lay_off_distance`)."""

    contract: Contract
    context: MeldContext
    #: The melds on the table once the contract is down (``None`` before).
    table: tuple[Meld, ...] | None
    #: Careful play (:attr:`GreedyAgent.careful`): the melds on the table once another
    #: player has laid down (empty before, and without care) ...
    guard: tuple[Meld, ...] = ()
    #: ... and what a card costs left in hand (``None``: the game does not count it).
    costs: PenaltyTable | None = None
    #: Careful play protecting a lead in the last deal (see :class:`GreedyAgent`).
    protect: bool = False

    @classmethod
    def of(cls, view: View, *, careful: bool = False) -> _ContractPlan | None:
        contract = getattr(view, "contract", None)
        if not isinstance(contract, Contract) or view.context is None:
            return None
        opened: Sequence[bool] = getattr(view, "opened", ())
        mine = opened[view.seat]
        melds = tuple(p.meld for p in getattr(view, "table", ())) if careful or mine else ()
        table = melds if mine else None
        if not careful:
            return cls(contract, view.context, table)
        others = any(done for seat, done in enumerate(opened) if seat != view.seat)
        rules = getattr(getattr(view, "game", None), "rules", None)
        scoring = getattr(rules, "deal_scoring", None)
        costs = scoring.table if isinstance(scoring, PenaltyScoring) else None
        return cls(
            contract,
            view.context,
            table,
            guard=melds if others else (),
            costs=costs,
            protect=costs is not None and _protects_lead(view, getattr(rules, "game_end", None)),
        )

    def short(self, cards: Sequence[Card]) -> int:
        return contract_shortfall(cards, self.contract, self.context)

    def far(self, card: Card) -> int:
        """How far ``card`` is from a lay-off (99: never)."""
        assert self.table is not None
        found = lay_off_distance(card, self.table, self.context)
        return 99 if found is None else found

    def helps(self, hand: Sequence[Card], card: Card) -> bool:
        """Whether taking ``card`` (and then discarding the least needed card) brings the
        hand nearer the contract, or, once it is down, whether ``card`` can be laid off."""
        if self.table is not None:
            return self.far(card) == 0
        now = self.short(hand)
        bigger = [*hand, card]
        # any card but the one taken may go (the first hand that is nearer settles it)
        return any(self.short(bigger[:i] + bigger[i + 1 :]) < now for i in range(len(hand)))

    def discard(
        self,
        hand: Sequence[Card],
        discards: Sequence[Discard],
        wild: Sequence[bool],
        rng: random.Random,
        *,
        stalled: bool = False,
    ) -> Discard:
        """The discard that leaves the hand nearest the contract (once it is down: the card
        furthest from a lay-off); among equals, the least useful card, the highest rank
        first. Once it is down and the deal has ``stalled`` (the discard pile made a new stock
        twice), any card that cannot be laid off now, at random: cards kept for a lay-off
        that never comes may be the ones another player needs for the contract."""
        if stalled and self.table is not None:
            idle = [m for m in discards if self.far(m.card) > 0]
            if idle:
                return idle[rng.randrange(len(idle))]
        cost: dict[Card, int] = {}
        for move in discards:
            if move.card in cost:
                continue
            if self.table is not None:
                cost[move.card] = -self.far(move.card)
            else:
                rest = list(hand)
                rest.remove(move.card)
                cost[move.card] = self.short(rest)
        least = min(cost.values())
        if self.protect and self.table is None and self.costs is not None:
            # a lead to keep in the last deal: the costliest card whose discard leaves the
            # hand at most _PROTECT_SLACK cards further from the contract
            value = self.costs.value
            loose = [m for m in discards if cost[m.card] <= least + _PROTECT_SLACK]
            loose = [m for m in loose if not wild[m.card]]
            if loose:
                top = max(value(m.card) for m in loose)
                discards = [m for m in loose if value(m.card) == top]
                least = min(cost[m.card] for m in discards)
        # the least useful of the cheapest (usefulness is weighed only where cost ties)
        cheapest = [m for m in discards if cost[m.card] == least]
        if self.guard or self.costs is not None:
            return min(cheapest, key=lambda m: self._careful_key(m.card, hand, wild))
        return min(
            cheapest, key=lambda m: (usefulness(m.card, hand, wild), -(m.card.rank or 0), m.card)
        )

    def _careful_key(
        self, card: Card, hand: Sequence[Card], wild: Sequence[bool]
    ) -> tuple[int, int, int, int, Card]:
        """Careful play's order of equal discards: a card that no meld on the table takes
        (once another player has laid down), the most costly in hand (a wild card last),
        the least useful, the highest rank."""
        feeds = bool(self.guard) and lay_off_distance(card, self.guard, self.context) == 0
        cost = 0
        if not wild[card]:
            cost = -(card.rank or 0) if self.costs is None else -self.costs.value(card)
        return (int(feeds), cost, usefulness(card, hand, wild), -(card.rank or 0), card)


#: Careful play protects a lead of this many points (at two players, in the last deal of a
#: game of a fixed number of deals scored as penalties) ...
_PROTECT_LEAD: Final = 100
#: ... by throwing its costliest card among the discards that leave the hand at most this
#: many cards further from its contract.
_PROTECT_SLACK: Final = 2


def _protects_lead(view: View, end: object) -> bool:
    """Whether careful play at ``view`` protects its lead (see :class:`GreedyAgent`): two
    players, the last deal of a game of ``end``'s fixed number of deals, and a total at
    least :data:`_PROTECT_LEAD` below the other's."""
    if view.players != 2 or not isinstance(end, FixedDeals) or view.deal_number < end.deals:
        return False
    return view.scores[1 - view.seat] - view.scores[view.seat] >= _PROTECT_LEAD


#: A deal has stalled (see :class:`GreedyAgent`) after this many reshuffles ...
_STALLED_RESHUFFLES: Final = 2
#: ... or this many turns a player.
_STALLED_TURNS: Final = 50


def _stalled(view: View) -> bool:
    """Whether the deal has run far longer than ordinary play (public counters only)."""
    reshuffles: int = getattr(view, "reshuffles", 0)
    turns: Sequence[int] = getattr(view, "turns", ())
    return reshuffles >= _STALLED_RESHUFFLES or sum(turns) >= _STALLED_TURNS * view.players


def _wilds_used(move: LayMeld, wild: Sequence[bool]) -> int:
    return sum(1 for c in move.meld.cards if wild[c])


#: The built-in agents by name.
def _careful_agent() -> Agent:
    return GreedyAgent(name="careful", careful=True)


def _search_agent() -> Agent:
    from rummykit.search import SearchAgent  # imports this module

    return SearchAgent()


def _ismcts_agent() -> Agent:
    from rummykit.search import ISMCTSAgent  # imports this module

    return ISMCTSAgent()


AGENTS: Final[dict[str, Callable[[], Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "careful": _careful_agent,
    "search": _search_agent,
    "ismcts": _ismcts_agent,
}

#: Every name :func:`make_agent` takes: those of :data:`AGENTS` and ``"tuned"`` (the
#: search agent set for a game and a player count).
AGENT_NAMES: Final[tuple[str, ...]] = (*AGENTS, "tuned")


def make_agent(
    name: str, *, game: str | Variant | None = None, players: int | None = None
) -> Agent:
    """The built-in agent called ``name``: ``"random"``, ``"greedy"``, ``"careful"`` (the
    greedy agent with :attr:`~GreedyAgent.careful` play), ``"search"``
    (:class:`rummykit.search.SearchAgent` with its defaults), ``"ismcts"``
    (:class:`rummykit.search.ISMCTSAgent` with its defaults) or ``"tuned"`` (the search
    agent with the setting measured for ``game`` at ``players`` players,
    :func:`rummykit.tuned.tuned_agent`; the others take no notice of them).

    >>> make_agent("tuned", game="rummy-500", players=4).careful
    True
    """
    from rummykit.errors import OptionError, shown

    if name == "tuned":
        if game is None or players is None:
            raise OptionError(
                "the tuned agent is set for a game and a player count: give them, "
                'e.g. make_agent("tuned", game="gin-rummy", players=2)'
            )
        from rummykit.tuned import tuned_agent  # imports the search, which imports this

        return tuned_agent(game, players)
    try:
        agent: Agent = AGENTS[name]()
    except (KeyError, TypeError):  # TypeError: a name that cannot be a key (a list)
        listed = ", ".join(AGENT_NAMES)
        raise OptionError(f"unknown agent {shown(name)}; choose from {listed}") from None
    return agent
