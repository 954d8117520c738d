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
_MAX_LOG = const(12288)    # session.py's (a private const there)


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
# lk._in while the peer's log comes: [repair?, number of the next move, the
# game the moves are played on as they come (made at the first), the moves
# past our log, byte offset in our log of the next move to compare, when it
# was asked (link.state says PLAYING for its first second)]. Each LOG
# frame is checked as it arrives: nothing is kept but moves we lack, and a
# move for our own seat that we did not make ends the link.
def ask_repair(lk):
    lk.repairs += 1
    lk._in = [True, 0, None, bytearray(), 0, lk.t.now]
    lk._st = S.CONNECTING
    lk._send(with16(M.REPAIR, lk.count))


def ask_sync(lk):
    lk._in = [False, lk.count, None, bytearray(), 0, lk.t.now]
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
    if t == M.SYNC and lk._serve is not None:
        return                  # one log at a time: a repeat while serving is ignored
    # what one request may cost: a log (_MAX_LOG bytes at most); an honest
    # peer asks once a restart, again after a failed catch-up: more than
    # 2 * MAX_STRIKES between two of our moves is a flood
    lk.repaired += 1
    if lk.repaired > 2 * S.MAX_STRIKES:
        lk._end(S.R_CHEAT if t == M.REPAIR else S.R_PROTOCOL)
        return
    start = M.u16(b, i + 1)
    if t == M.REPAIR:
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
def undo(lk):
    # (lk._sync_reset()) the LOG on its way is given up: a catch-up's moves
    # played on link.game so far are taken back
    inc = lk._in
    lk._in = None
    if inc[2] is lk.game and inc[1] > lk.count:
        S._assign(lk.game, lk._game().decode(lk._pos))
        lk.events.append((S.EV_SYNC, lk.count, 0))


def _give_up(lk, inc, code, why=0):
    # a catch-up that fails is a strike (and asks for a repair); a repair
    # that fails was the peer's last chance
    lk._sync_reset()
    if inc[0]:
        lk._end(S.R_CHEAT)
    else:
        lk._st = S.PLAYING
        lk._refuse(code, why)


def _start_game(lk, inc):
    # a repair replays the match from its deal on a new Game; a catch-up
    # plays on link.game (lk._sync_reset() puts it back if it fails)
    if inc[0]:
        return lk._game().new_game(lk.rules, lk.seed, lk.target)
    return lk.game


def on_log(lk, b, i, n):
    inc = lk._in
    if inc is None or n - i < 3 or M.u16(b, i + 1) != inc[1]:
        # (a late frame of a log we gave up on; buffers nothing, costs nothing)
        lk._refuse(S.F_UNEXPECTED, 0, False)
        return
    g = inc[2]
    if g is None:
        g = inc[2] = _start_game(lk, inc)
    log = lk.log
    pend = inc[3]
    get = lk.get_move
    j = i + 3
    while j < n:
        mv, e = get(b, j, n, g)
        if mv is None:
            _give_up(lk, inc, S.F_GARBAGE)
            return
        if inc[1] < lk.count:
            # a move we hold: it must be ours byte for byte (a repair)
            o = inc[4]
            if o + e - j > len(log):
                _give_up(lk, inc, S.F_GARBAGE)
                return
            for x in range(j, e):
                if log[o] != b[x]:
                    _give_up(lk, inc, S.F_GARBAGE)
                    return
                o += 1
            inc[4] = o
        else:
            # a move we lack: the peer's, or (restored from a save, before
            # the first sync) one of ours the save did not hold yet
            if g.turn == lk.seat and not lk._restored:
                lk._sync_reset()
                lk._end(S.R_CHEAT)
                return
            if len(log) + len(pend) + e - j > _MAX_LOG:
                lk._sync_reset()
                lk._end(S.R_PROTOCOL)
                return
        err = g.play(mv)
        if err:
            _give_up(lk, inc, S.F_ILLEGAL, err)
            return
        if inc[1] >= lk.count:
            for x in range(j, e):
                pend.append(b[x])
        inc[1] += 1
        j = e


def on_log_end(lk, b, i, n):
    inc = lk._in
    if inc is None or n - i != 7:
        lk._refuse(S.F_UNEXPECTED)
        return
    count = M.u16(b, i + 1)
    dig = bytes(b[i + 3:i + 7])
    if count != inc[1] or count < lk.count:
        _give_up(lk, inc, S.F_GARBAGE)
        return
    g = inc[2]
    if g is None:
        g = _start_game(lk, inc)
    if M.digest(lk.position(g)) != dig:
        if inc[0]:
            lk._end(S.R_DESYNC if count == lk.count else S.R_CHEAT)
        else:
            lk._sync_reset()
            lk._st = S.PLAYING
            lk._refuse(S.F_DIGEST)
        return
    lk._in = None
    lk.log.extend(inc[3])
    lk.count = count
    lk.repaired = 0
    lk._restored = False
    if not lk.dirty:
        lk.dirty = lk.t.now | 1
    lk._set_game(g)
    lk._st = S.PLAYING
    if g.phase == lk.over:
        lk._st = S.ENDED
        lk.reason = S.R_MATCH_OVER
    lk.events.append((S.EV_SYNC, count, 0))
