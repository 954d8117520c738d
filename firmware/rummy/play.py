# A Rummy israelí match on this console (docs/rummy.md): the game, which seats the AI plays, the
# seat whose rack is shown, the save (the transcript, appended at turn boundaries), the AI's
# pace, and the flow between its screens (the table, kept for the whole match, the hand-off, the
# hand's and the match's ends). Over the link cable (cable: ui/cable.py) the local seat's moves go
# to the Link and the peer's come back through peer_moved(); the peer's seat reads as an AI's.
from rummy import rules
from rummy.text import tx, count, SAVE, DREW, PASSED, PLAYED, CLOSED
from engine import tiles
from ui import gfx
from ui import lang
from ui import sounds
from ui.gfx import WHITE, CURSOR


def table_tiles(melds):
    count = 0
    for meld in melds:
        count += len(meld)
    return count


class Play:
    """app: the console. g: the match's Game. seats: bit p, seat p is the AI's (over the cable:
    the peer's). level: its AIs' level (0: none). stored: the save holds this match's head
    already (a match continued from it). cable: the link cable's, or None."""

    def __init__(self, app, game, seats, level, stored=0, cable=None):
        from rummy.game import GAME
        self.app = app
        self.game = game
        self.seats = seats
        self.ais = [None] * game.n
        if seats and level:
            # the AI is imported when a match needs it: a match of people holds none
            from rummy.ai import RummyAI
            for seat in range(game.n):
                if (seats >> seat) & 1:
                    self.ais[seat] = RummyAI(level)
        self.viewer = self.first_human(game.turn)
        # the save is the transcript, appended to rummy.sav at each turn boundary: only the move
        # lines not yet written stay in memory (a whole match's lines are tens of KB), none when
        # no person plays
        self.lines = []
        self.stored = stored
        self.logged = 0
        self.cable = cable
        self.next_ai = app.now + app.ai_ms
        self.log_due = False        # the finished linked match waits for a quiet cable
        self.pending = None         # over the cable: the AI's move, played in the next frame
        self.table = GAME.table(app)    # the console's one Rummy table, now this match's
        self.table.begin(self)

    # --- seats -----------------------------------------------------------------
    def human(self, seat):
        return not (self.seats >> seat) & 1

    def humans(self):
        count = 0
        for seat in range(self.game.n):
            count += self.human(seat)
        return count

    def first_human(self, start):
        for i in range(self.game.n):
            seat = (start + i) % self.game.n
            if self.human(seat):
                return seat
        return start

    def due(self, now):
        return _diff(now, self.next_ai) >= 0

    # --- moves -----------------------------------------------------------------
    def play(self, mv):
        """Play mv for the seat to move (over the cable: send it); the reason code (0: played)."""
        game = self.game
        seat = game.turn
        err = self.cable.link.send_move(mv) if self.cable is not None else game.play(mv)
        if err:
            return err
        if self.humans() and self.cable is None:
            self.lines.append(rules.line(seat, mv))
        if mv[0] == rules.DRAW and self.human(seat) and not self.ais[seat]:
            sounds.cue(self.app, sounds.DRAW)       # a tile drawn here (not the peer's)
        self.after(seat, mv)
        return 0

    def peer_moved(self, seat, mv):
        """The peer's move over the cable, already played on the game."""
        self.after(seat, mv)

    def after(self, seat, mv):
        """The screens' answer to mv, already played by seat (here, or by the peer)."""
        game = self.game
        table = self.table
        kind = mv[0]
        name = lang.t(lang.PLAYER) + gfx.NUMS[seat + 1] + " "
        if kind == rules.DRAW:
            table.message = name + tx(DREW)
        elif kind == rules.PASS:
            table.message = name + tx(PASSED)
        elif kind == rules.PLAY:
            # the tiles laid: the new table's beyond the old one's
            table.message = name + tx(CLOSED if game.closer == seat else PLAYED) + " " + \
                count(table_tiles(mv[1]) - table.tiles_before)
        else:
            table.message = ""
        table.tiles_before = table_tiles(game.table)
        if kind == rules.PLAY and game.closer == seat and game.phase == rules.P_HAND_OVER:
            sounds.cue(self.app, sounds.CLOSE)      # (the match's end: enter_turn()'s own)
        table.message_colour = WHITE if (self.seats >> seat) & 1 else CURSOR
        table.error = 0
        # every move stays on the glass the AI's pace (app.ai_ms: the table's setting) before the
        # AI's next, a person's move too; never sooner than the cable asked (ui/cable.py)
        if _diff(self.app.now + self.app.ai_ms, self.next_ai) > 0:
            self.next_ai = self.app.now + self.app.ai_ms
        if kind != rules.DRAW or game.phase != rules.P_PLAY:
            if game.phase >= rules.P_HAND_OVER or game.turn != seat:
                if self.humans() and self.cable is None:
                    self.save()
            self.enter_turn()
        elif self.human(seat) and not self.ais[seat]:
            if self.cable is None:
                self.save()         # the drawn tile stays drawn: saved before it is shown
            table.workbench()
            # the drawn tile is the last of the rack (sorted in when the rack is kept sorted):
            # the cursor on it
            table.show_tile(game.racks[seat][-1])
        self.app.redraw()

    def enter_turn(self):
        """The screen for the position after a move: match end, hand end, hand-off, the table."""
        from rummy.ends import MatchEnd, HandEnd, Handoff
        game = self.game
        app = self.app
        table = self.table
        if game.phase == rules.P_MATCH_OVER:
            app.show(MatchEnd(self))
            sounds.cue(app, sounds.MATCH_END)
            if self.cable is not None:
                if self.cable.link.dirty and not self.logged:
                    self.log_due = True     # logged once the cable is quiet
            else:
                if not self.logged:
                    self.log()
                self.remove_save()
        elif game.phase == rules.P_HAND_OVER:
            app.show(HandEnd(self))
            self.next_ai = app.now + 4 * app.ai_ms
        else:
            turn = game.turn
            if self.humans() == 0:
                self.viewer = turn
                app.show(table)
            elif self.human(turn) and turn != self.viewer and self.humans() > 1:
                self.viewer = turn
                app.show(Handoff(self))
            else:
                app.show(table)
            if self.human(turn) and not self.ais[turn] and game.phase == rules.P_PLAY:
                table.workbench()
            else:
                table.bench = None
            if self.human(turn) and not self.ais[turn]:
                sounds.cue(app, sounds.TURN)     # a person's turn begins (over the cable: ours)
        table.focus = 0
        app.redraw()

    # --- the save and the score log --------------------------------------------
    def save(self):
        app = self.app
        try:
            with open(app.board.storage.path(SAVE), "a" if self.stored else "w") as file:
                if not self.stored:
                    file.write("# seats %d level %d\n" % (self.seats, app.settings.level))
                    file.write(rules.header(self.game))
                for line in self.lines:
                    file.write(line)
            self.stored = 1
            self.lines = []
        except OSError:
            pass

    def battery_low(self):
        """The battery has just gone low (App.battery_changed): the moves not yet in the save
        written now (a match of people here; a linked one is rlink.sav's, written at each turn's
        end), and said."""
        if self.humans() and self.cable is None:
            self.save()
        self.note(lang.t(lang.LOW_SAVED))

    def remove_save(self):
        try:
            import os
            os.remove(self.app.board.storage.path(SAVE))
        except OSError:
            pass

    def log(self):
        """The match into the score log; a linked match's under the link's id (the same on both
        consoles; both seats people, as a linked Burako match logs)."""
        game = self.game
        app = self.app
        cable = self.cable
        seats = ""
        for seat in range(game.n):
            seats += "A" if (self.seats >> seat) & 1 and cable is None else "H"
        if cable is None:
            from link import entropy
            match_id = entropy.random_bytes(8)
        else:
            match_id = cable.link.match_id
        rec = {"variant": "rummy", "seats": seats, "final": list(game.scores),
               "winner": game.winners[0] if len(game.winners) == 1 else None,
               "id": int.from_bytes(match_id, "little")}
        if cable is not None:
            # this console's seat (the other console logs the same match from its side) and the
            # names the HELLOs carried, as burako/record.py does
            link = cable.link
            rec["own_seats"] = [link.seat]
            names = link.names
            if names[0] or names[1]:
                rec["names"] = [names[1] or None, names[1] or None]
                rec["names"][link.seat] = names[0] or None
        import scorelog
        try:
            rec["hands"] = [list(hand) for hand in game.history[-scorelog.MAX_HANDS:]]
            scorelog.append(app.board.storage.path(scorelog.FILENAME), rec)
            self.logged += 1
        except (OSError, ValueError):
            pass        # a full or failing flash must not stop the game

    def log_match(self):
        """(ui/cable.py) the finished linked match, once the cable is quiet."""
        self.log_due = False
        self.log()

    def state(self, out):
        """The match's plain data into ui/state.py's snapshot `out` (its "rummy" entry, with the
        table screen's message and reason already in `out`)."""
        game = self.game
        screen = self.app.screen
        out["rummy"] = {
            "mode": getattr(screen, "mode", screen.name), "players": game.n, "seats": self.seats, "hands": game.hands,
            "phase": game.phase, "turn": game.turn, "hand": game.hand, "scores": list(game.scores),
            "history": [list(hand) for hand in game.history], "winners": list(game.winners),
            "table": rules.table_text(game.table), "stock": len(game.stock),
            "racks": [tiles.list_text(rack) for rack in game.racks], "msg": out["msg"],
            "error": out["error"], "error_text": out["error_text"]}
        if "bench" in out:
            out["rummy"]["bench"] = out.pop("bench")

    # --- over the cable (ui/cable.py) --------------------------------------------
    def boundary(self):
        """A moment to write rlink.sav: a turn's boundary (a turn's draw is not one; with the
        stock gone every move is)."""
        game = self.game
        return game.phase != rules.P_PLAY or not game.stock

    def over(self):
        return self.game.phase == rules.P_MATCH_OVER

    def sending(self, mv):
        pass

    def note(self, text):
        from ui.gfx import ERR
        table = self.table
        table.message = text
        table.message_colour = ERR
        self.app.redraw()

    def hidden_news(self, hidden, cable):
        """What hidden hands change without a move (rummy/hide.py): the hand-end check's
        progress by tens on the hand end's screen (the hand is counted once both keys are
        checked, then the count); our drawn tile opened: the draw's answer again, the workbench
        with the tile under the cursor."""
        from rummy.ends import HandEnd
        game = self.game
        table = self.table
        app = self.app
        if hidden.stage == 2:
            if cable.checking(hidden, table):
                app.redraw()
        elif cable.bar >= 0:
            cable.bar = -1
            if isinstance(app.screen, HandEnd):
                table.message = ""
                self.enter_turn()        # counted: the hand's score, or the match's end
        if hidden.want != cable.want:
            cable.want = hidden.want
            if not hidden.want and app.screen is table and table.bench is None and not self.ais[game.turn] \
                    and game.phase == rules.P_PLAY and game.turn == cable.link.seat:
                self.after(game.turn, (rules.DRAW, ()))   # our drawn tile is open: the bench
            app.redraw()


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
