# The screen S_LINK as the app and the other screens see it: a small front,
# always loaded, over the link's two halves, which it imports only when needed
# (docs/memory.md "link glue"): the glue that runs a match over the cable
# (ui/linkplay.py for Burako, ui/linkrummy.py for Rummy, app.rummy set: with link/
# ~20 KB of heap, a local game pays none of it) and the link's own screen, its
# opening and closing (ui/linkplay_screen.py, ui/linkrummy_screen.py). Each
# screen module imports its glue, never the other way round.
from ui.common import S_MATCHEND
from ui.lang import tx  # noqa: F401  (the front answers for the link's texts too)

T_MENU = 0      # the title's entry: its id among the link's texts (ui/lang.py tx())


def _m(app):
    if app.rummy is not None:
        from ui import linkrummy
        return linkrummy
    from ui import linkplay
    return linkplay


def _s():
    from ui import linkplay_screen
    return linkplay_screen


def start(app, variant=None):
    if variant == "rummy":
        from ui import screen_rummy
        screen_rummy.link(app)
    else:
        _s().start(app)


def poll(app, now):
    _m(app).poll(app, now)


def waiting(app):
    return _m(app).waiting(app)


def key_hook(app, k):
    return _m(app).key_hook(app, k, leave)


def leave(app, keep=True):
    """Back to the title (the table menu's "Save and quit" during a linked match, a key at
    its end); keep=False drops the match's save. The screen's module does it: the glue
    (ui/linkplay.py, ui/linkrummy.py) imports no screen module, the screen imports the glue."""
    if app.rummy is not None:
        from ui import linkrummy_screen
        linkrummy_screen.leave(app, keep)
    else:
        _s().close(app, keep)


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    if app.link is None:
        return app.screen == S_MATCHEND
    return _m(app).over(app)


def key(app, k):
    _s().key(app, k)


def tick(app, now):
    pass


def draw(app, dirty):
    _s().draw(app, dirty)
