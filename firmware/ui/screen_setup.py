# New game: variant, players, each seat human or AI, AI level, target score
# (burraco: or a tournament round of 1..4 hands, seed 001's MP/VP at its end).
# A person's seat can carry a name: Click (or X) on its row opens ui/names.py,
# imported only while it is open.
from micropython import const
from engine import game
from engine import rules
from hal import keys
from ui import gfx
from ui import lang
from ui.common import S_TITLE, D_MELDS, D_CLEAR, D_ALL, pname, hint
from ui.gfx import FELT_DARK, WHITE, CURSOR, HILITE

# rows
R_VARIANT = const(0)
R_PLAYERS = const(1)
R_SEAT = const(2)      # R_SEAT + p for seat p
R_LEVEL = const(6)
R_TARGET = const(7)
R_START = const(8)
TARGETS = (1000, 1500, 2000, 3000, 5000)
ROUNDS = const(4)      # burraco: after the targets, rounds of 1..ROUNDS hands


def rows(app):
    n = app.settings.players if app.settings.players in rules.VARIANTS[app.settings.variant].players else 2
    out = bytearray((R_VARIANT, R_PLAYERS))
    for p in range(n):
        out.append(R_SEAT + p)
    out.append(R_LEVEL)
    out.append(R_TARGET)
    out.append(R_START)
    return out


def targets(rules):
    """The targets the set-up cycles through: TARGETS with the variant's own
    default in its place (burraco's 2005 is none of them, and once changed
    could not be chosen again)."""
    d = rules.target
    if d in TARGETS:
        return TARGETS
    out = [t for t in TARGETS if t < d]
    out.append(d)
    return out + [t for t in TARGETS if t > d]


def _close(app):
    app.settings.editor = None
    from memory import drop     # docs/memory.md "ui.names"
    drop(("ui.names",))
    app.dirty = D_ALL


def key(app, k):
    ed = app.settings.editor
    if ed is not None:
        if ed.key(app, k):
            _close(app)
        else:
            app.dirty = D_ALL
        return
    rs = rows(app)
    if k & keys.B:
        app.show(S_TITLE)
        app.row = 0
        return
    if k & keys.UP:
        app.row = (app.row - 1) % len(rs)
        app.dirty |= D_MELDS
        return
    if k & keys.DOWN:
        app.row = (app.row + 1) % len(rs)
        app.dirty |= D_MELDS
        return
    r = rs[app.row]
    if r == R_START and k & (keys.A | keys.PRESS):
        app.new_game()
        return
    if R_SEAT <= r < R_SEAT + 4 and k & (keys.X | keys.PRESS) and not (app.match.ai_seats >> (r - R_SEAT)) & 1:
        from ui import names
        app.settings.editor = names
        names.start(app, r - R_SEAT)
        app.dirty = D_ALL
        return
    if k & (keys.A | keys.LEFT | keys.RIGHT | keys.PRESS):
        step = -1 if k & keys.LEFT else 1
        if r == R_VARIANT:
            app.settings.variant = (app.settings.variant + step) % len(rules.VARIANTS)
            app.settings.target = 0
            app.settings.hands = 0
            if app.settings.players not in rules.VARIANTS[app.settings.variant].players:
                app.settings.players = 2
            _lang(app, rules.VARIANTS[app.settings.variant] is rules.BURRACO)
        elif r == R_PLAYERS:
            if 4 in rules.VARIANTS[app.settings.variant].players:
                app.settings.players = 6 - app.settings.players
        elif r >= R_SEAT and r < R_SEAT + 4:
            app.match.ai_seats ^= 1 << (r - R_SEAT)
        elif r == R_LEVEL:
            app.settings.level = (app.settings.level - 1 + step) % 4 + 1     # levels 1-4 (4: ai/expert.py)
        elif r == R_TARGET:
            chosen = rules.VARIANTS[app.settings.variant]
            ts = targets(chosen)
            n = len(ts)
            if app.settings.hands:
                i = n - 1 + app.settings.hands
            else:
                t = app.settings.target or chosen.target
                i = 0
                while i < n and ts[i] < t:
                    i += 1
            i = (i + step) % (n + (ROUNDS if chosen is rules.BURRACO else 0))
            app.settings.hands = i - n + 1 if i >= n else 0
            if i < n:
                app.settings.target = ts[i]
        if app.row >= len(rows(app)):
            app.row = 0
        app.dirty = D_ALL


def new_game(app):
    """App.new_game: a new match with these choices (also autoplay's and the quick start's)."""
    seed = app.new_seed()
    chosen = rules.VARIANTS[app.settings.variant]
    n = app.settings.players if app.settings.players in chosen.players else 2
    g = game.Game(chosen, n, seed, rules.MAX_TARGET if app.settings.hands else app.settings.target)
    app.dress(chosen.cards)
    app.match.start(g, -1, app.settings.level, 0, bytearray())
    app.reset_view()
    app.next_ai = app.now + app.ai_ms
    app.enter_turn()


def tick(app, now):
    pass


# per glass (short, tall: ui/gfx.py Layout): nine rows between the heading and the hints, for
# the set-up and the name editor (ui/names.py): the heading's row, the first row, the step, a
# row's band above its text and the band's height
GEOMETRY = ((1, 13, 11, 0, 11), (6, 26, 20, 2, 14))


def draw(app, dirty):
    p = app.painter
    geometry = GEOMETRY[p.lay.tall]
    y_head, y0, dy, pad, fh = geometry
    ed = app.settings.editor
    if ed is not None:
        ed.draw(app, geometry)
        return
    rs = rows(app)
    if dirty & D_CLEAR:
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, y_head, p.w, lang.t(lang.NEW), CURSOR, FELT_DARK, 1)
    # A starts the match on Start and changes the value on any other row: the
    # hint says which, for the row under the cursor (redrawn as it moves)
    r = rs[app.row] if app.row < len(rs) else R_START
    person = R_SEAT <= r < R_SEAT + 4 and not (app.match.ai_seats >> (r - R_SEAT)) & 1
    hint(p, lang.H_SETUP1, lang.H_SETUP2 if r == R_START else lang.H_SETUP4 if person else lang.H_SETUP3)
    chosen = rules.VARIANTS[app.settings.variant]
    for i in range(9):
        y = y0 + i * dy
        if i >= len(rs):
            p.fill(0, y - pad, p.w, fh, FELT_DARK)
            continue
        r = rs[i]
        on = i == app.row
        bg = HILITE if on else FELT_DARK
        p.fill(4, y - pad, 232, fh, bg)
        if r == R_START:
            p.text(4, y, 232, "> " + lang.t(lang.START) + " <", CURSOR if on else WHITE, bg, 1)
            continue
        if r == R_VARIANT:
            a = lang.t(lang.VARIANT)
            b = chosen.name
        elif r == R_PLAYERS:
            a = lang.t(lang.PLAYERS)
            b = gfx.NUMS[app.settings.players if app.settings.players in chosen.players else 2]
        elif r == R_LEVEL:
            a = lang.t(lang.LEVEL)
            b = gfx.NUMS[app.settings.level]
        elif r == R_TARGET:
            # burraco: a target, or a round of 1..4 hands (seed 001 tournaments)
            a = lang.t(lang.ROUND) if app.settings.hands else lang.t(lang.TARGET)
            b = gfx.NUMS[app.settings.hands] if app.settings.hands else str(app.settings.target or chosen.target)
        else:
            a = pname(r - R_SEAT)
            b = lang.t(lang.AI) if (app.match.ai_seats >> (r - R_SEAT)) & 1 else app.settings.names[r - R_SEAT] or lang.t(lang.HUMAN)
        p.text(8, y, 110, a, WHITE, bg)
        p.text(118, y, 114, "< " + b + " >", CURSOR if on else WHITE, bg, 2)


def _lang(app, burraco):
    # R12: burraco is played in Italian unless the player changed the language
    # in this session (settings.lang0 is the language the console started in);
    # leaving burraco goes back to that language, unless it was changed since.
    # settings.auto_it: Italian was put on here (on the app: this module leaves the
    # heap while a match is played, ui/app.py OFF_TABLE)
    s = app.settings
    if burraco:
        if lang.code() == s.lang0 and lang.code() != "it":
            lang.use("it")
            s.auto_it = True
    elif s.auto_it:
        if lang.code() == "it":
            lang.use(s.lang0)
        s.auto_it = False
