# Catching up and repair of a link session (docs/link.md "Moves", "Resume"):
# SYNC / REPAIR requests, the move log sent and taken in LOG frames, and the
# match replayed from its deal: after a reconnection or a refused move.
# Functions take the Link (`link`) and use its declared side for the repair
# (link/session.py, the Link's docstring); the shared names are link/msg.py's.
from micropython import const
from link import frame
from link import msg

LOG_CHUNK = const(400)     # largest LOG payload; smaller on a noisy cable
_STALL_MS = const(30000)   # connected time a catch-up or repair may go without a move coming


def replay(moves, rules, seed, target, log):
    """(game, None) after playing the log's moves from the deal; (game, move
    number) of the first illegal or malformed one. moves: the game module
    (link/moves_*.py)."""
    game = moves.new_game(rules, seed, target)
    i = 0
    played = 0
    end = len(log)
    while i < end:
        mv, i = moves.get_move(log, i, end, game)
        if mv is None or game.play(mv):
            return game, played
        played += 1
    return game, None


def skip_moves(log, count, get=msg.get_move):
    """Byte offset of move number `count` in a log (a run of put_move forms;
    get: the game module's get_move)."""
    i = 0
    end = len(log)
    for _ in range(count):
        mv, i = get(log, i, end)
        if mv is None:
            return -1
    return i


def with16(kind, value):
    out = bytearray((kind,))
    msg.put16(out, value)
    return bytes(out)


def log_end(count, dig):
    out = bytearray((msg.LOG_END,))
    msg.put16(out, count)
    out.extend(dig)
    return bytes(out)


def received(link, data, start, end, kind):
    if kind == msg.LOG:
        on_log(link, data, start, end)
    elif kind == msg.LOG_END:
        on_log_end(link, data, start, end)
    else:
        on_sync(link, data, start, end, kind)


# --- asking ------------------------------------------------------------------
# link.syncing while the peer's log comes: [repair?, number of the next move, the
# game the moves are played on as they come (made at the first), the moves
# past our log, byte offset in our log of the next move to compare, when it
# was asked (link.state says PLAYING for its first second), connected ms since
# the last move came, the last poll's time]. Each LOG frame is checked as it
# arrives: nothing is kept but moves we lack, and a move for our own seat that
# we did not make, or one the rules refuse, ends the link.
def ask_repair(link):
    link.repairs += 1
    link.syncing = [True, 0, None, bytearray(), 0, link.t.now, 0, link.t.now]
    link.phase = msg.CONNECTING
    link.send(with16(msg.REPAIR, link.count))


def ask_sync(link):
    link.syncing = [False, link.count, None, bytearray(), 0, link.t.now, 0, link.t.now]
    link.phase = msg.CONNECTING
    link.send(with16(msg.SYNC, link.count))


def poll(link, now):
    """The peer owes us its log: a move of it must come within _STALL_MS of connected time
    (a pulled cable does not count), or the link ends naming the peer (R_SILENT). A peer
    that answers with frames that never complete the catch-up does not hold us forever."""
    syncing = link.syncing
    if link.t.alive():
        syncing[6] += link.t.clock.ticks_diff(now, syncing[7])
    syncing[7] = now
    if syncing[6] >= _STALL_MS:
        link.end(msg.R_SILENT)
        link.by_peer = True


# --- serving our log -----------------------------------------------------------
def serve_log(link, start):
    # the log goes out a frame at a time from poll(), so moves played
    # meanwhile are part of it and the queue never holds a whole match
    # (docs/memory.md "link moves")
    link.serving = [skip_moves(link.log, start, link.get_move), start]
    pump(link)


def pump(link):
    if link.t.queue or link.out_move is not None:
        return                  # (hidden hands: our last move leaves once saved, its SHOW first)
    log = link.log
    serving = link.serving
    i = serving[0]
    end = len(log)
    if i >= end:
        link.serving = None
        link.send(log_end(link.count, link.digest))
        return
    # frames about as long as the cable lets through: with a share f of
    # ~16-byte frames damaged, a byte is lost with p ~ f/16 and L(1-p)^L
    # peaks at L ~ 1/p
    size = (16 << 10) // (link.t.rx.loss + 1)
    size = 16 if size < 16 else (LOG_CHUNK if size > LOG_CHUNK else size)
    out = bytearray((msg.LOG,))
    msg.put16(out, serving[1])
    get = link.get_move
    while i < end and len(out) < size:
        mv, j = get(log, i, end)
        if len(out) + j - i > frame.MAX_PAYLOAD:
            break               # (a long Rummy play; a Burako move never gets here)
        out.extend(log[i:j])
        i = j
        serving[1] += 1
    serving[0] = i
    link.send(bytes(out))


def on_sync(link, data, offset, end, kind):
    if end - offset != 3 or link.game is None:
        link.refuse(msg.F_UNEXPECTED, 0, False)
        return
    if kind == msg.SYNC and link.serving is not None:
        return                  # one log at a time: a repeat while serving is ignored
    # what one request may cost: a log (MAX_LOG bytes at most); an honest
    # peer asks once a restart, again after a failed catch-up: more than
    # 2 * MAX_STRIKES between two of our moves is a flood
    link.repaired += 1
    if link.repaired > 2 * msg.MAX_STRIKES:
        link.end(msg.R_CHEAT if kind == msg.REPAIR else msg.R_PROTOCOL)
        return
    start = msg.u16(data, offset + 1)
    if kind == msg.REPAIR and link.hidden is not None:
        link.end(msg.R_DESYNC)      # a replay from the seed deals no hidden hand
        return
    if kind == msg.REPAIR:
        # heal our own position first: it may be the wrong one
        game, bad = replay(link.moves, link.rules, link.seed, link.target, link.log)
        if bad is not None:
            link.end(msg.R_DESYNC)
            return
        before = link.digest
        link.set_game(game)
        if link.digest != before:
            link.events.append((msg.EV_SYNC, link.count, 0))
        start = 0
    elif start > link.count:
        link.refuse(msg.F_UNEXPECTED)
        return
    if link.hidden is not None:
        link.hidden.serve_log(start)    # the SHOWs of the moves it lacks, first
    serve_log(link, start)


# --- taking the peer's log -------------------------------------------------------
def undo(link):
    # (link.sync_reset()) the LOG on its way is given up: a catch-up's moves
    # played on link.game so far are taken back
    syncing = link.syncing
    link.syncing = None
    if syncing[2] is link.game and syncing[1] > link.count:
        if link.hidden is None:
            game = link.moves.decode(link.pos)
        else:
            # hidden hands: the public bytes cannot put the position back; the log can
            game = link.hidden.rebuild(link.moves, link.log)
            if game is None:
                link.end(msg.R_DESYNC)
                return
        link.set_game(game)
        link.events.append((msg.EV_SYNC, link.count, 0))


def _give_up(link, syncing, code, why=0):
    # a log whose move the rules refuse, or that is no move, is the peer's: an honest
    # console serves only moves its engine played. Waiting for a better one would let it
    # hold us in a catch-up for ever: the link ends naming it (the refusal an event too)
    link.sync_reset()
    link.refuse(code, why, False)
    link.end(msg.R_CHEAT)


def _start_game(link, syncing):
    # a repair replays the match from its deal on a new Game; a catch-up
    # plays on link.game (link.sync_reset() puts it back if it fails)
    if syncing[0]:
        return link.moves.new_game(link.rules, link.seed, link.target)
    return link.game


def on_log(link, data, start, end):
    syncing = link.syncing
    if syncing is None or end - start < 3 or msg.u16(data, start + 1) != syncing[1]:
        # (a late frame of a log we gave up on; buffers nothing, costs nothing)
        link.refuse(msg.F_UNEXPECTED, 0, False)
        return
    game = syncing[2]
    if game is None:
        game = syncing[2] = _start_game(link, syncing)
    log = link.log
    pend = syncing[3]
    get = link.get_move
    j = start + 3
    while j < end:
        mv, after = get(data, j, end, game)
        if mv is None:
            _give_up(link, syncing, msg.F_GARBAGE)
            return
        if syncing[1] < link.count:
            # a move we hold: it must be ours byte for byte (a repair)
            ours = syncing[4]
            if ours + after - j > len(log):
                _give_up(link, syncing, msg.F_GARBAGE)
                return
            for at in range(j, after):
                if log[ours] != data[at]:
                    _give_up(link, syncing, msg.F_GARBAGE)
                    return
                ours += 1
            syncing[4] = ours
        else:
            # a move we lack: the peer's, or (restored from a save, before
            # the first sync) one of ours the save did not hold yet
            if game.turn == link.seat and (not link.restored or link.hidden is not None):
                # (hidden hands: our own moves leave only once our save holds them)
                link.sync_reset()
                link.end(msg.R_CHEAT)
                return
            if len(log) + len(pend) + after - j > msg.MAX_LOG:
                link.sync_reset()
                link.end(msg.R_PROTOCOL)
                return
        hid = link.hidden if syncing[1] >= link.count else None
        if hid is not None:
            hid.on_log(syncing[1], game)   # its SHOW (RESHOW) first, as it came live
            stock = len(game.stock)
        err = game.play(mv)
        if err:
            _give_up(link, syncing, msg.F_ILLEGAL, err)
            return
        if hid is not None:
            hid.on_log(syncing[1], game, mv, stock)
        if syncing[1] >= link.count:
            for at in range(j, after):
                pend.append(data[at])
        syncing[1] += 1
        syncing[6] = 0                  # a move came: the peer is at work on it
        j = after


def on_log_end(link, data, start, end):
    syncing = link.syncing
    if syncing is None or end - start != 7:
        link.refuse(msg.F_UNEXPECTED)
        return
    count = msg.u16(data, start + 1)
    dig = bytes(data[start + 3:start + 7])
    if count != syncing[1] or count < link.count:
        _give_up(link, syncing, msg.F_GARBAGE)
        return
    game = syncing[2]
    if game is None:
        game = _start_game(link, syncing)
    if msg.digest(link.position(game)) != dig:
        if syncing[0]:
            link.end(msg.R_DESYNC if count == link.count else msg.R_CHEAT)
        else:
            link.sync_reset()
            if link.phase != msg.ENDED:
                link.phase = msg.PLAYING
                link.refuse(msg.F_DIGEST)
        return
    link.syncing = None
    link.log.extend(syncing[3])
    link.count = count
    link.repaired = 0
    link.restored = False
    if not link.dirty:
        link.dirty = link.t.now | 1
    link.set_game(game)
    link.phase = msg.PLAYING
    if game.phase == link.over:
        link.phase = msg.ENDED
        link.reason = msg.R_MATCH_OVER
    link.events.append((msg.EV_SYNC, count, 0))
