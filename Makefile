PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test run demo lint install clean

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy bot/rules rendering

test: lint
	$(BIN)/pytest

run: $(STAMP)
	$(BIN)/python -m bot

demo: $(STAMP)
	rm -rf data/demo && mkdir -p data/demo
	$(BIN)/python -m bot demo --players 4 --seed 7 --db data/demo/demo.sqlite3 --out data/demo/boards

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
