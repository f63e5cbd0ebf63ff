# Everything starts from nothing: `make generate` and `make test` create the venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)

.PHONY: setup generate check test lint bench clean

setup: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	rm -f $(VENV)/.installed-*
	touch $@

generate: setup  ## regenerate every provider package into generated/, and docs/providers.md
	$(PY) -m generator generate
	$(PY) -m generator compare --out docs/providers.md

check: setup  ## exit 1 when generated/ (or docs/) differs from what the inputs produce
	$(PY) -m generator check

test: setup  ## the whole suite, including servers it starts itself
	$(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check generator tests
	$(PY) -m mypy generator

bench: setup
	$(PY) -m bench

clean:
	rm -rf $(VENV) .tools .pytest_cache .mypy_cache .ruff_cache
