"""Move entry for ``rummykit play``: what a person types, read against the legal moves of the
position.

:func:`read_move` (or a :class:`MoveReader`, which reads many entries against one position)
accepts, case-insensitive, with suit symbols (``♠ ♥ ♦ ♣``) or letters (``S H D C``), ``10``
or ``T``:

* a menu number (``2``, ``2)``);
* the menu text exactly as shown (``take K♥``, ``lay 5♥ on #1 (set 5)``);
* the move's text as :func:`~rummykit.engine.moves.parse_move` reads it (``discard QH``);
* a shorter form that fits one legal move: a verb alone when this position has one legal
  move of that verb (``take``), a verb with the card it moves (``take kh``, ``lay 8h``,
  ``meld 5h 6h jk``: the cards of a meld in any order), abbreviated words (``disc qh``), or
  a card alone (``qh``).

Anything else raises :class:`EntryError`, whose message says what was wrong and what to type
next; an entry that fits several moves lists them (``candidates``), and an unknown verb is
answered with the verbs of the game being played (:func:`game_verbs`), not every game's.

>>> import rummykit
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=11)
>>> moves = list(state.legal_moves())
>>> [str(m) for m in moves], state.view(0).discard_top
(['draw', 'take'], Card('KH'))
>>> reader = MoveReader(moves, labels=["draw", "take K♥"], state=state)
>>> [str(reader.read(text)) for text in ["2", "take K♥", "TAKE kh", "take", "dr"]]
['take', 'take', 'take', 'take', 'draw']
>>> reader.read("take qh")
Traceback (most recent call last):
...
rummykit.cli_entry.EntryError: 'take qh' fits no legal move: the take now is 2) take K♥
now: 1) draw; 2) take K♥; type a number, a move, or 'help'
>>> print(reader.read("knock"))
Traceback (most recent call last):
...
rummykit.cli_entry.EntryError: cannot read move 'knock': 'knock' is not a move of Crib Rummy,
whose moves are draw, take, discard, meld, lay, start, decline
now: 1) draw; 2) take K♥; type a number, a move, or 'help'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move, parse_move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.trick import TrickGameRules
from rummykit.errors import IllegalMoveError, MoveParseError, RummykitError
from rummykit.pieces import DealerLeftStarts
from rummykit.wilds import WildMovement

__all__ = ["EntryError", "MoveReader", "game_verbs", "read_move", "register_game_verbs"]

#: The verbs of a family of games, for one state (in the order help lists them).
VerbsFn = Callable[[GameState], Iterable[str]]

_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")
_SUITS: Final = str.maketrans(
    {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
)
_WORD: Final = re.compile(r"[\w#]+(?:-[\w#]+)*")
_NUMBER: Final = re.compile(r"(\d+)\)?")
#: How many candidates an ambiguous entry lists.
_SHOWN: Final = 6


class EntryError(RummykitError, ValueError):
    """What was typed is not one legal move. The message says why and what to type next;
    ``candidates`` are the legal moves it fits when it fits more than one."""

    def __init__(self, message: str, candidates: Sequence[Move] = ()) -> None:
        super().__init__(message)
        self.candidates = tuple(candidates)


# -- the verbs of a game --------------------------------------------------------------------------

_FAMILIES: dict[type, VerbsFn] = {}


def register_game_verbs(state_class: type[GameState], verbs: VerbsFn) -> None:
    """Say which verbs the games whose states are ``state_class`` (or a subclass) have:
    ``verbs(state)`` lists them for a state. :func:`game_verbs` adds the verbs of the legal
    moves, so a family that registers nothing still gets those."""
    _FAMILIES[state_class] = verbs


def _verb(move: Move) -> str:
    return str(move).split(maxsplit=1)[0].lower()


def game_verbs(state: GameState) -> tuple[str, ...]:
    """The verbs of the game ``state`` belongs to: its family's (see
    :func:`register_game_verbs`), then those of the legal moves and of the moves played so
    far that the family did not name.

    >>> import rummykit
    >>> game_verbs(rummykit.variant("gin-rummy").new_game(players=2, seed=1))
    ('draw', 'take', 'discard', 'meld', 'lay', 'knock', 'pass')
    >>> game_verbs(rummykit.variant("crummy").new_game(players=3, seed=1))
    ('play', 'quartet', 'done', 'halt', 'continue')
    """
    found: list[str] = []
    for cls in type(state).__mro__:
        family = _FAMILIES.get(cls)
        if family is not None:
            found.extend(family(state))
            break
    for move in (*state.legal_moves(), *state.moves):
        found.append(_verb(move))
    return tuple(dict.fromkeys(found))


def _rummy_verbs(state: GameState) -> list[str]:
    rules = state.variant.rules
    if not isinstance(rules, RummyRules) or not isinstance(state, RummyState):
        return []
    verbs = ["draw", "take", "discard", "meld", "lay"]
    if state.context.wilds.movement is not WildMovement.NEVER:
        verbs.append("swap")
    if rules.knock is not None:
        verbs += ["knock", "pass"]
    if rules.claims is not None:
        verbs += ["claim", "pass"]
    if rules.strict_pegging:
        verbs += ["peg", "forgo"]
    if not isinstance(rules.start_rule, DealerLeftStarts):
        verbs += ["start", "decline"]
    return verbs


def _trick_verbs(state: GameState) -> list[str]:
    rules = state.variant.rules
    halt = not isinstance(rules, TrickGameRules) or rules.halt
    return ["play", "quartet", "done", *(["halt", "continue"] if halt else [])]


def _register_built_in() -> None:
    from rummykit.engine.trick_state import TrickState

    register_game_verbs(RummyState, _rummy_verbs)
    register_game_verbs(TrickState, _trick_verbs)


_register_built_in()


# -- reading --------------------------------------------------------------------------------------


def _card_word(word: str) -> str:
    try:
        return str(Card.parse(word)).lower()
    except ValueError:
        return word


def entry_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` as entry compares them: lower case, suit symbols as letters,
    cards in their text form (``th`` and ``t♥`` are ``10h``, ``🃏`` is ``jk``), punctuation
    and colour dropped.

    >>> entry_words("meld run 5♥-7♥ (5♥ 6♥ 🃏)"), entry_words("Meld run 5H-7H: 5h 6h JK")
    (('meld', 'run', '5h-7h', '5h', '6h', 'jk'), ('meld', 'run', '5h-7h', '5h', '6h', 'jk'))
    >>> entry_words("discard T♣"), entry_words("quartet t")
    (('discard', '10c'), ('quartet', '10'))
    """
    plain = _ANSI.sub("", text).replace("🃏", " jk ").lower().translate(_SUITS)
    words = []
    for index, word in enumerate(_WORD.findall(plain)):
        if "-" in word:
            words.append("-".join(_card_word(part) for part in word.split("-")))
        elif word == "t" and index > 0:
            words.append("10")
        else:
            words.append(_card_word(word))
    return tuple(words)


def _cards(words: Iterable[str]) -> Counter[Card]:
    found: Counter[Card] = Counter()
    for word in words:
        try:
            found[Card.parse(word)] += 1
        except ValueError:
            continue
    return found


def _contains(big: Counter[Card], small: Counter[Card]) -> bool:
    return all(big[card] >= n for card, n in small.items())


def _prefixes(typed: Sequence[str], target: Sequence[str]) -> bool:
    return len(typed) <= len(target) and all(
        t.startswith(w) for w, t in zip(typed, target, strict=False)
    )


class MoveReader:
    """Reads entries against one position's legal moves (see the module's documentation).

    ``labels`` are the moves' menu texts, in the order of ``legal`` (default: their text);
    ``verbs`` the game's verbs for help and for unknown verbs (default: :func:`game_verbs`
    of ``state``, else the legal moves' verbs); ``state`` lets a move the menu does not list
    but the rules accept through (a meld's wilds in another order) and gives the rule a
    refused move breaks.
    """

    def __init__(
        self,
        legal: Sequence[Move],
        *,
        labels: Sequence[str] | None = None,
        verbs: Sequence[str] | None = None,
        state: GameState | None = None,
        game: str | None = None,
    ) -> None:
        self.legal = tuple(legal)
        self.labels = tuple(labels) if labels is not None else tuple(map(str, self.legal))
        if len(self.labels) != len(self.legal):
            raise ValueError(f"{len(self.labels)} labels for {len(self.legal)} moves")
        self.state = state
        if verbs is None:
            verbs = game_verbs(state) if state is not None else [_verb(m) for m in legal]
        self.verbs = tuple(dict.fromkeys(v.lower() for v in verbs))
        self.game = game or (state.variant.name if state is not None else "this game")
        self._texts = [entry_words(str(m)) for m in self.legal]
        self._label_words = [entry_words(label) for label in self.labels]
        self._exact: dict[tuple[str, ...], list[int]] = {}
        for index, (own, shown) in enumerate(zip(self._texts, self._label_words, strict=True)):
            for words in dict.fromkeys((own, shown)):
                self._exact.setdefault(words, []).append(index)
        # A move's cards: those of its text, else those its label names (``take K♥``).
        self._cards = [
            _cards(own) or _cards(shown)
            for own, shown in zip(self._texts, self._label_words, strict=True)
        ]

    # -- messages ----------------------------------------------------------------------------

    def listed(self, indices: Sequence[int]) -> str:
        """``3) lay 8♥ on #0; 4) lay 8♥ on #1`` (at most a few, then how many in all)."""
        shown = "; ".join(f"{i + 1}) {self.labels[i]}" for i in indices[:_SHOWN])
        more = f"; ... ({len(indices)} in all)" if len(indices) > _SHOWN else ""
        return shown + more

    def hint(self) -> str:
        """What to type next: the moves themselves when there are few, else their range."""
        count = len(self.legal)
        if count == 0:
            return "no move is legal now"
        if count <= 4:
            return f"now: {self.listed(range(count))}; type a number, a move, or 'help'"
        return f"type a move number (1-{count}), a move such as '{self.labels[-1]}', or 'help'"

    def _fail(self, message: str, indices: Sequence[int] = ()) -> EntryError:
        return EntryError(f"{message}\n{self.hint()}", [self.legal[i] for i in indices])

    def _ambiguous(self, text: str, indices: Sequence[int]) -> EntryError:
        return self._fail(
            f"{text!r} fits {len(indices)} moves: {self.listed(indices)}; type more of it "
            "or its number",
            indices,
        )

    # -- reading -----------------------------------------------------------------------------

    def read(self, text: str) -> Move:
        """The legal move ``text`` asks for; :class:`EntryError` otherwise."""
        text = text.strip()
        if not text:
            raise self._fail("type a move")
        number = _NUMBER.fullmatch(text)
        if number is not None:
            chosen = int(number[1])
            if 1 <= chosen <= len(self.legal):
                return self.legal[chosen - 1]
            raise self._fail(f"there is no move {chosen}")
        words = entry_words(text)
        exact = self._exact.get(words, [])
        if len(exact) == 1:
            return self.legal[exact[0]]
        if exact:
            raise self._ambiguous(text, exact)
        if not words:
            raise self._fail(f"cannot read move {text!r}")
        if _cards([words[0]]):  # a card alone: any move of that card
            return self._by_cards(text, None, words)
        verb = self._verb(text, words[0])
        return self._by_verb(text, verb, words[1:])

    def _verb(self, text: str, typed: str) -> str:
        if typed in self.verbs:
            return typed
        fits = [v for v in self.verbs if v.startswith(typed)]
        if len(fits) > 1:  # 'd': the verbs with a legal move now decide
            now = {_verb(m) for m in self.legal}
            fits = [v for v in fits if v in now] or fits
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise self._fail(f"{typed!r} could be {', '.join(fits)}: type more of it")
        raise self._fail(
            f"cannot read move {text!r}: {typed!r} is not a move of {self.game}, whose moves "
            f"are {', '.join(self.verbs)}"
        )

    def _by_verb(self, text: str, verb: str, rest: Sequence[str]) -> Move:
        written = _ANSI.sub("", text).replace("🃏", "JK").translate(_SUITS).split(maxsplit=1)
        full = " ".join([verb, *written[1:]])
        problem = ""
        try:
            parsed = parse_move(full)
        except MoveParseError as error:
            problem = str(error).replace(repr(full), repr(text))
        else:
            if parsed in self.legal or (self.state is not None and self.state.is_legal(parsed)):
                return parsed
            problem = self._why_illegal(parsed)
        mine = [i for i, own in enumerate(self._texts) if own[0] == verb]
        if not mine:
            if not problem or problem.startswith("cannot read"):
                problem = self._why_not(verb) or problem
            raise self._fail(problem or f"no {verb!r} move is legal now")
        if not rest:
            if len(mine) == 1:
                return self.legal[mine[0]]
            raise self._ambiguous(text, mine)
        typed = (verb, *rest)
        found = [
            i
            for i in mine
            if _prefixes(typed, self._texts[i]) or _prefixes(typed, self._label_words[i])
        ]
        if len(found) == 1:
            return self.legal[found[0]]
        if found:
            raise self._ambiguous(text, found)
        return self._by_cards(text, verb, rest, among=mine, problem=problem)

    def _by_cards(
        self,
        text: str,
        verb: str | None,
        typed: Sequence[str],
        *,
        among: Sequence[int] | None = None,
        problem: str = "",
    ) -> Move:
        cards = _cards(typed)
        indices = range(len(self.legal)) if among is None else among
        if cards and sum(cards.values()) == len(typed):
            found = [i for i in indices if _contains(self._cards[i], cards)]
            same = [i for i in found if self._cards[i] == cards]
            found = same or found
            if len(found) == 1:
                return self.legal[found[0]]
            if found:
                raise self._ambiguous(text, found)
        if verb is None:
            shown = " ".join(typed)
            raise self._fail(f"no legal move uses {shown.upper()} now")
        kind = f"the {verb} now is" if len(indices) == 1 else f"the {verb} moves now are"
        detail = f" ({problem})" if problem.startswith("illegal") else ""
        raise self._fail(f"{text!r} fits no legal move{detail}: {kind} {self.listed(indices)}")

    def _why_illegal(self, move: Move) -> str:
        if self.state is None:
            return f"'{move}' cannot be played now"
        try:
            self.state.apply(move)
        except IllegalMoveError as error:
            return str(error)
        return f"'{move}' cannot be played now"

    def _why_not(self, verb: str) -> str:
        """Why no move of ``verb`` is legal, in the rules' words when its bare form reads."""
        try:
            move = parse_move(verb)
        except MoveParseError:
            return ""
        return self._why_illegal(move)


def read_move(
    text: str,
    legal: Sequence[Move],
    *,
    labels: Sequence[str] | None = None,
    verbs: Sequence[str] | None = None,
    state: GameState | None = None,
) -> Move:
    """The legal move ``text`` asks for (see the module's documentation); raises
    :class:`EntryError` saying what to type instead. For many entries against one position,
    build a :class:`MoveReader` once.

    >>> import rummykit
    >>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=3).apply(
    ...     rummykit.parse_move("draw"))
    >>> str(read_move("disc 5♠", state.legal_moves(), state=state))
    'discard 5S'
    """
    return MoveReader(legal, labels=labels, verbs=verbs, state=state).read(text)
