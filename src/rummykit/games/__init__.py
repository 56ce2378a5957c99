"""The built-in games, one module each. Importing this package registers them."""

from rummykit.games import crib_rummy

__all__ = ["crib_rummy"]
