# Every target creates (once) and reuses a local virtual environment, so a fresh
# machine needs only Python 3.11 and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
GAME   ?=

.PHONY: turn test bench setup clean new-game

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

turn: $(STAMP)
	$(PY) -m gm_tools.cli turn $(GAME)

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .bench-venv site build *.egg-info
