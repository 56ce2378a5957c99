"""Sphinx configuration for the rummykit documentation.

Build with ``make docs`` (or ``python -m sphinx -W --keep-going -q -b html docs
docs/_build/html``). The build needs no network: intersphinx is deliberately off.
"""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx

# The project's own extensions (docs/_ext): rummykit_pictures draws game positions as SVG;
# rummykit_rules renders the rules reference and adds the :rule:`R34` role.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "rummykit"
author = "The rummykit developers"
copyright = "the rummykit developers; MIT licence"

try:
    release = importlib.metadata.version("rummykit")
except importlib.metadata.PackageNotFoundError:  # building from a tree that is not installed
    release = "0.1.0.dev0"
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "rummykit_pictures",
    "rummykit_rules",
]

# The package is installed (editable) in the virtualenv, so autodoc imports it directly.
autodoc_typehints = "description"
# Show defaults as written in the source (the deadwood solver binds its lookup tables as
# defaults for speed; their values would fill the page).
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_default_options = {
    "members": True,
    "undoc-members": False,
    "show-inheritance": True,
}

napoleon_google_docstring = True
napoleon_numpy_docstring = False

nitpicky = False
default_role = "py:obj"
primary_domain = "py"
highlight_language = "python3"

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

html_theme = "furo"
html_title = f"rummykit {release}"
html_static_path: list[str] = []
html_show_sourcelink = False


def _tidy_signature(  # noqa: PLR0917 (the signature Sphinx calls)
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Make generated signatures read as the code does.

    attrs shows a field with a ``factory`` default as ``NOTHING``; show ``...`` instead. A
    ``typing.Protocol`` has no useful constructor, so its ``(*args, **kwargs)`` is dropped.
    """
    if what == "class" and getattr(obj, "_is_protocol", False):
        return "", return_annotation
    if signature and "NOTHING" in signature:
        return signature.replace("=NOTHING", "=..."), return_annotation
    return None


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-signature", _tidy_signature)
