"""The type check: basedpyright over the whole firmware/ against MicroPython's own
stubs at the firmware's MicroPython version (micropython-rp2-stubs 1.27, pinned in pyproject's
dev extra: machine, framebuf, micropython, time...; micropython-stdlib-stubs as the standard
library), and over host/ against CPython's (basedpyright's bundled typeshed). No file is
skipped: the few lines that are right but beyond the checker carry a
`# pyright: ignore[rule]` with the reason beside them (the CPython fallbacks of hal/clock.py
and link/entropy.py, ui/app.py's _Later screen, ...)."""
import json
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
HOST = ROOT / "host"
MICROPYTHON = "1.27"    # the firmware's MicroPython (mpy-cross, mpremote and the UF2 are 1.27)

# Rules off for the whole tree, and why: the firmware keeps fields that are None outside the
# phase that uses them (a Game's current meld, the UI's AI slots) and loops that always run once;
# pyright cannot follow either, and every report of these kinds here was of that sort.
RULES_OFF = ("reportOptionalSubscript", "reportOptionalMemberAccess", "reportOptionalCall",
             "reportPossiblyUnbound", "reportPossiblyUnboundVariable",
             "reportMissingModuleSource")  # stubs only: there is no source of `machine` on the host


def config(tree):
    cfg = {
        "include": [str(tree)],
        "extraPaths": [str(FIRMWARE), str(ROOT)],  # firmware imports are rooted at firmware/, as on the device
        "typeCheckingMode": "standard",
        "pythonVersion": "3.11",
    }
    if tree == FIRMWARE:
        # micropython-stdlib-stubs installs stdlib/ there: MicroPython's time, os...
        cfg["typeshedPath"] = sysconfig.get_paths()["purelib"]
    cfg.update({r: "none" for r in RULES_OFF})
    return cfg


def basedpyright():
    exe = Path(sys.executable).parent / "basedpyright"
    return str(exe) if exe.exists() else shutil.which("basedpyright")


def check(tree, tmp_path):
    tool = basedpyright()
    if tool is None:
        pytest.skip("basedpyright is not installed (pip install -e '.[dev]')")
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config(tree), indent=1))
    r = subprocess.run([tool, "-p", str(tmp_path / "pyrightconfig.json"), "--pythonpath", sys.executable,
                        "--outputjson"], capture_output=True, text=True, timeout=300)
    report = json.loads(r.stdout)
    errors = [f"{Path(d['file']).relative_to(ROOT)}:{d['range']['start']['line'] + 1}: {d['message']}"
              for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert errors == [], "\n".join(errors)
    return report


def test_the_stubs_are_the_firmwares_micropython_version():
    """pyproject's dev extra pins them; a newer set types functions the firmware's MicroPython lacks."""
    try:
        v = metadata.version("micropython-rp2-stubs")
    except metadata.PackageNotFoundError:
        pytest.skip("micropython-rp2-stubs is not installed (pip install -e '.[dev]')")
    assert v.startswith(MICROPYTHON + "."), v
    pin = [ln for ln in (ROOT / "pyproject.toml").read_text().splitlines()
           if ln.strip().startswith('"micropython-rp2-stubs')]
    assert pin and all(f"=={MICROPYTHON}." in ln for ln in pin), pin


def test_firmware_type_checks_against_the_micropython_stubs(tmp_path):
    site = Path(sysconfig.get_paths()["purelib"])
    assert (site / "stdlib" / "VERSIONS").exists() and (site / "machine.pyi").exists(), "stubs missing"
    report = check(FIRMWARE, tmp_path)
    # every firmware file analysed, none skipped
    assert report["summary"]["filesAnalyzed"] >= len(list(FIRMWARE.rglob("*.py")))


def test_host_type_checks(tmp_path):
    report = check(HOST, tmp_path)
    assert report["summary"]["filesAnalyzed"] >= len(list(HOST.glob("*.py")))
