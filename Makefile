# Two commands do everything on a fresh Debian / Raspberry Pi OS machine:
#   make run    create .venv, install Tafel, start it
#   make test   the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# On a Pi, Picamera2 comes from apt (python3-picamera2): let the venv see it.
VENV_FLAGS ?= $(shell [ -d /usr/lib/python3/dist-packages/picamera2 ] && echo --system-site-packages)

.PHONY: venv run test bench typecheck clean

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "make: python3 cannot create a venv here; installing Debian's python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; }
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

run: venv
	$(BIN)/tafel referee examples/klaverjassen-normal.jsonl

test: venv
	$(BIN)/python -m pytest

bench: venv
	$(BIN)/tafel bench engine

typecheck: venv
	$(BIN)/python -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis
