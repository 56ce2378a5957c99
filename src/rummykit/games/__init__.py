"""The built-in games, one module each.

Importing this package imports no game. Each game is declared by its id in rummykit's
``pyproject.toml`` (entry-point group ``rummykit.variants``) and in
:data:`rummykit.engine.registry.BUILTINS`; the registry imports a game's module the first
time the game is built. A new built-in game is a module here plus those two lines.
"""

__all__: list[str] = []
