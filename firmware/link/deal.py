# The handshake of a link session (docs/link.md "The deal", "Resume"): the
# HELLO and its answer, the commit-reveal deal, and a Link rebuilt from its
# save. link/session.py imports this module only while it is needed (no peer
# yet, a reconnection, a resume) and drops it once moves flow: a linked
# match keeps its heap for the game. Functions take the Link (`lk`).
import hashlib
from micropython import const
from link import msg as M
from link import session as S

_REVEAL_MS = const(20000)  # connected time the peer's REVEAL may take after ours went out
_NAME = const(3)           # a player's name after the HELLO's fields: A-Z, or none (issue 21)


# --- messages ----------------------------------------------------------------
def hello(variant, target, fw, match_id, seat, count, dig, name=""):
    out = bytearray((M.HELLO, M.PROTO, variant))
    M.put16(out, target)
    fw = fw[:16]
    out.append(len(fw))
    out.extend(fw)
    if match_id is None:
        out.append(0)
    else:
        out.append(1)
        out.extend(match_id)
        out.append(seat)
        M.put16(out, count)
        out.extend(dig)
    out.extend(name.encode())      # trailing: a console without names sends none
    return bytes(out)


def parse_hello(b, i, n):
    """(proto, variant, target, fw, match_id|None, seat, count, digest, name) or
    None. name: the peer player's three letters, "" when its HELLO has none."""
    if n - i < 6:
        return None
    proto = b[i + 1]
    variant = b[i + 2]
    target = M.u16(b, i + 3)
    k = b[i + 5]
    j = i + 6 + k
    if j >= n:
        return None
    fw = bytes(b[i + 6:j])
    mid = None
    seat = count = 0
    dig = b""
    e = j + 1
    if b[j]:
        e += M.MATCH_ID + 3 + M.DIGEST
        if e > n:
            return None
        j += 1
        mid = bytes(b[j:j + M.MATCH_ID])
        j += M.MATCH_ID
        seat = b[j]
        count = M.u16(b, j + 1)
        dig = bytes(b[j + 3:e])
    if n - e != 0 and n - e != _NAME:
        return None
    for c in b[e:n]:
        if c < 65 or c > 90:
            return None
    return (proto, variant, target, fw, mid, seat, count, dig, bytes(b[e:n]).decode())


def deal(mine, theirs):
    """(seed, match id, seat of the owner of `mine`) from the two nonces.
    Symmetric: both consoles get the same seed and id and opposite seats."""
    lo, hi = (mine, theirs) if mine < theirs else (theirs, mine)
    h = hashlib.sha256(b"burako-deal" + lo + hi).digest()
    seed = (h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) & 0x3FFFFFFF
    lo_seat = h[12] & 1
    return seed, h[4:4 + M.MATCH_ID], lo_seat if mine == lo else 1 - lo_seat


# --- the session's side ------------------------------------------------------
def link_reset(lk):
    """The peer restarted (a new connection id)."""
    d = lk._dealing
    if d is not None and d[1] is not None:
        lk._end(S.R_PEER_ABANDONED)     # after our reveal: the deal was fixed
        lk.by_peer = True
    lk._deal_reset()
    lk._sync_reset()
    lk._serve_reset()
    if lk._st != S.ENDED:
        lk._st = S.CONNECTING


def link_up(lk):
    """The transport (re)connected: say HELLO (or that the link ended)."""
    lk._deal_reset()
    lk._sync_reset()
    lk._serve_reset()
    if lk._st == S.ENDED and lk.reason != S.R_MATCH_OVER:
        lk._send(bytes((M.END, lk.reason)))
        return
    if lk._st != S.ENDED:
        lk._st = S.CONNECTING
    lk._send(my_hello(lk))


def received(lk, b, i, n, t):
    if t == M.HELLO:
        on_hello(lk, b, i, n)
    elif t == M.COMMIT:
        on_commit(lk, b, i, n)
    else:
        on_reveal(lk, b, i, n)


def my_hello(lk):
    v = lk.variant
    if lk.match_id is None:
        return hello(v, lk.target, lk.fw, None, 0, 0, b"", lk.names[0])
    return hello(v, lk.target, lk.fw, lk.match_id, lk.seat, lk.count, lk._dig, lk.names[0])


def on_hello(lk, b, i, n):
    h = parse_hello(b, i, n)
    if h is None:
        lk._refuse(S.F_GARBAGE)
        return
    proto, v, target, fw, mid, seat, count, dig, lk.names[1] = h
    lk.peer_fw = fw
    if proto != M.PROTO:
        lk._end(S.R_VERSION)
        return
    if v != lk.variant or target != lk.target:
        lk._end(S.R_RULES)
        return
    # a match counts once it has a move or both consoles know it
    mine = lk.match_id is not None
    theirs = mid is not None and (count > 0 or mid == lk.match_id)
    if lk._st == S.ENDED:
        return                  # match over: a peer that is behind asks with SYNC
    d = lk._dealing
    if d is not None and d[1] is not None:
        # our nonce is out, so the peer knows the deal: the deal is fixed,
        # and a new HELLO (a deal again) is the peer walking away from it
        lk._end(S.R_PEER_ABANDONED)
        lk.by_peer = True
        return
    if not mine and not theirs:
        start_deal(lk)
    elif not theirs:
        # a dealt match with no move yet is abandoned, not dealt again: we
        # revealed our nonce for it (docs/link.md "The deal")
        lk._end(S.R_PEER_ABANDONED if lk.count == 0 else S.R_PEER_LOST)
        lk.by_peer = lk.count == 0
    elif not mine:
        lk._end(S.R_LOST_MATCH)
    elif mid != lk.match_id or seat != 1 - lk.seat:
        lk._end(S.R_OTHER_MATCH)
    elif count > lk.count:
        lk._repair().ask_sync(lk)
    elif count == lk.count and dig != lk._dig:
        lk._repair().ask_repair(lk)
    else:
        lk._st = S.PLAYING      # level, or ahead: the peer asks for what it lacks
        lk._restored = False    # (a restored console's first sync is done)


def start_deal(lk):
    lk._new_match_state()
    lk._st = S.DEALING
    # [our nonce, the peer's commitment, connected ms since our REVEAL, last poll]
    d = lk._dealing = [lk.random(M.NONCE), None, 0, 0]
    lk._send(bytes((M.COMMIT,)) + hashlib.sha256(d[0]).digest())


def on_commit(lk, b, i, n):
    d = lk._dealing
    if lk._st != S.DEALING or d is None or d[1] is not None or n - i != 33:
        lk._refuse(S.F_UNEXPECTED)
        return
    d[1] = bytes(b[i + 1:n])
    d[3] = lk.t.now
    lk._send(bytes((M.REVEAL,)) + d[0])


def poll(lk, now):
    """Our REVEAL is out: the peer's must come within _REVEAL_MS of time
    connected (a pulled cable does not count), or the link ends."""
    d = lk._dealing
    if d[1] is None:
        return                  # (our REVEAL is not out yet)
    if lk.t.alive():
        d[2] += lk.t.clock.ticks_diff(now, d[3])
    d[3] = now
    if d[2] >= _REVEAL_MS:
        lk._end(S.R_NO_REVEAL)
        lk.by_peer = True
        lk._deal_reset()


def on_reveal(lk, b, i, n):
    d = lk._dealing
    if lk._st != S.DEALING or d is None or d[1] is None or n - i != 1 + M.NONCE:
        lk._refuse(S.F_UNEXPECTED)
        return
    theirs = bytes(b[i + 1:n])
    if hashlib.sha256(theirs).digest() != d[1] or theirs == d[0]:
        lk._end(S.R_BAD_REVEAL)
        return
    lk.seed, lk.match_id, lk.seat = deal(d[0], theirs)
    lk._deal_reset()
    lk._set_game(lk._game().new_game(lk.rules, lk.seed, lk.target))
    lk.dirty = lk.t.now | 1
    lk._st = S.PLAYING
    lk.events.append((S.EV_SYNC, 0, 0))


def restore(lk, b, game):
    """lk's match from saved() bytes (ValueError when they are not one)."""
    if b[:5] != S.SAVE_MAGIC or len(b) < 28:
        raise ValueError("not a link save")
    v = b[5]
    gm = lk._game()
    r = gm.rules_at(v)
    if r is None:
        raise ValueError("bad variant in link save")
    lk.rules = r
    lk.variant = v
    lk.target = M.u16(b, 6)
    lk.seed = b[8] | (b[9] << 8) | (b[10] << 16) | (b[11] << 24)
    lk.seat = b[12]
    lk.match_id = bytes(b[13:21])
    k = b[21]
    lk.peer_fw = bytes(b[22:22 + k])
    i = 22 + k
    if i + 2 + M.DIGEST > len(b):
        raise ValueError("link save is damaged")    # its length byte overruns it
    count = M.u16(b, i)
    dig = bytes(b[i + 2:i + 6])
    lk.log = bytearray(b[i + 6:])
    R = lk._repair()
    if lk.seat > 1 or R.skip_moves(lk.log, count, lk.get_move) != len(lk.log):
        raise ValueError("link save is damaged")
    lk.count = count
    if game is not None and M.digest(lk.position(game)) == dig:
        g = game
    else:
        g, bad = R.replay(gm, lk.rules, lk.seed, lk.target, lk.log)
        if bad is not None:
            raise ValueError("link save does not replay")
    lk._set_game(g)
    if lk._dig != dig:
        raise ValueError("link save does not replay to its digest")
    lk._restored = True
    if g.phase == lk.over:
        lk._st = S.ENDED
        lk.reason = S.R_MATCH_OVER
