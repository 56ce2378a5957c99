"""The renderer of ``rummykit watch`` and ``rummykit play``: every game watched to its end, one
card text, events named with their cards, summaries and score breakdowns, and a person in
``play`` shown nothing their seat could not see."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.cli import Style, main
from rummykit.cli_render import GenericRenderer, Narrator, register_renderer, renderer_for
from rummykit.cli_render_rummy import RummyRenderer
from rummykit.cli_render_trick import TrickRenderer
from rummykit.engine.moves import Discard, Draw, TakeDiscard
from rummykit.sim import agent_rng

#: A card in the library's text (no symbols): ``QH``, ``10S``, ``JK``.
ASCII_CARD = re.compile(r"(?<![\w#])(?:10|[2-9AJQK])[SHDC](?![\w])|(?<!\w)JK(?!\w)")
#: A card with a suit symbol.
SYMBOL = r"(?:(?:10|[2-9AJQK])[♠♥♦♣]|🃏)"


def scripted(answers: Iterable[str]) -> Callable[[str], str]:
    """An ``input`` replacement that gives ``answers`` in turn, then end of input."""
    pending = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    return read


def watched(capsys: pytest.CaptureFixture[str], game: str, *args: str) -> str:
    assert main(["watch", game, *args]) == 0
    return capsys.readouterr().out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


# -- every game, to the end ---------------------------------------------------------------------


def _cases() -> list[tuple[str, int]]:
    """Every registered game at its smallest and largest player count."""
    cases: list[tuple[str, int]] = []
    for game_id in rummykit.variants():
        game = rummykit.variant(game_id)
        cases.extend((game_id, n) for n in sorted({game.min_players, game.max_players}))
    return cases


def _short(game_id: str) -> list[str]:
    """Options that keep a game short, where it has them."""
    names = {name for name, _ in rummykit.variant(game_id).options}
    if "max_deals" in names:
        return ["--option", "max_deals=2"]
    if "target" in names:
        return ["--option", "target=60"]
    return []


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_watch_plays_every_game_to_the_end_in_one_card_text(
    game_id: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # One whole default game, then shorter games over more seeds and the random agent
    # (the seven-round contract games have no option to shorten them: two seeds).
    runs: list[tuple[int, str, list[str]]] = [(1, "greedy", [])]
    short = _short(game_id)
    if short:
        runs += [(2, "greedy", short), (3, "greedy", short), (4, "random", short)]
    else:
        runs.append((2, "random", []))
    for seed, agent, options in runs:
        argv = ["--players", str(players), "--seed", str(seed), "--agent", agent, *options]
        out = watched(capsys, game_id, *argv)
        body = "\n".join(out.splitlines()[3:])  # past the options line
        assert "game over after" in out and "final scores:" in out, (game_id, seed)
        assert "deal 1 over" in out, (game_id, seed)  # every deal ends with a summary
        assert not ASCII_CARD.findall(body), (game_id, seed, ASCII_CARD.findall(body)[:5])
        for raw in ("View(", "TableMeld(", "Meld.parse", "Card("):
            assert raw not in out, (game_id, seed, raw)


# -- the card of each event ---------------------------------------------------------------------


def test_watch_names_the_card_of_each_kind_of_event(capsys: pytest.CaptureFixture[str]) -> None:
    gin = watched(capsys, "gin-rummy", "--seed", "1")
    crib = watched(capsys, "crib-rummy", "--seed", "3", "--option", "target=61")
    crummy_rummy = watched(capsys, "crummy-rummy", "--players", "4", "--seed", "2")
    crazy = watched(capsys, "crazy-rummy", "--players", "3", "--seed", "1")
    events = {
        "a draw": (gin, rf"^seat \d: draws {SYMBOL}$"),
        "a take": (gin, rf"^seat \d: takes {SYMBOL} from the pile$"),
        "the upcard": (gin, rf"^seat \d: takes the upcard {SYMBOL}$"),
        "a knock": (gin, r"^seat \d: knocks, deadwood \d+ after discarding$"),
        "a face-down discard": (gin, rf"^seat \d: discards {SYMBOL} face down$"),
        "a lay-off": (gin, rf"^seat \d: lays off {SYMBOL} on seat \d's (set|run) "),
        "a meld": (crib, rf"^seat \d: melds (set|run) \S+ \(({SYMBOL} ?)+\) · worth \d+$"),
        "a claim": (
            crummy_rummy,
            rf"^seat \d: claims the {SYMBOL} out of turn, with the penalty card {SYMBOL}$",
        ),
        "a swap": (crazy, rf"^seat \d: swaps {SYMBOL} for the {SYMBOL} in .*, freeing the "),
        "a discard": (crib, rf"^seat \d: discards {SYMBOL}"),
    }
    for kind, (log, pattern) in events.items():
        assert re.search(pattern, log, re.MULTILINE), kind


def test_pass_says_what_it_passes_on(capsys: pytest.CaptureFixture[str]) -> None:
    gin = watched(capsys, "gin-rummy", "--seed", "1")
    crummy_rummy = watched(capsys, "crummy-rummy", "--players", "4", "--seed", "2")
    assert re.search(rf"passes: turns down the upcard {SYMBOL}$", gin, re.MULTILINE)
    assert "passes: no more lay-offs" in gin
    assert "passes: done laying melds" in gin
    assert re.search(r"passes: spread done, deadwood .* = \d+$", gin, re.MULTILINE)
    assert re.search(rf"passes: does not claim the {SYMBOL}$", crummy_rummy, re.MULTILINE)
    assert not re.search(r": pass(es)?$", gin + crummy_rummy, re.MULTILINE)  # never bare


def test_crummy_says_who_played_what_and_who_took_the_trick(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = watched(capsys, "crummy", "--players", "3", "--seed", "1")
    assert "seat 0: leads 8♠" in out and "seat 1: plays 9♦" in out
    assert (
        "trick 1: seat 0 8♠, seat 1 9♦, seat 2 8♣, seat 0 8♥ → seat 0 takes it with 8♥ "
        "(last of a repeated rank)" in out
    )
    assert (
        "trick 4: seat 0 7♠, seat 1 7♥, seat 2 J♦, seat 0 10♣ → seat 1 takes it with 7♥ "
        "(last of a repeated rank)" in out
    )
    assert "seat 0: lays aside the four 8s; the Joker marks this first quartet" in out
    assert "     out 1st: seat 0 · quartets 8+🃏 A · 3 x 29 = 87" in out
    assert "     out 2nd: seat 2 · quartets none · 2 x 30 = 60" in out


# -- summaries and score breakdowns ---------------------------------------------------------------


def test_watch_gin_shows_hands_deadwood_and_the_score_breakdown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = watched(capsys, "gin-rummy", "--seed", "1")
    lines = out.splitlines()
    header = lines.index(
        "── deal 1 · seat 1 deals · upcard 10♣ · seat 0 starts · knock with 10 or less ──"
    )
    assert lines[header + 1] == "   seat 0: Q♠ K♠ 4♥ 10♥ A♦ 6♦ A♣ 4♣ Q♣ K♣  (deadwood 66)"
    assert lines[header + 2].startswith("   seat 1: ")
    assert "   seat 0 holds Q♠ K♠ 4♥ 10♥ A♦ A♣ 4♣ 10♣ Q♣ K♣  (deadwood 70)" in lines
    summary = lines.index("   deal 1 over: seat 0 knocked: knock")
    assert lines[summary + 1 : summary + 4] == [
        "     seat 0 held 4♥ A♦ A♣ 4♣ · deadwood 10",
        "     seat 1 held 9♠ 7♥ 8♥ 10♥ J♥ 5♦ 6♦ 8♦ 5♣ 9♣ · deadwood 77",
        "   deal scores: seat 0 +67 (deadwood 77 - 10)",
    ]
    assert "   deal scores: seat 1 +53 (gin: 28 + 25 bonus)" in lines
    assert "   end-of-game bonuses: seat 0 +50, seat 1 +200" in lines


def test_penalty_games_break_the_deal_scores_down(capsys: pytest.CaptureFixture[str]) -> None:
    out = watched(capsys, "crummy-rummy", "--players", "4", "--seed", "2")
    assert "── deal 1 · seat 2 deals · upcard 7♦ · seat 3 starts · contract: 2 sets" in out
    assert "     seat 0 held A♦ · 15 points\n" in out
    assert (
        "   deal scores: seat 0 +15, seat 2 +15, seat 3 +5 (penalty points for the cards left "
        "in hand; low score wins)" in out
    )


def test_crib_rummy_says_what_a_turn_pegged_and_the_score_it_makes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = watched(capsys, "crib-rummy", "--players", "2", "--seed", "3")
    pegged = re.findall(r"seat (\d): discards \S+ · pegs (\d+) points?, score now (\d+)", out)
    assert pegged, out[:2000]
    scores = [0, 0]
    for line in out.splitlines():
        found = re.search(r"seat (\d): .* · pegs (\d+) points?, score now (\d+)", line)
        if found:
            seat, points, total = map(int, found.groups())
            scores[seat] += points
            assert total == scores[seat], line  # the running total of what was pegged
        if "deal 1 over" in line:
            break


def test_play_shows_deadwood_and_names_what_pass_means() -> None:
    out = io.StringIO()
    code = main(
        ["play", "gin-rummy", "--seed", "2", "--option", "target=30"],
        input_fn=scripted(["1", "1", "1", "quit"]),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    assert "── your turn (seat 0) · deal 1 · take the upcard K♠, or pass ──" in text
    assert "   1) pass  (turn down the upcard)" in text and "   2) take K♠" in text
    assert "you: pass: turn down the upcard K♠" in text  # the person's own verbs
    assert re.search(r"^deadwood: 63 \(.*\) · melds: none$", text, re.MULTILINE)
    assert re.search(r"· \d+ after your best discard$", text, re.MULTILINE)


def test_the_turn_offers_only_what_the_legal_moves_allow() -> None:
    # Crib Rummy's draw: taking the top discard is offered only when it is legal (R41).
    narrator = None
    for seed in range(1, 30):
        state = rummykit.variant("crib-rummy").new_game(players=2, seed=seed)
        rng = agent_rng(seed)
        for _ in range(200):
            view = state.view(state.to_move)
            kinds = {type(m) for m in view.legal}
            if Draw in kinds:
                narrator = Narrator(state, Style(), viewer=state.to_move, agents=["", ""])
                header = narrator.turn(state, state.to_move)[0]
                if TakeDiscard in kinds:
                    assert "or take the" in header
                else:
                    assert "draw from the stock ──" in header and "take" not in header
                    return
            state = state.apply(choose_move(GreedyAgent(), state, rng))
            if state.is_over:
                break
    pytest.fail("no turn where only the draw was legal")


# -- play: whole games, and nothing hidden shown -----------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "argv"),
    [
        ("gin-rummy", ["--seed", "3", "--option", "target=40"]),
        ("crummy", ["--players", "4", "--seed", "5", "--option", "target=60"]),
    ],
)
def test_play_a_whole_game_by_scripted_input(game_id: str, argv: list[str]) -> None:
    out = io.StringIO()
    code = main(["play", game_id, *argv], input_fn=scripted(["1"] * 5000), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "game over after" in text and "final scores: you " in text
    assert "end of input" not in text


def _hidden_texts(state: rummykit.GameState, seat: int) -> set[str]:
    """The card texts hidden from ``seat`` (a one-pack game: every card is unique)."""
    return {str(c) for c in state.variant.rules.hidden_cards(state, seat)}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("gin-rummy", 2, {"target": 60}),
        ("basic-rummy", 3, {"target": 60}),
        ("crummy", 3, {"target": 80}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_play_never_prints_a_card_the_person_could_not_see(
    game_id: str, players: int, options: dict[str, int], seed: int
) -> None:
    # The narrator that `play` uses, step by step: every line printed at a step is checked
    # against the cards hidden from the person's seat that it has not seen this deal (a card
    # once seen, e.g. a trick taken into a hand, may be named again): a deal's summary
    # against the deal it ends, the next deal's header against the new deal.
    person = seed % players
    state = rummykit.variant(game_id, **options).new_game(players=players, seed=seed)
    narrator = Narrator(state, Style(symbols=False), viewer=person, agents=[""] * players)
    agent, rng = GreedyAgent(), agent_rng(seed)
    seen = _seen(state, person)
    opening = set(ASCII_CARD.findall("\n".join(narrator.opening(state))))
    assert not opening & (_hidden_texts(state, person) - seen)
    steps = 0
    while not state.is_over:
        secret = _hidden_texts(state, person) - seen
        if state.to_move == person:
            shown = set(ASCII_CARD.findall("\n".join(narrator.turn(state, person))))
            assert not shown & secret, (steps, shown & secret)
        move = choose_move(agent, state, rng)
        after = state.apply(move)
        lines = narrator.move(state, move, after)
        if after.deal_number != state.deal_number and not after.is_over:
            cut = lines.index("")
            old, new = lines[:cut], lines[cut:]
            outcome = after.last_deal  # type: ignore[attr-defined]
            revealed = {str(c) for hand in outcome.hands for c in hand}
            revealed |= {str(c) for placed in outcome.table for c in placed.meld.cards}
            if not (isinstance(move, Discard) and state.phase.value == "knock"):
                revealed |= set(ASCII_CARD.findall(str(move)))  # the last move was public
            leaked = set(ASCII_CARD.findall("\n".join(old))) & (secret - revealed)
            assert not leaked, (steps, leaked, old)
            seen = _seen(after, person)
            leaked = set(ASCII_CARD.findall("\n".join(new))) & (
                _hidden_texts(after, person) - seen
            )
        else:
            seen |= _seen(after, person)
            still = secret & (_hidden_texts(after, person) - seen)
            leaked = set(ASCII_CARD.findall("\n".join(lines))) & still
        assert not leaked, (steps, str(move), lines, leaked)
        state = after
        steps += 1
    assert steps > 10


def _seen(state: rummykit.GameState, seat: int) -> set[str]:
    """The card texts in ``seat``'s view of ``state`` (its JSON form)."""
    return set(ASCII_CARD.findall(json.dumps(state.view(seat).to_json())))


def test_play_hides_an_opponents_face_down_knock_discard_and_quartets() -> None:
    gin = io.StringIO()
    main(
        ["play", "gin-rummy", "--seed", "1", "--seat", "1"],
        input_fn=scripted(["1"] * 2000),
        stdout=gin,
    )
    text = gin.getvalue()
    assert re.search(r"^seat 0: discards face down$", text, re.MULTILINE)
    assert not re.search(rf"^seat 0: discards {SYMBOL} face down", text, re.MULTILINE)
    crummy = io.StringIO()
    main(
        ["play", "crummy", "--players", "3", "--seed", "1", "--seat", "1"],
        input_fn=scripted(["1"] * 2000),
        stdout=crummy,
    )
    text = crummy.getvalue()
    assert "seat 0: lays aside a quartet (face down)" in text
    assert not re.search(r"^seat [02]: lays aside the four", text, re.MULTILINE)


def test_the_game_header_of_play_shows_only_the_persons_hand() -> None:
    out = io.StringIO()
    main(["play", "gin-rummy", "--seed", "1"], input_fn=scripted([]), stdout=out)
    hands = [line for line in out.getvalue().splitlines() if line.startswith("   ")]
    assert hands and all(line.startswith("   you: ") for line in hands[:1])
    assert not any(line.startswith("   seat 1: ") for line in hands)


# -- style ----------------------------------------------------------------------------------------


def test_no_color_gives_no_escape_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["watch", "gin-rummy", "--seed", "1", "--option", "max_deals=1"]
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = _Terminal()
    assert main(argv, stdout=coloured) == 0
    assert "\x1b[31m" in coloured.getvalue()  # red suits on a colour terminal
    monkeypatch.setenv("NO_COLOR", "1")
    plain = _Terminal()
    assert main(argv, stdout=plain) == 0
    assert "\x1b[" not in plain.getvalue() and "♥" in plain.getvalue()


def test_one_card_text_in_every_move() -> None:
    from rummykit.engine.trick import PlayCard

    ten = PlayCard(rummykit.Card.parse("10S"))
    assert Style().move(ten) == "play 10♠"
    assert Style(symbols=False).move(ten) == "play 10S"
    assert Style().hand(rummykit.parse_cards("KS 2H AS")) == "A♠ K♠ 2♥"


def test_crummy_tells_the_player_to_move_what_the_passes_showed() -> None:
    # Seat 3 holds no club, so play passed it over at 7♦ 7♠ J♥: seat 0's turn says so.
    from rummykit.testing.stacking import deal_order

    game = rummykit.variant("crummy")
    hands = [
        "7D 8D 9D 10D 7C 8C 9C 10C",
        "7S 8S 9S 10S 7H 8H 9H 10H",
        "JH QH KH AH JC QC KC AC",
        "JS QS KS AS JD QD KD AD",
    ]
    state = game.new_game(players=4, deck=deal_order(game, hands=hands, dealer=3), dealer=3)
    for text in ["play 7D", "play 7S", "play JH"]:
        state = state.apply(rummykit.parse_move(text))
    assert state.to_move == 0
    view = state.view(0)
    lines = renderer_for(view, Style(), viewer=0, agents=[]).turn_lines(view)
    assert "passed:   seat 3 no ♣" in lines
    plain = renderer_for(view, Style(symbols=False), viewer=0, agents=[]).turn_lines(view)
    assert "passed:   seat 3 no C" in plain
    before = game.new_game(players=4, deck=deal_order(game, hands=hands, dealer=3), dealer=3)
    first = before.view(0)
    assert not any(
        line.startswith("passed:")
        for line in renderer_for(first, Style(), viewer=0, agents=[]).turn_lines(first)
    )


# -- the per-family hook ---------------------------------------------------------------------


def test_the_renderer_is_chosen_by_the_view_family() -> None:
    trick = rummykit.variant("crummy").new_game(players=3, seed=1).view(0)
    draw = rummykit.variant("crib-rummy").new_game(players=2, seed=1).view(0)
    assert type(renderer_for(trick, Style(), viewer=None, agents=[])) is TrickRenderer
    assert type(renderer_for(draw, Style(), viewer=0, agents=[])) is RummyRenderer


def test_watch_and_play_render_through_the_registered_hook(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummykit import cli_render

    class Loud(GenericRenderer):
        def deal_header(self, views: object) -> list[str]:
            return ["LOUD deal"]

        def turn_lines(self, view: rummykit.View) -> list[str]:
            return [f"LOUD turn {view.seat}"]

    view = rummykit.variant("crummy").new_game(players=3, seed=1).view(0)
    renderer_for(view, Style(), viewer=None, agents=[])  # the built-ins are registered
    monkeypatch.setattr(cli_render, "_FAMILIES", dict(cli_render._FAMILIES))
    register_renderer(type(view), Loud)
    assert main(["watch", "crummy", "--players", "3", "--seed", "1"]) == 0
    assert "LOUD deal" in capsys.readouterr().out
    assert main(["play", "crummy", "--players", "3"], input_fn=scripted([])) == 0
    out = capsys.readouterr().out
    assert "LOUD deal" in out and "LOUD turn 0" in out and "moves:" in out


def test_renderers_see_views_never_states() -> None:
    import rummykit.cli_play
    import rummykit.cli_render
    import rummykit.cli_render_rummy
    import rummykit.cli_render_trick
    import rummykit.cli_watch

    generic = (rummykit.cli, rummykit.cli_play, rummykit.cli_watch, rummykit.cli_render)
    for module in generic:
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        assert "RummyState" not in source and "RummyView" not in source, module.__name__
    for module in (rummykit.cli_render_rummy, rummykit.cli_render_trick):
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        for name in ("RummyState", "TrickState", "GameState"):
            assert name not in source, (module.__name__, name)
