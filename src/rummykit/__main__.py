"""``python -m rummykit``: the command line (see :mod:`rummykit.cli`)."""

from __future__ import annotations

if __name__ == "__main__":
    from rummykit.cli import main

    raise SystemExit(main())
