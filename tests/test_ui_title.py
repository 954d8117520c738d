"""Issue 37 on the title (ui/title.py) and what it keeps (ui/settings_file.py): the language and
the linked match's deal chosen there are the console's at the next power-on, written to
settings.txt only when one changes (never at power-on, nor for a value chosen again), a damaged
file starts with the defaults, and burraco's own Italian (R12) never overwrites the player's
language; the cable entry where no cable can be opened (the desktop's `burako emu` without
--link) says how to link, and with --link a person at the window picks the deal there; the foot
line names the title's keys; a linked match's top bar says it is linked and how it was dealt."""
import os

import pytest

from emulator.board import FRAME_MS, EmuBoard, ScriptButtons, VirtualClock
from emulator.display import Display
from hal import keys as hal_keys
from hal.storage import Storage
from host.relay import Cable
from link import entropy
from ui import gfx
from ui import lang
from ui import settings_file
from ui import title as ui_title
from ui.app import App
import linkkit
from linkkit import run


class CountingStorage(Storage):
    """The console's storage, counting the files written (every settings write ends in replace)."""
    writes = 0

    def replace(self, tmp, name):
        self.writes += 1
        super().replace(tmp, name)


class Console:
    """An App on an emulated board, keys pressed a frame at a time as a player does, every text
    drawn kept. `cable`: the board has a cable to open (the desktop's --link) rather than the
    plain emulator's NullLink."""

    def __init__(self, folder, cable=False, **kw):
        self.clock = VirtualClock()
        self.clock.now = 1000
        self.board = EmuBoard(str(folder), buttons=ScriptButtons(), clock=self.clock)
        self.board.storage = CountingStorage(str(folder))
        if cable:
            self.board.link = Cable(self.clock).a
        self.kw = kw
        self.power_on()

    def power_on(self, **kw):
        """Off and on again: a new App on the same storage."""
        args = dict(self.kw)
        args.update(kw)
        self.app = App(self.board, **args)
        self.texts = []
        text = self.app.painter.text
        self.app.painter.text = lambda x, y, w, s, *a: self.texts.append(s) or text(x, y, w, s, *a)
        self.press()

    def press(self, *keys):
        for key in keys or (0,):
            self.clock.now += FRAME_MS
            if key:
                self.board.buttons.press(key)
            self.app.step(self.clock.ticks_ms())

    def file(self):
        path = self.board.storage.path(settings_file.FILE)
        return open(path, "rb").read() if os.path.exists(path) else None


@pytest.fixture(autouse=True)
def _spanish_after():
    yield
    lang.use("es")


def test_english_chosen_on_the_title_is_the_language_at_the_next_power_on(tmp_path):
    c = Console(tmp_path)
    assert lang.code() == "es" and c.file() is None         # a new console: Spanish, no file
    c.press(hal_keys.DOWN, hal_keys.RIGHT, hal_keys.RIGHT)                       # Language: < Italiano >, < English >
    assert lang.code() == "en"
    c.power_on()
    assert lang.code() == "en" and "Language: < English >" in c.texts
    assert c.file() == b"lang 2\n"
    c.power_on(lang="es")                                   # an explicit language wins (--lang)
    assert lang.code() == "es"


def test_the_settings_file_is_written_only_when_a_setting_changes(tmp_path):
    c = Console(tmp_path, cable=True)
    c.power_on()
    storage = c.board.storage
    assert storage.writes == 0 and c.file() is None         # power-ons write nothing
    c.press(hal_keys.DOWN, hal_keys.LEFT)                                 # Language: < English > (es -> en)
    assert storage.writes == 1
    c.press(hal_keys.DOWN, hal_keys.RIGHT)                                # the cable entry: the open deal
    assert storage.writes == 2 and c.file() == b"lang 2\nhidden 0\n"
    path = storage.path(settings_file.FILE)
    os.utime(path, (1, 1))
    c.power_on()
    c.power_on()
    assert storage.writes == 2 and os.stat(path).st_mtime == 1
    assert lang.code() == "en" and not c.app.settings.hidden
    settings_file.write(storage, settings_file.LANG, 2)     # a value chosen again
    assert storage.writes == 2 and os.stat(path).st_mtime == 1
    # the file with the three settings: 25 bytes (the figure of docs/ui.md)
    settings_file.write(storage, settings_file.VOLUME, 2)
    assert c.file() == b"lang 2\nhidden 0\nvolume 2\n" and len(c.file()) == 25


@pytest.mark.parametrize("damage", [b"\xff\xfe\x00\x81 lang 2", b"lang 9\nhidden 7\n", b"lang\nhidden -1\n",
                                    b"lang two\n" * 100])
def test_a_damaged_settings_file_starts_with_the_defaults(tmp_path, damage):
    with open(os.path.join(str(tmp_path), settings_file.FILE), "wb") as f:
        f.write(damage)
    c = Console(tmp_path)
    assert lang.code() == "es" and c.app.settings.hidden      # (the desktop deals hidden hands)
    assert c.app.screen.name == "title" and c.board.storage.writes == 0
    c.press(hal_keys.DOWN, hal_keys.RIGHT)                                  # a choice writes a sound file again
    c.power_on()
    assert lang.code() == "it"


def test_burracos_italian_does_not_overwrite_the_players_language(tmp_path):
    """R12: choosing burraco puts Italian on for its set-up and table (burako/setup.py
    language()); the language the player chose on the title stays the saved one."""
    c = Console(tmp_path)
    c.press(hal_keys.DOWN, hal_keys.LEFT)                                   # English
    c.power_on()                                              # English from the start
    c.press(hal_keys.A)                                              # New game: the set-up
    assert c.app.screen.name == "setup"
    c.press(hal_keys.RIGHT, hal_keys.RIGHT)                                 # variant: torneo, burraco
    assert lang.code() == "it" and c.app.settings.auto_it
    c.press(hal_keys.B)                                              # back to the title
    assert c.file() == b"lang 2\n"
    c.power_on()
    assert lang.code() == "en"


def test_the_deal_chosen_on_the_cable_entry_is_kept(tmp_path):
    c = Console(tmp_path, cable=True, lang="en")
    assert c.app.settings.hidden and "Cable 1v1: < Hidden >" in c.texts    # Left/Right: the arrows
    c.press(hal_keys.DOWN, hal_keys.DOWN, hal_keys.LEFT)
    assert not c.app.settings.hidden and "Cable 1v1: < Open >" in c.texts
    c.power_on()
    assert not c.app.settings.hidden and "Cable 1v1: < Open >" in c.texts
    c.power_on(hidden=True)                                   # the emulator's --hidden wins
    assert c.app.settings.hidden


def test_the_desktops_cable_entry_without_link_says_how_to_link(tmp_path):
    """A plain `burako emu` (emulator/board.py NullLink: no other console can ever answer):
    the cable entry says how to link, A leaves the title as it is, Left/Right change nothing."""
    c = Console(tmp_path, lang="en")
    assert "Cable: burako emu --link" in c.texts and "Cable 1v1: < Hidden >" not in c.texts
    c.press(hal_keys.DOWN, hal_keys.DOWN, hal_keys.A, hal_keys.RIGHT, hal_keys.A)
    assert c.app.screen.name == "title" and c.app.cable is None
    assert c.app.settings.hidden and c.file() is None
    for code in lang.LANGS:
        lang.use(code)
        assert "burako emu --link" in lang.t(lang.CABLE_DESKTOP)


def test_link_at_the_window_opens_the_title_on_the_cable_entry(tmp_path):
    """`burako emu --link` for a person at the window (host/emu.py app_options: at_cable): the
    title, its cable entry chosen, the deal picked with Left/Right, A opens the cable with it;
    scripts (--headless) open the cable at once as before."""
    c = Console(tmp_path, cable=True, lang="en", link=True, at_cable=True)
    title = c.app.screen
    assert title.name == "title" and c.app.cable is None
    assert title.row + (0 if title.has_save else 1) == ui_title.CABLE
    c.press(hal_keys.RIGHT, hal_keys.A)
    assert c.app.screen.name == "link" and c.app.cable.link.hidden is None      # the open deal
    from host.args import OneLineParser
    from host import emu
    parser = emu.configure(OneLineParser(prog="burako emu"))
    for argv, at_cable in ((["--link", "5000"], True), (["--link", "5000", "--headless"], False),
                           (["--link", "5000", "--autoplay"], False), (["--link", "5000", "--new"], False)):
        args = parser.parse_args(argv)
        args.link_end = object()
        opts = emu.app_options(args)
        assert opts["link"] and opts["at_cable"] == at_cable and opts["lang"] is None, argv


@pytest.mark.parametrize("code", lang.LANGS)
def test_the_title_foot_names_its_keys(tmp_path, code):
    c = Console(tmp_path, lang=code)
    d = c.board.display
    want = Display(d.width, d.height)
    legend = lang.t(lang.H_TITLE)
    gfx.Painter(want).text(0, d.height - 14, d.width, legend, gfx.GREY, gfx.FELT_DARK, 1 | gfx.CAPS)
    stride = d.width * 2
    band = slice((d.height - 14) * stride, (d.height - 4) * stride)
    assert d.pixels[band] == want.pixels[band]
    assert legend.startswith("A:") and "<>:" in legend and "A/B/X/Y" not in legend
    assert len(legend) <= 30


class Linked(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, target=300, link=True, lang="en")

    def booted(self):
        self.bars = []
        put = self.app.painter.put
        self.app.painter.put = lambda x, s, colour: self.bars.append((x, s)) or put(x, s, colour)


def bar_off_turn(console, tmp_path, monkeypatch, hidden, bound):
    """Two consoles of class `console` on the cable (the deal hidden or open) once `bound(c)` holds
    for both: the top bar's texts, (x, text), of the one not to move (the other's bar is lit and
    says "Your turn" in the tag's place)."""
    import random
    r = random.Random(37)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))
    a, b, clock, cable = linkkit.pair(console, tmp_path, kw_a={"hidden": hidden}, kw_b={"hidden": hidden})
    run(a, b, clock, lambda: all(c.app.cable is not None and c.app.cable.play is not None and bound(c)
                                 for c in (a, b)))
    off = []
    for c in (a, b):
        c.bars.clear()
        c.app.redraw()
        c.step()
        if not any(s == "Your turn" for x, s in c.bars):
            off.append(list(c.bars))
    assert len(off) == 1
    return off[0]


@pytest.mark.parametrize("hidden, tag", [(False, "Cable H1"), (True, "Hidden H1")])
def test_a_linked_matchs_top_bar_says_cable_and_the_deal(tmp_path, monkeypatch, hidden, tag):
    bars = bar_off_turn(Linked, tmp_path, monkeypatch, hidden, lambda c: c.app.cable.play.game.phase > 0)
    tags = [(x, s) for x, s in bars if s == tag]
    assert tags, bars
    scores_end = max(x + len(s) * 8 for x, s in bars if s != tag)
    assert tags[0][0] > scores_end and tags[0][0] + len(tag) * 8 <= 240    # beside the scores


class LinkedRummy(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, variant="rummy", link=True, lang="en")

    def booted(self):
        self.bars = []
        text = self.app.painter.text
        self.app.painter.text = lambda x, y, w, s, *a: (y == 1 and self.bars.append((x, s))) or text(x, y, w, s, *a)


@pytest.mark.parametrize("hidden, tag", [(False, "Cable H1"), (True, "Hidden H1")])
def test_a_linked_rummy_matchs_top_bar_says_cable_and_the_deal(tmp_path, monkeypatch, hidden, tag):
    """Rummy israelí's own top bar (rummy/table.py): the deal and the hand before the stock's count."""
    bars = bar_off_turn(LinkedRummy, tmp_path, monkeypatch, hidden, lambda c: True)
    right = [(x, s) for x, s in bars if s == tag]
    assert right, bars
    count = [(x, s) for x, s in bars if x > right[0][0]]       # the stock's count, right of it
    assert count and count[0][1].split()[-1].isdigit(), bars
    scores_end = max(x + len(s) * 8 for x, s in bars if x < right[0][0])
    assert right[0][0] >= scores_end and count[0][0] + len(count[0][1]) * 8 <= 240


def test_link_at_the_window_for_rummy_opens_its_cable_at_once(tmp_path):
    """The title's cable entry is the Burako family's: Rummy's link (chosen in its set-up's J2
    row on a console) opens at once under `burako emu --variant rummy --link`."""
    c = Console(tmp_path, cable=True, lang="en", variant="rummy", link=True, at_cable=True)
    assert c.app.screen.name == "link" and c.app.cable is not None
