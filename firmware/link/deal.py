# The handshake of a link session (docs/link.md "The deal", "Resume"): the
# HELLO and its answer, the commit-reveal deal, and a Link rebuilt from its
# save. Functions take the Link (`link`) and use its declared side for the
# handshake (link/session.py, the Link's docstring); the shared names are
# link/msg.py's.
import hashlib
from micropython import const
from link import msg
from link import repair

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


def parse_hello(data, start, end):
    """(proto, variant, target, fw, match_id|None, seat, count, digest, name) or
    None. name: the peer player's three letters, "" when its HELLO has none."""
    if end - start < 6:
        return None
    proto = data[start + 1]
    variant = data[start + 2]
    target = msg.u16(data, start + 3)
    fw_length = data[start + 5]
    j = start + 6 + fw_length
    if j >= end:
        return None
    fw = bytes(data[start + 6:j])
    mid = None
    seat = count = 0
    dig = b""
    after = j + 1
    if data[j]:
        after += msg.MATCH_ID + 3 + msg.DIGEST
        if after > end:
            return None
        j += 1
        mid = bytes(data[j:j + msg.MATCH_ID])
        j += msg.MATCH_ID
        seat = data[j]
        count = msg.u16(data, j + 1)
        dig = bytes(data[j + 3:after])
    if end - after != 0 and end - after != _NAME:
        return None
    for letter in data[after:end]:
        if letter < 65 or letter > 90:
            return None
    return (proto, variant, target, fw, mid, seat, count, dig, bytes(data[after:end]).decode())


def deal(mine, theirs):
    """(seed, match id, seat of the owner of `mine`) from the two nonces.
    Symmetric: both consoles get the same seed and id and opposite seats."""
    lo, hi = (mine, theirs) if mine < theirs else (theirs, mine)
    digest = hashlib.sha256(b"burako-deal" + lo + hi).digest()
    seed = (digest[0] | (digest[1] << 8) | (digest[2] << 16) | (digest[3] << 24)) & 0x3FFFFFFF
    lo_seat = digest[12] & 1
    return seed, digest[4:4 + msg.MATCH_ID], lo_seat if mine == lo else 1 - lo_seat


# --- the session's side ------------------------------------------------------
def link_reset(link):
    """The peer restarted (a new connection id)."""
    dealing = link.dealing
    if dealing is not None and dealing[1] is not None:
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


def received(link, data, start, end, kind):
    if kind == msg.HELLO:
        on_hello(link, data, start, end)
    elif kind == msg.COMMIT:
        on_commit(link, data, start, end)
    else:
        on_reveal(link, data, start, end)


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
    link.position = link.moves.position
    link.downgraded = True


def my_hello(link):
    variant = variant_byte(link)
    if link.match_id is None:
        return hello(variant, link.target, link.fw, None, 0, 0, b"", link.names[0])
    return hello(variant, link.target, link.fw, link.match_id, link.seat, link.count, link.digest, link.names[0])


def on_hello(link, data, start, end):
    hello = parse_hello(data, start, end)
    if hello is None:
        link.refuse(msg.F_GARBAGE)
        return
    proto, variant, target, fw, mid, seat, count, dig, link.names[1] = hello
    link.peer_fw = fw
    if proto != msg.PROTO:
        link.end(msg.R_VERSION)
        return
    if variant & 0x7F != link.variant or target != link.target:
        link.end(msg.R_RULES)
        return
    # a match counts once it has a move or both consoles know it
    mine = link.match_id is not None
    theirs = mid is not None and (count > 0 or mid == link.match_id)
    hid = link.hidden
    if link.phase == msg.ENDED:
        return                  # match over: a peer that is behind asks with SYNC
    dealing = link.dealing
    if dealing is not None and dealing[1] is not None:
        # our nonce is out, so the peer knows the deal: the deal is fixed,
        # and a new HELLO (a deal again) is the peer walking away from it
        link.end(msg.R_PEER_ABANDONED)
        link.by_peer = True
        return
    if not mine and not theirs:
        if variant != variant_byte(link) and link.hidden is not None:
            open_deal(link)             # (its HELLO already said open: it deals as ever)
        start_deal(link)
    elif variant != variant_byte(link):
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
            repair.ask_sync(link)
        elif count == link.count and dig != link.digest and hid is None:
            # (under hidden hands the digests of a deal half done differ by its
            # commitments: the next MOVE compares them)
            repair.ask_repair(link)
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
    dealing = link.dealing = [link.random(msg.NONCE), None, 0, link.t.now]
    link.send(bytes((msg.COMMIT,)) + hashlib.sha256(dealing[0]).digest())


def on_commit(link, data, start, end):
    dealing = link.dealing
    if link.phase != msg.DEALING or dealing is None or dealing[1] is not None or end - start != 33:
        link.refuse(msg.F_UNEXPECTED)
        return
    dealing[1] = bytes(data[start + 1:end])
    dealing[2] = 0
    dealing[3] = link.t.now
    link.send(bytes((msg.REVEAL,)) + dealing[0])


def poll(link, now):
    """Our COMMIT is out: the peer's must come within _REVEAL_MS of time connected
    (a pulled cable does not count); then, our REVEAL out, the peer's REVEAL within as
    long; else the link ends naming the peer (R_NO_REVEAL)."""
    dealing = link.dealing
    if link.t.alive():
        dealing[2] += link.t.clock.ticks_diff(now, dealing[3])
    dealing[3] = now
    if dealing[2] >= _REVEAL_MS:
        link.end(msg.R_NO_REVEAL)
        link.by_peer = True
        link.dealing = None


def on_reveal(link, data, start, end):
    dealing = link.dealing
    if link.phase != msg.DEALING or dealing is None or dealing[1] is None or end - start != 1 + msg.NONCE:
        link.refuse(msg.F_UNEXPECTED)
        return
    theirs = bytes(data[start + 1:end])
    if hashlib.sha256(theirs).digest() != dealing[1] or theirs == dealing[0]:
        link.end(msg.R_BAD_REVEAL)
        return
    link.seed, link.match_id, link.seat = deal(dealing[0], theirs)
    link.dealing = None
    game = link.moves.new_game(link.rules, link.seed, link.target)
    if link.hidden is not None:
        link.hidden.hide(game)         # hidden hands: the deal is the protocol's (link/hide.py)
    link.set_game(game)
    link.dirty = link.t.now | 1
    link.phase = msg.PLAYING
    link.events.append((msg.EV_SYNC, 0, 0))


def restore(link, data, game):
    """link's match from saved() bytes (ValueError when they are not one)."""
    if data[:5] != msg.SAVE_MAGIC or len(data) < 28:
        raise ValueError("not a link save")
    variant = data[5] & 0x7F             # bit 7: hidden hands (the Link made its Hid from it)
    moves = link.moves
    rules = moves.rules_at(variant)
    if rules is None:
        raise ValueError("bad variant in link save")
    link.rules = rules
    link.variant = variant
    link.target = msg.u16(data, 6)
    link.seed = data[8] | (data[9] << 8) | (data[10] << 16) | (data[11] << 24)
    link.seat = data[12]
    link.match_id = bytes(data[13:21])
    fw_length = data[21]
    link.peer_fw = bytes(data[22:22 + fw_length])
    i = 22 + fw_length
    if i + 2 + msg.DIGEST > len(data):
        raise ValueError("link save is damaged")    # its length byte overruns it
    count = msg.u16(data, i)
    dig = bytes(data[i + 2:i + 6])
    i += 6
    hid = link.hidden
    if hid is not None:
        if i + 2 > len(data):
            raise ValueError("link save is damaged")
        after = i + 2 + msg.u16(data, i)
        blob = data[i + 2:after]
        i = after
    link.log = bytearray(data[i:])
    if link.seat > 1 or repair.skip_moves(link.log, count, link.get_move) != len(link.log):
        raise ValueError("link save is damaged")
    link.count = count
    if hid is not None:
        # hidden hands: no deal from the seed; each hand as this console knew it
        restored = hid.restore(blob, moves, link.log)
        if restored is None:
            raise ValueError("link save does not replay")
    elif game is not None and msg.digest(link.position(game)) == dig:
        restored = game
    else:
        restored, bad = repair.replay(moves, link.rules, link.seed, link.target, link.log)
        if bad is not None:
            raise ValueError("link save does not replay")
    link.set_game(restored)
    if link.digest != dig:
        raise ValueError("link save does not replay to its digest")
    link.restored = True
    if restored.phase == link.over:
        link.phase = msg.ENDED
        link.reason = msg.R_MATCH_OVER
