# Nim as a game of this console (ui/games.py, docs/interfaces.md "A game"): what the title, the
# App and the snapshot ask of a game. A toy without a set-up screen: the title's row continues
# the saved match, else deals a new one against the AI. Not offered over the link cable (a game
# there also needs its side of the protocol, docs/interfaces.md).


class Nim:
    name = "nim"
    title = "Nim"               # the title's row: the same in every language

    def table(self, app):
        """The console's one Nim table, kept in app.kept as the other games keep theirs."""
        t = app.kept.get(self.name)
        if t is None:
            from nim.screens import Table
            t = app.kept[self.name] = Table(app)
        return t

    def has_save(self, storage):
        from nim.play import SAVE
        return storage.exists(SAVE)

    def setup(self, app):
        """The title's row: the saved match (a damaged one is dropped), else a new one."""
        try:
            resumed = self.resume(app)
        except ValueError:
            resumed = False
        if not resumed:
            self.quick(app)

    def quick(self, app):
        """A new match: you in seat 0, the AI in seat 1."""
        new_match(app, 0b10)

    def watch(self, app):
        """A new match with both seats the AI's (autoplay)."""
        new_match(app, 0b11)

    def resume(self, app):
        """Show the saved match; False when there is none. Raises ValueError when damaged."""
        from nim.play import Play, read
        g = read(app.board.storage)
        if g is None:
            return False
        Play(app, g, 0b10).enter_turn()
        return True


def new_match(app, ai_seats):
    from nim.play import Play, Game
    Play(app, Game(10 + app.new_seed() % 8), ai_seats).enter_turn()


GAME = Nim()
