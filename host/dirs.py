"""Where burako keeps a user's files: one data folder, from platformdirs
(~/.local/share/burako on Linux, ~/Library/Application Support/burako on macOS,
%LOCALAPPDATA%\\burako on Windows), holding the score history (history.sqlite), the
emulator's files (emu/: the device's files, screenshots/) and the virtual Pico's (vpico/:
flash.bin). An older burako kept the emulator's and the virtual Pico's files in ~/.burako/emu
and ~/.burako/vpico: such a folder, when it exists, is still the one used (its saves, score
log and flash image stay where the player left them)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "burako"
LEGACY = ".burako"      # ~/.burako: where older versions kept the emulator's and virtual Pico's folders


def data_dir() -> Path:
    """The user's data folder for burako (platformdirs: ~/.local/share/burako, or
    $XDG_DATA_HOME/burako when that is an absolute path, as the XDG spec asks; macOS
    ~/Library/Application Support/burako; Windows %LOCALAPPDATA%\\burako)."""
    import platformdirs

    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg is not None and not os.path.isabs(xdg) and sys.platform not in ("win32", "darwin"):
        return Path.home() / ".local" / "share" / APP     # a relative XDG_DATA_HOME is ignored
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def user_folder(name: str) -> Path:
    """The folder `name` (emu, vpico) of the user's burako files: ~/.burako/NAME when an
    older burako made it, else NAME in data_dir()."""
    old = Path.home() / LEGACY / name
    if old.is_dir():
        return old
    return data_dir() / name


def emu_storage() -> str:
    """`burako emu`'s device files when no --storage is given (a person in the window)."""
    return str(user_folder("emu"))


def screenshots_folder(env=None) -> str:
    """Where the emulator's F12 puts screenshots: $BURAKO_SCREENSHOTS, else screenshots/ in
    the emulator's folder (emu_storage)."""
    env = os.environ if env is None else env
    if env.get("BURAKO_SCREENSHOTS"):
        return env["BURAKO_SCREENSHOTS"]
    return os.path.join(emu_storage(), "screenshots")


def vpico_flash() -> str:
    """`burako vpico`'s flash image when no --flash is given."""
    return str(user_folder("vpico") / "flash.bin")
