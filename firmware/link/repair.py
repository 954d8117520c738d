# Catching up and repair of a link session (docs/link.md "Moves", "Resume"):
# SYNC / REPAIR requests, the move log sent and taken in LOG frames, and the
# match replayed from its deal. Needed only after a reconnection or a refused
# move, so link/session.py imports this module when one happens and drops it
# when moves flow again. Functions take the Link (`lk`).
from micropython import const
from link import frame as F
from link import msg as M
from link import session as S

LOG_CHUNK = const(400)     # largest LOG payload; smaller on a noisy cable


def replay(gm, rules, seed, target, log):
    """(game, None) after playing the log's moves from the deal; (game, move
    number) of the first illegal or malformed one. gm: the game module
    (link/moves_*.py)."""
    g = gm.new_game(rules, seed, target)
    i = 0
    k = 0
    n = len(log)
    while i < n:
        mv, i = gm.get_move(log, i, n, g)
        if mv is None or g.play(mv):
            return g, k
        k += 1
    return g, None


def skip_moves(b, count, get=M.get_move):
    """Byte offset of move number `count` in a log (a run of put_move forms;
    get: the game module's get_move)."""
    i = 0
    n = len(b)
    for _ in range(count):
        mv, i = get(b, i, n)
        if mv is None:
            return -1
    return i


def with16(kind, v):
    out = bytearray((kind,))
    M.put16(out, v)
    return bytes(out)


def log_end(count, dig):
    out = bytearray((M.LOG_END,))
    M.put16(out, count)
    out.extend(dig)
    return bytes(out)


def received(lk, b, i, n, t):
    if t == M.LOG:
        on_log(lk, b, i, n)
    elif t == M.LOG_END:
        on_log_end(lk, b, i, n)
    else:
        on_sync(lk, b, i, n, t)


# --- asking ------------------------------------------------------------------
def ask_repair(lk):
    lk.repairs += 1
    lk._in = [0, 0, bytearray()]
    lk._st = S.CONNECTING
    lk._send(with16(M.REPAIR, lk.count))


def ask_sync(lk):
    lk._in = [lk.count, lk.count, bytearray()]
    lk._st = S.CONNECTING
    lk._send(with16(M.SYNC, lk.count))


# --- serving our log -----------------------------------------------------------
def serve_log(lk, start):
    # the log goes out a frame at a time from poll(), so moves played
    # meanwhile are part of it and the queue never holds a whole match
    lk._serve = [skip_moves(lk.log, start, lk.get_move), start]
    pump(lk)


def pump(lk):
    if lk.t.queue:
        return
    log = lk.log
    sv = lk._serve
    i = sv[0]
    n = len(log)
    if i >= n:
        lk._serve_reset()
        lk._send(log_end(lk.count, lk._dig))
        return
    # frames about as long as the cable lets through: with a share f of
    # ~16-byte frames damaged, a byte is lost with p ~ f/16 and L(1-p)^L
    # peaks at L ~ 1/p
    size = (16 << 10) // (lk.t.rx.loss + 1)
    size = 16 if size < 16 else (LOG_CHUNK if size > LOG_CHUNK else size)
    out = bytearray((M.LOG,))
    M.put16(out, sv[1])
    get = lk.get_move
    while i < n and len(out) < size:
        mv, j = get(log, i, n)
        if len(out) + j - i > F.MAX_PAYLOAD:
            break               # (a long Rummy play; a Burako move never gets here)
        out.extend(log[i:j])
        i = j
        sv[1] += 1
    sv[0] = i
    lk._send(bytes(out))


def on_sync(lk, b, i, n, t):
    if n - i != 3 or lk.game is None:
        lk._refuse(S.F_UNEXPECTED, 0, False)
        return
    start = M.u16(b, i + 1)
    if t == M.REPAIR:
        lk.repaired += 1
        if lk.repaired > 2 * S.MAX_STRIKES:
            lk._end(S.R_CHEAT)
            return
        # heal our own position first: it may be the wrong one
        g, bad = replay(lk._game(), lk.rules, lk.seed, lk.target, lk.log)
        if bad is not None:
            lk._end(S.R_DESYNC)
            return
        before = lk._dig
        lk._set_game(g)
        if lk._dig != before:
            lk.events.append((S.EV_SYNC, lk.count, 0))
        start = 0
    elif start > lk.count:
        lk._refuse(S.F_UNEXPECTED)
        return
    serve_log(lk, start)


# --- taking the peer's log -------------------------------------------------------
def on_log(lk, b, i, n):
    inc = lk._in
    if inc is None or n - i < 3 or M.u16(b, i + 1) != inc[1]:
        lk._refuse(S.F_UNEXPECTED)
        return
    j = i + 3
    k = 0
    get = lk.get_move
    while j < n:
        mv, j = get(b, j, n)
        if mv is None:
            lk._refuse(S.F_GARBAGE)
            return
        k += 1
    inc[2].extend(b[i + 3:n])
    inc[1] += k


def on_log_end(lk, b, i, n):
    inc = lk._in
    if inc is None or n - i != 7:
        lk._refuse(S.F_UNEXPECTED)
        return
    count = M.u16(b, i + 1)
    dig = bytes(b[i + 3:i + 7])
    start, got, inlog = inc
    lk._sync_reset()
    if count != got:
        lk._st = S.PLAYING
        lk._refuse(S.F_GARBAGE)
        return
    if start:
        # catching up: the missing moves, each checked, on a copy
        g = lk._game().decode(lk._pos)
        i = 0
        while i < len(inlog):
            mv, i = lk.get_move(inlog, i, len(inlog), g)
            if mv is None:          # a Rummy reference to no meld
                lk._st = S.PLAYING
                lk._refuse(S.F_GARBAGE)
                return
            err = g.play(mv)
            if err:
                lk._st = S.PLAYING
                lk._refuse(S.F_ILLEGAL, err)
                return
        if M.digest(lk.position(g)) != dig:
            lk._st = S.PLAYING
            lk._refuse(S.F_DIGEST)
            return
        lk.log.extend(inlog)
    else:
        # repair: the whole match again from the deal; our moves must be ours
        k = len(lk.log)
        if count < lk.count or inlog[:k] != lk.log:
            lk._end(S.R_CHEAT)
            return
        g, bad = replay(lk._game(), lk.rules, lk.seed, lk.target, inlog)
        if bad is not None:
            lk._end(S.R_CHEAT)
            return
        if M.digest(lk.position(g)) != dig:
            lk._end(S.R_DESYNC if count == lk.count else S.R_CHEAT)
            return
        lk.log = inlog
    lk.count = count
    lk.dirty = True
    lk._set_game(g)
    lk._st = S.PLAYING
    if g.phase == lk.over:
        lk._st = S.ENDED
        lk.reason = S.R_MATCH_OVER
    lk.events.append((S.EV_SYNC, count, 0))
