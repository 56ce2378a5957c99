"""Look at rummykit's SVG pictures in a real browser: a manual check, not part of ``make test``
(CI has no browser).

Needs Debian's Chromium (``apt-get install -y chromium``). Run from the checkout::

    .venv/bin/python scripts/check_pictures.py /tmp/pictures            # builds the docs
    .venv/bin/python scripts/check_pictures.py /tmp/pictures --html docs/_build/html

It writes standalone SVGs (a card of each suit and a joker, a meld with wild cards, a long
hand, a view of every game) next to PNG screenshots of them and of the docs pages that show
pictures, taken by headless Chromium. Open the PNGs and look: overlaps, clipped text,
unreadable suit symbols.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import rummykit
from rummykit import Card, Meld, parse_cards
from rummykit.agents import GreedyAgent, choose_move
from rummykit.svg import render

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
#: Docs pages to screenshot, and the id of the first picture on a page.
PAGES = ("tutorial", "crib-rummy", "gin-rummy", "crummy", "crazy-rummy-faceup")
PICTURE = "rummykit-picture-0"


def standalone() -> dict[str, str]:
    """Pictures that need no docs build, by file name."""
    pictures = {
        "cards": render(parse_cards("AS 10H QD 7C JK")),
        "card": render(Card.parse("10H")),
        "meld-wilds": render(Meld.parse("run 5H-10H: 5H JK 2C 8H 9H 10H")),
        "set-wild": render(Meld.parse("set Q: QS QH JK")),
        "long-hand": render(parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS JK") * 12),
    }
    for game in rummykit.variants():
        variant = rummykit.variant(game)
        players = min(variant.max_players, 4)
        state = variant.new_game(players=players, seed=7)
        agent, rng = GreedyAgent(), random.Random(7)
        for _ in range(25):
            if state.is_over:
                break
            state = state.apply(choose_move(agent, state, rng))
        pictures[f"view-{game}"] = render(state.view(state.to_move))
    return pictures


def build_docs(into: Path) -> Path:
    """The HTML docs, built into ``into``."""
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs", into],
        cwd=ROOT,
        check=True,
    )
    return into


def jump_copy(page: Path, into: Path) -> Path:
    """A copy of the docs ``page`` whose first picture is near the top: the sections
    between the page's title and the section that holds the picture are left out (a
    headless screenshot does not scroll to an anchor), its links still resolving to the
    built docs."""
    text = page.read_text(encoding="utf-8")
    base = f'<base href="{page.resolve().parent.as_uri()}/">'
    text = text.replace("<head>", f"<head>{base}", 1)
    picture = text.find(f'id="{PICTURE}"')
    first = text.find("<section id=", text.find("<h1"))
    holder = text.rfind("<section id=", 0, picture)
    if picture != -1 and first != -1 and holder > first:
        text = text[:first] + text[holder:]
    copy = into / page.name
    copy.write_text(text, encoding="utf-8")
    return copy.resolve()


def screenshot(url: str, png: Path, profile: Path, *, size: str = "1200,1600") -> None:
    """A PNG of ``url`` as headless Chromium shows it, in a window of ``size`` pixels."""
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            f"--screenshot={png}",
            f"--window-size={size}",
            url,
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the SVGs and PNG screenshots")
    parser.add_argument("--html", type=Path, help="built docs HTML (default: build them)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "profile"
        for name, svg in standalone().items():
            path = out / f"{name}.svg"
            path.write_text(svg, encoding="utf-8")
            screenshot(path.resolve().as_uri(), out / f"{name}.png", profile)
        html = args.html or build_docs(Path(tmp) / "html")
        for page in PAGES:
            copy = jump_copy(html / f"{page}.html", Path(tmp))
            screenshot(copy.as_uri(), out / f"page-{page}.png", profile)
    print(f"screenshots in {out}: look at them")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
