"""Move entry in ``rummykit play`` (:mod:`rummykit.cli_entry`): what the menu shows reads back
as that move, short forms, and errors that name the game's own verbs and say what to type.

The menu labels are taken at run time from the renderer that ``play`` uses, so the test
follows the labels as they change.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.cli import main
from rummykit.cli_entry import EntryError, MoveReader, entry_words, game_verbs, read_move
from rummykit.cli_render import Narrator
from rummykit.cli_style import Style
from rummykit.engine.core import GameState
from rummykit.engine.moves import parse_move
from rummykit.engine.registry import summaries

GAMES = sorted(summaries())
#: Positions checked per game, player count and seed (every legal move of each).
POSITIONS = 16
SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "🃏": "JK"})


def labels_for(state: GameState, style: Style) -> list[str]:
    """The menu labels ``play`` shows the seat to move, from its renderer."""
    seat = state.to_move
    names = ["you" if i == seat else "greedy" for i in range(state.players)]
    narrator = Narrator(state, style, viewer=seat, agents=names)
    return [narrator.label(state, seat, move) for move in state.legal_moves()]


def positions(game: str, players: int, seed: int) -> Iterator[GameState]:
    """Positions of a seeded game played by a mix of greedy and random moves (greedy ones
    meld, lay off and knock, so the table fills), spread over the game: every 40th, and
    every one offering a kind of move seen less than three times so far."""
    state = rummykit.variant(game).new_game(players=players, seed=seed)
    rng, greedy = random.Random(seed), GreedyAgent()
    seen: Counter[type] = Counter()
    shown = 0
    for step in range(3000):
        if state.is_over or shown == POSITIONS:
            return
        moves = list(state.legal_moves())
        kinds = {type(move) for move in moves}
        if step % 40 == 0 or any(seen[kind] < 3 for kind in kinds):
            seen.update(kinds)
            shown += 1
            yield state
        move = choose_move(greedy, state, rng) if rng.random() < 0.7 else rng.choice(moves)
        state = state.apply(move)


def forms(label: str) -> set[str]:
    """The label as shown, in lower case, with suit letters, and with ``T`` for ten."""
    letters = label.translate(SUITS)
    return {label, label.lower(), letters, letters.lower(), letters.replace("10", "T")}


# -- what the menu shows reads back -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_menu_label_reads_back_as_its_move(game: str) -> None:
    variant = rummykit.variant(game)
    checked = 0
    for players in sorted({variant.min_players, variant.max_players}):
        for seed in (1, 2):
            for state in positions(game, players, seed):
                moves = list(state.legal_moves())
                for style in (Style(), Style(symbols=False), Style(color=True)):
                    labels = labels_for(state, style)
                    reader = MoveReader(moves, labels=labels, state=state)
                    for move, label in zip(moves, labels, strict=True):
                        for text in forms(label) | {str(move)}:
                            assert reader.read(text) == move, (text, [str(m) for m in moves])
                        checked += 1
    assert checked > 50  # the positions had moves to check


@pytest.mark.parametrize("game", GAMES)
def test_every_menu_number_reads_as_its_move(game: str) -> None:
    state = next(positions(game, rummykit.variant(game).min_players, 3))
    moves = list(state.legal_moves())
    reader = MoveReader(moves, labels=labels_for(state, Style()), state=state)
    assert [reader.read(str(n)) for n in range(1, len(moves) + 1)] == moves
    assert reader.read(f"{len(moves)})") == moves[-1]
    with pytest.raises(EntryError, match=f"there is no move {len(moves) + 1}\n"):
        reader.read(str(len(moves) + 1))


# -- short forms --------------------------------------------------------------------------------


def crib_take() -> tuple[GameState, MoveReader]:
    """Crib Rummy, seed 11: seat 0 may draw or take the K♥."""
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=11)
    moves = list(state.legal_moves())
    assert [str(m) for m in moves] == ["draw", "take"]
    return state, MoveReader(moves, labels=labels_for(state, Style()), state=state)


@pytest.mark.parametrize("text", ["take kh", "take K♥", "TAKE KH", "take k♥", "take", "t kh"])
def test_take_with_the_card_shown_is_the_take(text: str) -> None:
    _, reader = crib_take()
    assert reader.read(text) == parse_move("take")


def test_take_of_another_card_says_which_card_the_take_is() -> None:
    _, reader = crib_take()
    with pytest.raises(EntryError) as caught:
        reader.read("take qh")
    assert "'take qh' fits no legal move: the take now is 2) take K♥" in str(caught.value)
    assert "now: 1) draw; 2) take K♥" in str(caught.value)  # what to type next


def test_a_take_that_is_not_legal_gives_the_rule_and_the_moves() -> None:
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)  # draw only
    reader = MoveReader(list(state.legal_moves()), state=state)
    with pytest.raises(EntryError) as caught:
        reader.read("take 7s")
    message = str(caught.value)
    assert "illegal move 'take'" in message and "[take." in message
    assert message.endswith("now: 1) draw; type a number, a move, or 'help'")


def after_draw() -> tuple[GameState, MoveReader]:
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=3)
    state = state.apply(parse_move("draw"))
    moves = list(state.legal_moves())
    return state, MoveReader(moves, labels=labels_for(state, Style()), state=state)


def test_abbreviations_cards_alone_and_ten_as_t() -> None:
    state, reader = after_draw()
    hand = state.view(state.to_move).hand
    ten = next((card for card in hand if card.rank == 10), None)
    card = next(c for c in hand if parse_move(f"discard {c}") in state.legal_moves())
    discard = parse_move(f"discard {card}")
    assert reader.read(f"disc {card}") == discard
    assert reader.read(f"d {format(card, 's')}") == discard
    if not any(isinstance(m, rummykit.LayOff) and m.card == card for m in reader.legal):
        assert reader.read(str(card).lower()) == discard  # a card alone
    if ten is not None:
        assert reader.read(f"discard T{ten.suit.letter}") == parse_move(f"discard {ten}")


def test_a_verb_that_fits_several_moves_lists_them() -> None:
    _, reader = after_draw()
    with pytest.raises(EntryError) as caught:
        reader.read("disc")
    discards = [m for m in reader.legal if str(m).startswith("discard")]
    assert caught.value.candidates == tuple(discards)
    assert f"'disc' fits {len(discards)} moves: " in str(caught.value)
    assert "type more of it or its number" in str(caught.value)


def test_a_meld_by_its_cards_in_any_order() -> None:
    for seed in range(1, 40):
        state = rummykit.variant("basic-rummy").new_game(players=2, seed=seed)
        state = state.apply(parse_move("draw"))
        melds = state.legal_moves().of_type(rummykit.LayMeld)
        same = [m for m in melds if sorted(m.meld.cards) == sorted(melds[0].meld.cards)]
        if melds and len(same) == 1:
            break
    else:
        pytest.skip("no seed dealt a meld")
    cards = list(reversed(melds[0].meld.cards))
    typed = "meld " + " ".join(format(c, "s").lower() for c in cards)
    assert read_move(typed, state.legal_moves(), state=state) == melds[0]


# -- errors name the game's own verbs -----------------------------------------------------------


def test_an_unknown_verb_lists_only_this_games_verbs() -> None:
    _, reader = crib_take()
    with pytest.raises(EntryError) as caught:
        reader.read("bogus")
    message = str(caught.value)
    assert "'bogus' is not a move of Crib Rummy, whose moves are draw, take, discard" in message
    for other in ("knock", "quartet", "play", "claim", "swap", "halt"):
        assert f" {other}," not in message and f" {other}\n" not in message


def test_a_verb_of_another_game_is_unknown_here() -> None:
    state = rummykit.variant("crummy").new_game(players=3, seed=1)
    reader = MoveReader(list(state.legal_moves()), state=state)
    with pytest.raises(EntryError, match="whose moves are play, quartet, done, halt, continue"):
        reader.read("draw")


@pytest.mark.parametrize(
    ("game", "players", "has", "lacks"),
    [
        ("gin-rummy", 2, {"knock", "pass"}, {"swap", "claim", "start"}),
        ("crummy-rummy", 3, {"claim", "pass", "swap"}, {"knock", "start"}),
        ("crib-rummy", 2, {"start", "decline"}, {"knock", "swap", "claim"}),
        ("crummy", 3, {"play", "quartet"}, {"draw", "discard"}),
    ],
)
def test_game_verbs_follow_the_rules(
    game: str, players: int, has: set[str], lacks: set[str]
) -> None:
    verbs = set(game_verbs(rummykit.variant(game).new_game(players=players, seed=1)))
    assert has <= verbs and not lacks & verbs


def test_entry_words_read_symbols_letters_and_colour_alike() -> None:
    coloured = format(rummykit.Card.parse("QH"), "c")
    assert entry_words(f"discard {coloured}") == entry_words("DISCARD qh") == ("discard", "qh")
    assert entry_words("lay 10♦ on #2 high") == ("lay", "10d", "on", "#2", "high")


# -- in the play loop ---------------------------------------------------------------------------


def test_play_accepts_the_take_as_the_menu_shows_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = iter(["take kh", f"record {record}", "quit"])
    out = io.StringIO()
    code = main(
        ["play", "crib-rummy", "--seed", "11"], input_fn=lambda prompt: next(answers), stdout=out
    )
    assert code == 0
    assert "takes nothing after it" not in out.getvalue()
    replayed = rummykit.GameRecord.from_json(record.read_text(encoding="utf-8")).replay()
    assert [str(m) for m in replayed.moves][:1] == ["take"]


def test_play_help_lists_this_games_verbs() -> None:
    answers = iter(["help", "quit"])
    out = io.StringIO()
    main(["play", "crummy", "--players", "3"], input_fn=lambda p: next(answers), stdout=out)
    text = out.getvalue()
    assert "Crummy's moves:" in text and "play, quartet, done, halt, continue" in text
    assert "draw, take" not in text


def test_an_empty_line_says_what_to_type() -> None:
    _, reader = crib_take()
    with pytest.raises(EntryError, match="type a move\nnow: 1\\) draw; 2\\) take K♥"):
        reader.read("  ")
