# pnpkit — every target sets itself up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: pdfs test lint bench fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# make pdfs PAPER=a4 (or set paper once in data/pnpkit.toml, or PNPKIT_PAPER)
PAPER ?=
pdfs: $(STAMP)
	$(BIN)/pnpkit build $(if $(PAPER),--paper $(PAPER))

# Bytecode is kept even where the environment says not to (PYTHONDONTWRITEBYTECODE): every
# test process and every fresh interpreter the suite starts would compile pnpkit again.
test: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n auto --dist worksteal

# The nightly-size fuzz run: tests/fuzz and the table dealer's property test with FUZZ_SCALE
# times the cases `make test` tries (the bounded run there takes seconds). Failures are kept in
# .hypothesis/ and replayed first.
FUZZ_SCALE ?= 50
fuzz: $(STAMP)
	PNPKIT_FUZZ_SCALE=$(FUZZ_SCALE) $(BIN)/python -m pytest -q tests/fuzz \
		tests/games/tabletop_fleets/test_table_layout.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

# pdfposter (the tiling yardstick) needs pypdf < 7, so it lives in a venv of its own.
POSTER := .venv-poster/bin/pdfposter
$(POSTER):
	$(PYTHON) -m venv .venv-poster
	.venv-poster/bin/python -m pip install --quiet 'pdfposter>=0.8' 'pypdf<7'

# The benchmarks live in bench/, beside the package (the wheel does not carry them).
# Commands are timed as an installed pnpkit runs: its modules compiled to bytecode first (pip
# compiles at install; an environment that says not to write bytecode would time the compiler).
bench: $(STAMP) $(POSTER)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m compileall -q src
	PNPKIT_PDFPOSTER=$(POSTER) $(BIN)/python -m bench

clean:
	rm -rf output/* $(VENV) .venv-poster
