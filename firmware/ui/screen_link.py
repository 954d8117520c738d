# The link cable's screen id S_LINK, as the app and the other screens see it:
# a small front, always loaded, for ui/linkplay.py, which holds the screen and
# the link's glue and is imported only when a link opens (it and link/ cost
# ~25 KB of heap: a local game pays none of it).
from ui.common import S_MATCHEND

T_MENU = 0      # the title's entry, in the languages' LINK tables


def _m():
    from ui import linkplay
    return linkplay


def tx(i):
    import sys
    from ui import lang as L
    return sys.modules["ui.lang_" + L.code()].LINK[i]


def start(app):
    _m().start(app)


def poll(app, now):
    _m().poll(app, now)


def waiting(app):
    return _m().waiting(app)


def key_hook(app, k):
    return _m().key_hook(app, k)


def leave(app):
    _m().leave(app)


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    if app.link is None:
        return app.screen == S_MATCHEND
    return _m().over(app)


def key(app, k):
    _m().key(app, k)


def tick(app, now):
    pass


def draw(app, dirty):
    _m().draw(app, dirty)
