# The link cable 1v1 (docs/ui.md "Link cable"), for every game of ui/games.py: the glue that
# runs a Link (link/session.py) under the game's own screens, and the link's own screen
# (connecting, dealing, the other console gone, the link ended, "give up?", the open deal
# where hidden hands were asked). What a game does differently is its GAME's (the Link's
# variant, its save files, a linked match made from link.game) and its Play's (the peer's
# move on its screens, a turn's boundary, hidden hands' news on its table).
#   poll()      every frame: the peer's moves go through the play like any move, in the frame
#               after the one that received them; state changes switch screens
#   persist()   the game's link save (the session's bytes, Link.saved()) and its position file
#               at turn boundaries, the score log at the match's end, only while the cable is
#               quiet (a flash write on the RP2040 stops interrupts: UART bytes lost)
# The local seat is the person (or the autoplay AI); the peer's seat carries the AI bit, so
# the table neither waits for a key nor shows the rack of that seat, and its moves read like
# an AI's.
from micropython import const
from hal import keys
from link import session
from ui import screen as regions
from ui.screen import Screen
from ui.lang import tx
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, DIM

# the link's texts (ui/lang.py tx(): 0-16 the language's LINK table, then ui/link_<code>.py)
T_REFUSED = const(2)
T_FRAME = const(3)         # + session.F_* - 1 (6 refusal codes)
T_CONNECTING = const(9)
T_DEALING = const(10)
T_GONE = const(11)
T_WAIT_BACK = const(12)
T_H_LEAVE = const(13)
T_RESUMING = const(15)
T_OPEN = const(16)         # "Open deal" (the stock firmware's only deal)
T_H_ENDED = const(17)
T_ENDED = const(18)
T_BY_PEER = const(19)
T_BY_ME = const(20)
T_ASK = const(21)          # give the match up? (a second, deliberate key)
T_H_ASK = const(22)
T_H_KEEP = const(23)       # the link ended with a match in play: keep or delete its save
T_HIDDEN = const(24)       # "Hidden deal"
T_CHECKING = const(25)     # the hidden hand-end check's line
T_OPEN_ONLY = const(27)    # the peer cannot hide hands: two lines, then its keys
T_REASON = const(30)       # + session.R_*: last, so the session may add reasons
PAUSE_MS = const(600)      # the link screen takes no key this long after it appears
TMP = "link.tmp"
# the link screen's rows per glass (short, tall: ui/gfx.py Layout), each line its own under the
# heading (24..40): the players' names, the deal, the state and its second line (the other
# console gone: waiting for it), the hidden deal's bar (6 rows), a refused frame's note
LINK_ROWS = ((44, 56, 68, 80, 93, 102), (60, 76, 90, 104, 120, 150))


def why(reason):
    """The text of a session reason; a reason newer than this console's texts reads as the
    session names it."""
    from ui import lang
    if T_REASON + reason < lang.tx_count():
        return tx(T_REASON + reason)
    return session.REASON_NAMES[reason] if reason < len(session.REASON_NAMES) else "? " + str(reason)


class Cable:
    """The link cable while it is open: the Link, the game it plays (ui/games.py) and its Play
    once the match is shown (None before), the Link's state as last seen, a note for the link
    screen, whether the player said yes to an open deal where hidden hands were asked
    (link.downgraded), hidden hands' deal bar and the tiles awaited as last drawn, when the
    link screen appeared and the keys held then, whether giving up is being asked, and the
    move count the game's position file was last written at."""

    def __init__(self, app, game, link):
        self.app = app
        self.game = game
        self.link = link
        self.play = None
        self.state = session.CONNECTING
        self.note = ""
        self.agreed = app.autoplay
        self.bar = -1
        self.want = 0
        self.t0 = app.now - PAUSE_MS    # opened by the player: keys at once
        self.held = 0
        self.ask = False
        self.position_count = -1
        self.saves = 0

    @staticmethod
    def open(app, game):
        """Start (or resume, from the game's link save) a linked match: the link screen until
        the peer is there."""
        link = None
        storage = app.board.storage
        saved = read(storage, game.link_save)
        variant, target = game.link_variant(app)
        moves = game.link_moves()
        if saved is not None:
            try:
                # the position saved with it spares replaying the whole match (used only if
                # it matches the save's digest)
                data = read(storage, game.link_position)
                link = session.Link(app.board, variant, target, saved=saved,
                                    game=None if data is None else decoded(moves, data), moves=moves)
            except ValueError:
                remove(storage, game)
                app.kept["bad_save"] = True
        if link is None:
            link = session.Link(app.board, variant, target, hidden=app.settings.hidden, moves=moves)
        if link.hidden is not None:
            link.hidden.keep = True     # our steps wait for the save (docs/link.md "A power cut")
        # the name this console sends in HELLO (docs/ui.md "Names"): the set-up's first seat's,
        # else the most recent in names.txt, else none
        name = app.settings.names[0]
        if not name:
            from ui.names import load
            recent = load(storage)
            name = recent[0] if recent else ""
        if name and len(name) == 3 and name.isalpha() and name.isupper():
            link.names[0] = name
        game.clear(app)
        cable = Cable(app, game, link)
        app.plug(cable)
        app.show(LinkScreen(cable))

    # --- every frame -------------------------------------------------------------
    def poll(self, now):
        link = self.link
        if link.events:
            # what the last frame's poll received, answered in a frame of its own: the check
            # of a peer move (decode, play, position, digest) and the UI's answer to it
            self.events(now)
            return
        play = self.play
        mv = link.out_move
        # this poll sends the last local move (its digest); hidden hands: not before the save
        sent = mv is not None and (link.hidden is None or not link.hidden.dirty)
        if sent and play is not None:
            play.sending(mv)
        busy = link.poll(now) or sent
        if link.hidden is not None:
            self.hidden_news(link.hidden)
        if busy:
            if play is not None:
                play.next_ai = now + 1      # the AI thinks in a frame that took no link work
            return
        # saves and the score log go in frames of their own: a frame that also took a move
        # would hold both one's garbage and the other's
        self.persist()

    def events(self, now):
        link = self.link
        if self.play is not None:
            self.play.next_ai = now + 1
        queue = link.events
        while queue:
            # taken off the list once answered: while the UI answers, the link is not safe to
            # write (the score log of a match the peer's move ended goes in a frame of its own)
            event = queue[0]
            kind = event[0]
            if kind == session.EV_MOVE:
                if self.play is not None:
                    self.play.peer_moved(event[1], event[2])
            elif kind == session.EV_SYNC:
                if link.hidden is None or link.hidden.idle():
                    self.bind()     # (a hidden deal to run or running: its EV_SYNC comes at its end)
            elif kind == session.EV_REFUSED:
                # a refused frame changed nothing; say so where the turn cue goes
                self.note = tx(T_REFUSED) + tx(T_FRAME + event[1] - 1)
                if self.play is not None:
                    self.play.note(self.note)
            elif kind == session.EV_STATE:
                self.changed(event[1])
            queue.pop(0)

    def bind(self):
        """Show the match, made (again) from link.game; not before the player said yes to an
        open deal where hidden hands were asked (the link screen asks)."""
        if self.link.downgraded and not self.agreed:
            self.app.redraw()
            return
        self.game.bind(self.app, self)

    def changed(self, state):
        link = self.link
        self.state = state
        app = self.app
        if state == session.PLAYING or (state == session.ENDED and link.reason == session.R_MATCH_OVER and
                                        link.game is not None and link.game.phase == link.over):
            if self.play is None:
                if link.game is not None:
                    self.bind()
            elif isinstance(app.screen, LinkScreen):
                self.play.enter_turn()
        else:
            # (an END "match over" with the game still in play too: the table would wait for
            # a move that never comes)
            screen = app.screen
            if not isinstance(screen, LinkScreen) or state == session.ENDED:
                screen = LinkScreen(self)   # it appears by itself: no key for a while
                screen.shown()
            app.show(screen)

    def checking(self, hidden, table):
        """Hidden hands' hand-end check under way (hidden.stage 2): its progress, by tens, on the
        table's message line (7-8 s on a Pico); True when the line changed."""
        percent = hidden.progress() // 10 * 10
        if percent == self.bar:
            return False
        self.bar = percent
        table.message = tx(T_CHECKING) + " " + str(percent) + "%"
        table.message_colour = WHITE
        return True

    def hidden_news(self, hidden):
        # what hidden hands change without a move: the deal's bar on the link screen; at the
        # table, the game's (the hand-end check's line, a tile of ours opened)
        app = self.app
        if isinstance(app.screen, LinkScreen):
            step = self.game.bar_step
            percent = hidden.progress() // step * step if step == 1 or self.state == session.DEALING else -1
            if percent != self.bar:
                self.bar = percent
                # the bar alone where the game draws it so; else the screen whole
                app.redraw(regions.HINT if step == 1 else regions.ALL)
        elif self.play is not None:
            self.play.hidden_news(hidden, self)

    def persist(self):
        link = self.link
        hidden = link.hidden
        play = self.play
        game = link.game if hidden is not None else (play.game if play is not None else None)
        if game is None:
            return
        storage = self.app.board.storage
        if game.phase == link.over and play is not None:
            if play.log_due and (link.safe_to_write() or not link.t.alive()):
                play.log_match()
            if not play.log_due and link.dirty:
                # logged: the match is over on both consoles, its save goes
                remove(storage, self.game)
                link.dirty = False
            return
        # at turn boundaries (hidden hands: after every move of ours, which leaves the console
        # once saved; no position file: the save rebuilds each hand as this console knew it)
        if link.dirty and link.match_id is not None and game.phase != link.over and \
                (hidden is not None or play is not None and play.boundary()) and link.safe_to_write():
            try:
                apart = self.game.position_apart
                if hidden is None and apart and self.position_count != link.count:
                    # the position first, the session's bytes in the next quiet frame (each
                    # frame's garbage is one file's); a move between them writes it again
                    write(storage, link.moves.position(game), self.game.link_position)
                    self.position_count = link.count
                else:
                    write_saved(storage, link, self.game.link_save)
                    if hidden is None and not apart:
                        write(storage, link.moves.position(game), self.game.link_position)
                    self.saves += 1
            except OSError:
                link.dirty = False          # a failing flash must not stop the game
                if hidden is not None:
                    hidden.dirty = False    # (nor hidden hands' steps, which wait for the save)
            if play is not None:
                play.next_ai = self.app.now + 1     # and the AI thinks in the next frame

    # --- the App's questions -----------------------------------------------------------
    def settled(self):
        """The linked match is over and nothing is left to do for it here: logged, its save
        removed, the last move acknowledged (or the peer gone)."""
        play = self.play
        link = self.link
        return play is not None and play.over() and not play.log_due and not link.dirty \
            and (link.idle() or not link.t.alive())

    def over(self):
        """For the emulator's headless runs: the match is over and may stop."""
        return self.app.screen.name == "matchend" and self.settled()

    def waiting(self):
        """App.waiting() for a linked match: only the local player's keys count."""
        screen = self.app.screen
        if isinstance(screen, LinkScreen):
            if self.state != session.ENDED and not (self.link.downgraded and not self.agreed):
                return False
            return screen.ready()       # after its pause
        play = self.play
        if play is None or screen.name == "matchend":
            return True
        me = self.link.seat
        if screen.hand_over:
            return play.game.turn == me and not self.app.autoplay
        return play.game.turn == me

    def key_hook(self, key):
        """Keys before the screen gets them; True when taken here."""
        link = self.link
        link.stir(self.app.now)
        if link.events:
            self.events(self.app.now)  # the screen shows what the key acts on
        if self.app.screen.name == "matchend" and key & (keys.A | keys.PRESS | keys.B):
            self.leave(False)           # the pass-and-play save stays untouched
            return True
        return False

    def leave(self, keep=True):
        """Back to the title (the table menu's "Save and quit", B on the link screen, a key at
        its end); keep=False drops the match's save."""
        app = self.app
        link = self.link
        play = self.play
        if play is not None and play.log_due:
            play.log_match()            # a key before the cable was quiet: logged now
        if keep and link.match_id is not None and (link.hidden is None or link.syncing is None):
            # leaving: written even mid-exchange (not with a catch-up half played on the game:
            # hidden hands' save must match its log; the last one does)
            try:
                write_saved(app.board.storage, link, self.game.link_save)
            except OSError:
                pass
        if not keep:
            remove(app.board.storage, self.game)
        app.plug(None)
        self.game.clear(app)
        app.home()


class LinkScreen(Screen):
    """The link's own screen. A screen that appears by itself (the peer gone, the link ended)
    takes no key for a moment and none held as it came (a player laying a meld as it flashed
    up must not give the match up); giving up is asked; a match in play keeps its save
    whatever the peer says."""

    name = "link"

    def __init__(self, cable):
        super().__init__(cable.app)
        self.cable = cable

    def shown(self):
        """It appears (by itself, or asks again): for PAUSE_MS it takes no key, and a key held
        now is not one pressed for it."""
        cable = self.cable
        cable.t0 = self.app.now
        cable.held = self.app.board.buttons.held()
        cable.ask = False

    def ready(self):
        """True once the screen takes keys."""
        return _diff(self.app.now, self.cable.t0) >= PAUSE_MS

    def guard(self, key):
        """The keys of `key` the screen acts on (0: none)."""
        cable = self.cable
        held = cable.held & self.app.board.buttons.held()
        cable.held = held                  # a held key counts again once released
        if not self.ready():
            return 0
        return key & ~held

    def asking(self):
        """Hidden hands were asked here and the peer cannot deal them: the match is dealt open,
        and waits for its player's word before it is shown."""
        return self.cable.link.downgraded and not self.cable.agreed

    def in_play(self):
        """The link holds a dealt match that is not over and not given up here: its save is
        the player's to delete, never the peer's (an END or HELLO)."""
        link = self.cable.link
        game = link.game
        return link.match_id is not None and (game is None or game.phase != link.over) and \
            not (link.reason == session.R_ABANDONED and not link.by_peer)

    def waiting(self):
        return self.cable.waiting()

    def key(self, key):
        app = self.app
        cable = self.cable
        link = cable.link
        key = self.guard(key)               # none for a while after it appeared by itself
        if self.asking() and cable.state != session.ENDED:
            if key & (keys.A | keys.PRESS):
                cable.agreed = True     # the open deal, knowingly
                if link.game is not None:
                    cable.bind()
            elif key & keys.B:
                link.abandon()          # (the peer is told; nothing was played): "ended"
                self.shown()
                app.redraw()
            return
        if cable.state == session.ENDED:
            # a match in play keeps its save unless the player deletes it (X): never the
            # peer's END or HELLO
            if self.in_play():
                if key & keys.X:
                    # the match ends here: into the score log with no winner and the link's
                    # reason (the peer abandoned, cheated...), as the save goes
                    cable.game.log_ended(app, cable, link.ended_reason())
                    cable.leave(False)
                elif key & (keys.A | keys.PRESS | keys.B):
                    cable.leave(True)
            elif key & (keys.A | keys.PRESS | keys.B):
                cable.leave(False)      # over, given up here, or never dealt
            return
        if cable.ask:
            if key & keys.X:
                link.abandon()          # give the match up (the peer is told)
            elif key:
                cable.ask = False       # any other key: not given up
                app.redraw()
            return
        if key & keys.B:
            cable.leave(True)           # leave; the match stays saved for later
        elif key & keys.Y and link.match_id is not None:
            self.shown()                # asked on a screen of its own, no key for a while again
            cable.ask = True
            app.redraw()

    def draw(self, dirty):
        app = self.app
        painter = app.painter
        cable = self.cable
        if dirty == regions.HINT:
            self.draw_bar(painter)            # the hidden deal's progress alone
            return
        # the hints at the glass's foot (painter.h: 135 rows on the Pico-LCD-1.14)
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        cable.game.link_heading(app, painter)
        if cable.state == session.ENDED or cable.ask:
            hint = self.draw_ended(painter)
        else:
            hint = self.draw_status(painter)
        if app.no_y():
            from ui.keynames import name    # "Y:" is A held there, "X:" B held
            hint = name(hint)
        painter.text(0, painter.h - 20, painter.w, hint, DIM, FELT_DARK)

    def draw_bar(self, painter):
        # a hidden hand's deal (docs/link.md "Hidden hands"), on both consoles: while it is
        # dealt (a bar redrawn alone, bar_step 1), or once its progress is known
        cable = self.cable
        if cable.link.hidden is None or cable.bar < 0 and (cable.game.bar_step != 1 or cable.state != session.DEALING):
            return
        if cable.game.bar_step == 1 and cable.state != session.DEALING:
            return
        width = (painter.w - 40) * max(cable.bar, 0) // 100
        y = LINK_ROWS[painter.lay.tall][4]
        painter.fill(20, y, width, 6, CURSOR)
        painter.fill(20 + width, y, painter.w - 40 - width, 6, DIM)

    def draw_status(self, painter):
        cable = self.cable
        link = cable.link
        state = cable.state
        if self.asking():
            # the peer cannot hide hands, it will see this console's rack (A: play open, B: leave)
            painter.text(0, 76, painter.w, tx(T_OPEN_ONLY), ERR, FELT_DARK, 1)
            painter.text(0, 90, painter.w, tx(T_OPEN_ONLY + 1), ERR, FELT_DARK, 1)
            return tx(T_OPEN_ONLY + 2)
        y_names, y_deal, y_state, y_second, _, y_note = LINK_ROWS[painter.lay.tall]
        if state == session.PEER_GONE:
            painter.text(0, y_state, painter.w, tx(T_GONE), CURSOR, FELT_DARK, 1)
            painter.text(0, y_second, painter.w, tx(T_WAIT_BACK), WHITE, FELT_DARK, 1)
        elif state == session.DEALING:
            painter.text(0, y_state, painter.w, tx(T_DEALING), WHITE, FELT_DARK, 1)
        else:
            painter.text(0, y_state, painter.w, tx(T_RESUMING if link.match_id is not None else T_CONNECTING),
                         WHITE, FELT_DARK, 1)
        # the deal: hidden hands, or the open deal both consoles compute
        painter.text(0, y_deal, painter.w, tx(T_OPEN if link.hidden is None else T_HIDDEN), DIM, FELT_DARK, 1)
        self.draw_bar(painter)
        names = link.names
        if names[1] and cable.game.link_names:     # who is at the other end (its HELLO named a player)
            painter.text(0, y_names, painter.w, (names[0] or "?") + " - " + names[1], WHITE, FELT_DARK, 1)
        if cable.note:
            painter.text(0, y_note, painter.w, cable.note, ERR, FELT_DARK, 1)
        return tx(T_H_LEAVE)

    def draw_ended(self, painter):
        """The link ended, or "give up?" asked: its lines; returns the hint."""
        cable = self.cable
        link = cable.link
        if cable.state == session.ENDED:
            painter.text(0, 70, painter.w, tx(T_ENDED), ERR, FELT_DARK, 1)
            painter.text(0, 90, painter.w, why(link.reason), WHITE, FELT_DARK, 1)
            painter.text(0, 106, painter.w, tx(T_BY_PEER if link.by_peer else T_BY_ME), GREY, FELT_DARK, 1)
            return tx(T_H_KEEP if self.in_play() else T_H_ENDED)
        painter.text(0, 90, painter.w, tx(T_ASK), ERR, FELT_DARK, 1)
        return tx(T_H_ASK)


# --- a game's link save (the session's bytes) and its position file (the game's position as
# its moves module encodes it: the bytes the digest covers) ---------------------------------
def decoded(moves, data):
    """The game a position file holds, or None when it is damaged."""
    try:
        return moves.decode(data)
    except Exception:
        return None


def read(storage, name):
    try:
        with open(storage.path(name), "rb") as file:
            return file.read()
    except OSError:
        return None


def remove(storage, game):
    import os
    for name in (game.link_save, game.link_position):
        try:
            os.remove(storage.path(name))
        except OSError:
            pass


def write(storage, data, name):
    with open(storage.path(TMP), "wb") as file:
        file.write(data)
    storage.replace(TMP, name)      # link.tmp over the file, atomically


def write_saved(storage, link, name):
    """link.saved() into the game's link save without building it: the move log is its last
    field, so the head is saved() over an empty log and the log is written from where it lies."""
    with open(storage.path(TMP), "wb") as file:
        file.write(link.save_head())
        file.write(link.log)
    storage.replace(TMP, name)


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
