# rummykit developer commands. Every target sets up .venv from the project's own files.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint typecheck unit docs bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,docs]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m rummykit watch crib-rummy --players 3 --seed 7

lint: $(STAMP)
	$(PY) -m ruff check src tests examples benchmarks

typecheck: $(STAMP)
	$(PY) -m mypy --strict src examples

unit: $(STAMP)
	$(PY) -m pytest -q

docs: $(STAMP)
	$(PY) -m sphinx -W --keep-going -q -b html docs docs/_build/html

test: lint typecheck unit docs

bench: $(STAMP)
	$(PY) benchmarks/bench_solver.py
	$(PY) benchmarks/bench_playouts.py

clean:
	rm -rf $(VENV) docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis
