"""package.json: the firmware installs the way micropython-lib packages do, with the real
`mpremote mip install` from a checkout, onto the device of tests/devicekit.py."""
import json

from devicekit import ROOT, device_files, mpremote, vdevice  # noqa: F401  (vdevice: a fixture)
from host import device


def test_package_json_lists_every_firmware_module():
    pkg = json.loads((ROOT / "package.json").read_text())
    assert pkg == device.mip_package(), "package.json is stale: run `burako build --package-json`"
    assert (ROOT / "package.json").read_text() == device.mip_package_text(pkg)


def test_mip_install_from_a_checkout_puts_the_firmware_at_the_device_root(vdevice, tmp_path):
    """The real package.json's entries, cut to a few modules (the whole firmware, 250 KB of sources,
    takes ~40 s over the virtual device's raw REPL), installed from a checkout-shaped folder."""
    pkg = json.loads((ROOT / "package.json").read_text())
    keep = ("scorelog.py", "engine/__init__.py", "engine/tiles.py", "hal/__init__.py")
    pkg["urls"] = [u for u in pkg["urls"] if u[0] in keep]
    assert len(pkg["urls"]) == len(keep)
    (tmp_path / "package.json").write_text(device.mip_package_text(pkg))
    (tmp_path / "firmware").symlink_to(ROOT / "firmware")
    out = mpremote(vdevice, "mip", "install", "--target", "/", str(tmp_path / "package.json"))
    assert out.rstrip().endswith("Done")
    on_device = device_files(vdevice)
    assert on_device == {t: (ROOT / src).stat().st_size for t, src in pkg["urls"]}
    # the sources import on the device, from the root as `burako flash` lays them out
    out = mpremote(vdevice, "exec", "import scorelog, engine.tiles; print(scorelog.FILENAME, engine.tiles.__name__)")
    assert out.split() == ["scores.log", "engine.tiles"]
