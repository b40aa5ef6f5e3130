# rummykit: `make run` sets up and plays/replays; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SHARED ?= ../shared

.PHONY: setup run test lint typecheck unit scenarios bench ladder clean

$(BIN)/rummykit: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/rummykit

setup: $(BIN)/rummykit

run: setup
	$(BIN)/rummykit play

lint: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: setup
	$(BIN)/mypy src

unit: setup
	$(BIN)/pytest

scenarios: setup
	@if [ -d "$(SHARED)/scenarios" ]; then \
		$(BIN)/python $(SHARED)/tools/check_scenarios.py --cmd "$(BIN)/rummykit replay {} --json" $(SHARED)/scenarios tests/cases; \
	else \
		echo "no $(SHARED)/scenarios here: the project's own cases ran in pytest"; \
	fi

test: lint typecheck unit scenarios

bench: setup
	$(BIN)/python benchmarks/engine.py

ladder: setup
	$(BIN)/python benchmarks/bots.py --jobs 2 --log benchmarks/results/latest

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
