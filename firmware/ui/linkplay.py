# The link cable 1v1 (docs/ui.md "Link cable"), imported only when
# a link opens (ui/screen_link.py is the small always-loaded front: a local
# game pays nothing for this module): the glue that runs the Link
# (link/session.py) under the ordinary screens. The link's own screen
# (connecting, dealing, gone, ended) and the opening and closing of a linked
# match are ui/linkplay_screen.py, loaded only while needed.
#   poll(app)   every frame from App.tick: the peer's moves go through
#               app.after() like any move, in the frame after the one that
#               received them; state changes switch screens
#   persist     link.sav (the session's own save bytes) at turn boundaries and
#               the score log at the match's end, only while safe_to_write()
#               (a flash write on the RP2040 stops interrupts: UART bytes lost)
# The local seat is the human (or the autoplay AI: app.match.ais[seat]); the peer's
# seat carries the AI bit in app.match.ai_seats, so the table neither waits for a
# key nor shows the rack of that seat, and its moves read like an AI's.
import os
import sys
from micropython import const
from engine import game
from engine import codec
from hal import keys
from memory import MPY, drop
from ui.common import S_GAME, S_MATCHEND, S_LINK, D_TOP, D_TABLE, D_MSG, D_RACK, D_HINT, NAMES, agreed
from ui.gfx import ERR, WHITE
from ui.lang import tx
from ui import lang

NAME = "link.sav"          # the session's bytes (Link.saved())
POS = "link.pos"           # the position then (engine/codec.py): no replay at power-on
TMP = "link.tmp"

# message ids in the languages' LINK tables (ui/lang_*.py; the screen's are
# ui/linkplay_screen.py's)
T_REFUSED = const(2)
T_FRAME = const(3)         # + session.F_* - 1 (6 refusal codes)
T_CHECKING = const(25)     # the hidden hand-end check's line (ui/link_*.py)


# the link screen's modules, off the heap while the table shows (docs/memory.md "link screen")
SCREEN = ("ui.linkplay_screen", "ui.linkkeys", "ui.link_es", "ui.link_it", "ui.link_en")


def bind(app):
    """link.game is (again) the match: the local seat's view of it."""
    link = app.link
    m = app.match
    me = link.seat
    m.ai_seats = 1 << (1 - me)     # the peer's seat: its moves come over the cable
    m.start(link.game, me, 0, m.played_ms, m.stats)
    app.dress(m.game.rules.cards)
    if app.autoplay:
        # level 1, the lightest: a person's console runs no AI at all, and a
        # level 2 search's garbage on top of the link leaves no room in 128 KB
        from ai.basic import BasicAI
        m.ais[me] = BasicAI(1)
    app.reset_view()
    app.next_ai = app.now + app.ai_ms
    if app.match.game.phase == game.P_MATCH_OVER and link.dirty:
        app.log_due = True          # caught up to the end: log it once the cable is quiet
    app.enter_turn()


# --- every frame -------------------------------------------------------------
def poll(app, now):
    link = app.link
    if link.events:
        # what the last frame's poll received, answered in a frame of its
        # own: the check of a peer move (decode, play, position, digest) and
        # the UI's answer to it (a hand's end, the match's) would otherwise
        # share one frame's heap
        events(app, now)
        return
    if MPY and app.screen == S_GAME and SCREEN[0] in sys.modules:
        drop(SCREEN)
    mv = link.out_move
    # this poll sends the last local move (its digest); hidden hands: not before the save
    sent = mv is not None and (link.hidden is None or not link.hidden.dirty)
    if sent and mv[0] == game.TIMEUP and app.match.game.phase == game.P_MATCH_OVER:
        # time up declared here (App.match_clock: this seat was to move, its clock ran
        # out, docs/rules.md R9) between hands: it ended the match
        app.after(app.match.game.turn, game.P_HAND_OVER, mv)
        app.view.message = lang.t(lang.TIMEUP)
    busy = link.poll(now) or sent
    if link.hidden is not None:
        hidden_news(app, link.hidden)
    if busy:
        app.next_ai = now + 1       # the AI thinks in a frame that took no link work
        return
    # saves and the score log go in frames of their own: a frame that
    # also took a move would hold both one's garbage and the other's
    persist(app)


def hidden_news(app, h):
    # what hidden hands change without a move (link/hide.py): the deal's bar on the link
    # screen; at the table, a tile of ours opened (a draw's, the muerto's)
    if app.screen == S_LINK:
        p = h.progress()
        if p != app.cable.bar:
            app.cable.bar = p
            app.dirty |= D_HINT     # the bar alone (ui/linkplay_screen.py draw)
    else:
        if h.stage == 2:
            # the hand-end check (7-8 s on a Pico): its progress, by tens, on the message line
            # and the hand end's screen (ui/screen_handend.py, which redraws whole)
            p = h.progress() // 10 * 10
            if p != app.cable.bar:
                app.cable.bar = p
                app.view.message = tx(T_CHECKING) + " " + str(p) + "%"
                app.view.message_colour = WHITE
                app.dirty |= D_MSG
        else:
            app.cable.bar = -1      # the next deal's bar (or check's line) starts empty
        if h.want != app.cable.want:
            app.cable.want = h.want
            app.dirty |= D_RACK | D_TABLE | D_TOP


def events(app, now):
    link = app.link
    session = app.cable.session
    app.next_ai = now + 1
    ev = link.events
    while ev:
        # taken off the list once answered: while the UI answers, the link is
        # not safe to write (the score log of a match the peer's move ended
        # goes in a frame of its own, persist())
        e = ev[0]
        k = e[0]
        if k == session.EV_MOVE:
            g = app.match.game
            if g is not None:
                # the peer's move, already played on link.game: the same turn
                # cue, save and screen flow as a move made here (phase 0: the
                # match was not over before it; time up between hands ended it)
                mv = e[2]
                if mv[0] == game.TIMEUP:
                    # the peer's console declared it (timeup() there); between hands
                    # it ended the match
                    app.after(e[1], game.P_HAND_OVER if g.phase == game.P_MATCH_OVER else g.phase, mv)
                    app.view.message = lang.t(lang.TIMEUP)
                    app.view.message_colour = ERR
                else:
                    app.after(e[1], 0, mv)
        elif k == session.EV_SYNC:
            if "ui.screen_table" not in sys.modules:
                # the table's code and the AI come in a frame before the table
                # is drawn: ~20 KB of imports and a full redraw would otherwise
                # share one frame's heap (docs/memory.md "PRELOAD")
                __import__(NAMES[S_GAME])
                __import__("ai.basic")
                return
            if (link.hidden is None or link.hidden.idle()) and agreed(app):
                bind(app)           # (a hidden deal to run or running: its EV_SYNC comes at its end)
        elif k == session.EV_REFUSED:
            # a refused frame changed nothing; say so where the turn cue goes
            app.cable.note = tx(T_REFUSED) + tx(T_FRAME + e[1] - 1)
            app.view.message = app.cable.note
            app.view.message_colour = ERR
            app.dirty |= D_MSG
        elif k == session.EV_STATE:
            state(app, e[1])
        ev.pop(0)


def state(app, s):
    session = app.cable.session
    app.cable.state = s
    link = app.link
    if s == session.PLAYING:
        if app.match.game is None:
            if link.game is not None and agreed(app):
                bind(app)
        elif app.screen == S_LINK:
            app.enter_turn()
    elif s == session.ENDED and link.reason == session.R_MATCH_OVER and link.game is not None and \
            link.game.phase == game.P_MATCH_OVER:
        if app.match.game is None:
            bind(app)
    else:
        # (an END "match over" with the game still in play too: the table
        # would wait for a move that never comes)
        if app.screen != S_LINK or s == session.ENDED:
            from ui.linkkeys import shown
            shown(app)              # it appears by itself: no key for a while
        app.show(S_LINK)


def persist(app):
    link = app.link
    h = link.hidden
    g = app.match.game if h is None else link.game  # (a hidden deal saves before it is bound)
    if g is None:
        return
    if g.phase == game.P_MATCH_OVER:
        if app.log_due and (link.safe_to_write() or not link.t.alive()):
            if unload_game(app):
                return
            app.log_match()
        if not app.log_due and link.dirty:
            # logged: the match is over on both consoles, its save goes
            remove(app.board.storage)
            link.dirty = False
        return
    # (hidden hands: after every move of ours, which leaves the console once saved; no
    # position file: the save rebuilds each hand as this console knew it)
    if link.dirty and link.match_id is not None and g.phase != game.P_MATCH_OVER and \
            (g.phase == game.P_DRAW or g.phase == game.P_HAND_OVER or h is not None) and link.safe_to_write():
        try:
            write_saved(app.board.storage, link)
            if h is None:
                write(app.board.storage, codec.encode(g), POS)
            app.saves += 1
        except OSError:
            link.dirty = False        # a failing flash must not stop the game
            if h is not None:
                h.dirty = False       # (nor hidden hands' steps, which wait for the save)
        app.next_ai = app.now + 1   # and the AI thinks in the next frame, not this one


def settled(app):
    """The linked match is over and nothing is left to do for it here: logged,
    its save removed, the last move acknowledged (or the peer gone)."""
    link = app.link
    g = app.match.game
    return g is not None and g.phase == game.P_MATCH_OVER and not app.log_due \
        and not link.dirty and (link.idle() or not link.t.alive())


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    if app.link is None:
        return app.screen == S_MATCHEND
    return app.screen == S_MATCHEND and settled(app)


def waiting(app):
    """App.waiting() for a linked match: only the local player's keys count."""
    g = app.match.game
    if app.screen == S_LINK:
        if app.cable.state != app.cable.session.ENDED and not (app.link.downgraded and not app.cable.agreed):
            return False
        from ui.linkkeys import ready
        return ready(app)           # after its pause
    if g is None or app.screen == S_MATCHEND:
        return True
    if g.phase == game.P_HAND_OVER:
        return g.turn == app.link.seat and not app.autoplay
    return g.turn == app.link.seat


def key_hook(app, k, leave):
    """Keys before the screen gets them; True when taken here. leave(app, keep): back to
    the title (ui/screen_link.py's, which loads the link screen's module for it)."""
    link = app.link
    link.stir(app.now)
    if link.events:
        events(app, app.now)        # the screen shows what the key acts on
    if app.screen == S_MATCHEND and k & (keys.A | keys.PRESS | keys.B):
        leave(app, False)           # the pass-and-play save stays untouched
        return True
    return False


# what a finished linked match no longer needs: the table and the AI (the
# autoplay's, and the hint's)
GAME = ("ui.screen_table", "ai.expert", "ai.basic", "ai.lookahead", "ai.rack")


def unload_game(app):
    """The match is over: the table and the AI leave the heap before the score log's
    code comes in (its import and record take ~9 KB; docs/memory.md "match end"). True
    when something went: the log waits a frame for the collection."""
    for p in range(4):
        app.match.ais[p] = None
    gone = False
    if MPY:
        for n in GAME:
            if n in sys.modules:
                gone = True
        drop(GAME)
    return gone


# --- link.sav ----------------------------------------------------------------
def remove(storage):
    for name in (NAME, POS):
        try:
            os.remove(storage.path(name))
        except OSError:
            pass


def write(storage, data, name=NAME):
    with open(storage.path(TMP), "wb") as f:
        f.write(data)
    _commit(storage, name)


def _commit(storage, name):
    storage.replace(TMP, name)      # link.tmp over the file, atomically


def write_saved(storage, link):
    """link.saved() into link.sav without building it: the move log is its last
    field, so the head is saved() over an empty log and the log is written
    from where it lies (docs/memory.md "link.sav head")."""
    head = link.save_head()
    log = link.log
    tmp = storage.path(TMP)
    with open(tmp, "wb") as f:
        f.write(head)
        f.write(log)
    _commit(storage, NAME)
