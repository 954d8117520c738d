# The hand's log of moves (the table's menu, "Log of this hand"; shown by burako/logview.py):
# every move of the hand, the AI's, the peer's over the cable and ours. The engine's Game keeps
# no move list, so the table keeps one, compactly, in one bytearray of CAP bytes (table.log, made
# at the first move and kept by the console's one table for every match): byte 0 the bytes in
# use after it, then per move a header byte 0x80 | seat << 4 | kind and the tiles its line names
# (a meld's, an addition's, a swap's, the discard; tile codes are below 64, so a header is the
# only byte with bit 7 set). When it is full the oldest moves go. A draw names no tile, so a
# hidden hand's tiles never get here. This module is what every move needs (note()); the viewer
# is loaded only when the log is opened: on the stock path the code is in the heap.
from micropython import const
from engine import game
from ui import screen as regions

CAP = const(192)        # about 100 moves (2 bytes each, a meld's 4-5): a long hand's last turns


def note(table, seat, mv):
    """Play.after: `seat` played mv (here, by the AI or the peer). It goes into the hand's log; a
    meld the AI or the peer laid or added to is marked (table.fresh), and the meld list turns to
    its side (the rack in focus) so that it is seen landing; a person's move here clears the
    marks and turns the list back to the viewer's side. A new hand empties both."""
    play = table.play
    kind = mv[0]
    log = table.log
    if kind > game.CLOSE:
        if kind == game.NEXT:
            if log is not None:
                log[0] = 0
            table.fresh = 0
        return
    if log is None:
        log = table.log = bytearray(CAP)
    ts = mv[2] if game.MELD <= kind <= game.DISCARD else b""
    need = 1 + len(ts)
    n = log[0]
    while n + need >= CAP:
        # the oldest move goes: the bytes after it move to the front
        k = 2
        while k <= n and not log[k] & 0x80:
            k += 1
        for i in range(k, n + 1):
            log[i - k + 1] = log[i]
        n -= k - 1
    log[n + 1] = 0x80 | seat << 4 | kind
    for i in range(len(ts)):
        log[n + 2 + i] = ts[i]
    log[0] = n + need
    if table.focus >= 2:
        # the menu (its rows follow the turn) or the log (a new line on top) is open: drawn again
        table.app.dirty |= regions.MELDS
    if (play.ai_seats >> seat) & 1:
        if game.MELD <= kind <= game.SWAP:
            side = game.side_of(seat)
            i = len(play.game.melds[side]) - 1 if kind == game.MELD else mv[1]
            if i < 15:
                table.fresh |= 1 << (side * 15 + i)
            if table.focus == 0:        # (burako/table.py RACK)
                rows = table.app.painter.lay.MROWS
                table.meld_side = side ^ game.side_of(play.viewer)
                table.meld_top = i - rows + 1 if i >= rows else 0
    elif table.fresh:
        table.fresh = 0
        if table.focus == 0:
            table.meld_side = 0
            table.meld_top = 0
        table.app.dirty |= regions.MELDS
