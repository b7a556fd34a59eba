# Needs only Python 3.11+ (with venv and pip). Everything else comes from requirements/dev.lock
# (exact versions with hashes; `make lock` regenerates it after a change in pyproject.toml).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := requirements/dev.lock
UV_VERSION := 0.13.9
CHECK_PY := import sys; sys.exit(sys.version_info < (3, 11))
UV_COMPILE := $(BIN)/uv pip compile --quiet --no-config --universal --python-version 3.11 --generate-hashes

# A .venv made by another (too old, or since removed) Python is rebuilt, not an obstacle.
ifneq ($(wildcard $(VENV)),)
  ifneq ($(shell $(BIN)/python -c '$(CHECK_PY)' >/dev/null 2>&1 && echo ok),ok)
    $(info $(VENV) was made by another Python, or its Python is gone: rebuilding it)
    $(shell rm -rf $(VENV))
  endif
endif

.PHONY: test check run demo lint install lock clean messages compiled fixtures

$(BIN)/python:
	@$(PY) -c '$(CHECK_PY)' >/dev/null 2>&1 || { \
	  echo "This project needs Python 3.11 or newer; '$(PY)' is $$($(PY) --version 2>&1 | head -n1)."; \
	  echo "Install it, or name it: make PY=python3.12 $(MAKECMDGOALS)"; exit 1; }
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP) compiled

# The compiled rules core (bot/rules/native.py): bot/rules built by mypyc into bot/rules/compiled/,
# where a C compiler and Python's headers are; elsewhere the rules run as plain Python. A build
# that no longer matches the source is never used (it is rebuilt here, and passed over meanwhile).
CAN_COMPILE = $(BIN)/python -c 'import os, shutil, sys, sysconfig; sys.exit(not (shutil.which(os.environ.get("CC", "cc")) and os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))))'

compiled: $(STAMP)
	@if $(CAN_COMPILE); then CAYLUS_RULES=pure $(BIN)/python -m bot.rules compile --if-stale; \
	else echo "No C compiler or Python headers: the rules core runs as plain Python."; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy bot rendering

# Where the compiled core is built, the whole suite runs on it (CAYLUS_RULES=compiled refuses to
# fall back to the source), and one of its tests runs tests/rules again on the plain Python source
# (tests/rules/test_native.py), beside the other workers' tests rather than after them. What CI runs
# (.ci/run). The tests are spread over twice as many pytest-xdist workers as there are cores:
# much of the suite waits (bot processes starting and stopping, PostgreSQL servers, outages of
# a few seconds) and the other workers' tests fill that time. Each worker is handed one test at
# a time, the slow ones first (tests/conftest.py: SLOW), so none is left with a long test at the
# end. `make test WORKERS=0` runs everything in one process.
# The suite starts some hundred Python processes (workers, bots, fake Discords): they read the
# project's modules, and pytest its rewritten test modules, from bytecode cached by a first
# collection, even where the environment says not to write any (PYTHONDONTWRITEBYTECODE). In a
# fresh clone the suite took 148-149 s with that collection and 154-159 s without it.
export PYTHONDONTWRITEBYTECODE :=
WORKERS ?= $(shell $(PY) -c 'import os; print(2 * (os.cpu_count() or 1))')
XDIST = -n $(WORKERS) $(if $(filter 0,$(WORKERS)),,--maxschedchunk 1)
test: lint compiled
	@$(BIN)/pytest --collect-only -q >/dev/null
	@if $(CAN_COMPILE); then CAYLUS_RULES=compiled $(BIN)/pytest $(XDIST); else $(BIN)/pytest $(XDIST); fi

# The quick check while working: ruff, mypy and the tests not marked slow (tests/conftest.py), on
# whichever core is fresh (a stale compiled build is passed over for the source: no rebuild here).
check: lint
	$(BIN)/pytest $(XDIST) -m "not slow"

run: $(STAMP)
	$(BIN)/caylus-bot

demo: $(STAMP)
	rm -rf data/demo && mkdir -p data/demo
	$(BIN)/caylus-bot demo --players 4 --seed 7 --level normal --db data/demo/demo.sqlite3 --out data/demo/boards

# The locks: requirements/main.lock (the image: the bot and its build tools) and
# requirements/dev.lock (the same versions plus the test and lint tools).
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(UV_COMPILE) pyproject.toml requirements/build.in -o requirements/main.lock
	$(UV_COMPILE) --extra dev pyproject.toml requirements/build.in -c requirements/main.lock -o $(LOCK)

# The catalogues (docs/translations.md): the template extracted from the code, then merged into
# each language's bot/locale/<lang>/LC_MESSAGES/caylus.po (new texts arrive untranslated).
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k NP_:1c,2 --add-location=file --sort-output \
	  --project=caylus-discord --version=0.1.0 -o bot/locale/caylus.pot .
	$(BIN)/pybabel update -i bot/locale/caylus.pot -d bot/locale -D caylus --ignore-obsolete

# The English wording the rules' fixtures expect (tests/rules/make_fixtures.py): after a wording
# change that is meant. It refuses while a stored game would replay differently.
fixtures: $(STAMP)
	$(BIN)/python -m tests.rules.make_fixtures

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache bot/rules/compiled
