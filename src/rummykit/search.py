"""Search from what a seat has seen: sampling the hidden cards, and a search agent.

A bot that searches (Monte Carlo, determinized or information-set MCTS) needs whole
positions to play forward, but may only know what its seat saw. :func:`sample_state` turns a
view into a whole position that the seat cannot tell from the real one: the cards it has not
seen are dealt at random into the places it cannot see (the stock, the hidden part of the
discard pile, the unknown part of other hands, the other seats' face-down quartets), and
everything public is kept.

>>> import random, rummykit
>>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=5)
>>> view = state.view(0)
>>> guess = sample_state(view, random.Random(1))
>>> guess.view(0) == view, guess.hands[0] == state.hands[0]
(True, True)
>>> guess.hands[1] == state.hands[1]   # the other hand is a guess
False
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs

from rummykit._settings import count, one_of, real
from rummykit.agents import Agent, GreedyAgent, RandomAgent, _stalled
from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.views import View
from rummykit.errors import OptionError, shown
from rummykit.reading import Hands, _other_hands, _Reader, _stock_shuffled, _Trail, pin
from rummykit.reading_deal import DealReader
from rummykit.recall import Recall
from rummykit.search_value import (
    _margins,
    expected_ahead,
    in_final_deal,
    lowest_wins,
    rollout_end,
    stock_end_scores,
)

__all__ = [
    "ISMCTSAgent",
    "SearchAgent",
    "in_final_deal",
    "lowest_wins",
    "sample_state",
    "stock_end_scores",
]

#: The searches' default ``stalled_depth``: moves a rollout plays in a stalled deal.
STALLED_DEPTH: Final[int | None] = 100


def sample_state(view: View, rng: random.Random, recall: Recall | None = None) -> GameState:
    """A whole position consistent with everything ``view``'s seat has seen: its hand, the
    public table and piles, the cards known to be in other hands (dealt face up, or taken
    from the pile), hand sizes, scores and the turn. ``sample_state(view, rng).view(seat)
    == view`` for every view; the hidden cards are dealt at random, and the shuffles to come
    follow a new random seed. The sample's move history is empty.

    With ``recall``, the seat's memory brought up to this view (:class:`~rummykit.recall.
    Recall`), the cards it remembers are put where it remembers them: the covered discards
    in their places in the pile, the cards other seats were seen to take in their hands, a
    stock made by turning the pile over in its order. A memory that does not fit the view
    (or a view in which another seat drew a card unseen this turn: the sample must guess
    that card) is not used."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {shown(rng)}")
    game = getattr(view, "game", None)
    sample = getattr(getattr(game, "rules", None), "sample", None)
    if not callable(sample):
        raise OptionError(f"cannot rebuild a position from {type(view).__name__}")
    state: GameState = sample(view, rng)
    if recall is not None and recall.follows(view):
        return _placed(state, view, recall.pile, recall.known, recall.stock) or state
    return state


def _placed(
    state: GameState,
    view: View,
    pile: Sequence[Card | None],
    known: Sequence[Sequence[Card]],
    stock: Sequence[Card | None] = (),
) -> GameState | None:
    """``state`` (a sample of ``view``) with the hidden cards swapped so that the discard
    pile holds ``pile``'s cards where it names them (bottom first), the stock ``stock``'s
    (top last; ignored unless it has the stock's size) and each other seat's hand its
    ``known`` cards (:func:`rummykit.reading.pin`); ``None`` where they cannot be."""
    pinned = pin(state, view, pile, known, stock)
    rules = state.variant.rules
    if pinned is None or not isinstance(rules, RummyRules) or not isinstance(state, RummyState):
        return None
    placed = rules.with_hidden(state, view.seat, pinned[0])
    return placed if placed.over or placed.legal_moves() else None


def _with_hands(
    view: View, rng: random.Random, hands: Hands, memory: Recall | None
) -> GameState | None:
    """A sample of ``view`` with the other ``hands`` as a reading dealt them and the
    cards ``memory`` remembers in the pile and the stock where it puts them (``None``
    where they cannot be so placed)."""
    pile = memory.pile if memory is not None else ()
    stock = memory.stock if memory is not None else ()
    return _placed(sample_state(view, rng), view, pile, hands, stock)


@attrs.frozen
class SearchAgent:
    """Determinized Monte Carlo search: for each of ``determinizations`` samples of the hidden
    cards (:func:`sample_state`), every candidate move is played and the deal rolled out to
    its end by ``rollout`` agents (greedy by default) for every seat, with the same dice for
    every candidate (where the rollouts play at random, as a stalled deal's greedy discards
    do, the candidates differ by their moves alone). A rollout is worth the
    seat's score margin over the others' mean at the end of the deal (``objective``; the
    lowest total is best in games of a fixed number of deals, the highest elsewhere).
    ``depth`` cuts a rollout after that many moves and scores the deal as if its stock had
    run out there (every hand counted as it stands, the engine's own scoring of a stalled
    deal, R36a): a cheap, rough estimate for games whose deals last hundreds of moves.
    ``seconds`` caps the time a decision may take (at least one determinization is played);
    with more than ``max_candidates`` legal moves, the greedy agent's ``max_candidates``
    first choices are searched (its choice, then its choice among the moves left, and so
    on). The agent leaves the greedy choice only for a move whose mean gain over it, sample
    by sample, clears ``confidence`` standard errors (picking the best of many noisy
    estimates would otherwise pick noise). With ``prune_after``, candidates that look no
    better than the greedy choice stop being played, and the samples go to the decisions
    still in doubt. The setting measured best for each game is in :mod:`rummykit.tuned`.

    >>> import random, rummykit
    >>> state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
    >>> view = state.view(state.to_move)
    >>> SearchAgent(determinizations=2).choose(view, view.legal, random.Random(0)) in view.legal
    True
    """

    name: str = "search"
    determinizations: int = attrs.field(default=8, validator=count(1))
    seconds: float | None = attrs.field(default=None, validator=real(0, optional=True))
    rollout: str = attrs.field(default="greedy", validator=one_of(("greedy", "random")))
    max_candidates: int = attrs.field(default=6, validator=count(2))
    #: Moves a rollout plays at most; a deal still going then (a stalled deal, which the
    #: game's safeguard would end later) is scored as it stands, as ``depth`` scores it.
    horizon: int = attrs.field(default=2000, validator=count(1))
    #: Moves a rollout plays before the deal is scored as it stands (``None``: to its end).
    depth: int | None = attrs.field(default=None, validator=count(1, optional=True))
    #: In a deal that has stalled (by the public counters the greedy agent goes by: the
    #: discard pile made a new stock twice, or 50 turns a player), moves a rollout plays
    #: before the deal is scored as it stands (``None``: as in any other deal). A stalled
    #: deal ends only at the game's safeguard, often a thousand moves on, with the cards
    #: circulating at random: rolling it out to there cost seconds a decision (17 times the
    #: time of the cut in stalled face-up deals, which chose the same move in 23 of 30).
    stalled_depth: int | None = attrs.field(
        default=STALLED_DEPTH, validator=count(1, optional=True)
    )
    #: How many standard errors a move's mean gain over the greedy choice must clear.
    confidence: float = attrs.field(default=2.0, validator=real(0))
    #: Points a move's mean gain over the greedy (or careful) choice must exceed before the
    #: standard errors are counted: a prior that the base choice is right. Where a deal's
    #: margin swings far more than moves differ, the best of a few noisy estimates clears
    #: two errors by chance: in two-player Crummy Rummy the careful search's departures at
    #: two errors lost 12.3 points each in the real positions [-25.1, 0.5] over 12 games;
    #: over 12 others, with a handicap of 10, 2.8 [-22.1, 16.5] at two errors (one departure
    #: a game) and 8.8 [-17.2, -0.5] at one (``benchmarks/search_truth.py``): there the
    #: handicap only makes departures rare. Pruning (``prune_after``) asks the same margin.
    handicap: float = attrs.field(default=0.0, validator=real(0))
    #: Search only where the seat's memory (``recall``) puts at least this share of the
    #: cards it cannot see in their places (:meth:`Recall.placed_share
    #: <rummykit.recall.Recall.placed_share>`); elsewhere play the greedy (or careful)
    #: choice. 0 searches everywhere; with no memory, a share above 0 never searches. In
    #: four-player Basic Rummy 0.6 kept the search's strength at half its cost (the
    #: search there gains where the pile was turned over, see ``docs/guide-bot.rst``).
    min_known: float = attrs.field(default=0.0, validator=real(0, 1))
    #: Samples after which candidates that look no better than the greedy choice stop being
    #: played (``None``: every candidate plays every sample). From then on, after each
    #: sample, a candidate whose mean gain over the greedy choice plus one standard error is
    #: not above zero is dropped (it keeps the samples it played), and the decision ends
    #: when every candidate but the greedy choice is dropped: ``determinizations`` becomes
    #: a budget that only the decisions still in doubt spend.
    prune_after: int | None = attrs.field(default=None, validator=count(2, optional=True))
    #: Remember what the seat saw (:class:`~rummykit.recall.Recall`): the covered discards,
    #: the cards other seats took, and a stock made by turning the pile over unshuffled
    #: (Basic Rummy), card by card. The agent then needs to see the view after every
    #: move (:meth:`observe`, which :func:`~rummykit.sim.play_game` and
    #: :func:`~rummykit.sim.simulate` call); a decision whose view it did not follow move by
    #: move samples without the memory.
    recall: bool = False
    #: Per seat, the memory of the deal so far (with ``recall``).
    _memory: dict[int, Recall] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    #: Read the other seats' hands from their moves, taking them to play as the greedy
    #: agent does: a sample is kept only if, dealt the sampled cards, greedy agents would
    #: have made the moves the other seats were seen to make since the seat's last turn
    #: (a move the greedy agent draws at random, a stalled deal's throw, as one it may have
    #: made wherever the sampled hand holds the card: :meth:`GreedyAgent.at_random
    #: <rummykit.agents.GreedyAgent.at_random>`).
    #: The first such sample of a turn is searched for (``infer_tries``), the next ones
    #: follow from it by swaps of two hidden cards (``infer_steps``); a turn with none
    #: found is sampled as without it. Like ``recall``, it needs to see the view after
    #: every move (:meth:`observe`); with ``recall`` the replays start from the memory as
    #: it stood at the first view since the seat's last turn. Measured in
    #: ``docs/guide-bot.rst``: no gain in Crib Rummy, perhaps a little in Gin Rummy, none
    #: that shows in four-player Basic Rummy with ``recall``.
    infer: bool = False
    #: Replays a turn may spend looking for a first sample the other seats' moves allow
    #: (then the turn is sampled as without ``infer``).
    infer_tries: int = attrs.field(default=64, validator=count(1))
    #: Swaps of hidden cards tried for each sample after the first consistent one.
    infer_steps: int = attrs.field(default=4, validator=count(0))
    #: Read exactly where the deals to weigh are few (0: never): where the cards the seat
    #: neither sees nor remembers can lie in at most this many ways (late in a deal whose
    #: stock the seat remembers), every one of them is replayed along the trail, and the
    #: samples are drawn from those it allows, each as likely; the next turn's reading
    #: starts from the other hands so allowed (the deals the moves seen so far allow),
    #: and lists anew only if the new moves allow none of them. Elsewhere the reading is
    #: the chain's. Each deal listed costs a replay of the trail.
    infer_exact: int = attrs.field(default=0, validator=count(0))
    #: Read the other hands from every move of the deal (0: never), where its pile has not
    #: been turned over, by a Markov chain on the deal's first hidden cards, each state
    #: replayed through every move seen (:mod:`rummykit.reading_deal`): this many proposals
    #: a decision may spend finding a state the moves allow, and the samples are then its
    #: states 100 proposals apart (each proposal a replay of the deal). Needs the views as
    #: ``infer`` does (:meth:`observe`); where it reads, ``infer``'s reading is not used.
    infer_deal: int = attrs.field(default=0, validator=count(0))
    #: How much less likely a discard other than the greedy agent's makes a deal in the
    #: reading of the whole deal: ``exp(infer_slack)`` times a miss.
    infer_slack: float = attrs.field(default=1.5, validator=real(0))
    #: Per seat, its reading of the deal (with ``infer_deal``), its last choice and the
    #: view it was made at, and the samples its last decision drew from the reading.
    _deals: dict[int, DealReader] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _chosen: dict[int, tuple[View, Move]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    _deal_samples: dict[int, tuple[View, list[RummyState]]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    #: Per seat, the views since its last turn (with ``infer``), their reader, and (with
    #: ``recall`` too) the memory as it stood at the first of them.
    _trails: dict[int, _Trail] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _trail_memory: dict[int, Recall] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _readers: dict[int, _Reader] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    #: What a rollout is worth: ``"points"``, the seat's margin over the others' mean score
    #: at the end of the deal; ``"standing"``, ahead (+1) or behind (-1), the margin
    #: breaking ties. Points won 60.0% of 200 gin games against greedy agents where standing
    #: won 55.5% on the same deals (``benchmarks/bench_search.py``): standing cannot tell
    #: moves apart once the game is far from close.
    #: ``"lead"``: the margin over the best of the others (with two players, the same as
    #: points), what decides who wins a game of three or more; yet on the same 402
    #: three-player Crazy Rummy games lead won 50.0% [45.9, 54.2] and points 54.5% [50.4,
    #: 58.6]: the mean of the others is the steadier estimate.
    #: ``"game"``: points, except in the last deal of a game of a fixed number of deals
    #: (Contract Rummy, Crummy Rummy), where a rollout is worth the game's result for the
    #: seat: the share of the other seats whose final total it beats less the share that beat
    #: it (+1 for a win over everyone, -1 for last place), its margin breaking ties. A seat
    #: far ahead before the last deal then plays safe, a seat far behind takes its chances.
    #: ``"ahead"``: the share of the other seats the seat may expect to finish the game
    #: ahead of, what a game of three or more is measured by here: where the rollout's
    #: deal ends the game (a target reached, the last of a fixed number of deals), the
    #: share it beats; else, seat by seat, a logistic of the scores' difference over
    #: ``ahead_scale`` points (:func:`~rummykit.search_value.expected_ahead`), which like
    #: points still tells a bigger deal from a smaller one.
    objective: str = attrs.field(
        default="points",
        validator=one_of(("standing", "points", "lead", "game", "ahead")),
    )
    #: With ``objective="ahead"``: the lead in points worth about three quarters of a game
    #: against a seat (:func:`~rummykit.search_value.expected_ahead`), about what one deal
    #: swings.
    ahead_scale: float = attrs.field(default=50.0, validator=real(1))
    #: Play the seat as the careful greedy agent does (:attr:`GreedyAgent.careful
    #: <rummykit.agents.GreedyAgent.careful>`, which differs from greedy play in contract
    #: games, where the top discard is taken only to be melded, and in two-player Basic
    #: Rummy): that agent's choice is the one kept unless a move clears ``confidence``, it
    #: ranks the candidates, and it plays the seat's own turns in the rollouts; the other
    #: seats are still rolled out by the greedy agent.
    careful: bool = False

    def observe(self, view: View) -> None:
        """Take in ``view``, the seat's view after a move (anyone's); with ``recall`` the
        agent's memory of the deal follows it, with ``infer`` the moves since the seat's
        last turn, else nothing happens."""
        if self.recall:
            memory = self._memory.get(view.seat)
            self._memory[view.seat] = (
                Recall.start(view) if memory is None else memory.observe(view)
            )
        if self.infer:
            trail = self._trails[view.seat] = _Trail.then(self._trails.get(view.seat), view)
            if self.recall and len(trail.views) == 1:  # a new trail: what the seat knew then
                self._trail_memory[view.seat] = self._memory[view.seat]
        if self.infer_deal:
            chosen = self._chosen.pop(view.seat, None)
            new = (GreedyAgent(), sample_state, self.infer_slack)
            deal = DealReader.then(self._deals.get(view.seat), view, chosen, new)
            if deal is not None:
                self._deals[view.seat] = deal

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        move = self._choose(view, legal, rng)
        if self.infer_deal:  # the reading of the deal replays the seat's own moves as made
            self._chosen[view.seat] = (view, move)
        return move

    def _choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        if self.min_known:
            memory = self._memory.get(view.seat) if self.recall else None
            if memory is None or memory.placed_share(view) < self.min_known:
                return GreedyAgent(careful=self.careful).choose(view, legal, rng)
        candidates, gains = self.evaluate(view, legal, rng)
        return candidates[_significant_best(gains, self.confidence, self.handicap)]

    def _reader(self, view: View, model: Agent) -> _Reader | None:
        """The reader of the seat's trail for a decision at ``view`` (with ``infer``, if
        the trail leads to it), kept for every decision of the turn."""
        trail = self._trails.get(view.seat) if self.infer else None
        if trail is None or not trail.leads_to(view):
            return None
        reader = self._readers.get(view.seat)
        if reader is None or reader.trail.views is not trail.views:  # not this turn's
            memory = self._trail_memory.get(view.seat) if self.recall else None
            carried = _carried(reader, trail) if self.infer_exact else []
            reader = _Reader(
                trail, model, sample_state, memory, exact=self.infer_exact, carried=carried
            )
            self._readers[view.seat] = reader
        return reader

    def _sample(
        self, view: View, rng: random.Random, recall: Recall | None, reader: _Reader | None
    ) -> GameState:
        """One sample of ``view`` for :meth:`evaluate`: from the reading of the deal (with
        ``infer_deal``) where it reads one, else from ``reader`` (with ``infer``) where
        there is one, else a plain sample with the seat's memory ``recall``."""
        if self.infer_deal:
            sample = self._deal_sample(view, rng, recall)
            if sample is not None:
                return sample
        if reader is None:
            return sample_state(view, rng, recall)
        return self._read_sample(reader, view, rng, recall)

    def _deal_sample(
        self, view: View, rng: random.Random, recall: Recall | None
    ) -> GameState | None:
        """A sample of ``view`` from the seat's reading of the deal (the chain's states of
        this decision, drawn at its first sample), with the remembered cards where the
        memory puts them; ``None`` where the deal is not read at ``view``."""
        deal = self._deals.get(view.seat)
        if deal is None or deal.views[-1] != view or not deal.readable():
            return None
        drawn = self._deal_samples.get(view.seat)
        if drawn is None or drawn[0] is not view:
            drawn = (view, deal.draw(rng, self.infer_deal, self.determinizations))
            self._deal_samples[view.seat] = drawn
        if not drawn[1]:
            return None
        end = rng.choice(drawn[1])
        sample = _stock_shuffled(end, view.seat, rng)
        if recall is not None and recall.follows(view):
            placed = _with_hands(view, rng, _other_hands(end, view.seat), recall)
            if placed is not None:
                return placed
        return sample if sample.view(view.seat) == view else None

    def _read_sample(
        self, reader: _Reader, view: View, rng: random.Random, recall: Recall | None
    ) -> GameState:
        """A sample of ``view`` from ``reader``: its sample of the trail's last view where
        that is ``view`` and the seat remembers nothing; else a sample of ``view`` with the
        other hands as read and the remembered cards where the memory puts them (the
        discards, the stock), if the reading holds every card the memory puts in a hand; a
        plain sample (with the memory) where there is none."""
        end = reader.draw(rng, self.infer_tries, self.infer_steps)
        memory = recall if recall is not None and recall.follows(view) else None
        if end is not None:
            if view == reader.trail.views[-1] and memory is None:
                return end
            if isinstance(end, RummyState):
                hands = _other_hands(end, view.seat)
                if memory is None or all(
                    not Counter(known) - Counter(hand)
                    for known, hand in zip(memory.known, hands, strict=True)
                ):
                    placed = _with_hands(view, rng, hands, memory)
                    if placed is not None:
                        return placed
        return sample_state(view, rng, recall)

    def evaluate(
        self, view: View, legal: Sequence[Move], rng: random.Random
    ) -> tuple[list[Move], list[list[float]]]:
        """What :meth:`choose` weighs: the candidate moves (the greedy agent's choice first,
        or the careful agent's with ``careful``)
        and, per candidate, its gain over the greedy choice on each sample it played (all
        alike, unless ``prune_after`` dropped some candidates early).

        >>> import random, rummykit
        >>> state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
        >>> view = state.view(state.to_move)
        >>> agent = SearchAgent(determinizations=3)
        >>> moves, gains = agent.evaluate(view, view.legal, random.Random(0))
        >>> len(moves) == len(gains), gains[0]  # the greedy choice gains nothing over itself
        (True, [0.0, 0.0, 0.0])
        """
        greedy = GreedyAgent()
        base = GreedyAgent(careful=True) if self.careful else greedy
        candidates = _ranked(base, view, legal, rng, self.max_candidates)
        # per candidate, its gain over the greedy choice on each sample (paired: the same
        # hidden cards and the same dice for every candidate's rollout)
        gains: list[list[float]] = [[] for _ in candidates]
        policy: Agent = greedy if self.rollout == "greedy" else RandomAgent()
        own = (view.seat, base) if self.careful and self.rollout == "greedy" else None
        started = time.perf_counter()
        playing = list(range(len(candidates)))  # candidate 0 always: the gains are over it
        recall = self._memory.get(view.seat) if self.recall else None
        reader = self._reader(view, greedy)
        limit = _rollout_limit(view, self.horizon, self.depth, self.stalled_depth)
        for played in range(1, self.determinizations + 1):
            sample = self._sample(view, rng, recall, reader)
            # common random numbers: every candidate's rollout of the sample makes the same
            # random choices (a stalled deal's greedy discards, a random rollout's moves), so
            # that the gains differ by the candidates and not by the dice
            dice = rng.getrandbits(64)
            values = [
                self._value(
                    sample.apply(candidates[i]),
                    view.seat,
                    policy,
                    random.Random(dice),
                    limit,
                    own=own,
                )
                for i in playing
            ]
            for index, value in zip(playing, values, strict=True):
                gains[index].append(value - values[0])
            if self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
            if self.prune_after is not None and played >= self.prune_after:
                playing = [0, *(i for i in playing[1:] if _may_gain(gains[i], self.handicap))]
                if len(playing) == 1:
                    break
        return candidates, gains

    def _value(
        self,
        state: GameState,
        seat: int,
        policy: Agent,
        rng: random.Random,
        limit: int | None = None,
        *,
        own: tuple[int, Agent] | None = None,
    ) -> float:
        """The seat's standing at the end of the deal, rolled out from ``state`` (scored as
        it stands after ``limit`` moves; by default ``depth``, at most ``horizon``), by
        ``policy`` (``own``: a seat that another agent plays)."""
        if limit is None:
            limit = _rollout_limit(None, self.horizon, self.depth, None)
        scores, over = rollout_end(state, state.deal_number, policy, rng, limit, own=own)
        if self.objective == "ahead":
            lowest = lowest_wins(state.variant)
            return expected_ahead(scores, seat, over=over, lowest=lowest, scale=self.ahead_scale)
        sign = -1 if lowest_wins(state.variant) else 1
        others = [sign * s for i, s in enumerate(scores) if i != seat]
        mine = sign * scores[seat]
        if self.objective == "lead":
            return mine - max(others)
        margin = mine - sum(others) / len(others)
        if self.objective == "game" and in_final_deal(state):
            beaten = sum(mine > other for other in others) - sum(mine < other for other in others)
            return beaten / len(others) + margin / 1000
        if self.objective in ("points", "game"):
            return margin
        # ahead or behind counts most; by how much breaks ties between moves
        return (margin > 0) - (margin < 0) + margin / 1000


class _Node:
    """A node of the information-set tree: the move that leads to it from its parent, the
    seat that made it, and what the iterations through it gave that seat."""

    __slots__ = ("available", "children", "move", "seat", "total", "visits")

    def __init__(self, move: Move | None, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0  # iterations in which the move was legal at the parent
        self.total = 0.0


@attrs.frozen
class ISMCTSAgent:
    """Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling,
    Powley and Whitehouse, 2012). Each of ``iterations`` iterations samples the hidden cards
    (:func:`sample_state`) and walks one tree of moves from the seat's view, every seat's
    moves in it: at each node it picks, among the moves legal in this sample, by the upper
    confidence bound on what each move's seat gained through it (a move counts as tried
    only in the samples where it was legal), adds one untried move, then rolls the deal out
    to its end with ``rollout`` agents for every seat. What a seat gains is its margin over
    the others' mean score at the end of the deal (``depth`` cuts rollouts as
    :class:`SearchAgent`'s does), the bound scaled by the spread of the margins seen.

    Where a node has many legal moves, the tree widens slowly: at the root it holds the
    greedy agent's first ``max_candidates`` choices, and below it one more move each time
    the node's visits pass a square (1, 4, 9, ...), in the greedy agent's order (its choice,
    then its choice among the moves left, ...). The move played is the root's most visited.
    ``seconds`` caps the time a decision may take (at least one iteration is played).

    >>> import random, rummykit
    >>> state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
    >>> view = state.view(state.to_move)
    >>> agent = ISMCTSAgent(iterations=16)
    >>> agent.choose(view, view.legal, random.Random(0)) in view.legal
    True
    >>> moves, visits, means = agent.evaluate(view, view.legal, random.Random(0))
    >>> sum(visits)   # every iteration starts with one of the root's moves
    16
    """

    name: str = "ismcts"
    iterations: int = attrs.field(default=256, validator=count(1))
    seconds: float | None = attrs.field(default=None, validator=real(0, optional=True))
    #: The weight of the exploration term of the upper confidence bound (times the spread
    #: of the margins seen so far).
    exploration: float = attrs.field(default=0.7, validator=real(0))
    max_candidates: int = attrs.field(default=6, validator=count(2))
    rollout: str = attrs.field(default="greedy", validator=one_of(("greedy", "random")))
    #: Moves a rollout plays at most (a stalled deal is then scored as it stands).
    horizon: int = attrs.field(default=2000, validator=count(1))
    #: Moves a rollout plays before the deal is scored as it stands (``None``: to its end).
    depth: int | None = attrs.field(default=None, validator=count(1, optional=True))
    #: As :attr:`SearchAgent.stalled_depth`: in a deal that has stalled, moves a rollout
    #: plays before the deal is scored as it stands.
    stalled_depth: int | None = attrs.field(
        default=STALLED_DEPTH, validator=count(1, optional=True)
    )

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        moves, visits, means = self.evaluate(view, legal, rng)
        best = max(range(len(moves)), key=lambda i: (visits[i], means[i]))
        return moves[best]

    def evaluate(
        self, view: View, legal: Sequence[Move], rng: random.Random
    ) -> tuple[list[Move], list[int], list[float]]:
        """The root's moves (the greedy agent's first choices, in its order), how many
        iterations went through each, and the mean margin they gave the seat."""
        root_moves, root = self._grow(view, legal, rng)
        children = [root.children.get(move) for move in root_moves]
        visits = [0 if child is None else child.visits for child in children]
        means = [
            0.0 if child is None or not child.visits else child.total / child.visits
            for child in children
        ]
        return root_moves, visits, means

    def _grow(
        self, view: View, legal: Sequence[Move], rng: random.Random
    ) -> tuple[list[Move], _Node]:
        """The root's moves and the tree the iterations grew from them."""
        greedy = GreedyAgent()
        policy: Agent = greedy if self.rollout == "greedy" else RandomAgent()
        root_moves = _ranked(greedy, view, legal, rng, self.max_candidates)
        root = _Node(None, view.seat)
        spread = [math.inf, -math.inf]  # the least and the most margin seen
        limit = _rollout_limit(view, self.horizon, self.depth, self.stalled_depth)
        started = time.perf_counter()
        for _ in range(self.iterations):
            state = sample_state(view, rng)
            deal = state.deal_number
            path, state = self._descend(root, root_moves, state, deal, greedy, spread, rng)
            margins = _margins(state, deal, policy, rng, limit)
            spread[0] = min(spread[0], *margins)
            spread[1] = max(spread[1], *margins)
            for node in path:
                node.visits += 1
                node.total += margins[node.seat]
            if self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
        root.visits = sum(child.visits for child in root.children.values())
        return root_moves, root

    def _descend(  # noqa: PLR0917  (one iteration's parts, passed down by evaluate)
        self,
        root: _Node,
        root_moves: Sequence[Move],
        state: GameState,
        deal: int,
        greedy: Agent,
        spread: Sequence[float],
        rng: random.Random,
    ) -> tuple[list[_Node], GameState]:
        """One iteration's walk down the tree in the sample ``state``: the nodes it went
        through (the one it added last) and the state it reached."""
        path: list[_Node] = []
        node = root
        while not state.is_over and state.deal_number == deal:
            if node is root:
                legal: Sequence[Move] = root_moves
                room = len(root_moves)
            else:
                legal = state.legal_moves()
                room = 1 + math.isqrt(node.visits)
            tried = [node.children[m] for m in legal if m in node.children]
            # add a move where the node has room for one, or where none of its moves is
            # legal in this sample
            if not tried or (len(node.children) < room and len(tried) < len(legal)):
                move = self._untried(node, state, legal, greedy, rng)
                child = node.children[move] = _Node(move, state.to_move)
                for other in (child, *tried):
                    other.available += 1
                path.append(child)
                return path, state.apply(move)
            for other in tried:
                other.available += 1
            scale = self.exploration * max(spread[1] - spread[0], 1e-9)
            node = max(
                tried,
                key=lambda c: (
                    c.total / c.visits + scale * math.sqrt(math.log(c.available) / c.visits)
                ),
            )
            path.append(node)
            assert node.move is not None
            state = state.apply(node.move)
        return path, state

    @staticmethod
    def _untried(
        node: _Node, state: GameState, legal: Sequence[Move], greedy: Agent, rng: random.Random
    ) -> Move:
        """The move to add below ``node``: the first untried of the root's moves, else the
        greedy agent's choice among the untried moves (so a node's moves come in the greedy
        agent's order: moves it would never play are not explored before the ones it
        would)."""
        untried = [m for m in legal if m not in node.children]
        if node.move is None or len(untried) == 1:
            return untried[0]
        return greedy.choose(state.view(state.to_move), untried, rng)


def _rollout_limit(view: View | None, horizon: int, depth: int | None, stalled: int | None) -> int:
    """The moves a rollout from ``view``'s position plays before its deal is scored as it
    stands: ``horizon`` at most, ``depth`` if given, ``stalled`` if given and the deal (seen
    in ``view``) has stalled."""
    limits = [horizon]
    if depth is not None:
        limits.append(depth)
    if stalled is not None and view is not None and _stalled(view):
        limits.append(stalled)
    return min(limits)


def _ranked(
    agent: Agent, view: View, legal: Sequence[Move], rng: random.Random, count: int
) -> list[Move]:
    """``agent``'s first ``count`` choices among ``legal``: its choice, then its choice among
    the moves left, and so on (all of them when there are no more than ``count``)."""
    left = list(legal)
    ranked: list[Move] = []
    while left and len(ranked) < count:
        move = agent.choose(view, left, rng) if len(left) > 1 else left[0]
        ranked.append(move)
        left.remove(move)
    return ranked


def _may_gain(values: Sequence[float], handicap: float = 0.0) -> bool:
    """Whether a candidate with these gains over the greedy choice is still worth samples:
    its mean gain plus one standard error is above ``handicap``.

    >>> _may_gain([0.0, 0.0, 0.0]), _may_gain([-3.0, -2.0, -4.0]), _may_gain([-3.0, 1.0, 0.5])
    (False, False, True)
    >>> _may_gain([-3.0, 1.0, 0.5], handicap=5.0)
    False
    """
    mean, error = _mean_and_error(values)
    return mean + error > handicap


def _carried(reader: _Reader | None, trail: _Trail) -> list[Hands]:
    """The other hands an exact reading of the seat's last turn allowed, for the reading
    of ``trail`` (none where the last reading was not exact, or of another deal)."""
    if reader is None or not reader.ends or not reader.trail.views:
        return []
    last, first = reader.trail.views[-1], trail.views[0]
    if last.seat != first.seat or last.deal_number != first.deal_number:
        return []
    return reader.hands()


def _significant_best(
    gains: Sequence[Sequence[float]], confidence: float, handicap: float = 0.0
) -> int:
    """The index of the candidate with the best mean gain over candidate 0, if that gain
    less ``handicap`` clears ``confidence`` standard errors (paired samples); else 0.

    >>> gains = [[0.0] * 4, [9.0, 11.0, 10.0, 10.0]]
    >>> _significant_best(gains, 2.0), _significant_best(gains, 2.0, handicap=10.0)
    (1, 0)
    """
    best, best_mean = 0, 0.0
    for index, values in enumerate(gains[1:], 1):
        mean, error = _mean_and_error(values)
        mean -= handicap
        if mean > best_mean and len(values) > 1 and mean > confidence * error:
            best, best_mean = index, mean
    return best


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for a single value)."""
    count = len(values)
    mean = sum(values) / count
    spread = sum((v - mean) ** 2 for v in values) / max(1, count - 1)
    return mean, math.sqrt(spread / count)
