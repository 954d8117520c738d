# Rummy israelí as a game of this console (ui/games.py, docs/interfaces.md "A game"): its
# set-up (from the title's Rummy row), its save, a new match, and its side of the link cable
# (the Link's variant "rummy", its save files rlink.sav and rlink.pos, a linked match made
# from link.game). The title lists every game: this module holds what the list and the cable
# ask of Rummy, and brings in its rules and texts only when a Rummy match or link begins (a
# Burako table on the console's UF2 keeps 1,968 B more heap free: tests/test_uf2.py).
from ui.gfx import WHITE, FELT_DARK


class Rummy:
    name = "rummy"
    title = "Rummy"             # the title's row: the same in every language
    link_save = "rlink.sav"     # not link.sav: a saved linked Burako match stays
    link_position = "rlink.pos"
    position_apart = True       # the position, then the session's bytes in the next quiet frame
    bar_step = 5                # the hidden deal's bar: the link screen redrawn whole every 5 %
    link_names = False
    choices = (2, 1 << 1, 4, 0)     # the set-up's first choices: players, AI seats, hands, J2 over the cable

    def table(self, app):
        """The console's one Rummy table: its last move's line stays to the next match."""
        table = app.kept.get(self.name)
        if table is None:
            from rummy.table import Table
            table = app.kept[self.name] = Table(app)
        return table

    # --- a local match ---------------------------------------------------------
    def has_save(self, storage):
        from rummy.setup import exists
        return exists(storage)

    def setup(self, app):
        """The set-up, from the title: each visit starts anew, from the first choices and with a
        new table (no last move's line), as the title has always opened it."""
        from rummy.setup import Setup
        app.settings.rummy[:] = self.choices
        app.kept.pop(self.name, None)
        app.show(Setup(app))

    def watch(self, app):
        """A new match with every seat the AI's (autoplay): the App's players."""
        players = app.settings.players
        if 2 <= players <= 4:
            app.settings.rummy[0] = players
        app.settings.rummy[1] = 15
        new_match(app)

    def quick(self, app):
        self.setup(app)

    def resume(self, app):
        return False            # (continued from its set-up's last row)

    # --- over the link cable (ui/cable.py) ---------------------------------------
    def link_variant(self, app):
        return "rummy", 0

    def link_moves(self):
        from rummy import moves
        return moves

    def clear(self, app):
        self.table(app).message = ""    # not the last match's last move

    def link_heading(self, app, painter):
        from rummy import text
        from rummy.text import tx
        painter.text(0, 24, painter.w, tx(text.TITLE) + " - " + tx(text.CABLE), WHITE, FELT_DARK, 1)

    def log_ended(self, app, cable, reason):
        pass                    # (a Rummy match that ended in play is not logged)

    def bind(self, app, cable):
        """link.game is (again) the match: the local seat's view of it; the peer's seat moves by
        itself, as an AI's."""
        from rummy.play import Play
        link = cable.link
        me = link.seat
        game = link.game
        play = Play(app, game, 1 << (1 - me), 0, 1, cable)
        if app.autoplay:
            # level 1, the lightest (as a linked Burako match's autoplay)
            from rummy.ai import RummyAI
            play.ais = [RummyAI(1) if seat == me else None for seat in range(2)]
        play.viewer = me
        play.table.message = ""
        cable.position_count = -1       # the move count rlink.pos was written at
        cable.play = play
        play.enter_turn()


def new_match(app):
    """A new match with the set-up's choices."""
    from rummy import rules
    from rummy.play import Play
    players, seats, hands = app.settings.rummy[:3]
    Play(app, rules.Game(players, app.new_seed(), hands), seats, app.settings.level).enter_turn()


GAME = Rummy()
