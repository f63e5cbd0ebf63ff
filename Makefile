# Everything starts from nothing: `make generate` and `make test` create the venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)

PRISM_STAMP := tools/node_modules/.installed

.PHONY: setup tools generate check test lint golden bench corpus clean

setup: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	rm -f $(VENV)/.installed-*
	touch $@

tools: $(PRISM_STAMP)  ## node tools the tests run (Stoplight Prism), pinned by tools/package-lock.json

$(PRISM_STAMP): tools/package.json tools/package-lock.json
	SCARF_ANALYTICS=false npm ci --prefix tools --no-audit --no-fund
	touch $@

generate: setup  ## regenerate every provider package into generated/, and docs/providers.md
	$(PY) -m generator generate
	$(PY) -m generator compare --out docs/providers.md

check: setup  ## exit 1 when generated/ (or docs/) differs from what the inputs produce
	$(PY) -m generator check

# TEST_WORKERS: pytest-xdist processes (one per core by default; 0 = no workers, one process).
# --dist loadfile: a test file's tests share one worker, so module fixtures are built once;
# the slowest files are handed out first (tests/support/schedule.py), not xdist's most-tests-first.
TEST_WORKERS ?= auto
test: setup tools  ## the whole suite, including servers it starts itself
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

lint: setup
	$(VENV)/bin/ruff check generator tests
	$(PY) -m mypy generator

golden: setup  ## refresh tests/golden/: every feature package, generated exactly as the tests do
	$(PY) -m tests.support.precompile
	$(PY) -m tests.support.golden --write

bench: setup
	$(PY) -m bench

# CORPUS_ARGS: e.g. --limit 20, --only ai/openai, --jobs 1, --fresh (see python -m bench.corpus -h)
corpus: setup  ## ours vs openapi-python-client over the pinned real-world corpus (bench/corpus_pins.json)
	$(PY) -m bench.corpus $(CORPUS_ARGS)

clean:
	rm -rf $(VENV) tools/node_modules .pytest_cache .mypy_cache .ruff_cache
