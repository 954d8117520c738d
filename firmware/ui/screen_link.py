# The screen S_LINK as the app and the other screens see it: a small front,
# always loaded, over the link's two halves, which it imports only when needed
# (docs/memory.md "link glue"): the glue that runs a match over the cable
# (ui/linkplay.py for Burako, rummy/linkplay.py for Rummy, app.rummy set: with link/
# ~20 KB of heap, a local game pays none of it) and the link's own screen, its
# opening and closing (ui/linkplay_screen.py, rummy/linkplay_screen.py). Each
# screen module imports its glue, never the other way round.
from memory import MPY
from ui.common import NAMES, S_MATCHEND, S_RUMMY
from ui.lang import tx  # noqa: F401  (the front answers for the link's texts too)

T_MENU = 0      # the title's entry: its id among the link's texts (ui/lang.py tx())
T_HIDDEN = 24   # "Hidden deal": the entry with hidden hands on (ui/linkplay_screen.py's too)


def hidden_ok():
    """Hidden hands are offered where their code sits in flash: the console's own UF2
    (burako_board frozen in) or a desktop; the stock firmware with .mpy files has not the heap
    for them beside the UI (docs/link.md "Hidden hands")."""
    if not MPY:
        return True
    try:
        __import__("burako_board")
        return True
    except ImportError:
        return False


def _m(app):
    if app.rummy is not None:
        # Rummy's glue, by name: ui/ imports no game's package
        return __import__("rummy.linkplay", None, None, ("NAME",))
    from ui import linkplay
    return linkplay


def _s():
    from ui import linkplay_screen
    return linkplay_screen


def start(app, variant=None):
    if variant == "rummy":
        # the Rummy door by its name: ui/ imports no game's package
        __import__(NAMES[S_RUMMY], None, None, ("link",)).link(app)
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
    (ui/linkplay.py, rummy/linkplay.py) imports no screen module, the screen imports the glue."""
    if app.rummy is not None:
        __import__(NAMES[S_RUMMY], None, None, ("leave",)).leave(app, keep)
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
