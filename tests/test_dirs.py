"""Where burako keeps a user's files (host/dirs.py): the emulator's and the virtual
Pico's folders beside the score history in platformdirs' data folder, and an older burako's
~/.burako/emu, ~/.burako/vpico still used when they exist."""
import os
import subprocess
import sys

import pytest

from host import dirs, emu, history

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("BURAKO_SCREENSHOTS", raising=False)
    monkeypatch.delenv("BURAKO_HISTORY", raising=False)
    return tmp_path


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_DATA_HOME is Linux's")
def test_the_emulators_and_virtual_picos_files_sit_beside_the_history(home):
    data = home / "data" / "burako"
    assert history.history_path() == data / "history.sqlite"
    assert dirs.emu_storage() == str(data / "emu")
    assert dirs.vpico_flash() == str(data / "vpico" / "flash.bin")
    assert dirs.screenshots_folder({}) == str(data / "emu" / "screenshots")
    assert dirs.screenshots_folder({"BURAKO_SCREENSHOTS": "/x"}) == "/x"
    folder, lock = emu.link_storage("listen:5000")
    assert folder == str(data / "emu" / "link-listen-5000")
    assert not (home / ".burako").exists()


def test_an_older_burakos_folders_are_still_used(home):
    (home / ".burako" / "emu").mkdir(parents=True)
    assert dirs.emu_storage() == str(home / ".burako" / "emu")
    assert dirs.screenshots_folder({}) == str(home / ".burako" / "emu" / "screenshots")
    # each folder on its own: no old vpico folder, so the new place
    assert dirs.vpico_flash() == str(dirs.data_dir() / "vpico" / "flash.bin")
    (home / ".burako" / "vpico").mkdir()
    assert dirs.vpico_flash() == str(home / ".burako" / "vpico" / "flash.bin")
    # the history never was there: always the data folder
    assert history.history_path().parent == dirs.data_dir()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_DATA_HOME is Linux's")
def test_a_relative_xdg_data_home_is_ignored(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "rel/data")
    assert dirs.data_dir() == home / ".local" / "share" / "burako"


def test_the_help_names_the_data_folder():
    r = subprocess.run([sys.executable, "-m", "host.cli", "vpico", "--help"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "data folder" in r.stdout and "~/.burako/vpico" in r.stdout
