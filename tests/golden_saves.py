"""Golden saves and score logs (tests/golden/saves/): files today's firmware wrote, kept as test
data, and what today's readers make of them (tests/golden/saves/read.json). After a refactor the
same files must still read to the same state (tests/test_golden_saves.py); a resumed match must
go on the same (the resume_* key paths of tests/golden/scripts/ start from these files).

Each situation is taken from a golden key path (tests/golden/scripts/) replayed on the 240x240
glass up to a frame (0: its end), its consoles' files copied; two more are today's version 3
save rewritten in the older layouts burako/save.py still reads (versions 1 and 2).

    python tests/golden.py record --kind saves     # rewrite the files and read.json
    python tests/golden.py check --kind saves

`record` rewrites the files from today's code: only after an intended change of a format (the
issue 34 refactor must not need it: old files must still read). The readers below are the
firmware's own (burako/save.py, link/session.py, rummy/rules.py, scorelog.py, ui/names.py) and the
host tool's `burako scores show --json`; a refactor that renames them changes this module only,
never read.json."""
from __future__ import annotations

import json
import os
import shutil

import golden

SAVES = os.path.join(golden.GOLDEN, "saves")
READ = os.path.join(SAVES, "read.json")

# situation: (key path, frame (0: its end), consoles, files: "?name" when a console may hold none)
HARVEST = {
    "burako_2p": ("table_es", 0, (0,), ("burako.sav",)),
    "passplay_2p": ("passplay_it", 0, (0,), ("burako.sav",)),
    "burako_4p_names": ("match4p_es", 350, (0,), ("burako.sav", "names.txt")),
    "burraco_round": ("burraco_it", 200, (0,), ("burako.sav",)),
    "torneo_clock": ("torneo_en", 300, (0,), ("burako.sav",)),
    "rummy_midturn": ("rummy3p_es", 500, (0,), ("rummy.sav",)),
    "link_open": ("link_title_es", 0, (0, 1), ("link.sav", "link.pos", "?names.txt")),
    "link_hidden": ("link_hidden_it", 600, (0, 1), ("link.sav",)),
    "rlink_open": ("link_rummy_setup_es", 0, (0, 1), ("rlink.sav", "rlink.pos")),
    "rlink_hidden": ("link_rummy_hidden_it", 0, (0, 1), ("rlink.sav",)),
    "scores_4p_names": ("match4p_es", 0, (0,), ("scores.log",)),
    "scores_burraco": ("burraco_it", 0, (0,), ("scores.log",)),
    "scores_torneo_ai": ("torneo_en", 0, (0,), ("scores.log",)),
    "scores_rummy": ("rummy_es", 0, (0,), ("scores.log",)),
    "scores_linked": ("link_open_es", 0, (0, 1), ("scores.log",)),
    "scores_ended": ("link_giveup_en", 0, (1,), ("scores.log",)),
    "names": ("setup_es", 0, (0,), ("names.txt",)),
}
# the variant and target a linked situation's consoles offered (link/session.py Link's own)
LINKED = {"link_open": ("burako", 0), "link_hidden": ("burako", 300), "rlink_open": ("rummy", 0),
          "rlink_hidden": ("rummy", 0)}


def situations():
    return sorted(d for d in os.listdir(SAVES) if os.path.isdir(os.path.join(SAVES, d)))


def _folder(situation, console):
    return os.path.join(SAVES, situation, "c%d" % console)


def record():
    if os.path.isdir(SAVES):
        shutil.rmtree(SAVES)
    os.makedirs(SAVES)
    for situation, (name, frame, consoles, files) in sorted(HARVEST.items()):
        def take(run, situation=situation, consoles=consoles, files=files):
            for i in consoles:
                d = _folder(situation, i)
                os.makedirs(d, exist_ok=True)
                for f in files:
                    optional = f.startswith("?")
                    f = f.lstrip("?")
                    src = os.path.join(run.consoles[i].storage, f)
                    if optional and not os.path.exists(src):
                        continue
                    if not os.path.exists(src):
                        raise AssertionError("%s: console %d holds no %s at frame %d" % (situation, i, f, run.frame))
                    shutil.copy(src, os.path.join(d, f))
            return True
        if frame:
            golden.replay(golden.load_script(name), golden.GLASSES[0],
                          on_frame=lambda run, f=frame, take=take: run.frame >= f and take(run))
        else:
            golden.replay(golden.load_script(name), golden.GLASSES[0], at_end=take)
    _old_layouts()
    out = {s: read_situation(s) for s in situations()}
    with open(READ, "w") as f:
        golden.dump(out, f)


def _old_layouts():
    """burako_2p's version 3 save (burako/save.py) rewritten as versions 2 and 1: the same head without
    the round and per-hand bytes (2), without the played seconds too (1)."""
    with open(os.path.join(_folder("burako_2p", 0), "burako.sav"), "rb") as f:
        v3 = f.read()
    assert v3[:4] == b"BUS\x03"
    k = v3[12]
    position = v3[13 + 3 * k:]
    for version, head in ((2, v3[4:11]), (1, v3[4:9])):
        d = _folder("burako_v%d" % version, 0)
        os.makedirs(d)
        with open(os.path.join(d, "burako.sav"), "wb") as f:
            f.write(b"BUS" + bytes((version,)) + head + position)


# --------------------------------------------------------------------------- today's readers
class _Storage:
    def __init__(self, folder):
        from hal.storage import Storage
        self.storage = Storage(os.path.abspath(folder))


def read_situation(situation):
    """What today's readers make of each console's files, as plain data."""
    out = {}
    for c in sorted(os.listdir(os.path.join(SAVES, situation))):
        folder = os.path.join(SAVES, situation, c)
        got = {}
        for name in sorted(os.listdir(folder)):
            got[name] = READERS[name](folder, situation)
        out[c] = got
    return out


def _burako_sav(folder, situation):
    from engine import codec
    from engine import tiles
    from burako import save
    st = _Storage(folder).storage
    ai_seats, level, lang_i, viewer, sort, played_s, g, hands, stats, names = save.read(st)
    c = g.rules.cards
    return {"ai_seats": ai_seats, "level": level, "lang": lang_i, "viewer": viewer, "sort": sort,
            "played_s": played_s, "hands": hands, "stats": bytes(stats).hex(), "names": names,
            "variant": g.rules.name, "players": g.n, "seed": g.seed, "target": g.target,
            "hand": g.hand, "turn": g.turn, "phase": g.phase, "scores": list(g.scores),
            "history": [list(h) for h in g.history],
            "racks": [tiles.list_text(r, c) for r in g.racks], "pile": tiles.list_text(g.pile, c),
            "stock": len(g.stock), "taken": [g.taken[0], g.taken[1]],
            "position": codec.encode(g).hex()}


class _Board:
    def __init__(self):
        from emulator.board import NullLink, VirtualClock
        self.link = NullLink()
        self.clock = VirtualClock()


def _link(folder, situation, save, pos):
    from link import session
    variant, target = LINKED[situation]
    with open(os.path.join(folder, save), "rb") as f:
        saved = f.read()
    game = None
    if os.path.exists(os.path.join(folder, pos)):
        with open(os.path.join(folder, pos), "rb") as f:
            raw = f.read()
        if variant == "rummy":
            from rummy import codec as rcodec
            game = rcodec.decode(raw)
        else:
            from engine import codec
            game = codec.decode(raw)
    from host.relay import link_moves
    link = session.Link(_Board(), variant, target, saved=saved, game=game, nonce=lambda n: bytes(n),
                        moves=link_moves(variant))
    g = link.game
    if variant == "rummy":
        from rummy import codec as rcodec
        position = rcodec.encode(g).hex()
    else:
        from engine import codec
        position = codec.encode(g).hex()
    return {"match_id": bytes(link.match_id).hex(), "seat": link.seat, "count": link.count,
            "digest": bytes(link.digest).hex(), "rules": getattr(link.rules, "name", str(link.rules)),
            "target": link.target, "hidden": link.hidden is not None, "log": len(link.log),
            "phase": g.phase, "turn": g.turn, "scores": list(g.scores),
            "history": [list(h) for h in g.history], "position": position}


def _link_sav(folder, situation):
    return _link(folder, situation, "link.sav", "link.pos")


def _rlink_sav(folder, situation):
    return _link(folder, situation, "rlink.sav", "rlink.pos")


def _pos(folder, situation):
    return "(read with its .sav)"


def _rummy_sav(folder, situation):
    from engine import tiles
    from rummy import codec as rcodec
    from rummy import rules
    with open(os.path.join(folder, "rummy.sav")) as f:
        head = f.readline().split()
        last = None
        for r in rules.replaying(f):
            if r is not None:
                last = r
    g, err = last
    return {"seats": int(head[2]), "level": int(head[4]), "error": err, "players": g.n,
            "hands": g.hands, "hand": g.hand, "turn": g.turn, "phase": g.phase,
            "scores": list(g.scores), "history": [list(h) for h in g.history],
            "table": rules.table_text(g.table), "racks": [tiles.list_text(r) for r in g.racks],
            "stock": len(g.stock), "position": rcodec.encode(g).hex()}


def _scores_log(folder, situation):
    import subprocess
    import sys

    import scorelog
    path = os.path.join(folder, "scores.log")
    records, problems = scorelog.read(path)
    r = subprocess.run([sys.executable, "-m", "host.cli", "scores", "show", "--file", path, "--json",
                        "--console", "golden"],
                       cwd=golden.ROOT, capture_output=True, text=True)
    shown = json.loads(r.stdout) if r.returncode == 0 else {"error": r.stderr.strip()}
    shown.pop("consoles", None)         # (when it was pulled: the clock)
    return {"records": records, "problems": [str(p) for p in problems], "shown": shown}


def _names_txt(folder, situation):
    from ui import names
    return names.load(_Storage(folder).storage)


READERS = {"burako.sav": _burako_sav, "link.sav": _link_sav, "link.pos": _pos, "rlink.sav": _rlink_sav,
           "rlink.pos": _pos, "rummy.sav": _rummy_sav, "scores.log": _scores_log, "names.txt": _names_txt}


def recorded():
    with open(READ) as f:
        return json.load(f)


def check():
    """The differences between what today's readers make of the golden files and read.json."""
    want = recorded()
    out = []
    for s in situations():
        got = json.loads(json.dumps(read_situation(s)))
        if got != want.get(s):
            out.append("saves: %s reads differently: %s" % (s, _first_difference(want.get(s), got)))
    return out


def _first_difference(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), path + "/" + str(k))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, "%s[%d]" % (path, i))
    return "%s: recorded %r, now %r" % (path or "/", a, b)
