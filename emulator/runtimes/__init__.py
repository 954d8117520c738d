"""The firmware's runtimes side by side: CPython (the firmware imported directly), real
MicroPython (WASI build under wasmtime: wasi.py), the official webassembly port as a
virtual device for mpremote (webasm/), and the rp2 firmware on a virtual RP2040 (rp2040/)."""
