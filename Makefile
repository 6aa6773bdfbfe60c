# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BUN_VERSION := 1.4.4
BUN_DIR := .tools/bun
BUN := $(BUN_DIR)/node_modules/bun/bin/bun.exe
LIGHTHOUSE_VERSION := 12.8.2
LIGHTHOUSE_DIR := .tools/lighthouse
LIGHTHOUSE := $(LIGHTHOUSE_DIR)/node_modules/.bin/lighthouse
PORT ?= 3000
# pytest-xdist workers for the tests without a site: every file runs whole on one worker.
TEST_WORKERS ?= 2
PYTEST_PARALLEL := -n $(TEST_WORKERS) --dist loadgroup
# The provider simulator (the outside vendors' games) runs beside the site on its own port.
SIMULATOR_PORT ?= 8700
PROVIDER_SIMULATOR_URL ?= http://127.0.0.1:$(SIMULATOR_PORT)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export REFLEX_BUN_PATH := $(abspath $(BUN))
export PORT SIMULATOR_PORT PROVIDER_SIMULATOR_URL

.PHONY: run test install install-dev browser pg-tools game-art-motifs image-test stack-test lint \
	test-sqlite test-site test-walks test-postgres test-scale coverage test-fuzz test-run-smoke \
	test-site-and-fuzz test-postgres-and-smoke bench clean

$(VENV)/.runtime: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	touch $@

# Reflex builds the frontend with bun; it comes from the npm registry into a project folder.
$(BUN):
	mkdir -p $(BUN_DIR)
	cd $(BUN_DIR) && { [ -f package.json ] || npm init -y >/dev/null; }
	cd $(BUN_DIR) && npm install --no-audit --no-fund --silent bun@$(BUN_VERSION)
	$(BUN) --version

# Lighthouse (the home page bench) the same way: npm, into a project folder, pinned.
$(LIGHTHOUSE):
	mkdir -p $(LIGHTHOUSE_DIR)
	cd $(LIGHTHOUSE_DIR) && { [ -f package.json ] || npm init -y >/dev/null; }
	cd $(LIGHTHOUSE_DIR) && npm install --no-audit --no-fund --silent lighthouse@$(LIGHTHOUSE_VERSION)
	$(LIGHTHOUSE) --version

# The illustrations of the games' artwork: Fluent Emoji (flat, MIT) from the npm registry,
# pinned; `make game-art-motifs` keeps the ones app/services/catalogue/motifs.py names in
# assets/game-art/motifs.json (committed: the site needs no npm package to draw them).
MOTIFS_VERSION := 1.2.6
MOTIFS_DIR := .tools/art
MOTIFS_ICONS := $(MOTIFS_DIR)/node_modules/@iconify-json/fluent-emoji-flat/icons.json
$(MOTIFS_ICONS):
	mkdir -p $(MOTIFS_DIR)
	cd $(MOTIFS_DIR) && { [ -f package.json ] || npm init -y >/dev/null; }
	cd $(MOTIFS_DIR) && npm install --no-audit --no-fund --silent \
		@iconify-json/fluent-emoji-flat@$(MOTIFS_VERSION)

game-art-motifs: install $(MOTIFS_ICONS)
	$(PY) -c 'import pathlib; from app.services.catalogue import motifs; \
		motifs.write(pathlib.Path("$(MOTIFS_ICONS)"))'

install: $(VENV)/.runtime $(BUN)

install-dev: $(VENV)/.dev $(BUN)

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
browser:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# Debian's PostgreSQL client tools: pg_dump and pg_restore for `app.cli backup` and `restore`.
pg-tools:
	@command -v pg_dump >/dev/null && command -v pg_restore >/dev/null || { \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		$(SUDO) apt-get install -y -qq postgresql-client >/dev/null; }

run: install
	$(PY) -m app.cli setup
	$(PY) -m simulator & simulator=$$!; trap 'kill $$simulator 2>/dev/null' EXIT; \
		$(VENV)/bin/reflex run --env prod

lint: install-dev
	@date -u +'== %T UTC: lint'
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Each stage prints its start time and its 25 slowest tests; every test runs once, on one
# engine, unless it depends on the engine (marked `engines`: ledger posting, fact horizons,
# locks and races, jobs, migrations), which runs on both. Branch coverage of both passes is
# combined and printed, and may not fall below .ci/coverage-floor.
PYTEST := $(VENV)/bin/pytest -q -p no:cacheprovider --durations=25
COVERAGE_DIR := .coverage-data
COVER = --cov --cov-report= --cov-branch
SITE_TESTS := tests/e2e tests/security tests/scale
SITE_WORKERS ?= 2

test-sqlite: install-dev browser
	@date -u +'== %T UTC: test-sqlite'
	rm -rf $(COVERAGE_DIR) && mkdir -p $(COVERAGE_DIR)
	COVERAGE_FILE=$(COVERAGE_DIR)/coverage $(PYTEST) $(PYTEST_PARALLEL) $(COVER) \
		--ignore=tests/fuzz $(SITE_TESTS:%=--ignore=%)

# The browser and multi-process tests: each pytest-xdist worker starts its own site on its own
# database and port; a site's frontend is built once per source and port (.web-tests), and the
# PostgreSQL pass's two-process test starts on the first worker's build. CI walks one journey
# per capability; the walks marked `deep` run with `make test-walks` (docs/testing.md).
test-site: install-dev browser
	@date -u +'== %T UTC: test-site'
	$(PYTEST) -n $(SITE_WORKERS) --dist loadgroup -m "not deep" $(SITE_TESTS)

test-walks: install-dev browser
	@date -u +'== %T UTC: test-walks'
	WALK_SHOTS=1 AXE_ALL_MODES=1 $(PYTEST) -n $(SITE_WORKERS) --dist loadgroup -m "deep or axe" tests/e2e

# The engine-dependent tests on the machine's PostgreSQL and Redis.
PG_UP := pg_isready -q -h 127.0.0.1 2>/dev/null || [ "$$CI" = "true" ]
test-postgres: install-dev browser pg-tools
	@date -u +'== %T UTC: test-postgres'
	@if $(PG_UP); then \
		mkdir -p $(COVERAGE_DIR) && \
		COVERAGE_FILE=$(COVERAGE_DIR)/coverage TEST_DATABASE=postgres $(PYTEST) \
			$(PYTEST_PARALLEL) $(COVER) --cov-append -m engines tests --ignore=tests/fuzz \
			$(SITE_TESTS:%=--ignore=%); \
	else echo "PostgreSQL not running on 127.0.0.1: skipping the PostgreSQL + Redis pass"; fi

# The scaled-mode proof on them: two app processes sharing the database and Redis.
test-scale: install-dev browser
	@date -u +'== %T UTC: test-scale'
	@if $(PG_UP); then TEST_DATABASE=postgres $(PYTEST) $(PYTEST_PARALLEL) tests/scale; \
	else echo "PostgreSQL not running on 127.0.0.1: skipping the scaled-mode pass"; fi

# The two passes' branch coverage (the PostgreSQL pass appends to the SQLite pass's data):
# printed, and checked against the floor.
coverage: install-dev
	@date -u +'== %T UTC: coverage'
	@$(VENV)/bin/coverage report --data-file=$(COVERAGE_DIR)/coverage --format=total \
		> $(COVERAGE_DIR)/total
	@echo "branch coverage: $$(cat $(COVERAGE_DIR)/total) % (floor: $$(cat .ci/coverage-floor) %)"
	@awk -v now="$$(cat $(COVERAGE_DIR)/total)" -v floor="$$(cat .ci/coverage-floor)" \
		'BEGIN { exit !(now + 0 >= floor + 0) }' || { echo "coverage fell below the floor"; exit 1; }

# schemathesis over the whole API, once: on PostgreSQL when it runs (it enforces column
# lengths and integer ranges that SQLite lets through), else on SQLite.
test-fuzz: install-dev
	@date -u +'== %T UTC: test-fuzz'
	@if $(PG_UP); then TEST_DATABASE=postgres $(PYTEST) tests/fuzz; \
	else $(PYTEST) tests/fuzz; fi

# The README's `make run` on a fresh clone with the runtime requirements only: it must start
# and answer /ping and the home page (then it is stopped).
test-run-smoke:
	@date -u +'== %T UTC: test-run-smoke'
	.ci/run-smoke

# Two stages side by side: $(2) in the background, its output printed whole once both ended.
TEST_LOGS := .test-logs
side_by_side = @mkdir -p $(TEST_LOGS); \
	$(MAKE) --no-print-directory $(2) > $(TEST_LOGS)/$(2).log 2>&1 & beside=$$!; \
	$(MAKE) --no-print-directory $(1); main=$$?; \
	wait $$beside; other=$$?; cat $(TEST_LOGS)/$(2).log; \
	[ $$other -eq 0 ] && [ $$main -eq 0 ]

# schemathesis beside the site stage, whose first minute and a half builds the frontend on one
# core while the other waits for it: the fuzzing (about one core) fills that core.
test-site-and-fuzz: install-dev browser
	$(call side_by_side,test-site,test-fuzz)

# The smoke beside the PostgreSQL pass: its pip install and frontend build keep one core busy
# at most (alone, the other stood idle for its minute and a half).
test-postgres-and-smoke: install-dev browser pg-tools
	$(call side_by_side,test-postgres,test-run-smoke)

# The scaled-mode pass runs alone: beside the smoke's pip and build a slow machine starved its
# two app processes (job runs 45 s late, a page not loaded in 25 s). Nothing else runs beside
# the SQLite stage: it keeps both cores busy (the smoke and the site build beside it lengthened
# it by what they saved).
test: lint test-sqlite test-site-and-fuzz test-postgres-and-smoke coverage test-scale
	@date -u +'== %T UTC: done'

# Not part of `make test` (minutes of build): podman (and mmdebstrap for a base image made
# from Debian's packages, runc for this kind of machine) from apt, then ops/image-test.sh
# builds the Containerfile, starts the demo from it and waits for /health/ready and the home
# page.
image-test:
	@command -v podman >/dev/null && command -v mmdebstrap >/dev/null && \
		command -v runc >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq podman mmdebstrap runc \
		>/dev/null; }
	ops/image-test.sh

# Not part of `make test` either: ops/compose.yaml started with podman (docker-compose on
# podman's Docker API) and checked through Caddy; PostgreSQL, Redis and Caddy are stand-ins
# from Debian's packages, as no image registry is reachable here (ops/stack-test.sh).
stack-test:
	@command -v podman >/dev/null && command -v mmdebstrap >/dev/null && \
		command -v runc >/dev/null && command -v docker-compose >/dev/null || { \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install \
		-y -qq podman mmdebstrap runc docker-compose >/dev/null; }
	ops/stack-test.sh

# wrk (Debian) generates the load; every run is bounded in time and stays on loopback.
bench: install-dev browser $(LIGHTHOUSE)
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wrk >/dev/null; }
	$(PY) -m bench.run_all $(ONLY)

clean:
	rm -rf $(VENV) .tools .web .web-tests .states data
