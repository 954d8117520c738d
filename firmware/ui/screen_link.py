# The link cable's screen id S_LINK, as the app and the other screens see it:
# a small front, always loaded, for ui/linkplay.py (the link's glue, imported
# only when a link opens: it and link/ cost ~20 KB of heap, a local game pays
# none of it) and ui/linkscreen.py (the screen itself, opening and closing,
# imported only while needed). A linked Rummy match (app.rm set) has its own
# glue, ui/linkrummy.py, and its link screen is the Rummy screen's.
from ui.common import S_MATCHEND

# ids of tx(): 0-15 in the languages' LINK tables (ui/lang_*.py, always loaded), from 16
# the link's end and "give up?" (ui/link_*.py, loaded only then: ui/linkkeys.py)
T_MENU = 0      # the title's entry


def _m(app):
    if app.rm is not None:
        from ui import linkrummy
        return linkrummy
    from ui import linkplay
    return linkplay


def _s():
    from ui import linkscreen
    return linkscreen


def tx(i):
    import sys
    from ui import lang as L
    if i < 16:
        return sys.modules["ui.lang_" + L.code()].LINK[i]
    n = "ui.link_" + L.code()
    if n not in sys.modules:
        __import__(n)
    return sys.modules[n].TX[i - 16]


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
    return _m(app).key_hook(app, k)


def leave(app):
    _m(app).leave(app, True)


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
