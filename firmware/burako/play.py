# A Burako-family match on this console (burako, torneo, burraco): the game, who plays each
# seat, the seat whose rack the table shows, the per-hand notes for the score log, torneo's
# clock (R9), the AI's pace, and the flow between its screens (the table, kept for the whole
# match, the hand-off, the hand's and the match's ends). Over the link cable (cable: ui/cable.py)
# the local seat's moves go to the Link and the peer's come back through peer_moved().
from engine.game import (ADD, CLOSE, DISCARD, DRAW, MELD, MUERTO, NEXT, PILE, P_DRAW, P_HAND_OVER,
    P_MATCH_OVER, REDRAW, SWAP, TIMEUP, side_of)
from engine import melds
from engine import tiles
from ui import lang
from ui import sounds
from ui import screen as regions
from ui.common import pname
from ui.gfx import WHITE, CURSOR, ERR


class Play:
    """app: the console. g: the match's Game. ai_seats: bit p, seat p is the AI's (over the cable:
    the peer's seat). level: the AIs' level (0: none). viewer: the seat the table shows (-1: the
    first person from the seat to move). played_ms: torneo's clock; stats: per counted hand the
    canastas of each side and the closer + 1 (the score log's). cable: the link cable's, or None."""

    def __init__(self, app, game, ai_seats, level, viewer=-1, played_ms=0, stats=None, cable=None):
        from burako.game import GAME
        self.app = app
        self.game = game
        self.ai_seats = ai_seats
        self.ais = [None, None, None, None]  # type: list
        for seat in range(game.n):
            if level and (ai_seats >> seat) & 1:
                from ai import make
                self.ais[seat] = make(level)       # level 4 is ai/expert.py
        self.viewer = viewer if viewer >= 0 else self.first_human(game.turn)
        self.played_ms = played_ms
        self.last_now = 0
        self.stats = stats if stats is not None else bytearray()
        self.cable = cable
        self.next_ai = app.now + app.ai_ms
        self.saves = 0              # burako.sav written (figures, tests)
        self.logged = 0             # matches written to the score log
        self.log_due = False        # the finished match waits to be logged
        app.dress(game.rules.cards)
        self.table = GAME.table(app)        # the console's one table, now this match's
        self.table.begin(self)

    # --- seats -----------------------------------------------------------------
    def humans(self):
        count = 0
        for seat in range(self.game.n):
            if not (self.ai_seats >> seat) & 1:
                count += 1
        return count

    def first_human(self, start):
        game = self.game
        for i in range(game.n):
            seat = (start + i) % game.n
            if not (self.ai_seats >> seat) & 1:
                return seat
        return start

    def human(self, seat):
        return not (self.ai_seats >> seat) & 1

    # --- time ------------------------------------------------------------------
    def due(self, now):
        """True once the AI's pace (or autoplay's pause) has come."""
        return _diff(now, self.next_ai) >= 0

    def clock(self, now):
        """R9 torneo: once the match has been played `minutes`, the seat to move declares time
        up (over the cable only that seat may: the other takes it from the peer). Only time in
        the game counts (a frame adds at most 1 s); the save keeps it. True when it ran out
        in this frame (the message is left to be read)."""
        dt = _diff(now, self.last_now)
        self.last_now = now
        game = self.game
        if not game.rules.minutes or game.timeup or game.phase >= P_MATCH_OVER:
            return False
        self.played_ms += dt if 0 < dt < 1000 else 0
        if self.played_ms < game.rules.minutes * 60000 or self.apply((TIMEUP, 0, b"", 0)):
            return False
        table = self.table
        table.message = lang.t(lang.TIMEUP)
        table.message_colour = ERR
        self.app.redraw(regions.MESSAGE)
        self.next_ai = now + 2 * self.app.ai_ms     # let the message be read
        return True

    # --- moves -----------------------------------------------------------------
    def apply(self, mv):
        """Play mv on the game; over the link cable the session plays and sends it."""
        if self.cable is not None:
            return self.cable.link.send_move(mv)
        return self.game.play(mv)

    def play(self, kind, index, ts, end):
        """Play a move for the seat to move; returns the reason code."""
        game = self.game
        seat = game.turn
        phase = game.phase
        mv = (kind, index, ts, end)
        n0 = len(game.racks[seat])
        err = self.apply(mv)
        if err:
            return err
        if seat == self.viewer:
            left = len(game.racks[seat])
            self.table.mark_new(n0 if kind == PILE else left - 1 if kind == DRAW or kind == REDRAW else left)
        self.after(seat, phase, mv)
        return 0

    def ai_move(self, now):
        """The AI in the seat to move plays one move (the table calls this when it is due)."""
        game = self.game
        mv = self.ais[game.turn].choose(game)
        seat = game.turn
        phase = game.phase
        if mv is None or self.apply(mv):
            # an AI with no legal idea: draw or give up the turn safely
            mv = (DRAW, 0, b"", 0)
            if self.apply(mv):
                return
        self.after(seat, phase, mv)
        self.next_ai = now + self.app.ai_ms

    def peer_moved(self, seat, mv):
        """The peer's move over the cable, already played on the game: the same turn cue, save
        and screen flow as a move made here; a time up it declared between hands ended the
        match (R9)."""
        game = self.game
        if mv[0] == TIMEUP:
            self.after(seat, P_HAND_OVER if game.phase == P_MATCH_OVER else game.phase, mv)
            self.table.message = lang.t(lang.TIMEUP)
            self.table.message_colour = ERR
        else:
            self.after(seat, 0, mv)

    def after(self, seat, phase, mv):
        """The screens' answer to mv, played by `seat` from a position in `phase`."""
        game = self.game
        app = self.app
        kind = mv[0]
        table = self.table
        table.message = self.move_text(seat, mv)
        table.message_colour = WHITE if (self.ai_seats >> seat) & 1 else CURSOR
        table.error = 0
        table.confirm = -1
        from burako.movelog import note
        note(table, seat, mv)           # the hand's log, the melds marked as they land
        # every move stays on the glass the AI's pace before the AI's next (a person's move too:
        # the AI's draw does not wipe the discard's line at once); never sooner than the cable
        # asked (ui/cable.py: the AI thinks in a frame of its own)
        if _diff(app.now + app.ai_ms, self.next_ai) > 0:
            self.next_ai = app.now + app.ai_ms
        parts = regions.TOP | regions.TABLE | regions.MESSAGE | regions.HINT
        if kind == MELD or kind == ADD or kind == SWAP or kind == NEXT:
            parts |= regions.MELDS
        if seat == self.viewer:
            if kind != DRAW and kind != PILE and kind != REDRAW:
                table.clear_selection()
            table.resort()
            table.fix_cursor()
            parts |= regions.RACK
        app.redraw(parts)
        if game.phase >= P_HAND_OVER and phase < P_HAND_OVER:
            self.hand_ended()
        self.move_sound(seat, mv)
        if game.phase == P_MATCH_OVER and phase != P_MATCH_OVER:
            # logged from the next frame on (the match end's tick): this frame's garbage (an
            # AI's search) is gone by then; a linked match logs once the cable is quiet
            self.log_due = True
            if self.cable is not None:
                self.log_match()
        boundary = game.turn != seat or game.phase >= P_HAND_OVER or kind == NEXT
        if boundary or (kind == DRAW or kind == PILE or kind == REDRAW or kind == MUERTO) \
                and not (self.ai_seats >> seat) & 1:
            # a tile a person has taken stays taken: saved before the screen shows it, so
            # quitting and resuming cannot undo a draw after seeing the tile
            self.save()
        if boundary:
            if kind == NEXT:
                if self.humans():
                    self.viewer = self.first_human(game.turn)
                table.reset()
            self.enter_turn()

    def move_sound(self, seat, mv):
        """The move's sound: tiles taken by a person here, a canasta made (the meld the move
        made or grew has just reached the canasta's size: it grew by the tiles the move laid),
        the hand closed; the turn's and the match's end are enter_turn()'s."""
        game = self.game
        kind = mv[0]
        if game.phase >= P_HAND_OVER:
            if kind == CLOSE and game.phase == P_HAND_OVER:     # (the match's end: its own)
                sounds.cue(self.app, sounds.CLOSE)
        elif kind == DRAW or kind == PILE or kind == REDRAW or kind == MUERTO:
            if self.human(seat) and self.ais[seat] is None:
                sounds.cue(self.app, sounds.DRAW)
        elif kind == MELD or kind == ADD or kind == SWAP:
            laid = game.melds[side_of(seat)][-1 if kind == MELD else mv[1]]
            size = len(laid) - melds.HEAD
            if size >= game.rules.canasta > size - len(mv[2]):
                sounds.cue(self.app, sounds.CANASTA)

    def hand_ended(self):
        """A hand has just ended: note its canastas and closer (the score log's), and end the
        match after the last hand of a burraco round (seed 001: on the totals, a tie included)."""
        from engine import score
        game = self.game
        if game.void:
            return          # not counted (torneo): no history line, nothing to note
        res = game.hand_result()
        for side in range(2):
            self.stats.append(min(res[side][score.PURE], 15) << 4 | min(res[side][score.IMPURE], 15))
        self.stats.append(game.closer + 1)
        hands = self.app.settings.hands
        if hands and self.cable is None and len(game.history) >= hands and game.phase == P_HAND_OVER:
            ours, theirs = game.scores
            game.winner = 0 if ours > theirs else 1 if theirs > ours else -1
            game.phase = P_MATCH_OVER

    def enter_turn(self):
        """The screen for the position after a move: hand-off, hand end, match end, table."""
        from burako.ends import HandEnd, MatchEnd, Handoff
        game = self.game
        app = self.app
        if game.phase == P_MATCH_OVER:
            app.show(MatchEnd(self))
            sounds.cue(app, sounds.MATCH_END)
        elif game.phase == P_HAND_OVER:
            app.show(HandEnd(self))
            self.next_ai = app.now + 4 * app.ai_ms
        else:
            turn = game.turn
            human = not (self.ai_seats >> turn) & 1
            if self.humans() == 0:
                if turn != self.viewer:
                    self.viewer = turn
                    self.table.reset()
                app.show(self.table)
            elif human and turn != self.viewer and self.humans() > 1:
                self.viewer = turn
                self.table.reset()
                app.show(Handoff(self))
            else:
                app.show(self.table)
            if human and self.ais[turn] is None:
                sounds.cue(app, sounds.TURN)     # a person's turn begins (over the cable: ours)

    def move_text(self, seat, mv):
        kind = mv[0]
        if kind > CLOSE:
            return ""
        # the DID_ texts are in the kinds' order; a meld, an addition, a swap and a discard
        # name their tiles, in the language's own letters (lang.tiles)
        text = pname(seat) + " " + lang.t(lang.DID_DRAW + kind)
        if MELD <= kind <= DISCARD:
            cards = self.game.rules.cards
            text += " " + lang.tiles(tiles.list_text(mv[2][:1] if kind == DISCARD else mv[2], cards), cards)
        return text

    # --- the save and the score log --------------------------------------------
    def save(self):
        if self.cable is not None:
            return      # a linked match lives in link.sav (ui/cable.py)
        from burako import save
        app = self.app
        try:
            save.write(app.board.storage, self.ai_seats, app.settings.level, lang.LANGS.index(lang.code()),
                       self.viewer, self.table.sort, self.game, self.played_ms // 1000, app.settings.hands,
                       self.stats,  # pyright: ignore[reportArgumentType]  (a bytearray: write() slices it)
                       app.settings.names)
            self.saves += 1
        except OSError:
            pass

    def battery_low(self):
        """The battery has just gone low (App.battery_changed): the match saved now, whatever
        the turn's point (a linked one is link.sav's, written at each turn's end), and said."""
        self.save()
        self.note(lang.t(lang.LOW_SAVED))

    def log_match(self):
        """Every finished match goes to the score log, between games (never during a link
        exchange: flash writes stop the UART; ui/cable.py writes it once the cable is quiet)."""
        cable = self.cable
        if cable is not None and not (cable.link.safe_to_write() or not cable.link.t.alive()):
            self.log_due = True
            return
        from burako.record import log
        self.log_due = False
        if log(self.app, self.game, self.ai_seats, self.stats, cable):
            self.logged += 1

    # --- over the cable (ui/cable.py) --------------------------------------------
    def boundary(self):
        """A moment to write link.sav: a turn's or a hand's boundary (any move under hidden
        hands, whose own steps wait for the save)."""
        game = self.game
        return game.phase == P_DRAW or game.phase == P_HAND_OVER or self.cable.link.hidden is not None

    def over(self):
        return self.game.phase == P_MATCH_OVER

    def sending(self, mv):
        """Our move leaves in this poll: a time up declared here between hands (this seat was
        to move when its clock ran out, R9) ended the match."""
        if mv[0] == TIMEUP and self.game.phase == P_MATCH_OVER:
            self.after(self.game.turn, P_HAND_OVER, mv)
            self.table.message = lang.t(lang.TIMEUP)

    def hidden_news(self, hidden, cable):
        """What hidden hands change at the table without a move (link/hide.py): the hand-end
        check's progress, by tens, on the message line and the hand end's screen (7-8 s on a
        Pico); a tile of ours opened (a draw's, the muerto's): the rack again."""
        app = self.app
        if hidden.stage == 2:
            if cable.checking(hidden, self.table):
                app.redraw(regions.MESSAGE)
        else:
            cable.bar = -1      # the next deal's bar (or check's line) starts empty
        if hidden.want != cable.want:
            cable.want = hidden.want
            app.redraw(regions.RACK | regions.TABLE | regions.TOP)

    def note(self, text):
        """A refused frame's reason where the turn cue goes."""
        table = self.table
        table.message = text
        table.message_colour = ERR
        self.app.redraw(regions.MESSAGE)


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
