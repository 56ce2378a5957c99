"""The floor: one hand of gin rummy as a hand-written, pure-Python loop, for speed comparisons.

No library, no objects per state, no checks: cards are ints (``suit * 13 + rank``, rank 0 is
the Ace), a hand is a list, and each decision is a uniformly random choice among the legal
ones, as in ``compare.py``'s other playouts. The rules are rummykit's ``gin-rummy`` with
``max_deals=1``: the first upcard offered to the non-dealer then the dealer; draw from the
stock or take the discard (never discarding the card just taken); knock at 10 or less with a
face-down discard; the knocker spreads their best melds, the defender lays off and scores;
gin 25, undercut 25; the hand is void when two cards are left in the stock. What it leaves
out (the knocker and defender choosing melds and lay-offs one at a time) it computes at once,
so it is a lower bound for any engine's cost per hand.

    python benchmarks/peers/gin_floor.py --games 2000
"""

from __future__ import annotations

import argparse
import json
import random
import time

VALUE = [min(r + 1, 10) for r in range(13)] * 4


#: One bit per suit at rank 0 (shift by a rank for that rank's four cards).
RANK = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: The cards that can start a run of three in their suit (ranks Ace to Jack).
RUN_START = sum(((1 << 11) - 1) << base for base in (0, 13, 26, 39))


def melds_of(hand: list[int]) -> list[tuple[int, bool]]:
    """Every set and run in ``hand``: (bit mask of its cards, whether it is a run)."""
    have = 0
    for c in hand:
        have |= 1 << c
    out = []
    for rank in {c % 13 for c in hand}:
        bits = have & RANK << rank
        count = bits.bit_count()
        if count >= 3:
            out.append((bits, False))
            if count == 4:
                out.extend((bits ^ 1 << (rank + base), False) for base in (0, 13, 26, 39))
    starts = have & have >> 1 & have >> 2 & RUN_START
    while starts:
        low = starts & -starts
        starts ^= low
        c = low.bit_length() - 1
        mask = 7 << c
        out.append((mask, True))
        n = c + 3
        while n % 13 and have >> n & 1:
            mask |= 1 << n
            out.append((mask, True))
            n += 1
    return out


def value_of(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def best(melds: list[tuple[int, bool]], used: int = 0, start: int = 0) -> tuple[int, list[int]]:
    """The most value melded with disjoint ``melds[start:]`` avoiding ``used``, and which."""
    top, chosen = 0, []
    for i in range(start, len(melds)):
        m = melds[i][0]
        if not m & used:
            got, rest = best(melds, used | m, i + 1)
            got += value_of(m)
            if got > top:
                top, chosen = got, [i, *rest]
    return top, chosen


def deadwood(hand: list[int], melds: list[tuple[int, bool]]) -> int:
    return sum(VALUE[c] for c in hand) - best(melds)[0]


def lay_off(cards: list[int], spread: list[tuple[int, bool]]) -> list[int]:
    """The defender's cards left after laying off on the knocker's ``spread`` (repeatedly:
    a card laid on a run lets the next one fit)."""
    rest, spread = list(cards), list(spread)
    grown = True
    while grown:
        grown = False
        for i, (mask, run) in enumerate(spread):
            low = (mask & -mask).bit_length() - 1
            high = mask.bit_length() - 1
            for c in rest:
                if run:
                    fits = (c == low - 1 and low % 13 > 0) or (c == high + 1 and high % 13 < 12)
                else:
                    fits = c % 13 == low % 13
                if fits:
                    spread[i] = (mask | 1 << c, run)
                    rest.remove(c)
                    grown = True
                    break
    return rest


def play_hand(rng: random.Random, seed: int) -> tuple[int, int]:
    """One random hand: (decisions made, the winner's points; 0 for a void hand)."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hands = [deck[:10], deck[10:20]]
    discards = [deck[20]]
    stock = deck[21:]
    player, decisions, taken = 0, 0, -1
    for offered in (0, 1):  # the first upcard, offered to the non-dealer then the dealer
        decisions += 1
        if rng.randrange(2):
            player, taken = offered, discards.pop()
            hands[player].append(taken)
            break
    else:
        hands[0].append(stock.pop())  # both passed: the non-dealer draws
    while True:
        hand = hands[player]
        melds = melds_of(hand)
        knocks = []
        # cards in no meld are deadwood whatever is melded: a quick "no knock" for most hands
        in_some = 0
        for m in melds:
            in_some |= m[0]
        loose = [VALUE[c] for c in hand if not in_some >> c & 1]
        if melds and sum(loose) - max(loose, default=0) <= 10:
            for c in hand:
                if c != taken:
                    rest = [x for x in hand if x != c]
                    if deadwood(rest, [m for m in melds if not m[0] >> c & 1]) <= 10:
                        knocks.append(c)
        choices: list[int] = [c for c in hand if c != taken] + ([-1] if knocks else [])
        decisions += 1
        pick = choices[rng.randrange(len(choices))]
        if pick == -1:  # knock, then discard face down
            decisions += 1
            hand.remove(knocks[rng.randrange(len(knocks))])
            return decisions, _score(hands, player)
        hand.remove(pick)
        discards.append(pick)
        if len(stock) <= 2:
            return decisions, 0
        player = 1 - player
        decisions += 1
        if rng.randrange(2):
            taken = discards.pop()
            hands[player].append(taken)
        else:
            taken = -1
            hands[player].append(stock.pop())


def _score(hands: list[list[int]], knocker: int) -> int:
    """The knocker's points (positive) or the defender's (negative)."""
    mine = melds_of(hands[knocker])
    got, chosen = best(mine)
    own = sum(VALUE[c] for c in hands[knocker]) - got
    other = hands[1 - knocker]
    theirs = melds_of(other)
    their_got, their_chosen = best(theirs)
    if own == 0:
        return sum(VALUE[c] for c in other) - their_got + 25
    melded = 0
    for i in their_chosen:
        melded |= theirs[i][0]
    loose = [c for c in other if not melded >> c & 1]
    their = sum(VALUE[c] for c in lay_off(loose, [mine[i] for i in chosen]))
    if their <= own:
        return -(own - their + 25)
    return their - own


def playouts(games: int, seed: int) -> tuple[int, int, float]:
    """``games`` random hands: (games, decisions, seconds), as compare.py's playouts."""
    rng = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    for index in range(games):
        decisions += play_hand(rng, seed + index)[0]
    return games, decisions, time.perf_counter() - started


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    games, decisions, seconds = playouts(args.games, 1)
    print(
        json.dumps(
            {
                "games_per_second": round(games / seconds, 1),
                "decisions_per_game": round(decisions / games, 1),
            }
        )
    )
