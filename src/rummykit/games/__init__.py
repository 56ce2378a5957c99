"""The built-in games, one module each. Importing this package registers them.

Every module of this package is imported (in name order), so a new game only needs its
module with a ``register(...)`` call; nothing here changes.
"""

import importlib
import pkgutil

__all__: list[str] = []

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_module.name}")
    __all__.append(_module.name)
