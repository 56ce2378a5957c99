# rummykit developer commands. Every target sets up .venv from the project's own files.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo check test lint typecheck unit docs bench soak soak-report search-report \
	compare clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,docs,ray,pettingzoo,openspiel]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m rummykit watch crib-rummy --players 3 --seed 7

lint: $(STAMP)
	$(PY) -m ruff check conftest.py src tests examples benchmarks scripts docs
	$(PY) -m ruff format --check conftest.py src tests examples benchmarks scripts docs

typecheck: $(STAMP)
	$(PY) -m mypy --strict src examples

# The extras installed by setup (Ray) are tested, never skipped: RUMMYKIT_REQUIRE_EXTRAS.
unit: $(STAMP)
	RUMMYKIT_REQUIRE_EXTRAS=1 $(PY) -m pytest -q -n auto --dist worksteal

docs: $(STAMP)
	$(PY) -m sphinx -W --keep-going -q -b html docs docs/_build/html
	$(PY) docs/check_html.py docs/_build/html

test: lint typecheck unit docs

# The edit loop, in under two minutes: lint, formatting, types (mypy's cache makes repeat runs
# quick) and the tests not marked slow, with 20 hypothesis examples a test (conftest.py).
check: $(STAMP)
	$(PY) -m ruff check conftest.py src tests examples benchmarks scripts docs
	$(PY) -m ruff format --check conftest.py src tests examples benchmarks scripts docs
	$(PY) -m mypy --strict src examples
	HYPOTHESIS_PROFILE=check $(PY) -m pytest -q -n auto --dist worksteal -m "not slow"

bench: $(STAMP)
	$(PY) benchmarks/bench_solver.py
	$(PY) benchmarks/bench_playouts.py

# The project's soak (issue 11): 10,000 random games at both counts of the seven games, every
# fourth state checked, from seed 10,000 on, on both cores. It took 24.5 CPU hours over many
# sittings and is done (tests/test_soak.py holds the log kept in the repository to it): run
# again, it finds every chunk in the log. A longer soak is another slice of seeds added to the
# same log, `make soak SOAK_SEED=20000`: stop it at any time (the chunks under way are lost),
# commit benchmarks/results/soak.jsonl, and run it again in a later sitting.
SOAK_SEED ?= 10000
SOAK_LOG := benchmarks/results/soak.jsonl
SOAK_GAMES := $(foreach g,contract-rummy crazy-rummy crummy crummy-rummy crib-rummy \
	crazy-rummy-faceup gin-rummy,--game $(g))

soak: $(STAMP)
	$(PY) benchmarks/soak.py --seed $(SOAK_SEED) --games 10000 --every 4 --jobs 2 \
		--log $(SOAK_LOG) $(SOAK_GAMES)

soak-report: $(STAMP)
	$(PY) benchmarks/soak.py --report $(SOAK_LOG)

# The search agent against greedy agents (issue 13): what the logs in benchmarks/results/
# hold, per game, player count and settings, against the bar of 60% over 400 games.
search-report: $(STAMP)
	$(PY) benchmarks/bench_search.py --report

# Gin rummy against OpenSpiel and RLCard (benchmarks/peers/): not part of `make test`. The
# peers go into their own environment, never into .venv.
PEERS := .venv-peers
PEERS_STAMP := $(PEERS)/.installed

$(PEERS_STAMP): pyproject.toml
	$(PYTHON) -m venv $(PEERS)
	$(PEERS)/bin/python -m pip install --quiet --upgrade pip
	$(PEERS)/bin/python -m pip install --quiet open_spiel rlcard -e .
	touch $(PEERS_STAMP)

compare: $(PEERS_STAMP)
	$(PEERS)/bin/python benchmarks/peers/compare.py

clean:
	rm -rf $(VENV) $(PEERS) docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis
