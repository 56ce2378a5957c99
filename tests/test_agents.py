"""The shipped agents: the greedy agent's contract play and how it gets out of stalls
(R36a: the safeguard is for deals no play can finish, not for an agent that cannot build its
contract)."""

from __future__ import annotations

import random

import pytest
from helpers import play

import rummykit
from rummykit import Claim, Discard, Draw, Pass, parse_cards, parse_move
from rummykit.agents import GreedyAgent, _ContractPlan, choose_move, make_agent
from rummykit.agents_contract import contract_shortfall, lay_off_distance
from rummykit.contracts import Contract, RunDistinctness
from rummykit.engine.rummy import Phase, RummyState
from rummykit.melds import AceRule, Meld, MeldContext, MeldRules
from rummykit.pieces import DealEnd
from rummykit.pieces.scoring import PenaltyTable
from rummykit.sim import agent_rng, game_seed
from rummykit.testing.stacking import stacked_game
from rummykit.wilds import WildRules

CRUMMY_RULES = MeldContext(
    rules=MeldRules(set_max=None, run_min=4, aces=AceRule.HIGH),
    wilds=WildRules.deuces_and_jokers().for_deal(rummykit.wilds.DealInfo(7)),
)
THREE_RUNS_ALL = Contract.parse("3 runs, all cards")


def test_r35_shortfall_counts_a_card_no_run_of_its_suit_can_hold() -> None:
    # Round 7 of Crummy Rummy: three runs of different suits that use every card. The second
    # 8H has no place (one run per suit), so the hand is one card short however it draws.
    hand = parse_cards("7S 8S 9S 10S 2H 7H 8H 8H 9H 10H 2D 9C 10C JK")
    assert contract_shortfall(hand, THREE_RUNS_ALL, CRUMMY_RULES) == 1
    rest = list(hand)
    rest.remove(parse_cards("8H")[0])
    assert contract_shortfall(rest, THREE_RUNS_ALL, CRUMMY_RULES) == 0


def test_the_planner_keeps_a_bounded_number_of_run_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The run windows the planner keeps per contract are capped (then begun again), and
    beginning again changes no estimate."""
    from rummykit import agents_contract

    deck = parse_cards("3S 4S 5S 6S 7S 8S 9H 10H JH QH KH 5D 6D 7D 8D 9D 4C 5C 6C JK 2C")
    rng = random.Random(5)
    hands = [rng.sample(deck, 13) for _ in range(40)]
    expected = [contract_shortfall(hand, THREE_RUNS_ALL, CRUMMY_RULES) for hand in hands]
    agents_contract._shortfall.cache_clear()
    agents_contract._spec.cache_clear()
    monkeypatch.setattr(agents_contract, "_WINDOWS", 3)
    try:
        got = [contract_shortfall(hand, THREE_RUNS_ALL, CRUMMY_RULES) for hand in hands]
        assert got == expected
        assert len(agents_contract._spec(THREE_RUNS_ALL, CRUMMY_RULES).windows) <= 3
    finally:
        agents_contract._shortfall.cache_clear()
        agents_contract._spec.cache_clear()


def test_shortfall_counts_missing_cards_after_the_wilds_fill_what_the_limit_allows() -> None:
    two_runs = Contract.parse("2 runs")
    # 4S 5S 6S + a wild, 9H 10H: two cards short of 9H-QH, the wild already used
    assert contract_shortfall(parse_cards("4S 5S 6S 9H 10H JK"), two_runs, CRUMMY_RULES) == 2
    # a second wild fills one of them (at most half of a run is wild)
    assert contract_shortfall(parse_cards("4S 5S 6S 9H 10H JK 2C"), two_runs, CRUMMY_RULES) == 1
    sets = Contract.parse("2 sets")
    assert contract_shortfall(parse_cards("5S 5H 5D 9C 9D KS"), sets, CRUMMY_RULES) == 1


def test_r36a_the_greedy_agent_throws_the_card_its_contract_cannot_use() -> None:
    game = rummykit.variant("crummy-rummy")
    hands = [
        "7S 9S 10S 2H 7H 8H 8H 9H 10H 2D 9C 10C JK",
        "3S 4S 5S 6S 3H 4H 5H 6H 3D 4D 5D 6D 3C",
        "3S 4S 5S 6S 3H 4H 5H 6H 3D 4D 5D 6D 4C",
    ]  # three players: two decks
    state = stacked_game(game, hands=hands, dealer=2, upcard="KD", stock="8S", deal=7)
    state = state.apply(Draw())
    while state.phase is Phase.CLAIM:
        state = state.apply(parse_move("pass"))
    move = choose_move(GreedyAgent(), state, random.Random(0))
    # 8S completes the spades; of the two 8H one must go before three runs can take the rest
    assert move == Discard(parse_cards("8H")[0])


CONTRACT_RULES = MeldContext(rules=MeldRules(set_max=None, run_min=4, aces=AceRule.EITHER))
TWO_RUNS = Contract.parse("2 runs", run_distinctness=RunDistinctness.TOUCHING)


def test_r49_r63_two_packs_give_an_ace_low_and_an_ace_high_run_of_one_suit() -> None:
    # Contract Rummy round 3: runs of one suit may both be laid if they do not touch (R63),
    # and an Ace stands at either end (R49). With both packs' AS, A-2-3-4 and J-Q-K-A of
    # spades are the two runs; one AS alone leaves one of them a card short.
    hand = parse_cards("AS AS 2S 3S 4S JS QS KS 7D")
    assert contract_shortfall(hand, TWO_RUNS, CONTRACT_RULES) == 0
    assert contract_shortfall(hand[1:], TWO_RUNS, CONTRACT_RULES) == 1
    # apart from the Ace a second copy is no use to a second run of its suit
    assert (
        contract_shortfall(parse_cards("2S 2S 3S 4S 5S 9S 10S JS"), TWO_RUNS, CONTRACT_RULES) == 1
    )


def test_r49_the_greedy_agent_takes_the_second_ace_that_closes_its_runs() -> None:
    plan = _ContractPlan(TWO_RUNS, CONTRACT_RULES, None)
    hand = parse_cards("AS 2S 3S 4S JS QS KS 7D 9H")
    assert plan.helps(hand, parse_cards("AS")[0])
    assert not plan.helps(hand, parse_cards("5D")[0])


def test_lay_off_distance_counts_the_cards_between_a_card_and_a_meld() -> None:
    table = [Meld.parse("run 5H-8H: 5H 6H 7H 8H"), Meld.parse("set K: KS KD KC")]
    far = [lay_off_distance(c, table, CRUMMY_RULES) for c in parse_cards("9H 3H QH KH 4C JK")]
    assert far == [0, 1, 3, 0, None, 0]


def test_lay_off_distance_knows_a_meld_at_its_largest_takes_nothing() -> None:
    # sets stop at four (set_max=4, as in Crib and Gin Rummy) and runs at thirteen cards
    ctx = MeldContext(
        rules=MeldRules(set_max=4, run_min=3, aces=AceRule.LOW),
        wilds=WildRules.jokers().for_deal(rummykit.wilds.DealInfo(1)),
    )
    four = Meld.parse("set K: KS KD KC KH")
    three = Meld.parse("set 9: 9S 9D 9C")
    whole = Meld.parse("run AS-KS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    cards = parse_cards("KS 9H AS JK")
    assert [lay_off_distance(c, [four, whole], ctx) for c in cards] == [None, None, None, None]
    assert [lay_off_distance(c, [four, three], ctx) for c in cards] == [None, 0, None, 0]
    # without a largest set (the contract games) the fourth king still fits
    assert lay_off_distance(cards[0], [four], CONTRACT_RULES) == 0


def test_r36a_after_laying_down_the_agent_keeps_the_card_nearest_a_lay_off() -> None:
    table = (Meld.parse("run 5H-8H: 5H 6H 7H 8H"), Meld.parse("set K: KS KD KC"))
    plan = _ContractPlan(Contract.parse("1 run + 1 set"), CRUMMY_RULES, table)
    hand = parse_cards("10H 4C QS")
    discards = [Discard(c) for c in hand]
    wild = [False] * 53
    # 10H is one card from the run; 4C and QS fit nothing: the higher, QS, goes
    assert plan.discard(hand, discards, wild, random.Random(0)) == Discard(hand[2])
    # in a stalled deal any card that cannot be laid off now may go, the 10H included
    thrown = {
        plan.discard(hand, discards, wild, random.Random(seed), stalled=True).card
        for seed in range(40)
    }
    assert thrown == set(hand)
    assert plan.helps(hand, parse_cards("9H")[0]) and not plan.helps(hand, hand[0])


@pytest.mark.slow
@pytest.mark.parametrize("game", ["contract-rummy", "crummy-rummy"])
def test_r36a_greedy_agents_finish_their_rounds_without_the_safeguard(game: str) -> None:
    # Before the agent discarded towards its contract, about one round in seven between four
    # greedy players (mostly round 7, three runs) ran into the safeguard.
    variant = rummykit.variant(game)
    agents = [make_agent("greedy") for _ in range(4)]
    endings = []
    for index in range(6):
        seed = game_seed(20261125, index)
        state = variant.new_game(players=4, seed=seed)
        rng = agent_rng(seed)
        while not state.is_over:
            deal = state.deal_number
            state = state.apply(choose_move(agents[state.to_move], state, rng))
            if state.deal_number != deal or state.is_over:
                assert isinstance(state, RummyState) and state.last_deal is not None
                endings.append(state.last_deal.reason)
    assert len(endings) == 42
    assert DealEnd.SAFEGUARD not in endings


# -- Crummy: the greedy agent takes the tricks it can --------------------------------------


def _crummy_positions(players: int, seed: int) -> list[rummykit.GameState]:
    """Positions along a greedy game of Crummy (every one with a choice to make)."""
    state = rummykit.variant("crummy").new_game(players=players, seed=seed)
    rng, found = random.Random(seed), []
    while not state.is_over and len(found) < 60:
        if len(state.legal_moves()) > 1:
            found.append(state)
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    return found


def test_r3_the_greedy_agent_takes_a_trick_with_its_weakest_card_that_wins_it_so_far() -> None:
    from rummykit.engine.trick_moves import PlayCard
    from rummykit.tricks import OneOfEachSuit

    rules, checked = OneOfEachSuit(), 0
    for state in _crummy_positions(4, 3) + _crummy_positions(3, 4):
        view = state.view(state.to_move)
        plays = [m.card for m in view.legal if isinstance(m, PlayCard)]
        trick = [card for _, card in view.trick]
        if not plays or not trick:
            continue
        winning = [c for c in plays if rules.winner([*trick, c]) == len(trick)]
        move = GreedyAgent().choose(view, view.legal, random.Random(0))
        assert isinstance(move, PlayCard)
        if winning:
            checked += 1
            assert move.card in winning
            strength = {c: 14 if c.rank is rummykit.Rank.ACE else int(c.rank) for c in plays}
            assert strength[move.card] == min(strength[c] for c in winning)
        else:  # nothing wins: a card of the rank it holds most of
            most = max(sum(1 for h in view.hand if h.rank is c.rank) for c in plays)
            assert sum(1 for h in view.hand if h.rank is move.card.rank) == most
    assert checked > 5


def test_the_greedy_agent_lays_aside_every_quartet_and_calls_a_halt() -> None:
    from rummykit.engine.trick_moves import CallHalt, EndQuartets, LayQuartet, PlayOn

    agent, rng = GreedyAgent(), random.Random(0)
    quartet = rummykit.Rank.JACK
    assert isinstance(agent.choose(_Seen(), [EndQuartets(), LayQuartet(quartet)], rng), LayQuartet)
    assert agent.choose(_Seen(), [PlayOn(), CallHalt()], rng) == CallHalt()


class _Seen:
    """The least of a view: a seat with no cards (the agent needs no more here)."""

    seat, players, to_move, hand, legal, context = 0, 3, 0, (), (), None


def test_careful_play_keeps_back_a_card_a_meld_on_the_table_takes() -> None:
    """Two sets are in hand, the KC or the 3H may go. The greedy agent throws the higher
    rank, and careful play the card that costs more in hand (R37): the KC, until another
    player has laid down a run 9C-QC, on which they could lay the KC off."""
    contract = Contract.parse("2 sets")
    hand = parse_cards("9S 9H 9D 6S 6H 6D KC 3H")
    king, three = hand[-2], hand[-1]
    discards = [Discard(c) for c in hand]
    wild, rng = [False] * 53, random.Random(0)
    costs = PenaltyTable.crummy_rummy()
    greedy = _ContractPlan(contract, CRUMMY_RULES, None)
    assert greedy.discard(hand, discards, wild, rng).card == king
    careful = _ContractPlan(contract, CRUMMY_RULES, None, costs=costs)
    assert careful.discard(hand, discards, wild, rng).card == king
    run = (Meld.parse("run 9C-QC: 9C 10C JC QC"),)
    guarded = _ContractPlan(contract, CRUMMY_RULES, None, guard=run, costs=costs)
    assert guarded.discard(hand, discards, wild, rng).card == three


def test_careful_play_throws_the_card_that_costs_most_in_hand() -> None:
    """R37: an Ace costs 15 in Crummy Rummy, a King 10; the greedy agent throws the higher
    rank, the King."""
    contract = Contract.parse("2 sets")
    hand = parse_cards("9S 9H 9D QS QH QD AC KC")
    discards = [Discard(c) for c in hand]
    wild, rng = [False] * 53, random.Random(0)
    greedy = _ContractPlan(contract, CRUMMY_RULES, None)
    assert greedy.discard(hand, discards, wild, rng).card == parse_cards("KC")[0]
    costs = PenaltyTable.crummy_rummy()
    careful = _ContractPlan(contract, CRUMMY_RULES, None, costs=costs)
    assert careful.discard(hand, discards, wild, rng).card == parse_cards("AC")[0]
    # with no table of costs, the higher rank goes first, as for the greedy agent
    assert (
        _ContractPlan(contract, CRUMMY_RULES, None, guard=(Meld.parse("run 3C-6C: 3C 4C 5C 6C"),))
        .discard(hand, discards, wild, rng)
        .card
        == hand[-1]
    )


def test_careful_play_guards_the_table_once_another_player_has_laid_down() -> None:
    game = rummykit.variant("crummy-rummy")
    before = after = None
    for seed in range(20):
        state = game.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.deal_number == 1 and after is None:
            view = state.view(state.to_move)
            if view.phase is Phase.PLAY and not view.opened[view.seat]:
                if view.opened[1 - view.seat]:
                    after = view
                elif before is None:
                    before = view
            state = state.apply(choose_move(GreedyAgent(), state, rng))
        if after is not None:
            break
    assert before is not None and after is not None
    plan = _ContractPlan.of(after, careful=True)
    assert plan is not None and plan.costs == PenaltyTable.crummy_rummy()
    assert plan.guard == tuple(p.meld for p in after.table) and plan.guard
    quiet = _ContractPlan.of(before, careful=True)
    assert quiet is not None and quiet.guard == ()
    assert _ContractPlan.of(after) == _ContractPlan(after.contract, after.context, None)


def _claim_for_seat_1(*, laid_down: bool) -> RummyState:
    """Three-player Crummy Rummy, round 1 (two sets): seat 1 holds three 8s and three 5s,
    which it lays down, or two 5s and a JC, one card short; seat 2 throws the 5C, and when
    seat 0 draws from the stock seat 1 is the first asked whether it takes the 5C out of
    turn (R34)."""
    state = stacked_game(
        rummykit.variant("crummy-rummy"),
        hands=[
            "3S 4S 6H 7C 9D JS QH",
            "5S 5H 5D 8S 8H 8D KC" if laid_down else "5S 5H JC 8S 8H 8D KC",
            "5C 10S 10H 4D 6D 7D 9C",
        ],
        dealer=2,
        upcard="KD",
        stock="QC JD 9H 4H 3C",
    )
    moves = ["draw", "pass", "pass", "discard QC", "draw", "pass"]
    if laid_down:
        moves += ["meld set 5: 5S 5H 5D", "meld set 8: 8S 8H 8D"]
    moves += ["discard KC", "draw", "pass", "discard 5C", "draw"]
    state = play(state, *moves)
    assert isinstance(state, RummyState)
    assert (state.phase, state.to_move, str(state.discards[-1])) == (Phase.CLAIM, 1, "5C")
    return state


def test_r34_careful_play_claims_no_discard_once_its_contract_is_down() -> None:
    """The 5C fits seat 1's set of 5s either way. The greedy agent claims it; careful play
    claims it only before laying the contract down, after which the penalty card that comes
    with it would only swell the hand."""
    careful, greedy = make_agent("careful"), GreedyAgent()
    down = _claim_for_seat_1(laid_down=True)
    assert down.opened[1]
    assert choose_move(greedy, down, random.Random(0)) == Claim()
    assert choose_move(careful, down, random.Random(0)) == Pass()
    building = _claim_for_seat_1(laid_down=False)
    assert not building.opened[1]
    assert choose_move(greedy, building, random.Random(0)) == Claim()
    assert choose_move(careful, building, random.Random(0)) == Claim()


def test_r34_careful_play_lets_the_upcard_go_at_two_players() -> None:
    """At two players only the upcard can be claimed (the discarder may not claim its own
    card back): the KD fits the dealer's two Kings, the greedy agent claims it, careful
    play lets it go."""
    state = stacked_game(
        rummykit.variant("crummy-rummy"),
        hands=["3S 4S 6H 7C 9D JS QH", "KC KH 5S 5H 8S 9H JC"],
        dealer=1,
        upcard="KD",
        stock="QC JD",
    )
    state = play(state, "draw")
    assert isinstance(state, RummyState)
    assert (state.phase, state.to_move) == (Phase.CLAIM, 1)
    assert choose_move(GreedyAgent(), state, random.Random(0)) == Claim()
    assert choose_move(make_agent("careful"), state, random.Random(0)) == Pass()


@pytest.mark.parametrize(
    ("scores", "throws"),
    [([0, 150], "AH"), ([0, 100], "AH"), ([0, 99], "8C"), ([0, 0], "8C"), ([150, 0], "8C")],
)
def test_careful_play_protects_a_lead_of_100_in_the_last_deal_at_two_players(
    scores: list[int], throws: str
) -> None:
    """Round 7 of Crummy Rummy, seat 0 to discard. The clubs and the 5D are the cards its
    three runs need least (each discard leaves the hand 5 cards short); AH, worth 15 left in
    hand, is one of the Q-K-A of hearts (7 short without it). 100 points or more ahead,
    careful play throws the AH, the costliest card within two of the least shortfall: if
    the other goes out first, the hand it is caught with counts least. Otherwise it plays
    for the contract, as the greedy agent does."""
    state = stacked_game(
        rummykit.variant("crummy-rummy"),
        hands=[
            "3S 4S 5S 6S QH KH AH 9D 10D JD 7C 4C 5D",
            "3H 3D 3C 4H 4D 6C 6D 7S 8S 10S JS QS QC",
        ],
        dealer=1,
        upcard="KS",
        stock="8C",
        deal=7,
        scores=scores,
    )
    state = play(state, "draw", "pass")
    assert isinstance(state, RummyState) and (state.phase, state.to_move) == (Phase.PLAY, 0)
    view = state.view(0)
    assert view.contract is not None and view.context is not None
    short = {
        card: contract_shortfall(
            [c for c in view.hand if c is not card], view.contract, view.context
        )
        for card in view.hand
    }
    assert min(short.values()) == 5 and short[parse_cards("AH")[0]] == 7
    assert choose_move(make_agent("careful"), state, random.Random(0)) == parse_move(
        f"discard {throws}"
    )
    assert choose_move(GreedyAgent(), state, random.Random(0)) == parse_move("discard 8C")


@pytest.mark.slow
def test_careful_play_is_greedy_play_in_a_game_without_contracts() -> None:
    game = rummykit.variant("crazy-rummy")
    careful, greedy = make_agent("careful"), GreedyAgent()
    assert careful.name == "careful" and careful == GreedyAgent(name="careful", careful=True)
    state = game.new_game(players=3, seed=5)
    while not state.is_over:
        view = state.view(state.to_move)
        move = greedy.choose(view, view.legal, random.Random(1))
        assert careful.choose(view, view.legal, random.Random(1)) == move
        state = state.apply(move)
