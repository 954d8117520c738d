"""Which text owns which pixels of the glass (tests/test_layout.py, docs/ui.md "Layout").

A Watch sits on one emulated display: every fill_rect and blit takes the pixels it paints away
from whatever text held them, and the Painter's text calls (text(), big(), put() then show())
give the glyph box of their text to that text (numpy, one owner id per pixel). At each frame's
end (check()) every text still shown is looked at:

  - none of its box is its own any more: it was painted over or redrawn whole (gone, fine);
  - all of it: fine;
  - part of it: OVERLAP, another text, a band or a tile took some of its pixels while the rest
    still shows (the culprit named is what last painted on its box).

A text that does not fit its band (wider than the band, the painter cuts it) or runs off the
glass's right edge or bottom is CLIPPED. The glyph box of a text is its character cells (8x8
each, scaled for big()), leading and trailing spaces left out."""
from __future__ import annotations

import numpy as np

OVERLAP = "overlap"
CLIPPED = "clipped"


def screen_of(app):
    """The screen shown, as module.Class (Rummy's screens are all named "rummy")."""
    s = getattr(app, "screen", None) if app is not None else None
    if s is None:
        return "?"
    return type(s).__module__ + "." + type(s).__name__


class Watch:
    def __init__(self, display, label=""):
        self.d = display
        self.label = label
        self.owner = np.zeros((display.height, display.width), np.int32)
        self.live = {}      # id: [text, (x0, y0, x1, y1), area, screen, last culprit]
        self.next = 1
        self.painting = None    # what the display's calls paint now (a text's own band)
        self.app = None
        self.found = {}     # (kind, screen, text, culprit): where it was first seen
        self.where = ""
        self.version = -1
        fill_rect, blit = display.fill_rect, display.blit

        def fill_hook(x, y, w, h, colour):
            fill_rect(x, y, w, h, colour)
            self.paint(x, y, w, h)

        def blit_hook(buf, x, y, w, h):
            blit(buf, x, y, w, h)
            self.paint(x, y, w, h)
        display.fill_rect = fill_hook
        display.blit = blit_hook
        display._layout_watch = self

    # --- what the display and the painter report
    def paint(self, x, y, w, h):
        d = self.d
        x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, d.width), min(y + h, d.height)
        if x1 <= x0 or y1 <= y0:
            return
        self.owner[y0:y1, x0:x1] = 0
        what = self.painting or "a fill or tile"
        for t in self.live.values():
            bx0, by0, bx1, by1 = t[1]
            if bx0 < x1 and x0 < bx1 and by0 < y1 and y0 < by1:
                t[4] = what

    def text_box(self, s, x, y, cell_w, cell_h, limit_x1):
        """A text of len(s) cells at (x, y) given its box (its spaces at the ends left out), the
        box clipped at limit_x1 (its band's end) and at the glass."""
        n = len(s)
        lead = n - len(s.lstrip(" "))
        trail = n - len(s.rstrip(" "))
        if lead == n:
            return
        x0 = x + lead * cell_w
        x1 = min(x + (n - trail) * cell_w, limit_x1, self.d.width)
        y0, y1 = max(y, 0), min(y + cell_h, self.d.height)
        if x1 <= x0 or y1 <= y0:
            return
        i = self.next
        self.next += 1
        self.owner[y0:y1, x0:x1] = i
        self.live[i] = [s, (x0, y0, x1, y1), (x1 - x0) * (y1 - y0), screen_of(self.app), None]

    def clipped(self, s, why):
        self.note(CLIPPED, screen_of(self.app), s, why)

    def note(self, kind, screen, text, other, where=None):
        key = (kind, screen, text, other)
        if key not in self.found:
            self.found[key] = where     # None: the frame check() names next

    # --- at each frame's end
    def check(self, where):
        self.where = where
        for k, v in self.found.items():
            if v is None:
                self.found[k] = where
        if self.d.version == self.version:
            return
        self.version = self.d.version
        owner = self.owner
        for i in list(self.live):
            t = self.live[i]
            x0, y0, x1, y1 = t[1]
            n = int(np.count_nonzero(owner[y0:y1, x0:x1] == i))
            if n == 0:
                del self.live[i]
            elif n < t[2]:
                self.note(OVERLAP, t[3], t[0], t[4], where)
                del self.live[i]    # (said once)


def _watch_of(painter):
    return getattr(painter.d, "_layout_watch", None)


def instrument(gfx):
    """Wrap the Painter class of a freshly imported ui.gfx module (once per module object): its
    text calls tell the display's Watch which text they draw and where."""
    P = gfx.Painter
    if getattr(P, "_layout_wrapped", False):
        return
    P._layout_wrapped = True
    text, big, band, put, show = P.text, P.big, P.band, P.put, P.show
    strip_w = gfx.STRIP_W

    def w_text(self, x, y, w, s, c=gfx.WHITE, bg=gfx.FELT, align=0):
        watch = _watch_of(self)
        if watch is None:
            return text(self, x, y, w, s, c, bg, align)
        watch.painting = s
        try:
            text(self, x, y, w, s, c, bg, align)
        finally:
            watch.painting = None
        w = min(w, strip_w)
        tw = len(s) * 8
        tx = 0
        if align & 3 == 1:
            tx = (w - tw) // 2
        elif align & 3 == 2:
            tx = w - tw
        tx = max(tx, 0)
        if tw > w:
            watch.clipped(s, "wider than its band (%d px > %d)" % (tw, w))
        elif x + tx + len(s.rstrip(" ")) * 8 > watch.d.width:
            watch.clipped(s, "off the glass's right edge")
        if y + 9 > watch.d.height and s.strip():
            watch.clipped(s, "off the glass's bottom")
        watch.text_box(s, x + tx, y + 1, 8, 8, x + w)

    def w_big(self, x, y, s, colour, scale):
        watch = _watch_of(self)
        if watch is None:
            return big(self, x, y, s, colour, scale)
        watch.painting = s
        try:
            big(self, x, y, s, colour, scale)
        finally:
            watch.painting = None
        if x < 0 or x + len(s.rstrip(" ")) * 8 * scale > watch.d.width:
            watch.clipped(s, "off the glass's edge (big)")
        if y + 8 * scale > watch.d.height:
            watch.clipped(s, "off the glass's bottom (big)")
        watch.text_box(s, x, y, 8 * scale, 8 * scale, watch.d.width)

    def w_band(self, bg):
        self._layout_puts = []
        return band(self, bg)

    def w_put(self, x, s, colour):
        if not hasattr(self, "_layout_puts"):
            self._layout_puts = []
        self._layout_puts.append((x, s))
        return put(self, x, s, colour)

    def w_show(self, y):
        watch = _watch_of(self)
        puts = getattr(self, "_layout_puts", [])
        if watch is None:
            return show(self, y)
        watch.painting = " | ".join(s for _, s in puts) or "a band"
        try:
            show(self, y)
        finally:
            watch.painting = None
        for x, s in puts:
            if x < 0 or x + len(s.rstrip(" ")) * 8 > strip_w:
                watch.clipped(s, "off its band")
            watch.text_box(s, x, y + 1, 8, 8, strip_w)
        # texts on one band must not share cells either
        cells = {}
        for x, s in puts:
            n = len(s)
            lead = n - len(s.lstrip(" "))
            trail = n - len(s.rstrip(" "))
            for px in range(x + lead * 8, x + (n - trail) * 8):
                other = cells.get(px)
                if other is not None and other != s:
                    watch.note(OVERLAP, screen_of(watch.app), other, s)
                    break
                cells[px] = s
        # (the painter's strip keeps them till the next band())

    P.text, P.big, P.band, P.put, P.show = w_text, w_big, w_band, w_put, w_show


def attach(app, label=""):
    """A Watch on app's display (kept across Apps made on the same display), the Painter class
    of app's ui.gfx wrapped; returns the Watch."""
    import sys
    instrument(sys.modules["ui.gfx"])
    d = app.painter.d
    watch = getattr(d, "_layout_watch", None)
    if watch is None:
        watch = Watch(d, label)
    watch.app = app
    return watch


def report(found):
    """Findings as sorted lines."""
    out = []
    for (kind, screen, text, other), where in sorted(found.items(), key=lambda kv: tuple(map(str, kv[0]))):
        if kind == OVERLAP:
            out.append("%s: %r overlapped by %r on %s (%s)" % (kind, text, other, screen, where))
        else:
            out.append("%s: %r %s on %s (%s)" % (kind, text, other, screen, where))
    return out


# --------------------------------------------------------------------------- key paths
def path_groups():
    """The golden key paths (tests/golden/scripts) with the language left out: a path recorded
    in the three languages (setup_es, setup_it, setup_en) is one path, run in each."""
    import golden
    groups = {}
    for n in golden.script_names():
        base, _, code = n.rpartition("_")
        if code not in ("es", "it", "en"):
            base, code = n, None
        groups.setdefault(base, {})[code] = n
    return groups


def script_in(group, lang):
    """The script of a path group in language lang: its own recording in that language, else
    another's with every console's language set to lang."""
    import copy
    import golden
    if lang in group:
        return golden.load_script(group[lang])
    script = copy.deepcopy(golden.load_script(next(iter(group.values()))))
    for stage in script["stages"]:
        for opts in stage["opts"]:
            opts["lang"] = lang
    return script


def replay_watched(script, glass, label=""):
    """Replay a golden script on glass with a Watch on each console's display; returns the
    findings {(kind, screen, text, culprit): where first seen}."""
    import golden
    watches = {}
    boot = golden.Console.boot

    def watched_boot(console, opts):
        boot(console, opts)
        if console.app is not None:
            watches[console.index] = attach(console.app)

    def on_frame(run):
        for i, w in watches.items():
            w.check("%s frame %d console %d" % (label, run.frame, i))
        return False

    golden.Console.boot = watched_boot
    try:
        golden.replay(script, glass, on_frame=on_frame)
    finally:
        golden.Console.boot = boot
    found = {}
    for w in watches.values():
        for k, v in w.found.items():
            found.setdefault(k, v)
    return found


# --------------------------------------------------------------------------- scripted states
class _Link:
    """The few members of a link/session.py Link the link screen reads."""

    def __init__(self, **kw):
        self.names = ["", ""]
        self.hidden = None
        self.match_id = None
        self.reason = 0
        self.by_peer = False
        self.downgraded = False
        self.game = None
        self.over = 99
        self.__dict__.update(kw)


class _Cable:
    """The members of a ui/cable.py Cable its LinkScreen reads."""

    def __init__(self, app, game, link, **kw):
        self.app = app
        self.game = game
        self.link = link
        self.play = None
        self.state = 0
        self.note = ""
        self.agreed = False
        self.bar = -1
        self.t0 = app.now
        self.held = 0
        self.ask = False
        self.__dict__.update(kw)


def link_states():
    """(label, game index, link members, cable members) of every link screen a player may see:
    connecting, resuming, dealing (open or hidden, its bar), the other console gone (with the
    names, a refused frame's note), the open deal asked, give up asked, and the link ended with
    each reason, by either console, with a match in play or not."""
    from link import session as s
    out = []
    for g in (0, 1):
        for hidden in (False, True):
            for names in (["", ""], ["ANA", "LUZ"]):
                for note in (None, s.F_ILLEGAL, s.F_NOT_TURN):
                    for state in (s.CONNECTING, s.DEALING, s.PEER_GONE):
                        for mid in (None, 1):
                            link = dict(names=names, hidden=object() if hidden else None, match_id=mid)
                            cable = dict(state=state, note=note, bar=40 if hidden else -1)
                            out.append(("%s hidden=%s names=%s note=%s state=%s match=%s" % (
                                g, hidden, names[1], note, s.STATE_NAMES[state], mid), g, link, cable))
        out.append(("%d asked open" % g, g, dict(downgraded=True), dict(state=s.DEALING)))
        out.append(("%d give up?" % g, g, dict(match_id=1), dict(state=s.PEER_GONE, ask=True)))
        for reason in range(len(s.REASON_NAMES) + 1):       # (+1: a reason newer than the texts)
            for by_peer in (False, True):
                for mid in (None, 1):
                    out.append(("%d ended %d by_peer=%s match=%s" % (g, reason, by_peer, mid), g,
                                dict(reason=reason, by_peer=by_peer, match_id=mid), dict(state=s.ENDED)))
    return out


def scripted_states(glass, lang):
    """Draw every link screen of link_states(), the fault screen (a long error, cut to two lines)
    on a fresh App on glass in lang, each a full redraw; returns the findings."""
    import tempfile
    import golden
    with tempfile.TemporaryDirectory(prefix="layout-") as root, golden.fresh_firmware():
        from emulator import runner
        from emulator.board import EmuBoard, VirtualClock, board_display, board_keys
        from ui.app import App
        from ui import cable as cable_mod
        from ui.fault import Fault
        from ui.games import GAMES
        from ui.lang import tx
        clock = VirtualClock()
        clock.now = 1000
        board = EmuBoard(root, clock=clock, display=board_display(glass), keys=board_keys(glass))
        app = App(board, **runner.app_kwargs({"lang": lang}))
        watch = attach(app)
        now = 1000
        app.step(now)
        watch.check("%s %s title" % (glass, lang))
        for label, g, lk, ck in link_states():
            note = ck.pop("note", None)
            cable = _Cable(app, GAMES[g], _Link(**lk), **ck)
            if note:
                cable.note = tx(cable_mod.T_REFUSED) + tx(cable_mod.T_FRAME + note - 1)
            app.show(cable_mod.LinkScreen(cable))
            now += 33
            app.step(now)
            watch.check("%s %s link screen %s" % (glass, lang, label))
        for error in (ValueError("x"), KeyError("a message long enough to need both of the lines "
                                                "the fault screen gives it, and more")):
            app.show(Fault(app, error))
            now += 33
            app.step(now)
            watch.check("%s %s fault %r" % (glass, lang, error))
        return dict(watch.found)
