"""The engine: states, moves, legal-move views, views and records.

The common names are re-exported from :mod:`rummykit`; this package holds the modules.
"""
