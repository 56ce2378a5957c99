"""Screenshots of ``rummykit play`` as a person sees it in a colour terminal.

A manual check, not part of ``make test`` (it needs tmux and Debian's Chromium:
``apt-get install -y tmux chromium``). For each game it starts ``rummykit play`` in a tmux
pane (a real terminal, so the command line uses colour and suit symbols), answers the
first prompts with menu numbers, captures the pane with its colours, turns the ANSI colour
codes into HTML and screenshots the page in headless Chromium::

    python scripts/screenshot_play.py /tmp/play-shots gin-rummy crib-rummy

Look at the PNGs it writes (one per game).
"""

from __future__ import annotations

import argparse
import html
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from check_pictures import screenshot  # the same Chromium call (scripts/ is on the path)

#: The SGR colours the command line uses, as CSS.
_COLOURS = {"31": "#c0392b", "32": "#1e8449", "33": "#b7950b", "34": "#2e86c1", "90": "#888"}
_SGR = re.compile(r"\x1b\[([0-9;]*)m")


def ansi_to_html(text: str) -> str:
    """``text`` with its SGR codes as HTML spans: bold, dim and the colours above, each
    switched off by its own code (tmux writes 39 and 22 rather than a full reset)."""
    out: list[str] = []
    colour: str | None = None
    bold = dim = False
    position = 0

    def segment(end: int) -> None:
        chunk = html.escape(text[position:end])
        style = ";".join(
            part
            for part in (
                f"color:{colour}" if colour else "",
                "font-weight:bold" if bold else "",
                "opacity:0.6" if dim else "",
            )
            if part
        )
        out.append(f'<span style="{style}">{chunk}</span>' if style and chunk else chunk)

    for match in _SGR.finditer(text):
        segment(match.start())
        position = match.end()
        for code in match.group(1).split(";") if match.group(1) else ["0"]:
            if code in ("0", ""):
                colour, bold, dim = None, False, False
            elif code == "1":
                bold = True
            elif code == "2":
                dim = True
            elif code == "22":
                bold = dim = False
            elif code == "39":
                colour = None
            elif code in _COLOURS:
                colour = _COLOURS[code]
    segment(len(text))
    return "".join(out)


def capture(game: str, seed: int, answers: list[str]) -> str:
    """The pane of ``rummykit play game`` after ``answers``, with its colour codes."""
    session = f"rummykit-shot-{game}"
    subprocess.run(["tmux", "kill-session", "-t", session], check=False, capture_output=True)
    command = f"{sys.executable} -m rummykit play {game} --seed {seed}"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "110", "-y", "60", command],
        check=True,
    )
    try:
        time.sleep(1.5)
        for answer in answers:
            subprocess.run(["tmux", "send-keys", "-t", session, answer, "Enter"], check=True)
            time.sleep(0.7)
        pane = subprocess.run(
            ["tmux", "capture-pane", "-e", "-p", "-t", session],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False, capture_output=True)
    return pane


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--answers", default="1,1,2", help="menu numbers to type, in order")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        pane = capture(game, args.seed, args.answers.split(","))
        page = args.out / f"play-{game}.html"
        page.write_text(
            '<html><body style="background:#1e1e1e;color:#ddd;margin:12px">'
            '<pre style="font:15px/1.3 DejaVu Sans Mono,monospace">'
            f"{ansi_to_html(pane)}</pre></body></html>",
            encoding="utf-8",
        )
        with tempfile.TemporaryDirectory() as profile:
            screenshot(
                page.resolve().as_uri(),
                args.out / f"play-{game}.png",
                Path(profile),
                size="1000,1150",
            )
        print(args.out / f"play-{game}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
