"""The local match history: one SQLite file of every match pulled off any console.

    h = History.open(history_path(args.history))
    new, known = h.merge(records, source="usb:E6614C311B6A9F2C")
    for m in h.matches(): ...           # {"match", "record", "source", "copies", ...} in pull order
    stats = summary(h.matches())        # per player, variant, pair, head to head, AI level, console

Matches are keyed by a 16-hex-digit match id: the record's own `id` when the
firmware wrote one (both consoles of a linked match write the same id), else
one derived from the record's content (match_key), so pulling the same log
twice, or the same linked match from both consoles, stores it once. Each
console's copy of a match is kept beside it (table `copies`: its source, its
own `seq`, when it was pulled, the seats that console held and the names it
knew), so a linked match pulled from both consoles knows both sides.

Players: a seat is its name when the console recorded one (three
letters), else `AI level N` for an AI (`AI` in logs older than the level), else
`human` for a person on a console that was pulled and `?` for the other
console's player of a linked match. A label found on both sides of one match
(two unnamed people, the same AI level on both sides, an old linked match
without `own_seats`) cannot say who won: the match counts for it as
"unknown seat", never as a win.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import time
from pathlib import Path

ENV = "BURAKO_HISTORY"
SCHEMA = 2          # 2: the copies table (each console's copy of a match)
APP = "burako"
Z95 = 1.959964      # the normal quantile of a two-sided 95 % interval
MIN_CI = 10         # matches with a known seat before a win rate gets its interval


class HistoryError(Exception):
    """The history file cannot be opened or is not ours: one line for the user."""


def data_dir():
    """The user's data folder for burako (host/dirs.py: platformdirs)."""
    from host.dirs import data_dir as d

    return d()


def history_path(explicit=None):
    """--history FILE, else $BURAKO_HISTORY, else history.sqlite in data_dir()."""
    if explicit:
        return Path(explicit)
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    return data_dir() / "history.sqlite"


def match_key(rec):
    """(16 hex digits, derived?): the record's id, or a hash of its content without one."""
    if rec.get("id") is not None:
        return "%016x" % rec["id"], False
    import scorelog  # firmware/ is on sys.path (emulator.paths.use_firmware)

    body = {k: v for k, v in rec.items() if k != "id"}
    digest = hashlib.sha256(bytes(scorelog.encode(body))).digest()
    return digest[:8].hex(), True


MATCHES = """CREATE TABLE matches (
    n INTEGER PRIMARY KEY AUTOINCREMENT,  -- pull order: 'over time' in plots
    match TEXT NOT NULL UNIQUE,           -- 16 hex digits (match_key)
    derived INTEGER NOT NULL,             -- 1: hashed from content (no id in the log)
    variant TEXT NOT NULL,
    seats TEXT NOT NULL,
    winner INTEGER,
    record TEXT NOT NULL,                 -- the record as scorelog.read gives it, JSON
    source TEXT NOT NULL,                 -- the console (or file) it was first pulled from
    pulled_at TEXT NOT NULL)"""
COPIES = """CREATE TABLE copies (
    match TEXT NOT NULL,                  -- matches.match
    source TEXT NOT NULL,                 -- the console (or file) this copy came from
    seq INTEGER NOT NULL,                 -- its seq in that console's log: (source, seq) is unique
    pulled_at TEXT NOT NULL,              -- first pulled from there (UTC)
    own_seats TEXT,                       -- JSON list: the seats that console held; NULL unknown
    names TEXT,                           -- JSON list: the names that console knew; NULL none
    PRIMARY KEY (match, source))"""


class History:
    def __init__(self, db, path):
        self.db = db
        self.path = path

    @classmethod
    def open(cls, path, create=True):
        path = Path(path)
        if not path.exists() and not create:
            raise HistoryError(f"{path}: no history yet (run `burako scores pull` first)")
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(path))
            ver = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            raise HistoryError(f"{path}: not a burako history ({e})")
        except OSError as e:
            raise HistoryError(f"{path}: {e.strerror}")
        if tables and "matches" not in tables or ver > SCHEMA:
            db.close()
            raise HistoryError(f"{path}: not a burako history (or one from a newer burako)")
        try:
            with db:
                if not tables:
                    db.execute(MATCHES)
                if "copies" not in tables:
                    # a version 1 history: each match's one copy is the one it was pulled from
                    db.execute(COPIES)
                    for m, src, t, r in db.execute("SELECT match, source, pulled_at, record FROM matches").fetchall():
                        rec = json.loads(r)
                        db.execute("INSERT OR IGNORE INTO copies VALUES (?, ?, ?, ?, ?, ?)",
                                   (m, src, rec["seq"], t, _js(rec.get("own_seats")), _js(rec.get("names"))))
                if ver != SCHEMA:
                    db.execute(f"PRAGMA user_version = {SCHEMA}")
        except sqlite3.DatabaseError as e:
            db.close()
            raise HistoryError(f"{path}: cannot write ({e})")
        return cls(db, path)

    def close(self):
        self.db.close()

    def merge(self, records, source, now=None):
        """Insert the records not already held (by match key), and each console's copy, in one
        transaction: (new, known)."""
        now = now or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        new = 0
        try:
            with self.db:
                for rec in records:
                    key, derived = match_key(rec)
                    cur = self.db.execute(
                        "INSERT OR IGNORE INTO matches (match, derived, variant, seats, winner, record, source,"
                        " pulled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (key, int(derived), rec["variant"], rec["seats"], rec["winner"],
                         json.dumps(rec, separators=(",", ":")), source, now))
                    new += cur.rowcount
                    self.db.execute("INSERT OR IGNORE INTO copies VALUES (?, ?, ?, ?, ?, ?)",
                                    (key, source, rec["seq"], now, _js(rec.get("own_seats")),
                                     _js(rec.get("names"))))
        except sqlite3.DatabaseError as e:
            raise HistoryError(f"{self.path}: cannot write ({e})")
        return new, len(records) - new

    def matches(self):
        """Every match in pull order: {"n", "match", "derived", "source", "pulled_at", "record",
        "copies": [{"source", "seq", "pulled_at", "own_seats", "names"}]} (the first copy first)."""
        copies = {}
        for m, src, seq, t, own, names in self.db.execute(
                "SELECT match, source, seq, pulled_at, own_seats, names FROM copies ORDER BY pulled_at, rowid"):
            copies.setdefault(m, []).append({"source": src, "seq": seq, "pulled_at": t,
                                             "own_seats": _unjs(own), "names": _unjs(names)})
        rows = self.db.execute("SELECT n, match, derived, source, pulled_at, record FROM matches ORDER BY n")
        return [{"n": n, "match": m, "derived": bool(d), "source": s, "pulled_at": t, "record": json.loads(r),
                 "copies": copies.get(m) or [{"source": s, "seq": json.loads(r)["seq"], "pulled_at": t,
                                              "own_seats": None, "names": None}]}
                for n, m, d, s, t, r in rows]


def _js(v):
    return None if v is None else json.dumps(v, separators=(",", ":"))


def _unjs(v):
    return None if v is None else json.loads(v)


# --- who played ------------------------------------------------------------------------
def merged(m):
    """(names, own): per seat the name any console's copy knew (None: none), and the seats
    some pulled console held (None when no copy says: a log from before consoles wrote their seats)."""
    rec = m["record"]
    n = len(rec["seats"])
    names = list(rec.get("names") or [None] * n)
    own = set(rec["own_seats"]) if "own_seats" in rec else None
    for c in m.get("copies") or ():
        for i, nm in enumerate(c.get("names") or ()):
            if nm and not names[i]:
                names[i] = nm
        if c.get("own_seats") is not None:
            own = (own or set()) | set(c["own_seats"])
    return names, own


def seat_labels(m):
    """Per seat, the player's label (module docstring)."""
    rec = m["record"] if "record" in m else m
    names, own = merged(m if "record" in m else {"record": m})
    out = []
    for i, kind in enumerate(rec["seats"]):
        if names[i]:
            out.append(names[i])
        elif kind == "A":
            out.append(f"AI level {rec['level']}" if rec.get("level") else "AI")
        elif own is None or i in own:
            out.append("human")
        else:
            out.append("?")         # the other console's player, whose name the link did not carry
    return out


def sides_of(m):
    """Per side, the labels playing it (seat i plays for side i % sides)."""
    rec = m["record"] if "record" in m else m
    labels = seat_labels(m)
    n = len(rec["final"])
    return [[labels[i] for i in range(s, len(labels), n)] for s in range(n)]


def who_played(m):
    """({player: side or None}, {pair: side or None}) of one match: the side each label played,
    None when it is on more than one side (its seat unknown: no win, no loss)."""
    seen, pairs = {}, {}
    for s, labels in enumerate(sides_of(m)):
        names = [(seen, k) for k in labels]
        if len(labels) == 2:
            names.append((pairs, "+".join(sorted(labels))))
        for where, k in names:
            if k in where and where[k] != s:
                where[k] = None
            else:
                where[k] = s
    return seen, pairs


# --- figures for `scores show` ------------------------------------------------------
def wilson(wins, n, z=Z95):
    """The Wilson score interval of a win rate, [low, high], None below MIN_CI matches."""
    if n < MIN_CI:
        return None
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return [round(max(0.0, c - h), 3), round(min(1.0, c + h), 3)]


def _blank():
    return {"matches": 0, "wins": 0, "unknown_seat": 0, "streak": 0, "longest_streak": 0}


def _blank_v():
    return {"matches": 0, "wins": 0, "unknown_seat": 0, "hands": 0, "points": 0, "canastas": 0,
            "canasta_hands": 0, "closes": 0, "close_hands": 0, "mp": 0, "vp": 0, "vp_matches": 0}


def _result(st, rec, side):
    if "ended" in rec:
        return      # a linked match the link ended in play (scorelog "ended"): no result
    st["matches"] += 1
    if side is None:
        st["unknown_seat"] += 1
        return
    won = rec["winner"] == side
    st["wins"] += won
    if "streak" in st:
        st["streak"] = st["streak"] + 1 if won else 0
        st["longest_streak"] = max(st["longest_streak"], st["streak"])


def _play(st, rec, sides):
    """Hands, points, canastas, closes, MP/VP of the given sides (a label on two sides: both)."""
    for side in sides:
        for h in rec["hands"]:
            st["hands"] += 1
            st["points"] += h[side]
        if "canastas" in rec:
            st["canasta_hands"] += len(rec["canastas"])
            st["canastas"] += sum(sum(h[side]) for h in rec["canastas"])
        if "closes" in rec:
            st["close_hands"] += len(rec["closes"])
            st["closes"] += sum(1 for c in rec["closes"] if c == side)
        if "vp" in rec:     # burraco (seed 001): match points and victory points
            st["vp_matches"] += 1
            st["mp"] += rec["mp"][side]
            st["vp"] += rec["vp"][side]


def summary(matches):
    """What `burako scores show` prints, over the matches in history order:

    matches; players {label: matches, wins, unknown_seat, win_rate, ci95, longest_streak,
    variants {variant: matches, wins, win_rate, hands, points_per_hand, canastas, closes[, mp, vp]}};
    pairs (the two labels of a 4-seat side, the same figures); variants {variant: matches,
    players {label: the per-variant figures}}; head_to_head [{a, b, matches, a_wins, b_wins}];
    ai_levels {label: the player figures}; consoles {source: matches, local, linked, wins,
    losses, unknown_seat, first_pulled, last_pulled, players}.

    win_rate = wins / (matches - unknown_seat); a match without a winner (abandoned, tied)
    is not a win; one the link ended in play (the peer left it, cheated: "ended") is no
    result and not among a player's matches. ci95: the Wilson 95 % interval once MIN_CI matches have a known seat.
    Points per hand only per variant: Rummy israeli's are penalty points, Burako's are not.
    """
    players, pairs, variants, h2h, consoles = {}, {}, {}, {}, {}
    for m in matches:
        rec = m["record"]
        v = rec["variant"]
        seen, seen_pairs = who_played(m)
        sides = sides_of(m)
        var = variants.setdefault(v, {"matches": 0, "players": {}})
        var["matches"] += 1
        for where, out in ((seen, players), (seen_pairs, pairs)):
            for k, s in where.items():
                st = out.setdefault(k, dict(_blank(), variants={}))
                _result(st, rec, s)
                vs = st["variants"].setdefault(v, _blank_v())
                _result(vs, rec, s)
                if where is seen:
                    _result(var["players"].setdefault(k, _blank_v()), rec, s)
                on = [i for i, ls in enumerate(sides) if k in ls or "+".join(sorted(ls)) == k]
                _play(vs, rec, on)
                if where is seen:
                    _play(var["players"][k], rec, on)
        # head to head: every two labels on different sides (each on one side only)
        for a, sa in seen.items():
            for b, sb in seen.items():
                if a < b and sa is not None and sb is not None and sa != sb:
                    e = h2h.setdefault((a, b), {"a": a, "b": b, "matches": 0, "a_wins": 0, "b_wins": 0})
                    e["matches"] += 1
                    e["a_wins"] += rec["winner"] == sa
                    e["b_wins"] += rec["winner"] == sb
        for c in m.get("copies") or [{"source": m.get("source", "?"), "pulled_at": m.get("pulled_at", ""),
                                      "own_seats": rec.get("own_seats")}]:
            cs = consoles.setdefault(c["source"], {"matches": 0, "local": 0, "linked": 0, "wins": 0, "losses": 0,
                                                   "unknown_seat": 0, "first_pulled": c["pulled_at"],
                                                   "last_pulled": c["pulled_at"], "players": set()})
            cs["matches"] += 1
            cs["first_pulled"] = min(cs["first_pulled"], c["pulled_at"])
            cs["last_pulled"] = max(cs["last_pulled"], c["pulled_at"])
            own = c.get("own_seats")
            n = len(rec["final"])
            labels = seat_labels(m)
            if own is None:
                cs["unknown_seat"] += 1
                continue
            own_sides = {i % n for i in own}
            for i in own:
                cs["players"].add(labels[i])
            if len(own_sides) == n:
                cs["local"] += 1            # every side on this console: no result of its own
            elif len(own_sides) == 1:
                cs["linked"] += 1
                won = rec["winner"] in own_sides
                cs["wins"] += won
                cs["losses"] += not won
    return {"matches": len(matches),
            "players": {k: _final(v) for k, v in sorted(players.items())},
            "pairs": {k: _final(v) for k, v in sorted(pairs.items())},
            "variants": {v: {"matches": d["matches"], "players": {k: _final_v(s) for k, s in sorted(d["players"].items())}}
                         for v, d in sorted(variants.items())},
            "head_to_head": [dict(e, win_rate=_rate(e["a_wins"], e["matches"])) for _, e in sorted(h2h.items())],
            "ai_levels": {k: _final(v) for k, v in sorted(players.items()) if k.startswith("AI")},
            "consoles": {k: dict(v, players=sorted(v["players"])) for k, v in sorted(consoles.items())}}


def _rate(w, n):
    return round(w / n, 3) if n else None


def _final(st):
    known = st["matches"] - st["unknown_seat"]
    return {"matches": st["matches"], "wins": st["wins"], "unknown_seat": st["unknown_seat"],
            "win_rate": _rate(st["wins"], known), "ci95": wilson(st["wins"], known),
            "longest_streak": st["longest_streak"],
            "variants": {v: _final_v(s) for v, s in sorted(st["variants"].items())}}


def _final_v(st):
    known = st["matches"] - st["unknown_seat"]
    out = {"matches": st["matches"], "wins": st["wins"], "unknown_seat": st["unknown_seat"],
           "win_rate": _rate(st["wins"], known), "hands": st["hands"],
           "points_per_hand": round(st["points"] / st["hands"], 1) if st["hands"] else None,
           "canastas": st["canastas"] if st["canasta_hands"] else None,
           "closes": st["closes"] if st["close_hands"] else None}
    if st["vp_matches"]:
        out["mp"] = st["mp"]
        out["vp"] = st["vp"]
    return out
