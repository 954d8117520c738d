"""firmware/ type-checked against MicroPython's own stubs (micropython-rp2-stubs for machine, framebuf,
micropython, time...; micropython-stdlib-stubs as the standard library) with basedpyright."""
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"

# Files not checked (diagnostics ignored; they are still analysed for their imports), and why:
IGNORED = {
    # being written or refactored by other engineers right now: to be checked when they settle
    "ui/app.py": "UI refactor in progress (its AI slots are typed None by their initial value)",
    "link/session.py": "link cable protocol in progress",
    "link/entropy.py": "CPython fallback redefines ticks_us with time.monotonic (as hal/clock.py)",
    # by design
    "hal/clock.py": "the CPython fallback redefines MicroPython's time functions (time.monotonic)",
}

# Rules off for the whole tree, and why: the firmware keeps fields that are None outside the
# phase that uses them (a Game's current meld, the UI's AI slots) and loops that always run once;
# pyright cannot follow either, and every report of these kinds here was of that sort.
RULES_OFF = ("reportOptionalSubscript", "reportOptionalMemberAccess", "reportOptionalCall",
             "reportPossiblyUnbound", "reportPossiblyUnboundVariable",
             "reportMissingModuleSource")  # stubs only: there is no source of `machine` on the host


def config():
    site = sysconfig.get_paths()["purelib"]
    cfg = {
        "include": [str(FIRMWARE)],
        "extraPaths": [str(FIRMWARE)],  # imports are rooted at firmware/, as on the device
        "typeshedPath": site,  # micropython-stdlib-stubs installs stdlib/ there: MicroPython's time, os...
        "typeCheckingMode": "standard",
        "pythonVersion": "3.11",
        "ignore": [str(FIRMWARE / f) for f in IGNORED],
    }
    cfg.update({r: "none" for r in RULES_OFF})
    return cfg


def basedpyright():
    exe = Path(sys.executable).parent / "basedpyright"
    return str(exe) if exe.exists() else shutil.which("basedpyright")


def test_firmware_type_checks_against_the_micropython_stubs(tmp_path):
    tool = basedpyright()
    if tool is None:
        pytest.skip("basedpyright is not installed (pip install -e '.[dev]')")
    site = Path(sysconfig.get_paths()["purelib"])
    assert (site / "stdlib" / "VERSIONS").exists() and (site / "machine.pyi").exists(), "stubs missing"
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config(), indent=1))
    r = subprocess.run([tool, "-p", str(tmp_path / "pyrightconfig.json"), "--pythonpath", sys.executable,
                        "--outputjson"], capture_output=True, text=True, timeout=120)
    report = json.loads(r.stdout)
    errors = [f"{Path(d['file']).relative_to(FIRMWARE)}:{d['range']['start']['line'] + 1}: {d['message']}"
              for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert errors == [], "\n".join(errors)
    assert report["summary"]["filesAnalyzed"] >= 40
