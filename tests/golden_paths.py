"""The plans that wrote the golden key scripts (tests/golden/scripts/, tests/golden.py): what each
path shows, and the code that chose its keys. Run only by `python tests/golden.py plan NAME`,
never by the tests: a plan reads today's game state (whose turn it is, where a tile lies in the
rack, when a linked match is under way) to choose keys and the frames of its events, and writes
them down as plain data; the replay needs none of it. A refactor may break this module without
harm (the scripts stay); fix it only to plan a new path.

A plan returns (script, driver). The script's stages give each console's App options
(runner.app_kwargs) and any keys known beforehand; the driver, a generator of instructions
(keys to press when the console next waits for its player, conditions to wait for, events),
adds the rest as the plan runs (on the 240x240 glass), and its keys and events are stored."""
from __future__ import annotations

import os
import tempfile

from golden import (GLASSES, SCRIPTS, Run, dump, fresh_firmware, load_script, parse_keys, replay,
                    script_digest, seed_entropy)

PLANS = {}
LANGS = ("es", "it", "en")


def plan(name):
    def deco(fn):
        PLANS[name] = fn
        return fn
    return deco


# --------------------------------------------------------------------------- instructions
class Keys:
    """Press `text` (emulator key names) on console i, one key a frame in which it waits for
    its player; the next instruction comes once all are pressed and it waits again (or, with
    wait=False, once all are pressed)."""

    def __init__(self, i, text, note="", wait=True):
        self.i, self.text, self.note, self.wait = i, text, note, wait


class Until:
    """Wait (frames go by) until cond(run) holds."""

    def __init__(self, cond, most=60000):
        self.cond, self.most = cond, most


class Frames:
    def __init__(self, n):
        self.n = n


class Event:
    """An event now (golden.Run.event): ("press", i, "Y"), ("cut",), ("plug",), ("boot", i)."""

    def __init__(self, *args):
        self.args = args


class Bot:
    """A bot plays console i's player (its next(app) -> (keys, note) or None) until
    until(run) holds, or until it has nothing to press while the console waits."""

    def __init__(self, i, bot, until=None):
        self.i, self.bot, self.until = i, bot, until


def key_text(mask):
    from hal import keys as hal_keys
    if not mask:
        return "WAIT"
    return "+".join(n for b, n in enumerate(hal_keys.NAMES) if mask >> b & 1)


class Background(Bot):
    """A bot that plays alongside the instructions that follow (until until(run) holds)."""


class Driver:
    """Runs a plan's generator of instructions, frame by frame (golden.Run calls it before each
    frame's keys); keeps a note per pressed key run for the stored script."""

    def __init__(self, gen, peer=None):
        self.gen = gen
        self.background = []
        self.peer = peer
        self.notes = {}
        self.cur = None
        self.count = 0
        self.ending = None
        self.run = None

    def peer_step(self, run, console):
        self.peer(run, console)

    def push(self, run, i, text, note=""):
        c = run.consoles[i]
        stage = run.script["stages"].index(run.stage)
        masks = parse_keys(text)
        if note:
            self.notes[(stage, i, len(c.feed.keys))] = note
        c.feed.keys.extend(masks)

    def consumed(self, run, i):
        f = run.consoles[i].feed
        return f.i >= len(f.keys)

    def idle(self, run, i):
        return self.consumed(run, i) and run.consoles[i].app.waiting()

    def __call__(self, run):
        self.run = run
        for b in list(self.background):
            if b.until is not None and b.until(run):
                self.background.remove(b)
            elif self.idle(run, b.i):
                k = b.bot.next(run.consoles[b.i].app)
                if k is not None:
                    self.push(run, b.i, k[0], k[1])
        while True:
            if self.ending is not None:
                if all(self.consumed(run, c.index) for c in run.consoles if c.kind == "app"):
                    self.ending -= 1
                if self.ending <= 0:
                    run.event("end")
                return
            x = self.cur
            if x is not None:
                if isinstance(x, Keys):
                    if not self.consumed(run, x.i) or (x.wait and not run.consoles[x.i].app.waiting()):
                        return
                elif isinstance(x, Until):
                    if not x.cond(run):
                        self.count += 1
                        if self.count > x.most:
                            raise RuntimeError("waited %d frames in vain" % x.most)
                        return
                elif isinstance(x, Frames):
                    if self.count < x.n:
                        self.count += 1
                        return
                elif isinstance(x, Bot):
                    if x.until is not None and x.until(run):
                        pass
                    elif not self.idle(run, x.i):
                        return
                    else:
                        k = x.bot.next(run.consoles[x.i].app)
                        if k is not None:
                            self.push(run, x.i, k[0], k[1])
                            return
                self.cur = None
            try:
                x = next(self.gen)
            except StopIteration:
                self.ending = 4
                continue
            self.count = 0
            if isinstance(x, Keys):
                self.push(run, x.i, x.text, x.note)
            elif isinstance(x, Background):
                self.background.append(x)
                continue
            elif isinstance(x, Event):
                run.event(*x.args)
                continue
            self.cur = x

    def keys_text(self, run, c):
        if c.kind != "app":
            return []
        stage = run.script["stages"].index(run.stage)
        masks = list(c.feed.keys)
        while masks and not masks[-1] and (stage, c.index, len(masks) - 1) not in self.notes:
            masks.pop()         # the WAITs after the last key: the replay's feeder stops there
        lines, cur = [], []
        note = None

        def flush():
            words, k = [], 0
            while k < len(cur):
                j = k
                while j < len(cur) and cur[j] == cur[k]:
                    j += 1
                words += [cur[k]] * (j - k) if j - k < 3 else ["%s*%d" % (cur[k], j - k)]
                k = j
            lines.append(",".join(words) + ("  # " + note if note else ""))

        for k, mask in enumerate(masks):
            n = self.notes.get((stage, c.index, k))
            if n is not None and cur:
                flush()
                cur = []
            if n is not None:
                note = n
            cur.append(key_text(mask))
        if cur:
            flush()
        return lines


def make(name):
    """Plan `name`: run it on the 240x240 glass, write its script, then check that the script
    alone replays the same frames there, and runs on the other glass too."""
    script, gen_fn = PLANS[name]()
    script.setdefault("entropy", 1)
    for st in script["stages"]:
        st.setdefault("keys", [[] for _ in range(script["consoles"])])
        st["keys"] = [k.split("\n") if isinstance(k, str) else list(k) for k in st["keys"]]
    with tempfile.TemporaryDirectory(prefix="golden-plan-") as root, fresh_firmware():
        seed_entropy(script["entropy"])
        driver = None
        if gen_fn is not None:
            holder = {}
            peer = getattr(gen_fn, "peer", None)
            driver = Driver(_lazy(gen_fn, holder), peer)
            holder["driver"] = driver
        run = Run(script, GLASSES[0], root, driver=driver)
        if driver is not None:
            holder["run"] = run
        run.execute()
        planned = [c.changes for c in run.consoles]
        check = getattr(gen_fn, "check", None)
        if check is not None:
            check(run)
    os.makedirs(SCRIPTS, exist_ok=True)
    with open(os.path.join(SCRIPTS, name + ".json"), "w") as f:
        dump(script, f)
    script = load_script(name)
    again = replay(script, GLASSES[0])
    got = [c.changes for c in again.consoles]
    if got != planned:
        raise AssertionError("%s: the script does not replay its plan (frames %d vs %d)" % (
            name, again.frame, run.frame))
    other = replay(script, GLASSES[1])
    print("%s: %d frames (%s), %d on %s; script %s" % (
        name, again.frame, ", ".join(str(len(c)) for c in got), other.frame, GLASSES[1], script_digest(script)))


def _lazy(gen_fn, holder):
    # the plan's generator gets the Run (made after the driver)
    yield Frames(0)
    yield from gen_fn(holder["run"])


# --------------------------------------------------------------------------- key helpers
def moves_to(cur, target, n):
    """LEFT/RIGHT presses from rack index cur to target (n tiles: the racks' cursors stop at
    their ends, Burako's since issue 37)."""
    if target == cur:
        return []
    return ["RIGHT"] * (target - cur) if target > cur else ["LEFT"] * (cur - target)


def select_keys(table, ts):
    """Keys that leave exactly tiles ts (a multiset) selected on the Burako rack (table: the
    table screen, burako/table.py), and the rack cursor where they leave it."""
    r = table.rack()
    sel = table.selection
    n = len(r)
    want = list(ts)
    chosen = []
    # keep tiles already selected when they are wanted
    for i in range(n):
        if sel[i] & 1 and r[i] in want:
            want.remove(r[i])
            chosen.append(i)
    for i in range(n):
        if not sel[i] & 1 and r[i] in want and i not in chosen:
            want.remove(r[i])
            chosen.append(i)
    assert not want, "tiles not in the rack"
    toggles = sorted([i for i in range(n) if sel[i] & 1 and i not in chosen] +
                     [i for i in chosen if not sel[i] & 1])
    keys = []
    cur = table.cursor
    # visit in order of distance along the rack from the cursor
    for i in toggles:
        keys += moves_to(cur, i, n) + ["A"]
        cur = i
    return keys, cur


# the table's menu (burako/table.py MENU) offers Hint on your turn only and the redraw only while
# R3.2 allows it, so the rows after them are reached from the end (Up from the first goes round
# to the last): ..., sort, clear, opponents', log, pace, save and quit. Sort is a value row (A
# changes it, B closes the menu): from the deal's order A is by colour, again by number
MENU_CLEAR = "X,UP,UP,UP,UP,UP,A"
MENU_HINT = "X,DOWN,A"
MENU_REDRAW = "X,DOWN,DOWN,A"
MENU_SORT_COLOUR = "X,UP,UP,UP,UP,UP,UP,A,B"
MENU_SORT_NUMBER = MENU_SORT_COLOUR
MENU_OPPONENTS = "X,UP,UP,UP,UP,A"
MENU_LOG = "X,UP,UP,UP,A"
MENU_QUIT = "X,UP,A"


class BurakoBot:
    """Plays the Burako seats of the console's people: each move chosen by an AI of `level`
    (ai.make) and pressed as a person would (select the tiles, lay, add, swap, discard twice);
    a move the table refuses falls back to a legal discard. Counts the kinds it pressed."""

    def __init__(self, level=3):
        self.level = level
        self.ais = {}
        self.last = None
        self.kinds = {}

    def next(self, app):
        from engine import codec
        from engine import game
        from engine import melds

        screen = app.screen.name
        if screen == "handoff":
            return "A", "hand-off: the next person shows the rack"
        if screen == "handend":
            return "A", "end of the hand: deal the next"
        if screen != "game":
            return None
        v = app.screen                  # the table screen (burako/table.py) owns the view
        g = v.play.game
        if v.focus:
            return "B", "back to the rack"
        seat = g.turn
        if seat not in self.ais:
            from ai import make
            self.ais[seat] = make(self.level, seat)
        pos = (codec.encode(g), bytes(v.selection), v.cursor)
        refused = v.error or pos == self.last
        self.last = pos
        ph = g.phase
        if ph == game.P_EMPTY or ph == game.P_EMPTY_DISCARD:
            kind = game.CLOSE if g.taken[game.side_of(seat)] else game.MUERTO
            self._count(kind)
            return "A", "rack empty: " + ("close" if kind == game.CLOSE else "take the muerto")
        if ph == game.P_DRAW:
            if refused:
                return "A", "draw from the stock"
            mv = self.ais[seat].choose(g)
            if mv is not None and mv[0] == game.PILE:
                self._count(game.PILE)
                return "B", "take the pile"
            self._count(game.DRAW)
            return "A", "draw from the stock"
        mv = None if refused else self.ais[seat].choose(g)
        if mv is None or mv[0] not in (game.MELD, game.ADD, game.SWAP, game.DISCARD, game.REDRAW):
            keys = [MENU_CLEAR] if any(s & 1 for s in v.selection) else []
            mv = next(m for m in g.legal_moves() if m[0] == game.DISCARD)
            r = v.rack()
            i = bytes(r).index(mv[2][0])
            keys += moves_to(v.cursor, i, len(r)) + ["B", "B"]
            self._count(game.DISCARD)
            return ",".join(keys), "discard %s (fallback)" % _tile(g, mv[2][0])
        kind = mv[0]
        self._count(kind)
        if kind == game.REDRAW:
            return MENU_REDRAW, "menu: redraw"
        if kind == game.DISCARD:
            r = v.rack()
            i = bytes(r).index(mv[2][0])
            return ",".join(moves_to(v.cursor, i, len(r)) + ["B", "B"]), "discard %s" % _tile(g, mv[2][0])
        keys, _ = select_keys(v, mv[2])
        what = " ".join(_tile(g, t) for t in mv[2])
        if kind == game.MELD:
            return ",".join(keys + ["Y"]), "lay " + what
        keys += ["UP"] + ["DOWN"] * mv[1]
        if kind == game.SWAP:
            return ",".join(keys + ["PRESS"]), "swap %s into meld %d" % (what, mv[1] + 1)
        low = mv[3] == melds.END_LOW
        return ",".join(keys + ["Y" if low else "A"]), "add %s to meld %d%s" % (what, mv[1] + 1, " (low end)" if low else "")

    def _count(self, kind):
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


def _tile(g, t):
    from engine import tiles
    return tiles.to_text(t, g.rules.cards)


class RummyBot:
    """Plays Rummy israelí's people: draw, then lay new melds from the rack (the solver without
    rearranging or adding: melds the workbench builds tile by tile from the rack into its
    "+ new meld" row), else pass; a play the bench refuses is undone and passed."""

    def __init__(self):
        self.plays = 0
        self.passes = 0
        self.tried = None

    def next(self, app):
        from rummy import rules
        from rummy import solve

        mode = getattr(app.screen, "mode", None)   # a Rummy screen's (rummy/table.py, ends.py)
        if mode == "handoff":
            return "A", "hand-off: the next person shows the rack"
        if mode == "handend":
            return "A", "end of the hand: deal the next"
        if mode != M_PLAY:
            return None
        m = app.screen                  # the table screen owns the view (the bench, the cursors)
        g = m.play.game
        if app.cable is not None and not app.cable.link.my_turn():
            return "WAIT", ""       # (hidden hands: a drawn tile still on its way)
        if g.phase == rules.P_DRAW:
            return "A", "draw"
        if g.phase != rules.P_PLAY:
            return None
        if m.focus == 2:
            return "B", "menu closed"
        b = m.bench
        key = (bytes(g.racks[g.turn]), tuple(bytes(x) for x in g.table))
        if self.tried == key:
            self.passes += 1
            return "X,A,X,DOWN,A", "refused: undo all, pass"
        if m.focus == 1:
            return "B", "back to the rack"
        p = g.turn
        s = solve.solve(g.table, g.racks[p], g.exposed[p], rules.NO_TILE, solve.NODES, False, False)
        if s is None:
            self.passes += 1
            return "X,DOWN,A", "menu: pass"
        new = [bytes(x) for x in s[0]]
        for old in g.table:
            new.remove(bytes(old))
        rack = bytearray(b.rack)
        cur = m.cursor
        keys = []
        for meld in new:
            for t in reversed(meld):
                i = rack.index(t)
                keys += moves_to(cur, i, len(rack)) + ["A"]
                rack[i:i + 1] = b""
                cur = min(i, len(rack) - 1) if rack else 0
            keys += ["UP"] + ["A"] * len(meld) + ["B"]
        self.tried = key
        self.plays += 1
        from engine import tiles
        return ",".join(keys + ["Y"]), "lay " + " | ".join(tiles.list_text(x) for x in new)


# --------------------------------------------------------------------------- the plans
def _opts(**kw):
    # the open deal unless a path asks for hidden hands: hidden hands became the default where the
    # firmware deals them (issue 33) after most paths were recorded, and their scripts pin it
    o = {"hidden": False, "seed": 1, "ai_ms": 0}
    o.update(kw)
    return o


def _single(about, opts, keys="", files=None, entropy=1):
    s = {"about": about, "consoles": 1, "entropy": entropy,
         "stages": [{"opts": [opts], "keys": [keys]}]}
    if files:
        s["files"] = [{"console": 0, "name": n, "source": src} for n, src in files]
    return s


def _screen(run, i=0):
    return run.consoles[i].app.screen.name


def _burako(app):
    """The Burako match's Play (burako/play.py), the console's one table's (None before one)."""
    table = app.kept.get("burako")
    return None if table is None else table.play


def _table(app):
    """The console's one Burako table screen (burako/table.py)."""
    return app.kept["burako"]


for _lang in LANGS:
    def _setup_tour(lang=_lang):
        script = _single("title and set-up, every row and value, the names list and editor (%s)" % lang,
                         _opts(lang=lang), files=[("names.txt", "files/names8.txt")])

        def gen(run):
            yield Keys(0, "DOWN,DOWN", "title: the rows")
            yield Keys(0, "RIGHT,LEFT", "cable entry: hidden deal on, off")
            yield Keys(0, "DOWN,DOWN,A", "rummy row, wrap to New, open the set-up")
            yield Keys(0, "RIGHT,RIGHT", "variant: torneo, burraco (Italian unless changed)")
            yield Keys(0, "DOWN,A", "players: 4")
            yield Keys(0, "DOWN,X", "J1: the names list")
            yield Keys(0, "DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,UP", "the list scrolls")
            yield Keys(0, "DOWN,A", "No name")
            yield Keys(0, "PRESS,A", "the list again; New name")
            yield Keys(0, "DOWN,DOWN,RIGHT,UP,UP,RIGHT,DOWN,LEFT,B", "three letters, back to the list")
            yield Keys(0, "A,DOWN,RIGHT,UP,A", "the letters again, confirmed")
            yield Keys(0, "DOWN,A,A", "J2: AI to person and back")
            yield Keys(0, "A,X,DOWN,A", "J2 a person: a recent name")
            yield Keys(0, "DOWN,DOWN,A", "J4: an AI")
            yield Keys(0, "DOWN,RIGHT,RIGHT,RIGHT,RIGHT,LEFT", "level 3, 4, 1, 2, 1")
            yield Keys(0, "DOWN" + ",RIGHT" * 9 + ",LEFT", "target: each value, the rounds of hands")
            yield Keys(0, "DOWN,UP", "Start, and back")
            for _ in range(7):
                yield Keys(0, "UP")
            yield Keys(0, "LEFT,LEFT", "variant: torneo (two players), burako")
            yield Keys(0, "B", "back to the title")
            yield Keys(0, "DOWN,RIGHT,RIGHT,RIGHT,LEFT,A", "language: every one, and back")
        return script, gen
    plan("setup_" + _lang)(_setup_tour)


def _table_seed():
    from uikit import meld_seed
    return meld_seed()[0]


for _lang in LANGS:
    def _table_tour(lang=_lang):
        seed = _table_seed()
        script = _single("the table: meld lists, every menu row, refusals, a meld, discard, pile, "
                         "hint, sorts, save and continue (%s)" % lang, _opts(seed=seed, lang=lang))
        bot = BurakoBot(3)

        def gen(run):
            from ai.basic import find_meld
            from engine import game
            app = run.consoles[0].app
            yield Keys(0, "A,UP,A", "title: New; set-up: Start (J1 a person, J2 the AI)")
            yield Keys(0, "Y", "lay before drawing: refused")
            yield Keys(0, "UP,DOWN,UP,RIGHT,LEFT,B", "the meld lists: ours (none), the opponents', back")
            yield Keys(0, "X" + ",DOWN" * 8 + ",UP,B", "the menu: every row, closed")
            yield Keys(0, "X,DOWN,DOWN,B", "menu: no redraw before drawing (Sort in its row), closed")
            yield Keys(0, "A", "draw")
            yield Keys(0, "RIGHT" + ",RIGHT" * 14 + ",LEFT,LEFT,LEFT", "the cursor along the rack, scrolling")
            r = _table(app).rack()
            yield Keys(0, "A,RIGHT,A,Y", "two tiles laid: refused")
            yield Keys(0, MENU_CLEAR, "menu: clear the selection")
            yield Keys(0, "Y", "lay with nothing selected")
            yield Keys(0, MENU_HINT, "menu: hint")
            yield Keys(0, MENU_SORT_COLOUR, "menu: sort by colour")
            yield Keys(0, MENU_SORT_NUMBER, "menu: sort by number")
            yield Keys(0, MENU_CLEAR, "menu: clear the selection")
            ts = find_meld(_table(app).rack(), True)
            keys, _ = select_keys(_table(app), ts)
            yield Keys(0, ",".join(keys + ["Y"]), "lay a meld")
            assert _burako(app).game.melds[0], "the meld was not laid"
            yield Keys(0, "UP,A,B", "our meld: add with nothing selected, back")
            g = _burako(app).game
            mv = next(m for m in g.legal_moves() if m[0] == game.DISCARD)
            r = _table(app).rack()
            i = bytes(r).index(mv[2][0])
            yield Keys(0, ",".join(moves_to(_table(app).cursor, i, len(r)) + ["B"]), "discard asks")
            yield Keys(0, "RIGHT,LEFT,B,B", "a move cancels it; asked again, discarded")
            yield Until(lambda run: app.waiting() and _burako(app).game.turn == 0)
            yield Keys(0, "B", "take the pile")
            yield Keys(0, MENU_OPPONENTS, "menu: the opponents' melds")
            yield Keys(0, "A,DOWN,B", "add to theirs: refused; back")
            yield Keys(0, MENU_LOG + ",DOWN", "menu: the hand's log, scrolled")
            yield Keys(0, "B", "the log closed")
            yield Bot(0, bot, until=lambda run: len(_burako(app).game.stock) < 30 or _burako(app).game.hand > 1)
            yield Keys(0, MENU_QUIT, "menu: save and quit")
            yield Keys(0, "A", "title: continue")
            yield Bot(0, bot, until=lambda run: _burako(app).game.phase == game.P_PLAY and _burako(app).game.turn == 0)
            yield Keys(0, MENU_HINT, "menu: hint")
            yield Keys(0, MENU_QUIT, "menu: save and quit")
        return script, gen
    plan("table_" + _lang)(_table_tour)


def _game(run, i=0):
    return _burako(run.consoles[i].app).game


def _matchend(run, i=0):
    return run.consoles[i].app.screen.name == "matchend"


for _lang in ("es",):       # its texts in it and en: burraco_it, burraco4p_en, torneo_en
    def _match_4p(lang=_lang):
        script = _single("4 players in pairs, J1 (ANA) and J3 (LUZ) people on one console (hand-offs), "
                         "J2 and J4 the AI, target 1500: every move pressed, the muerto, closing, each "
                         "hand's end, the match end with the names (%s)" % lang, _opts(seed=5, lang=lang),
                         files=[("names.txt", "files/names8.txt")])
        bot = BurakoBot(3)

        def gen(run):
            yield Keys(0, "A,DOWN,A", "New; 4 players")
            yield Keys(0, "DOWN,X,DOWN,A", "J1: ANA")
            yield Keys(0, "DOWN,DOWN,X,DOWN,DOWN,A", "J3: LUZ")
            yield Keys(0, "DOWN,A", "J4: the AI (J2 is)")
            yield Keys(0, "DOWN,DOWN,LEFT,DOWN,A", "target 1500; Start")
            yield Bot(0, bot, until=lambda run: _matchend(run))
            yield Keys(0, "A", "match end: to the title")

        def check(run):
            from engine import game
            assert bot.kinds.get(game.MUERTO) and bot.kinds.get(game.CLOSE), bot.kinds
        gen.check = check
        return script, gen
    plan("match4p_" + _lang)(_match_4p)


@plan("passplay_it")
def _pass_and_play():
    script = _single("two people on one console: the hand-off before each turn; save, quit, continue "
                     "(the hand-off again), the pile taken (it)", _opts(seed=7, lang="it"))
    bot = BurakoBot(2)

    def gen(run):
        app = run.consoles[0].app
        yield Keys(0, "A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A", "New; J2 a person; Start")
        yield Bot(0, bot, until=lambda run: len(_burako(app).game.stock) < 44)
        yield Until(lambda run: app.waiting() and app.screen.name == "game" and _burako(app).game.phase == 1)
        yield Keys(0, MENU_QUIT, "menu: save and quit")
        yield Keys(0, "A", "continue: the hand-off first")
        yield Bot(0, bot, until=lambda run: len(_burako(app).game.stock) < 36)
        yield Until(lambda run: app.waiting() and app.screen.name == "game")
        yield Keys(0, MENU_QUIT, "menu: save and quit")
    return script, gen


@plan("burraco_it")
def _burraco_round():
    script = _single("burraco (cards, pozzetto, Italian): a round of one hand, J1 a person against "
                     "level 4; the hand's end, the match end with MP and VP", _opts(seed=3, lang="it"))
    bot = BurakoBot(3)

    def gen(run):
        yield Keys(0, "A,RIGHT,RIGHT", "New; burraco")
        yield Keys(0, "DOWN,DOWN,DOWN,DOWN,RIGHT,RIGHT", "level 4")
        yield Keys(0, "DOWN,RIGHT,RIGHT,RIGHT", "a round of one hand (Smazzate 1)")
        yield Keys(0, "DOWN,A", "Start")
        yield Keys(0, MENU_HINT, "menu: hint, in cards")
        yield Bot(0, bot, until=lambda run: _matchend(run))
        yield Keys(0, "A", "match end: to the title")
    return script, gen


@plan("burraco4p_en")
def _burraco_4p():
    script = _single("burraco 4 players in English (chosen on the title: pozzetto, clean/dirty), all "
                     "four seats the AI, a round of two hands watched to its end", _opts(seed=2, lang="es"))

    def gen(run):
        app = run.consoles[0].app
        yield Keys(0, "DOWN,LEFT,UP", "title: English")
        yield Keys(0, "A,RIGHT,RIGHT,DOWN,A", "New; burraco (stays English); 4 players")
        yield Keys(0, "DOWN,A,DOWN,DOWN,A,DOWN,A", "J1, J3, J4 the AI")
        yield Keys(0, "DOWN,DOWN" + ",LEFT" * 6, "a round of two hands")
        yield Keys(0, "DOWN,A", "Start")
        while True:
            yield Until(lambda run: app.waiting())
            if _matchend(run):
                break
            yield Keys(0, "A", "the next hand")
        yield Keys(0, "A", "match end: to the title")
    return script, gen


@plan("torneo_en")
def _torneo():
    script = _single("torneo watched: both seats the AI, level 3, the closed pile, each hand's "
                     "end (A), the match end, back to the title (en)", _opts(seed=4, lang="en"))

    def gen(run):
        app = run.consoles[0].app
        yield Keys(0, "A,RIGHT,DOWN,DOWN,A", "New; torneo; J1 the AI")
        yield Keys(0, "DOWN,DOWN,RIGHT,DOWN,DOWN,A", "level 3; Start")
        while True:
            yield Until(lambda run: app.waiting())
            if _matchend(run):
                break
            yield Keys(0, "A", "the next hand")
        yield Keys(0, "A", "match end: to the title")
    return script, gen


for _lang in LANGS:
    def _bad_save(lang=_lang):
        script = _single("a damaged burako.sav: the title offers Continue, which says the save is "
                         "damaged (%s)" % lang, _opts(lang=lang), files=[("burako.sav", "files/damaged.sav")])

        def gen(run):
            yield Keys(0, "DOWN,UP,A", "Continue: damaged")
            yield Keys(0, "DOWN,DOWN", "the title without it")
        return script, gen
    plan("badsave_" + _lang)(_bad_save)


def _rummy(run, i=0):
    """The Rummy match's Play (rummy/play.py), the console's one Rummy table's (None before one)."""
    table = run.consoles[i].app.kept.get("rummy")
    return None if table is None else table.play


def _rummy_mode(run, i=0):
    """The Rummy screen's mode ("setup", "play", "handoff", "handend", "matchend", "load"; None
    on any other screen)."""
    return getattr(run.consoles[i].app.screen, "mode", None)


for _lang in LANGS:
    def _rummy_tour(lang=_lang):
        script = _single("Rummy israeli: the set-up's rows and values (J2: AI, person, hidden, cable), "
                         "a one-hand match: the workbench (picks, a broken meld and its reason, the "
                         "menu's rows), every turn pressed, the hand's end, the match end (%s)" % lang,
                         _opts(seed=2, lang=lang))
        bot = RummyBot()

        def gen(run):
            from rummy import rules
            yield Keys(0, "UP,A", "title: Rummy")
            yield Keys(0, "DOWN,A,A", "J1: AI and back")
            yield Keys(0, "DOWN,RIGHT,RIGHT,RIGHT,RIGHT,LEFT,RIGHT", "J2: person, hidden, cable, AI")
            yield Keys(0, "UP,UP,RIGHT,RIGHT,RIGHT", "players: 3, 4, 2")
            yield Keys(0, "DOWN,DOWN,DOWN,RIGHT,RIGHT,RIGHT", "level: each")
            yield Keys(0, "DOWN" + ",RIGHT" * 8 + ",LEFT,LEFT,LEFT", "hands: each, then 1")
            yield Keys(0, "DOWN,A", "Start")
            yield Until(lambda run: run.consoles[0].app.waiting() and _rummy(run).game.phase == rules.P_DRAW)
            yield Keys(0, "A", "draw")
            yield Keys(0, "LEFT,LEFT,A,RIGHT,A,B", "pick two rack tiles into the tray, one back")
            yield Keys(0, "UP,A", "to the table: a new meld of one tile, broken")
            yield Keys(0, "Y", "play: refused, the reason")
            yield Keys(0, "UP,LEFT,RIGHT,DOWN,DOWN", "the table's rows, back to the rack")
            yield Keys(0, "X,DOWN,DOWN,A", "menu: sort")
            yield Keys(0, "X,DOWN,DOWN,DOWN,A", "menu: the closing tile into the tray")
            yield Keys(0, "X,A", "menu: undo all")
            yield Keys(0, "X,DOWN,DOWN,DOWN,DOWN,A", "menu: hint")
            yield Keys(0, "X" + ",DOWN" * 6 + ",B", "the menu's rows, closed")
            yield Bot(0, bot, until=lambda run: _rummy_mode(run) == M_MATCHEND)
            yield Keys(0, "A", "match end: to the title")
        return script, gen
    plan("rummy_" + _lang)(_rummy_tour)


@plan("rummy3p_es")
def _rummy_3p():
    script = _single("Rummy israeli, 3 players (J1 and J2 people: hand-offs, J3 the AI), two hands: save "
                     "and quit mid-hand, Continue (the replay), on to the match end (es)", _opts(seed=6, lang="es"))
    bot = RummyBot()

    def gen(run):
        from rummy import rules
        yield Keys(0, "UP,A", "title: Rummy")
        yield Keys(0, "RIGHT,DOWN,DOWN,A,DOWN,A", "3 players; J2 a person, J3 the AI")
        yield Keys(0, "DOWN,DOWN,LEFT,LEFT", "two hands")
        yield Keys(0, "DOWN,A", "Start")
        yield Bot(0, bot, until=lambda run: _rummy(run) is not None and len(_rummy(run).game.stock) < 40
                  and run.consoles[0].app.waiting() and _rummy(run).game.phase == rules.P_PLAY
                  and _rummy_mode(run) == M_PLAY)
        yield Keys(0, "X,UP,A", "menu: save and quit")
        yield Keys(0, "UP,A", "title: Rummy")
        yield Keys(0, "UP,A", "set-up: Continue")
        yield Bot(0, bot, until=lambda run: _rummy_mode(run) == M_MATCHEND)
        yield Keys(0, "A", "match end: to the title")
    return script, gen


# --------------------------------------------------------------------------- over the cable
def _pair(about, opts_a, opts_b=None, entropy=8, files=(), stages=None):
    s = {"about": about, "consoles": 2, "cable": True, "entropy": entropy,
         "stages": stages or [{"opts": [opts_a, opts_b or dict(opts_a)]}]}
    if files:
        s["files"] = [{"console": c, "name": n, "source": src} for c, n, src in files]
    return s


def _link_state(run, i):
    """The link's state name as the UI shows it (None without a link)."""
    from link import session
    app = run.consoles[i].app
    if app.cable is None:
        return None
    return session.STATE_NAMES[app.cable.state]


def _link(app):
    """The link cable's session (ui/cable.py Cable.link), None without a cable."""
    return None if app.cable is None else app.cable.link


def _on(run, i, screen):
    return run.consoles[i].app.screen.name == screen


def _both(cond):
    return lambda run: cond(run, 0) and cond(run, 1)


def _over(run, i):
    return run.consoles[i].over()


PAUSE = 25      # frames: more than the link screen's 600 ms without keys (ui/cable.py PAUSE_MS)


def _gone_and_back(i, give_up=False):
    """The cable pulled: the other console gone on both; on console i Y asks to give up, and
    B (not given up) or X (given up); the cable back."""
    yield Event("cut")
    yield Until(_both(lambda run, c: _link_state(run, c) == "peer gone"))
    yield Frames(PAUSE)
    yield Event("press", i, "Y")
    yield Frames(PAUSE)
    yield Event("press", i, "X" if give_up else "B")
    yield Frames(PAUSE)
    yield Event("plug")


@plan("link_open_es")
def _link_open():
    o = _opts(link=True, autoplay=True, target=300, lang="es")
    script = _pair("a linked Burako match (the consoles' AIs), open deal, the players' names on the "
                   "link screen: connecting, the deal, the cable pulled (the other console gone, give "
                   "up asked and declined), back, a power cut on one console (resuming from link.sav), "
                   "the match end on both, back to the title (es)", o,
                   files=[(0, "names.txt", "files/names8.txt"), (1, "names.txt", "files/names_luz.txt")])

    def gen(run):
        b = run.consoles[1]
        yield Until(lambda run: _both(lambda run, c: _on(run, c, "game"))(run) and _link(run.consoles[0].app).count >= 12)
        yield from _gone_and_back(0)
        yield Until(_both(lambda run, c: _on(run, c, "game")))
        yield Until(lambda run: _link(b.app).count >= 30 and os.path.exists(os.path.join(b.storage, "link.sav")))
        yield Event("boot", 1)
        yield Until(_both(_over))
        yield Event("press", 0, "A")
        yield Event("press", 1, "B")
        yield Frames(3)
    return script, gen


@plan("link_hidden_it")
def _link_hidden():
    o = _opts(link=True, autoplay=True, target=300, lang="it", hidden=True)
    script = _pair("a linked Burako match with hidden hands (the consoles' AIs): the hidden deal's "
                   "bar, tiles on their way, each hand's check, the match end on both (it)", o, entropy=9)

    def gen(run):
        yield Until(_both(_over))
        yield Event("press", 0, "A")
        yield Event("press", 1, "A")
        yield Frames(3)
    return script, gen


@plan("link_giveup_en")
def _link_giveup():
    o = _opts(link=True, autoplay=True, target=300, lang="en")
    script = _pair("a linked match given up: the cable pulled, Y then X on one console (the link "
                   "ended by this console), the cable back: the other console told (abandoned by "
                   "the other console), its save deleted with X (into the score log), both to the "
                   "title (en)", o, entropy=10)

    def gen(run):
        yield Until(lambda run: _both(lambda run, c: _on(run, c, "game"))(run) and _link(run.consoles[0].app).count >= 8)
        yield from _gone_and_back(0, give_up=True)
        yield Until(_both(lambda run, c: _link_state(run, c) == "ended"))
        yield Frames(PAUSE)
        yield Event("press", 1, "X")
        yield Event("press", 0, "A")
        yield Until(_both(lambda run, c: _on(run, c, "title")))
        yield Frames(3)
    return script, gen


for _lang in LANGS:
    def _link_mismatch(lang=_lang):
        script = _pair("two consoles asking different rules (burako, torneo): the link ends on both "
                       "with the reason; A to the title (%s)" % lang,
                       _opts(link=True, autoplay=True, lang=lang, variant="burako"),
                       _opts(link=True, autoplay=True, lang=lang, variant="torneo"), entropy=11)

        def gen(run):
            yield Until(_both(lambda run, c: _link_state(run, c) == "ended"))
            yield Frames(PAUSE)
            yield Event("press", 0, "A")
            yield Event("press", 1, "A")
            yield Frames(3)
        return script, gen
    plan("link_rules_" + _lang)(_link_mismatch)


@plan("link_title_es")
def _link_title():
    script = _pair("the title's cable entry on both consoles (hidden deal on and off), a linked match "
                   "played by people (every move pressed), the names (one console has none), save "
                   "and quit on one (the other: gone), its title's entry 'continue', the match "
                   "resumed (es)", _opts(lang="es"), files=[(0, "names.txt", "files/names8.txt")], entropy=12)
    bots = (BurakoBot(2), BurakoBot(2))

    def gen(run):
        a = run.consoles[0]
        yield Keys(0, "DOWN,DOWN,RIGHT,LEFT,A", "title: the cable entry, hidden on and off; open", wait=False)
        yield Keys(1, "DOWN,DOWN,A", "title: the cable entry", wait=False)
        yield Until(_both(lambda run, c: _on(run, c, "game")))
        yield Background(1, bots[1])
        yield Bot(0, bots[0], until=lambda run: _link(a.app).count >= 20 and a.app.waiting() and
                  _burako(a.app).game.phase == 1)
        yield Keys(0, MENU_QUIT, "menu: save and quit (the match stays in link.sav)", wait=False)
        yield Until(lambda run: _link_state(run, 1) == "peer gone" and _on(run, 0, "title"))
        yield Frames(PAUSE)
        yield Keys(0, "DOWN,DOWN,A", "title: cable 1v1 (continue)", wait=False)
        yield Until(_both(lambda run, c: _on(run, c, "game")))
        yield Bot(0, bots[0], until=lambda run: _link(a.app).count >= 40)
        yield Frames(5)
    return script, gen


@plan("link_refused_en")
def _link_refused():
    script = {"about": "a dishonest peer (recorded bytes: a bare session sending moves it never "
                       "checked): each refused frame's reason on the message line, the game "
                       "unchanged; after the strikes the link ends (the other console cheated), the "
                       "save kept (A), the title's entry 'continue' (en)",
              "consoles": 2, "cable": True, "kinds": ["app", "tape"], "entropy": 13,
              "stages": [{"opts": [_opts(link=True, lang="en", target=300), {"hidden": False}]}]}
    state = {"send": []}

    def peer(run, console):
        from link import session
        cheat = state.get("link")
        if cheat is None:
            from host.relay import nonces

            class Board:
                pass
            b = Board()
            b.link = console.tap
            b.clock = run.clock
            cheat = state["link"] = session.Link(b, "burako", 300, nonce=nonces(5))
        cheat.poll(run.clock.ticks_ms())
        while cheat.next_event():
            pass
        while state["send"]:
            cheat.t.send(state["send"].pop(0))

    def gen(run):
        from engine import game
        from link import msg
        from link import session
        a = run.consoles[0]
        bot = BurakoBot(2)

        def cheat():
            return state.get("link")
        yield Until(lambda run: cheat() is not None and _burako(a.app) is not None and
                    cheat().state == session.PLAYING and _link(a.app).state == session.PLAYING)
        link = _link(a.app)
        yield Bot(0, bot, until=lambda run: not link.my_turn() and cheat().count == link.count
                  and cheat().idle() and link.idle())
        c = cheat()
        g = _burako(a.app).game
        state["send"].append(msg.move(c.count, c.digest, (game.DISCARD, 0, bytes((g.racks[link.seat][0],)), 0)))
        yield Until(lambda run: link.refused >= 1 and not link.events)
        yield Frames(10)
        for _ in range(msg.MAX_STRIKES + 2):
            if link.state == session.ENDED:
                break
            yield Until(lambda run: link.state == session.ENDED or
                        (link.state == session.PLAYING and link.idle() and cheat().idle()))
            if link.state == session.ENDED:
                break
            c = cheat()
            state["send"].append(msg.move(c.count, c.digest, (game.DISCARD, 0, b"\x00", 0)))
            n = link.refused
            yield Until(lambda run: link.refused > n or link.state == session.ENDED)
            yield Frames(5)
        yield Until(lambda run: _on(run, 0, "link") and a.app.waiting())
        yield Keys(0, "A", "keep the save: to the title")
        yield Frames(3)
    gen.peer = peer
    return script, gen


def _rummy_link_opts(lang, **kw):
    o = _opts(link=True, autoplay=True, variant="rummy", lang=lang)
    o.update(kw)
    return o


def _rummy_count(run, i):
    link = _link(run.consoles[i].app)
    return link.count if link is not None else -1


@plan("link_rummy_en")
def _link_rummy():
    script = _pair("a linked Rummy israeli match (the consoles' AIs): connecting, the deal, the "
                   "cable pulled on the Rummy screen (give up asked, declined), back, a power cut on "
                   "one console (resumed from rlink.sav), the first hand's end, then given up: ended "
                   "on both, the save deleted on one (en)", _rummy_link_opts("en"), entropy=14)

    def gen(run):
        b = run.consoles[1]
        yield Until(lambda run: _rummy_count(run, 0) >= 20 and _both(lambda run, c: _rummy_mode(run, c) == M_PLAY)(run))
        yield from _gone_and_back(0)
        yield Until(lambda run: _rummy_count(run, 1) >= 40 and os.path.exists(os.path.join(b.storage, "rlink.sav"))
                    and _rummy_mode(run, 1) == M_PLAY)
        yield Event("boot", 1)
        yield Until(lambda run: _rummy_mode(run, 0) == M_PLAY and _rummy(run, 0).game.history
                    and _rummy(run, 0).game.phase == 1)
        yield from _gone_and_back(1, give_up=True)
        yield Until(_both(lambda run, c: _link_state(run, c) == "ended"))
        yield Frames(PAUSE)
        yield Event("press", 0, "X")
        yield Event("press", 1, "A")
        yield Until(_both(lambda run, c: _on(run, c, "title")))
        yield Frames(3)
    return script, gen


M_PLAY = "play"             # rummy/table.py Table.mode
M_MATCHEND = "matchend"     # rummy/ends.py MatchEnd.mode
RUMMY_CABLE = "UP,A", "DOWN,DOWN,RIGHT,RIGHT,RIGHT", "DOWN,DOWN,DOWN,A"     # J2: person, Hidden, Cable


@plan("link_rummy_setup_es")
def _link_rummy_setup():
    script = _pair("Rummy israeli over the cable chosen in the set-up (J2: Cable) on both consoles, "
                   "played by people (every workbench pressed): save and quit on one (the other: "
                   "gone), Cable + Start again resumes it (es)", _opts(lang="es", seed=3), entropy=15)
    bots = (RummyBot(), RummyBot())

    def gen(run):
        for i in (0, 1):
            yield Keys(i, RUMMY_CABLE[0], "title: Rummy", wait=False)
            yield Keys(i, RUMMY_CABLE[1], "J2: Cable (after Hidden)", wait=False)
            yield Keys(i, RUMMY_CABLE[2], "Start", wait=False)
        yield Until(_both(lambda run, c: _rummy_mode(run, c) == M_PLAY))
        yield Background(1, bots[1])
        yield Bot(0, bots[0], until=lambda run: _rummy_count(run, 0) >= 12 and run.consoles[0].app.waiting()
                  and _rummy(run, 0).game.phase == 1 and _rummy(run, 0).table.focus == 0)
        yield Keys(0, "X,UP,A", "menu: save and quit (kept in rlink.sav)", wait=False)
        yield Until(lambda run: _link_state(run, 1) == "peer gone" and _on(run, 0, "title"))
        yield Frames(PAUSE)
        yield Keys(0, RUMMY_CABLE[0], "title: Rummy", wait=False)
        yield Keys(0, RUMMY_CABLE[1], "J2: Cable (after Hidden)", wait=False)
        yield Keys(0, RUMMY_CABLE[2], "Start: resumed", wait=False)
        yield Until(_both(lambda run, c: _rummy_mode(run, c) == M_PLAY))
        yield Bot(0, bots[0], until=lambda run: _rummy_count(run, 0) >= 24)
        yield Frames(5)
    return script, gen


@plan("link_rummy_hidden_it")
def _link_rummy_hidden():
    script = _pair("Rummy israeli over the cable with hidden hands (J2: Hidden in the set-up), "
                   "people on both: the deal's bar, a drawn tile on its way, the first hand's check "
                   "and end, the next deal (it)", _opts(lang="it", seed=4), entropy=16)
    bots = (RummyBot(), RummyBot())

    def gen(run):
        for i in (0, 1):
            yield Keys(i, RUMMY_CABLE[0], "title: Rummy", wait=False)
            yield Keys(i, "DOWN,DOWN,RIGHT,RIGHT", "J2: Hidden", wait=False)
            yield Keys(i, RUMMY_CABLE[2], "Start", wait=False)
        yield Until(_both(lambda run, c: _rummy_mode(run, c) == M_PLAY))
        yield Background(1, bots[1])
        yield Bot(0, bots[0], until=lambda run: _rummy_mode(run, 0) == M_PLAY and _rummy(run, 0).game.history
                  and _rummy(run, 0).game.phase == 1)
        yield Frames(5)
    return script, gen


# --------------------------------------------------------------------------- resumed from golden saves
def _saved(situation, consoles=(0,)):
    """The files of a golden save situation (tests/golden/saves/, tests/golden_saves.py) as a
    script's files, each console's into its storage."""
    from golden import GOLDEN
    out = []
    for i in consoles:
        d = os.path.join(GOLDEN, "saves", situation, "c%d" % i)
        for n in sorted(os.listdir(d)):
            out.append({"console": i, "name": n, "source": "saves/%s/c%d/%s" % (situation, i, n)})
    return out


def _resume_single(about, situation, opts):
    s = _single(about, opts)
    s["files"] = _saved(situation)
    return s


@plan("resume_4p_es")
def _resume_4p():
    script = _resume_single("the golden 4-player save with names (version 4, a counted hand's "
                            "stats): Continue, the hand played on to its end and into the next, "
                            "save and quit (es)", "burako_4p_names", _opts(lang="es", seed=9))
    bot = BurakoBot(3)

    def gen(run):
        app = run.consoles[0].app
        yield Keys(0, "A", "title: Continue")
        hand = _burako(app).game.hand
        yield Bot(0, bot, until=lambda run: _burako(app).game.hand > hand and app.waiting()
                  and app.screen.name == "game" and _burako(app).game.phase == 1)
        yield Keys(0, MENU_QUIT, "menu: save and quit")
    return script, gen


@plan("resume_burraco_it")
def _resume_burraco():
    script = _resume_single("the golden burraco save (a round of one hand, level 4): Continue, "
                            "played to the match end (MP, VP), to the title (it)", "burraco_round",
                            _opts(lang="it", seed=9))
    bot = BurakoBot(3)

    def gen(run):
        yield Keys(0, "A", "title: Continue")
        yield Bot(0, bot, until=lambda run: _matchend(run))
        yield Keys(0, "A", "match end: to the title")
    return script, gen


@plan("resume_torneo_en")
def _resume_torneo():
    script = _resume_single("the golden torneo save (both seats the AI, its play clock): Continue, "
                            "watched to the match end (en)", "torneo_clock", _opts(lang="en", seed=9))

    def gen(run):
        app = run.consoles[0].app
        yield Keys(0, "A", "title: Continue")
        while True:
            yield Until(lambda run: app.waiting())
            if _matchend(run):
                break
            yield Keys(0, "A", "the next hand")
        yield Keys(0, "A", "match end: to the title")
    return script, gen


for _version, _lang in ((1, "es"), (2, "en")):
    def _resume_old(version=_version, lang=_lang):
        script = _resume_single("a version %d save (today's 2-player save in the older layout ui/save.py "
                                "still reads): Continue, a few turns, save and quit (%s)" % (version, lang),
                                "burako_v%d" % version, _opts(lang=lang, seed=9))
        bot = BurakoBot(2)

        def gen(run):
            app = run.consoles[0].app
            yield Keys(0, "A", "title: Continue")
            stock = len(_burako(app).game.stock)
            yield Bot(0, bot, until=lambda run: len(_burako(app).game.stock) <= stock - 6 and app.waiting()
                      and app.screen.name == "game" and _burako(app).game.phase == 1)
            yield Keys(0, MENU_QUIT, "menu: save and quit")
        return script, gen
    plan("resume_v%d_%s" % (_version, _lang))(_resume_old)


@plan("resume_rummy_es")
def _resume_rummy():
    script = _resume_single("the golden Rummy save (3 players, mid-turn): Rummy, Continue (the "
                            "transcript replayed), played to the match end (es)", "rummy_midturn",
                            _opts(lang="es", seed=9))
    bot = RummyBot()

    def gen(run):
        yield Keys(0, "UP,A", "title: Rummy")
        yield Keys(0, "UP,A", "set-up: Continue")
        yield Bot(0, bot, until=lambda run: _rummy_mode(run) == M_MATCHEND)
        yield Keys(0, "A", "match end: to the title")
    return script, gen


def _resume_pair(about, situation, opts, until_end=True):
    s = _pair(about, opts)
    s["files"] = _saved(situation, (0, 1))

    def gen(run):
        if until_end:
            yield Until(_both(_over))
            yield Event("press", 0, "A")
            yield Event("press", 1, "A")
            yield Frames(3)
        else:
            c = run.consoles[0]
            yield Until(lambda run: _link(c.app) is not None and _link(c.app).count >= 40 + _start[0])
            yield Frames(3)
    _start = [0]
    return s, gen


@plan("resume_link_es")
def _resume_link():
    return _resume_pair("the golden link.sav and link.pos of both consoles (open deal): power on "
                        "with the cable, resuming, played to the match end by the consoles' AIs (es)",
                        "link_open", _opts(link=True, autoplay=True, lang="es"))


@plan("resume_link_hidden_it")
def _resume_link_hidden():
    return _resume_pair("the golden link.sav of both consoles (hidden hands, no link.pos): power "
                        "on, resuming, played to the match end by the consoles' AIs (it)", "link_hidden",
                        _opts(link=True, autoplay=True, lang="it", target=300, hidden=True))


@plan("resume_rlink_es")
def _resume_rlink():
    script, _ = _resume_pair("the golden rlink.sav and rlink.pos of both consoles (Rummy, open deal): "
                             "power on, resuming, the consoles' AIs play on to the first hand's end "
                             "and into the next (es)", "rlink_open",
                             _opts(link=True, autoplay=True, lang="es", variant="rummy"))

    def gen(run):
        yield Until(lambda run: _rummy_mode(run, 0) == M_PLAY and _rummy(run, 0).game.history
                    and _rummy(run, 0).game.phase == 1)
        yield Frames(3)
    return script, gen


@plan("resume_rlink_hidden_it")
def _resume_rlink_hidden():
    script, _ = _resume_pair("the golden rlink.sav of both consoles (Rummy, hidden hands): power on, "
                             "resuming, the consoles' AIs play on a while (it)", "rlink_hidden",
                             _opts(link=True, autoplay=True, lang="it", variant="rummy", hidden=True))

    def gen(run):
        c = run.consoles[0]
        yield Until(lambda run: _rummy_mode(run, 0) == M_PLAY)
        n = _link(c.app).count
        yield Until(lambda run: _link(c.app).count >= n + 30)
        yield Frames(3)
    return script, gen
