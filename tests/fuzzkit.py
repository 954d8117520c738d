"""Every reader of outside input, as one function `feed(data: bytes)` that
raises only when the reader misbehaves: a traceback where a user mistake
belongs (any exception but the reader's own refusal), a second line on stderr,
an exit status other than the documented ones, or a file written.

Used by tests/test_fuzz_readers.py (hypothesis, a few hundred inputs each) and
benchmarks/fuzz_figures.py (random mutations, 100k+ inputs each)."""
from __future__ import annotations

import contextlib
import io
import os
import tempfile

import scorelog
from burako import save
from engine import codec
from engine import game
from engine import rules as engine_rules
from engine import tiles
from engine import transcript
from hal import keys as hal_keys
from hal.storage import Storage


class Misbehaved(AssertionError):
    pass


class Scratch:
    """One private folder for the file readers; checks nothing else appears."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="burako-fuzz-")

    def put(self, name, data):
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def unchanged(self, name, data):
        path = os.path.join(self.dir, name)
        with open(path, "rb") as f:
            if f.read() != data:
                raise Misbehaved("the reader changed " + name)
        if os.listdir(self.dir) != [name]:
            raise Misbehaved("the reader wrote %s" % sorted(os.listdir(self.dir)))
        os.remove(path)


SCRATCH = None


def scratch():
    global SCRATCH
    if SCRATCH is None:
        SCRATCH = Scratch()
    return SCRATCH


# --- the readers ------------------------------------------------------------------
def feed_codec(data):
    try:
        g = codec.decode(data)
    except codec.CodecError:
        return
    if bytes(g.tile_count()) != bytes(tiles.counts(tiles.full_deck(g.rules.jokers))) \
            or codec.encode(g) != bytes(data):
        raise Misbehaved("decode accepted a position that does not round-trip")
    for mv in list(g.legal_moves())[:20]:      # a decoded game must be playable
        g.check(mv)


def feed_transcript(data):
    lines = data.decode("utf-8", "replace").splitlines()
    head, moves, err = transcript.read(lines)
    if head is None and err is None:
        raise Misbehaved("read() gave no header and no reason")
    g, err2 = transcript.replay(lines)
    if g is None and err2 is None:
        raise Misbehaved("replay() gave no game and no reason")


def feed_save(data):
    sc = scratch()
    sc.put(save.NAME, data)
    try:
        r = save.read(Storage(sc.dir))
        if r is None:
            raise Misbehaved("an existing save read as no save")
    except codec.CodecError:
        pass
    sc.unchanged(save.NAME, data)


def feed_scorelog(data):
    sc = scratch()
    path = sc.put(scorelog.FILENAME, data)
    records, problems = scorelog.read(path)
    for off, n, why in problems:
        if not (0 <= off < len(data) and 0 < n <= len(data) - off and why):
            raise Misbehaved("bad problem report %r" % ((off, n, why),))
    sc.unchanged(scorelog.FILENAME, data)


def feed_keys(data):
    from host import emu
    keys = emu.load_keys("", data)
    if isinstance(keys, str):
        if "\n" in keys or not keys:
            raise Misbehaved("key error is not one line: %r" % keys)
    elif not all(isinstance(k, int) and 0 <= k <= hal_keys.ALL for k in keys):
        raise Misbehaved("key masks out of range")


_PARSER = []


def _cli(argv, codes):
    from host import cli
    if not _PARSER:
        _PARSER.append(cli.build_parser())
    out = io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv, _PARSER[0])
    if code not in codes:
        raise Misbehaved("exit %r for %r" % (code, argv))
    if code == 2:
        lines = err.getvalue().splitlines()
        if len(lines) != 1 or not lines[0].startswith("burako: "):
            raise Misbehaved("not one line on stderr: %r" % err.getvalue())


def feed_score(data):
    sc = scratch()
    path = sc.put("hand.json", data)
    _cli(["score", "--json", path], (0, 2))
    sc.unchanged("hand.json", data)


def feed_replay(data):
    sc = scratch()
    path = sc.put("match.txt", data)
    _cli(["replay", path], (0, 1, 2))
    sc.unchanged("match.txt", data)


def feed_meld(data):
    words = data.decode("utf-8", "replace").replace("\x00", "").split()
    onto = []
    if words and words[0] == "on":
        onto = ["--onto", " ".join(words[1:4])]
        words = words[4:]
    _cli(["meld", "--json", *onto, "--", *words], (0, 1, 2))


READERS = {
    "codec": feed_codec,
    "transcript": feed_transcript,
    "save": feed_save,
    "scorelog": feed_scorelog,
    "keys": feed_keys,
    "score": feed_score,
    "replay": feed_replay,
    "meld": feed_meld,
}


# --- well-formed samples to mutate --------------------------------------------------
def samples(name):
    """A few valid inputs for a reader: mutations of them reach deep code."""
    if name in ("codec", "save"):
        out = []
        for rules, n, seed in ((engine_rules.BURAKO, 4, 1), (engine_rules.TORNEO, 2, 2), (engine_rules.BURRACO, 2, 3)):
            g = game.Game(rules, n, seed)
            for mv in list(g.legal_moves())[:1]:
                g.play(mv)
            b = codec.encode(g)
            if name == "codec":
                out.append(b)
            else:
                # version 3 (a round of 2 hands, one hand's canastas and closer
                # logged) and version 2, so mutations reach both readers
                out.append(save.MAGIC + bytes((2, 2, 0, 0, 0, 5, 0, 2, 1, 0x21, 0x10, 1)) + b)
                out.append(save.MAGIC_V2 + bytes((2, 2, 0, 0, 0, 5, 0)) + b)
        return out
    if name in ("transcript", "replay"):
        from ai.selfplay import play_match
        lines = []
        play_match("torneo", 2, 3, target=300, emit=lines.append)
        text = "".join(lines)
        return [text.encode(), "".join(text.splitlines(True)[:40]).encode()]
    if name == "scorelog":
        one = bytes(scorelog.encode({"seq": 1, "variant": "burako", "seats": "HA",
                                     "hands": [[120, -35], [410, 260]], "final": [530, 225],
                                     "winner": 0}))
        return [one, one * 3]
    if name == "keys":
        return [b"A,RIGHT,RIGHT,A\nWAIT # start\nA+B,-,UP\n"]
    if name == "score":
        return [b'{"sides": [{"melds": ["Y3 Y4 Y5 Y6 Y7 Y8 Y9", "R8 R8 B8 *"], "racks": ["K13", ""],'
                b' "muerto_taken": true, "closed": true}, {"melds": ["B3 B4 B5"], "racks": ["B9 *"]}]}']
    if name == "meld":
        return [b"R3 R4 * R6", b"K8 K8 Y8 *", b"on R3 R2 R5 R4 *", b"R13 R1 R2"]
    raise KeyError(name)


def mutate(rng, base):
    """One random mutation of base (bytes), as a plain fuzzer would make it."""
    b = bytearray(base)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
        elif op == 1:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2:
            del b[i:i + rng.randint(1, 16)]
        elif op == 3 and b:
            j = rng.randrange(len(b))
            b[i:i] = b[j:j + rng.randint(1, 32)]
        elif op == 4:
            b = b[:i]
        else:
            b[i:i] = rng.choice((b"\xc2\xb2", b"-1", b"99999999999", b"\n", b"*", b"[", b"{",
                                 b"\x00", b"2", b"R1 R1 R1 ", b"timeup", b"next"))
    return bytes(b)
