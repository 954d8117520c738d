# The handshake of a link session (docs/link.md "The deal", "Resume"): the
# HELLO and its answer, the commit-reveal deal, and a Link rebuilt from its
# save. The Link loads this module only while it is needed (no peer yet, a
# reconnection, a resume) and drops it once moves flow: a linked match keeps
# its heap for the game (docs/memory.md "link handshake"). Functions take the Link
# (`link`) and use its declared side for the handshake (link/session.py, the
# Link's docstring); the shared names are link/msg.py's.
import hashlib
from micropython import const
from link import msg

_REVEAL_MS = const(20000)  # connected time the peer's REVEAL may take after ours went out
_NAME = const(3)           # a player's name after the HELLO's fields: A-Z, or none


# --- messages ----------------------------------------------------------------
def hello(variant, target, fw, match_id, seat, count, dig, name=""):
    out = bytearray((msg.HELLO, msg.PROTO, variant))
    msg.put16(out, target)
    fw = fw[:16]
    out.append(len(fw))
    out.extend(fw)
    if match_id is None:
        out.append(0)
    else:
        out.append(1)
        out.extend(match_id)
        out.append(seat)
        msg.put16(out, count)
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
    target = msg.u16(b, i + 3)
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
        e += msg.MATCH_ID + 3 + msg.DIGEST
        if e > n:
            return None
        j += 1
        mid = bytes(b[j:j + msg.MATCH_ID])
        j += msg.MATCH_ID
        seat = b[j]
        count = msg.u16(b, j + 1)
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
    return seed, h[4:4 + msg.MATCH_ID], lo_seat if mine == lo else 1 - lo_seat


# --- the session's side ------------------------------------------------------
def link_reset(link):
    """The peer restarted (a new connection id)."""
    d = link.dealing
    if d is not None and d[1] is not None:
        link.end(msg.R_PEER_ABANDONED)     # after our reveal: the deal was fixed
        link.by_peer = True
    link.dealing = None
    link.sync_reset()
    link.serving = None
    if link.phase != msg.ENDED:
        link.phase = msg.CONNECTING


def link_up(link):
    """The transport (re)connected: say HELLO (or that the link ended)."""
    link.dealing = None
    link.sync_reset()
    link.serving = None
    if link.phase == msg.ENDED and link.reason != msg.R_MATCH_OVER:
        link.send(bytes((msg.END, link.reason)))
        return
    if link.phase != msg.ENDED:
        link.phase = msg.CONNECTING
    link.send(my_hello(link))


def received(link, b, i, n, t):
    if t == msg.HELLO:
        on_hello(link, b, i, n)
    elif t == msg.COMMIT:
        on_commit(link, b, i, n)
    else:
        on_reveal(link, b, i, n)


def variant_byte(link):
    """HELLO's variant: bit 7 set when hidden hands are on (docs/link.md "Hidden
    hands"). For a new match, consoles that differ deal open (on_hello); for a match
    under way they end with R_RULES rather than deal apart."""
    return link.variant | (0x80 if link.hidden is not None else 0)


def open_deal(link):
    """The peer does not deal hidden hands (the stock firmware cannot): this console drops
    them for the new match, which is dealt open, and its player is asked before the first
    move (link.downgraded: the UI's warning)."""
    link.hidden = None
    link.position = link.game_module().position
    link.downgraded = True


def my_hello(link):
    v = variant_byte(link)
    if link.match_id is None:
        return hello(v, link.target, link.fw, None, 0, 0, b"", link.names[0])
    return hello(v, link.target, link.fw, link.match_id, link.seat, link.count, link.digest, link.names[0])


def on_hello(link, b, i, n):
    h = parse_hello(b, i, n)
    if h is None:
        link.refuse(msg.F_GARBAGE)
        return
    proto, v, target, fw, mid, seat, count, dig, link.names[1] = h
    link.peer_fw = fw
    if proto != msg.PROTO:
        link.end(msg.R_VERSION)
        return
    if v & 0x7F != link.variant or target != link.target:
        link.end(msg.R_RULES)
        return
    # a match counts once it has a move or both consoles know it
    mine = link.match_id is not None
    theirs = mid is not None and (count > 0 or mid == link.match_id)
    hid = link.hidden
    if link.phase == msg.ENDED:
        return                  # match over: a peer that is behind asks with SYNC
    d = link.dealing
    if d is not None and d[1] is not None:
        # our nonce is out, so the peer knows the deal: the deal is fixed,
        # and a new HELLO (a deal again) is the peer walking away from it
        link.end(msg.R_PEER_ABANDONED)
        link.by_peer = True
        return
    if not mine and not theirs:
        if v != variant_byte(link) and link.hidden is not None:
            open_deal(link)             # (its HELLO already said open: it deals as ever)
        start_deal(link)
    elif v != variant_byte(link):
        link.end(msg.R_RULES)           # a match under way deals as it began
    elif not theirs:
        # a dealt match with no move yet is abandoned, not dealt again: we
        # revealed our nonce for it (docs/link.md "The deal")
        link.end(msg.R_PEER_ABANDONED if link.count == 0 else msg.R_PEER_LOST)
        link.by_peer = link.count == 0
    elif not mine:
        link.end(msg.R_LOST_MATCH)
    elif mid != link.match_id or seat != 1 - link.seat:
        link.end(msg.R_OTHER_MATCH)
    else:
        # hidden hands: what a restart lost of this hand's steps, said and asked again; a
        # peer that went on to the next hand waits for our hand-end check (True)
        later = hid is not None and hid.link_up(count > link.count)
        if count > link.count and not later:
            link.repair().ask_sync(link)
        elif count == link.count and dig != link.digest and hid is None:
            # (under hidden hands the digests of a deal half done differ by its
            # commitments: the next MOVE compares them)
            link.repair().ask_repair(link)
        else:
            link.phase = msg.PLAYING      # level, or ahead: the peer asks for what it lacks
            link.restored = False    # (a restored console's first sync is done)


def start_deal(link):
    link.new_match_state()
    if not link.can_deal():
        link.end(msg.R_NO_RANDOM)   # (a nonce from a guessable pool: the peer could search it)
        return
    link.phase = msg.DEALING
    # [our nonce, the peer's commitment, connected ms since our COMMIT (then since our
    # REVEAL) went out, last poll]
    d = link.dealing = [link.random(msg.NONCE), None, 0, link.t.now]
    link.send(bytes((msg.COMMIT,)) + hashlib.sha256(d[0]).digest())


def on_commit(link, b, i, n):
    d = link.dealing
    if link.phase != msg.DEALING or d is None or d[1] is not None or n - i != 33:
        link.refuse(msg.F_UNEXPECTED)
        return
    d[1] = bytes(b[i + 1:n])
    d[2] = 0
    d[3] = link.t.now
    link.send(bytes((msg.REVEAL,)) + d[0])


def poll(link, now):
    """Our COMMIT is out: the peer's must come within _REVEAL_MS of time connected
    (a pulled cable does not count); then, our REVEAL out, the peer's REVEAL within as
    long; else the link ends naming the peer (R_NO_REVEAL)."""
    d = link.dealing
    if link.t.alive():
        d[2] += link.t.clock.ticks_diff(now, d[3])
    d[3] = now
    if d[2] >= _REVEAL_MS:
        link.end(msg.R_NO_REVEAL)
        link.by_peer = True
        link.dealing = None


def on_reveal(link, b, i, n):
    d = link.dealing
    if link.phase != msg.DEALING or d is None or d[1] is None or n - i != 1 + msg.NONCE:
        link.refuse(msg.F_UNEXPECTED)
        return
    theirs = bytes(b[i + 1:n])
    if hashlib.sha256(theirs).digest() != d[1] or theirs == d[0]:
        link.end(msg.R_BAD_REVEAL)
        return
    link.seed, link.match_id, link.seat = deal(d[0], theirs)
    link.dealing = None
    g = link.game_module().new_game(link.rules, link.seed, link.target)
    if link.hidden is not None:
        link.hidden.hide(g)         # hidden hands: the deal is the protocol's (link/hide.py)
    link.set_game(g)
    link.dirty = link.t.now | 1
    link.phase = msg.PLAYING
    link.events.append((msg.EV_SYNC, 0, 0))


def restore(link, b, game):
    """link's match from saved() bytes (ValueError when they are not one)."""
    if b[:5] != msg.SAVE_MAGIC or len(b) < 28:
        raise ValueError("not a link save")
    v = b[5] & 0x7F             # bit 7: hidden hands (the Link made its Hid from it)
    moves = link.game_module()
    r = moves.rules_at(v)
    if r is None:
        raise ValueError("bad variant in link save")
    link.rules = r
    link.variant = v
    link.target = msg.u16(b, 6)
    link.seed = b[8] | (b[9] << 8) | (b[10] << 16) | (b[11] << 24)
    link.seat = b[12]
    link.match_id = bytes(b[13:21])
    k = b[21]
    link.peer_fw = bytes(b[22:22 + k])
    i = 22 + k
    if i + 2 + msg.DIGEST > len(b):
        raise ValueError("link save is damaged")    # its length byte overruns it
    count = msg.u16(b, i)
    dig = bytes(b[i + 2:i + 6])
    i += 6
    hid = link.hidden
    if hid is not None:
        if i + 2 > len(b):
            raise ValueError("link save is damaged")
        e = i + 2 + msg.u16(b, i)
        blob = b[i + 2:e]
        i = e
    link.log = bytearray(b[i:])
    repair = link.repair()
    if link.seat > 1 or repair.skip_moves(link.log, count, link.get_move) != len(link.log):
        raise ValueError("link save is damaged")
    link.count = count
    if hid is not None:
        # hidden hands: no deal from the seed; each hand as this console knew it
        g = hid.restore(blob, moves, link.log)
        if g is None:
            raise ValueError("link save does not replay")
    elif game is not None and msg.digest(link.position(game)) == dig:
        g = game
    else:
        g, bad = repair.replay(moves, link.rules, link.seed, link.target, link.log)
        if bad is not None:
            raise ValueError("link save does not replay")
    link.set_game(g)
    if link.digest != dig:
        raise ValueError("link save does not replay to its digest")
    link.restored = True
    if g.phase == link.over:
        link.phase = msg.ENDED
        link.reason = msg.R_MATCH_OVER
