# Two commands do everything on a fresh Debian / Raspberry Pi OS machine:
#   make run    create .venv, install Tafel, start it
#   make test   the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# On a Pi, Picamera2 comes from apt (python3-picamera2): let the venv see it.
VENV_FLAGS ?= $(shell [ -d /usr/lib/python3/dist-packages/picamera2 ] && echo --system-site-packages)

.PHONY: venv run test bench typecheck fonts train-reader train-three-five train-black-pips train-pips train-phantoms clean install

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "make: python3 cannot create a venv here; installing Debian's python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; }
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# The simulated table: in a window when there is a screen, else headless with each
# hand's result printed. Extra arguments: make run ARGS="--hands 2 --seed 7".
run: venv
	$(BIN)/tafel run $(ARGS)

# On two processes (pytest-xdist): the suite is some 12 minutes of processor time on a
# slow 2-core machine. Each process may hold most of a gigabyte (a Pi has 1-8 GB):
# TEST_JOBS=4 for more, TEST_JOBS=0 for one.
TEST_JOBS ?= 2
test: venv
	$(BIN)/python -m pytest -n $(TEST_JOBS)

bench: venv
	$(BIN)/tafel bench engine

typecheck: venv
	$(BIN)/python -m mypy

# The printed fonts the index, 3-or-5 and centre pip readers learn from (Debian's
# fonts-dejavu-core and fonts-urw-base35), installed with apt when missing.
fonts:
	@ls /usr/share/fonts/opentype/urw-base35 /usr/share/fonts/truetype/dejavu >/dev/null 2>&1 || { \
	  echo "make: installing the fonts the readers learn from"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq fonts-dejavu-core fonts-urw-base35; }

# Retrain the index reader (vision/data/reader_net.npz, committed) from printed fonts:
# about six minutes; needs Debian's fonts-dejavu-core and fonts-urw-base35.
train-reader: venv fonts
	$(BIN)/python tools/train_reader.py

# Retrain the 3-or-5 reader (vision/data/three_five_net.npz, committed) from the same
# fonts and the project's own cards: about a minute.
train-three-five: venv fonts
	$(BIN)/python tools/train_three_five.py

# Retrain the black-pip reader (vision/data/black_pip_net.npz, committed: club against
# spade) from the index pips of 6000 synthetic tables: about a quarter of an hour on two cores.
train-black-pips: venv
	$(BIN)/python tools/train_black_pips.py $(ARGS)

# Retrain the centre pip reader (vision/data/pip_net.npz, committed) from printed fonts:
# about two minutes; the same fonts as the index reader.
train-pips: venv fonts
	$(BIN)/python tools/train_pips.py

# Retrain the phantom check (vision/data/phantom_net.npz, committed) on synthetic scenes
# and the edje-tf-cards train split: about half an hour on two cores (estimated). Training needs
# torch (the product does not): this installs torch 2.13.0, a CPU build, into the venv.
train-phantoms: venv
	$(BIN)/python -c 'import torch' 2>/dev/null || $(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python tools/train_phantoms.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis

# -- on the Pi: `sudo make install` (see docs/pi.md) ------------------------------------
PREFIX ?= /opt/tafel
install:
	@[ "$$(id -u)" = 0 ] || { echo "make install: run as root (sudo make install)"; exit 1; }
	id -u tafel >/dev/null 2>&1 || useradd --system --home-dir /var/lib/tafel --shell /usr/sbin/nologin tafel
	for g in video render input gpio dialout; do getent group $$g >/dev/null && usermod -aG $$g tafel; done; true
	mkdir -p $(PREFIX)
	[ -d $(PREFIX)/src ] && [ "$$(realpath $(PREFIX)/src)" = "$$(realpath .)" ] || rsync -a --delete --exclude .venv ./ $(PREFIX)/src/
	$(PYTHON) -m venv --system-site-packages $(PREFIX)/venv
	$(PREFIX)/venv/bin/python -m pip install -q $(PREFIX)/src
	install -d -m 0755 /etc/tafel
	[ -f /etc/tafel/tafel.toml ] || install -m 0644 systemd/tafel.toml /etc/tafel/tafel.toml
	install -m 0644 systemd/tafel.service /etc/systemd/system/tafel.service
	systemctl daemon-reload
	systemctl enable tafel.service
	@echo "installed: start it with 'sudo systemctl start tafel', follow it with 'journalctl -u tafel -f'"
