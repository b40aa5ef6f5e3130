# rummykit: `make run` sets up and starts the game server; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SHARED ?= ../shared

.PHONY: setup chromium run serve play test lint typecheck unit scenarios bench ladder clean

$(BIN)/rummykit: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/rummykit

setup: $(BIN)/rummykit

# the game server with the card table in the browser: it prints the address to open
run: setup
	$(BIN)/rummykit serve

serve: run

# the game in the terminal
play: setup
	$(BIN)/rummykit play

lint: setup
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: setup
	$(BIN)/mypy src

# The browser tests drive Debian's Chromium (Playwright's own browser download does not
# work on these machines); without it they are reported as skipped, with the reason.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's chromium for the browser tests"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "no chromium here (apt-get install chromium): the browser tests will be skipped"; \
		fi; }

# The browser tests run in a process of their own: Playwright's sync API and their
# server share the test process's event loop and threads with nothing else.
unit: setup chromium
	$(BIN)/pytest --ignore=tests/browser
	$(BIN)/pytest tests/browser

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
