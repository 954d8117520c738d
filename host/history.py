"""The local match history: one SQLite file of every match pulled off any console.

    h = History.open(history_path(args.history))
    new, known = h.merge(records, source="/dev/ttyACM0")
    for m in h.matches(): ...           # {"match", "derived", "record", ...} in pull order
    stats = summary(h.matches())        # per player / per pair figures for `scores show`

Matches are keyed by a 16-hex-digit match id: the record's own `id` when the
firmware wrote one (both consoles of a linked match write the same id), else
one derived from the record's content (match_key), so pulling the same log
twice, or the same linked match from both consoles, stores it once.

The log names no players, only each seat's kind (H human, A AI), so a
"player" here is a seat kind (`human`, `AI`) and a "pair" the two kinds
playing one side of a four-seat match (`human+AI`).
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

ENV = "BURAKO_HISTORY"
SCHEMA = 1
KINDS = {"H": "human", "A": "AI"}


class HistoryError(Exception):
    """The history file cannot be opened or is not ours: one line for the user."""


def history_path(explicit=None):
    """--history FILE, else $BURAKO_HISTORY, else $XDG_DATA_HOME/burako/history.sqlite
    (~/.local/share/burako/history.sqlite when XDG_DATA_HOME is unset)."""
    if explicit:
        return Path(explicit)
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "burako" / "history.sqlite"


def match_key(rec):
    """(16 hex digits, derived?): the record's id, or a hash of its content without one."""
    if rec.get("id") is not None:
        return "%016x" % rec["id"], False
    import scorelog  # firmware/ is on sys.path (emulator.paths.use_firmware)

    body = {k: v for k, v in rec.items() if k != "id"}
    digest = hashlib.sha256(bytes(scorelog.encode(body))).digest()
    return digest[:8].hex(), True


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
        if not tables:
            try:
                with db:
                    db.execute("""CREATE TABLE matches (
                        n INTEGER PRIMARY KEY AUTOINCREMENT,  -- pull order: 'over time' in plots
                        match TEXT NOT NULL UNIQUE,           -- 16 hex digits (match_key)
                        derived INTEGER NOT NULL,             -- 1: hashed from content (no id in the log)
                        variant TEXT NOT NULL,
                        seats TEXT NOT NULL,
                        winner INTEGER,
                        record TEXT NOT NULL,                 -- the record as scorelog.read gives it, JSON
                        source TEXT NOT NULL,                 -- port or file it was first pulled from
                        pulled_at TEXT NOT NULL)""")
                    db.execute(f"PRAGMA user_version = {SCHEMA}")
            except sqlite3.DatabaseError as e:
                raise HistoryError(f"{path}: cannot write ({e})")
        return cls(db, path)

    def close(self):
        self.db.close()

    def merge(self, records, source):
        """Insert the records not already held (by match key), in one transaction: (new, known)."""
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
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
        except sqlite3.DatabaseError as e:
            raise HistoryError(f"{self.path}: cannot write ({e})")
        return new, len(records) - new

    def matches(self):
        """Every match in pull order: {"n", "match", "derived", "source", "pulled_at", "record"}."""
        rows = self.db.execute("SELECT n, match, derived, source, pulled_at, record FROM matches ORDER BY n")
        return [{"n": n, "match": m, "derived": bool(d), "source": s, "pulled_at": t, "record": json.loads(r)}
                for n, m, d, s, t, r in rows]


# --- figures for `scores show` ------------------------------------------------------
def sides_of(rec):
    """Per side, the seat kinds playing it (seat i plays for side i % sides)."""
    n = len(rec["final"])
    return [[KINDS[rec["seats"][i]] for i in range(s, len(rec["seats"]), n)] for s in range(n)]


def who_played(rec):
    """({player: side}, {pair: side}) of one match; one side each, the winning one if it plays on both."""
    seen, seen_pairs = {}, {}
    for s, kinds in enumerate(sides_of(rec)):
        names = [(seen, k) for k in kinds]
        if len(kinds) == 2:
            names.append((seen_pairs, "+".join(sorted(kinds))))
        for where, k in names:
            if k not in where or rec["winner"] == s:
                where[k] = s
    return seen, seen_pairs


def _blank():
    return {"matches": 0, "wins": 0, "hands": 0, "points": 0, "canastas": 0, "canasta_hands": 0,
            "closes": 0, "close_hands": 0, "streak": 0, "longest_streak": 0,
            "mp": 0, "vp": 0, "vp_matches": 0}


def _count(st, rec, side):
    st["matches"] += 1
    won = rec["winner"] == side
    st["wins"] += won
    st["streak"] = st["streak"] + 1 if won else 0
    st["longest_streak"] = max(st["longest_streak"], st["streak"])
    for h in rec["hands"]:
        st["hands"] += 1
        st["points"] += h[side]
    if "canastas" in rec:
        st["canasta_hands"] += len(rec["canastas"])
        st["canastas"] += sum(sum(h[side]) for h in rec["canastas"])
    if "closes" in rec:
        st["close_hands"] += len(rec["closes"])
        st["closes"] += sum(1 for c in rec["closes"] if c == side)
    if "vp" in rec:         # burraco (seed 001): match points and victory points
        st["vp_matches"] += 1
        st["mp"] += rec["mp"][side]
        st["vp"] += rec["vp"][side]


def summary(matches):
    """{"players": {name: stats}, "pairs": {name: stats}, "matches": N} over matches in order.

    stats: matches, wins, win_rate, hands, points_per_hand, canastas (None when no
    record held counts), closes (likewise), longest_streak (consecutive wins);
    mp and vp (sums over the burraco matches) only when a record held them.
    A player on both sides of a match (AI against AI) counts it once, as a win.
    """
    players, pairs = {}, {}
    for m in matches:
        rec = m["record"]
        seen, seen_pairs = who_played(rec)
        for where, out in ((seen, players), (seen_pairs, pairs)):
            for k, s in where.items():
                _count(out.setdefault(k, _blank()), rec, s)
    return {"matches": len(matches), "players": {k: _final(v) for k, v in sorted(players.items())},
            "pairs": {k: _final(v) for k, v in sorted(pairs.items())}}


def _final(st):
    out = {"matches": st["matches"], "wins": st["wins"],
            "win_rate": round(st["wins"] / st["matches"], 3) if st["matches"] else 0.0,
            "hands": st["hands"],
            "points_per_hand": round(st["points"] / st["hands"], 1) if st["hands"] else None,
            "canastas": st["canastas"] if st["canasta_hands"] else None,
            "closes": st["closes"] if st["close_hands"] else None,
            "longest_streak": st["longest_streak"]}
    if st["vp_matches"]:
        out["mp"] = st["mp"]
        out["vp"] = st["vp"]
    return out
