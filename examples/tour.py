"""A short tour of rummykit, printed for a person to read. ``make demo`` runs it.

It shows cards, what wild cards stand for in seed-game melds, Crummy Rummy's wild limit,
an ambiguous meld and its declarations, a contract schedule, and a hand solved by the
solver. Colour is used only when standard output is a terminal (and ``NO_COLOR`` is unset).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence

from rummykit import (
    AceRule,
    AmbiguousMeldError,
    Card,
    DealInfo,
    DeckSpec,
    Declaration,
    InvalidMeldError,
    Meld,
    MeldContext,
    MeldRules,
    Rank,
    Suit,
    WildMovement,
    WildRules,
    parse_cards,
)
from rummykit.contracts import CONTRACT_RUMMY_SCHEDULE, CRUMMY_RUMMY_SCHEDULE, ContractSchedule
from rummykit.solver import best_arrangement, contract_ways, min_deadwood


def _can_encode(text: str) -> bool:
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


COLOR = sys.stdout.isatty() and "NO_COLOR" not in os.environ
SYMBOLS = _can_encode("♠♥♦♣🃏→")
ARROW = "→" if SYMBOLS else "->"
BOLD, DIM, RESET = ("\x1b[1m", "\x1b[2m", "\x1b[0m") if COLOR else ("", "", "")


def show(card: Card) -> str:
    """One card for the reader: suit symbols where the terminal has them, red in colour."""
    return format(card, "c" if COLOR and SYMBOLS else "s" if SYMBOLS else "")


def show_all(cards: Iterable[Card]) -> str:
    return " ".join(show(card) for card in cards)


def heading(number: int, title: str) -> None:
    print()
    print(f"{BOLD}{number}. {title}{RESET}")
    print()


def note(text: str) -> None:
    print(f"   {DIM}{text}{RESET}")


def stands_for(meld: Meld) -> str:
    """Each card of ``meld``, and what it stands for where that is another card."""
    parts: list[str] = []
    for card, meaning in zip(meld.cards, meld.represents, strict=True):
        if isinstance(meaning, Card):
            parts.append(show(card) if meaning is card else f"{show(card)}{ARROW}{show(meaning)}")
        else:
            parts.append(f"{show(card)}{ARROW}any {meaning.label}")
    return "  ".join(parts)


def plural(rank: Rank) -> str:
    return "Sixes" if rank is Rank.SIX else f"{rank.name.title()}s"


def describe(meld: Meld) -> str:
    """The kind of meld in words, then its cards and what they stand for."""
    if meld.suit is not None:
        kind = f"run of {meld.suit.name.lower()}"
    else:
        assert meld.rank is not None
        kind = f"{meld.kind.value} of {plural(meld.rank)}"
    return f"{kind:18} {stands_for(meld)}"


def crazy_rummy(deal: int) -> MeldContext:
    """Crazy Rummy: one pack, sets 3-4, runs 3+ with Aces low, the deal's rank wild."""
    return MeldContext(
        rules=MeldRules(),
        deck=DeckSpec.standard(),
        wilds=WildRules.rising_rank().for_deal(DealInfo(deal)),
    )


def crummy_rummy(players: int) -> MeldContext:
    """Crummy Rummy: a 54-card deck per two players, Twos and jokers wild, at most half."""
    return MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.HIGH),
        deck=DeckSpec.standard(packs=(players + 1) // 2, jokers_per_pack=2),
        wilds=WildRules.deuces_and_jokers().for_deal(DealInfo(1)),
    )


def contract_rummy(players: int) -> MeldContext:
    """The seven-round contract game: two packs and players - 1 jokers, jokers wild (R26)."""
    return MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.EITHER),
        deck=DeckSpec.standard(packs=2, extra_jokers=players - 1),
        wilds=WildRules.jokers(movement=WildMovement.MOVE_ON_TABLE).for_deal(DealInfo(1)),
    )


def contract_penalty(card: Card) -> int:
    """Penalty points of the contract game (R26): Ace and joker 15, court cards 10, pips."""
    if card.rank is None or card.rank is Rank.ACE:
        return 15
    return 10 if card.rank >= Rank.JACK else int(card.rank)


def tour_cards() -> None:
    heading(1, "Cards")
    hand = parse_cards("10S QH JK 7d AS 2c")
    print(f"   parse_cards('10S QH JK 7d AS 2c')  {ARROW}  {show_all(hand)}")
    print(f"   sorted (suit, then rank)          {ARROW}  {show_all(sorted(hand))}")
    note("A card is an interned int whose value is the code the engine works with:")
    note(
        f"AS is {int(Card.parse('AS'))}, KC is {int(Card.parse('KC'))}, "
        f"the joker is {int(Card.parse('JK'))}."
    )
    note("Identical cards from two packs are the same value; a hand is a multiset.")


def tour_wilds() -> None:
    heading(2, "Wild cards stand for something (Crazy Rummy)")
    ninth = crazy_rummy(9)
    print("   Deal 9: every Nine is wild. The seed text's example, laid in two orders:")
    for text in ("5H 6H 9C", "9C 5H 6H", "QS QH 9C"):
        meld = ninth.interpret(parse_cards(text))
        print(f"     {text:10} {describe(meld)}")
    note("The meaning is fixed when the meld is laid (R25): runs grow only at their ends.")

    seventh = crazy_rummy(7)
    print()
    print("   Deal 7: the Seven of clubs in two melds (the rules reference, R15):")
    for text in ("10H 10D 7C", "AS 2S 7C"):
        meld = seventh.interpret(parse_cards(text))
        print(f"     {text:10} {describe(meld)}")


def tour_limit() -> None:
    heading(3, "Crummy Rummy: wild cards at most half of a meld (R28)")
    ctx = crummy_rummy(players=4)
    for text in ("7S 7H 2C", "9H 10H JK 2S", "7S 2H 2C"):
        try:
            meld = ctx.interpret(parse_cards(text))
        except InvalidMeldError as error:
            print(f"     {text:13} rejected [{error.rule}]")
            note(f"  {error}")
        else:
            print(f"     {text:13} {describe(meld)}")


def tour_declarations() -> None:
    heading(4, "An ambiguous meld must be declared (Crazy Rummy, R25)")
    third = crazy_rummy(3)
    cards = parse_cards("JD 3S 3C")
    print(f"   Deal 3: every Three is wild. {show_all(cards)} on its own:")
    try:
        third.interpret(cards)
    except AmbiguousMeldError as error:
        note(f"  {error}")
    declarations: Sequence[tuple[str, Declaration, Sequence[Card]]] = (
        ("a set of Jacks", Declaration.set_of(Rank.JACK), cards),
        ("a run of diamonds", Declaration.run_of(Suit.DIAMONDS), cards),
        (
            "the same run, laid from the other side",
            Declaration.run_of(Suit.DIAMONDS),
            tuple(reversed(cards)),
        ),
    )
    for label, declaration, laid in declarations:
        meld = third.interpret(laid, declaration)
        print(f"     declared {label}:")
        print(f"        {describe(meld)}")


def schedule_table(schedule: ContractSchedule) -> None:
    print("     round  cards  contract")
    for number, spec in schedule.rounds():
        print(f"     {number:>5}  {spec.cards:>5}  {spec.contract}")


def tour_contracts() -> None:
    heading(5, "Contract schedules")
    print("   Crummy Rummy (seed 002):")
    schedule_table(CRUMMY_RUMMY_SCHEDULE)
    print()
    print("   The seven-round contract game (tail of seed 001, R26):")
    schedule_table(CONTRACT_RUMMY_SCHEDULE)


def tour_solver() -> None:
    heading(6, "Solving a hand (the seven-round contract game)")
    ctx = contract_rummy(players=4)
    hand = parse_cards("7H 8H 9H 10H JK QS QD QC 4C 4S 2D KD AS")
    print(f"   13 cards: {show_all(hand)}")
    print(f"   penalty if caught with all of them: {sum(map(contract_penalty, hand))}")
    best = best_arrangement(hand, ctx, value=contract_penalty)
    print("   best arrangement:")
    for meld in best.melds:
        print(f"     {describe(meld)}")
    least = min_deadwood(hand, ctx, value=contract_penalty)
    print(f"   deadwood: {show_all(best.deadwood)} = {least} points")
    note("The joker is worth more completing the Fours than lengthening the run.")
    print()
    print("   Which contracts could this hand lay down?")
    for number, spec in CONTRACT_RUMMY_SCHEDULE.rounds():
        ways = sum(1 for _ in contract_ways(hand, spec.contract, ctx))
        verdict = f"yes, {ways} way{'s' if ways > 1 else ''}" if ways else "no"
        print(f"     round {number}  {spec.contract!s:16} {verdict}")


def main() -> None:
    title = "rummykit: a tour"
    print(f"{BOLD}{title}{RESET}")
    print("=" * len(title))
    tour_cards()
    tour_wilds()
    tour_limit()
    tour_declarations()
    tour_contracts()
    tour_solver()
    print()


if __name__ == "__main__":
    main()
