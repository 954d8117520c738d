# Two commands for a newcomer: `make play` and `make test`.
# Both create (once) and reuse a local virtual environment in .venv.
PY ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[dev]'
	touch $(STAMP)

.PHONY: setup play test bench
setup: $(STAMP)

play: $(STAMP)
	$(VENV)/bin/burako emu --new

test: $(STAMP)
	$(VENV)/bin/python -m pytest -q -n 2

bench: $(STAMP)
	$(VENV)/bin/python benchmarks/run.py
