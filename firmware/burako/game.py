# The Burako family (burako, torneo, burraco) as a game of this console (ui/games.py,
# docs/interfaces.md "A game"): its set-up, its save, a new match, and its side of the link
# cable (the Link's variant, its save files, a linked match made from link.game).
from engine.game import Game, P_HAND_OVER, P_MATCH_OVER
from engine import rules
from ui import lang
from ui.gfx import WHITE


class Burako:
    name = "burako"
    title = ""                  # (the title's own rows: Continue, New game, the cable)
    link_save = "link.sav"      # the session's bytes (Link.saved())
    link_position = "link.pos"  # the position then (engine/codec.py): no replay at power-on
    position_apart = False      # both files in one quiet frame
    bar_step = 1                # the hidden deal's bar redrawn alone at every step
    link_names = True           # the link screen names the players

    def table(self, app):
        """The console's one Burako table: its view (the sort chosen, the last move's line)
        stays from one match to the next, and to a saved match continued."""
        table = app.kept.get(self.name)
        if table is None:
            from burako.table import Table
            table = app.kept[self.name] = Table(app)
        return table

    # --- a local match ---------------------------------------------------------
    def has_save(self, storage):
        from burako import save
        return save.exists(storage)

    def setup(self, app):
        from burako.setup import Setup
        app.show(Setup(app))

    def watch(self, app):
        """A new match with every seat the AI's (autoplay)."""
        app.settings.ai_seats = 15
        new_match(app)

    def quick(self, app):
        """A new match against the AI: a person in seat 0, the AI in the others."""
        app.settings.ai_seats = 0b1110
        new_match(app)

    def resume(self, app):
        """Show the saved match; False when there is none. Raises engine/codec.py CodecError
        when it is damaged."""
        from burako import save
        from burako.play import Play
        saved = save.read(app.board.storage)
        if saved is None:
            return False
        settings = app.settings
        settings.ai_seats, settings.level, language, viewer, sort, played_s, game, settings.hands, stats, settings.names = saved
        lang.use(lang.LANGS[language] if language < 3 else "es")
        self.table(app).sort = sort
        play = Play(app, game, settings.ai_seats, settings.level, viewer, played_s * 1000, stats)
        if game.phase < P_HAND_OVER and play.human(game.turn) and play.humans() > 1:
            from burako.ends import Handoff
            app.show(Handoff(play))
            play.viewer = game.turn
        else:
            play.enter_turn()
        return True

    # --- over the link cable (ui/cable.py) ---------------------------------------
    def link_variant(self, app):
        """The rules a new linked match offers: the set-up's variant and target."""
        return rules.VARIANTS[app.settings.variant].name, app.settings.target

    def link_moves(self):
        """The game's side of the link protocol (the Link's `moves`)."""
        from link import moves_burako
        return moves_burako

    def clear(self, app):
        """A linked match opens or closes: the table's last-move line is no longer its."""
        self.table(app).message = ""

    def link_heading(self, app, painter):
        title = lang.tx(14)     # "CABLE 1v1"
        painter.big(120 - len(title) * 8, 24, title, WHITE, 2)

    def log_ended(self, app, cable, reason):
        """A linked match ended in play and its save deleted: into the score log with no
        winner and the link's reason (also one the link ended on resuming, never shown)."""
        from burako.record import log
        link = cable.link
        if link.game is not None:
            play = cable.play
            log(app, link.game, 1 << (1 - link.seat), play.stats if play else bytearray(), cable, reason)

    def bind(self, app, cable):
        """link.game is (again) the match: the local seat's view of it. A play made anew at
        each binding (a catch-up, a resume) keeps the torneo clock and the hands' notes."""
        from burako.play import Play
        link = cable.link
        me = link.seat
        old = cable.play
        play = Play(app, link.game, 1 << (1 - me), 0, me, old.played_ms if old else 0,
                    old.stats if old else bytearray(), cable)
        if app.autoplay:
            # level 1, the lightest: a person's console runs no AI at all
            from ai.basic import BasicAI
            play.ais[me] = BasicAI(1)
        if link.game.phase == P_MATCH_OVER and link.dirty:
            play.log_due = True         # caught up to the end: logged once the cable is quiet
        cable.play = play
        play.enter_turn()


def new_match(app):
    """A new match with the set-up's choices (also autoplay's and the quick start's)."""
    from burako.play import Play
    settings = app.settings
    seed = app.new_seed()
    chosen = rules.VARIANTS[settings.variant]
    players = settings.players if settings.players in chosen.players else 2
    game = Game(chosen, players, seed, rules.MAX_TARGET if settings.hands else settings.target)
    Play(app, game, settings.ai_seats, settings.level).enter_turn()


GAME = Burako()
