"""The pygame window: the handheld drawn around its screen (240x240, or the Pico-LCD-1.14's
240x135) scaled, keyboard, mouse and gamepad as the handheld's keys.

The console is drawn as it is held: the joystick left of the glass, the keys right of it,
each labelled with its keyboard key, lit while pressed and clickable with the mouse. The
letters the screen's hints name are the keyboard's letters: the screen says "A:marcar", the
A key marks.

Key map (also on the help overlay, F1 or H, and on the console's foot):
    arrows            joystick up/down/left/right
    Enter, Space      joystick press
    A (or Z, K)       A
    B (or L)          B
    X (or I)          X
    Y (or O)          Y
    F1 or H           help overlay
    F12               screenshot of the glass (SHOTS, below; its path is printed)
    Esc               quit
Gamepad: d-pad/hat or left stick = joystick, buttons 0/1/2/3 = A/B/X/Y,
start or a stick click = joystick press.
The overlay then says what A, B, X, Y, Up and the joystick do at the table, in the words of
the table's own hints (ui/lang_<lang>.py), so a first player need not guess from the glass.
"""
from __future__ import annotations

import os
import time

from hal import keys as hal_keys

# The help overlay (F1 or H), in the UI's language (ui/lang.py codes).
HELP = {
    "en": (
        "Burako emulator keys",
        "",
        "arrows        joystick",
        "Enter/Space   joystick press",
        "A (Z, K)      A",
        "B (L)         B",
        "X (I)         X",
        "Y (O)         Y",
        "F1 or H       this help",
        "F12           screenshot",
        "Esc           quit",
        "",
        "gamepad: d-pad/stick, 0 1 2 3 = A B X Y,",
        "start/stick click = press",
        "",
        "at the table:",
        "A        draw from the stock; select a tile",
        "B        take the pile; discard (press twice)",
        "Y        meld: lay the selected tiles",
        "X, press menu: hint, sort, save and quit",
        "Up       melds: A add, Y low end, press swap",
        "         Up again: the opponents' melds",
        "<>       move along the rack",
        "empty rack: A takes the muerto, or closes",
    ),
    "es": (
        "Teclas del emulador de Burako",
        "",
        "flechas       joystick",
        "Enter/Espacio pulsar el joystick",
        "A (Z, K)      A",
        "B (L)         B",
        "X (I)         X",
        "Y (O)         Y",
        "F1 o H        esta ayuda",
        "F12           captura de pantalla",
        "Esc           salir",
        "",
        "mando: cruceta/stick, 0 1 2 3 = A B X Y,",
        "start/clic del stick = pulsar",
        "",
        "en la mesa:",
        "A        robar del mazo; marcar una ficha",
        "B        tomar el pozo; tirar (dos veces)",
        "Y        bajar las fichas marcadas",
        "X, pulsar menú: pista, ordenar, guardar",
        "Arriba   juegos: A agrega, Y inicio, pulsar cambia",
        "         Arriba otra vez: juegos rivales",
        "<>       moverse por el atril",
        "atril vacío: A toma el muerto, o cierra",
    ),
    "it": (
        "Tasti dell'emulatore di Burraco",
        "",
        "frecce        joystick",
        "Invio/Spazio  premi il joystick",
        "A (Z, K)      A",
        "B (L)         B",
        "X (I)         X",
        "Y (O)         Y",
        "F1 o H        questo aiuto",
        "F12           schermata",
        "Esc           esci",
        "",
        "gamepad: croce/levetta, 0 1 2 3 = A B X Y,",
        "start/clic levetta = premi",
        "",
        "al tavolo:",
        "A        pesca dal tallone; scegli una tessera",
        "B        prendi il pozzo; scarta (due volte)",
        "Y        cala le tessere scelte",
        "X, premi menu: suggerimento, ordina, salva",
        "Su       giochi: A metti, Y inizio, premi scambia",
        "         Su di nuovo: giochi avversari",
        "<>       muoviti lungo il leggio",
        "leggio vuoto: A prende il pozzetto, o chiude",
    ),
}


# the 240x135 glass (Pico-LCD-1.14, no X and Y keys: hal/buttons.py holds B for X, A for Y)
HOLD = {"en": "A~ B~: hold A (Y), hold B (X)", "es": "A~ B~: mantener A (Y), mantener B (X)",
        "it": "A~ B~: tenere A (Y), tenere B (X)"}


# the table's actions on that glass, in its keys (the table's hints say A~ and B~ there too,
# ui/keynames.py; a joystick press with tiles selected lays them, burako/table.py key())
TABLE114 = {
    "en": ("table: A draw / select, B take pile / discard x2", "A~ or press: meld, B~: menu, Up: melds"),
    "es": ("mesa: A robar / marcar, B tomar pozo / tirar x2", "A~ o pulsar: bajar, B~: menú, Arriba: juegos"),
    "it": ("tavolo: A pesca / scegli, B prendi pozzo / scarta x2", "A~ o premi: cala, B~: menu, Su: giochi"),
}


def help_lines(lang, height=240):
    """The overlay's lines: the keyboard's keys, then what each key does at the table (the
    same words as the table's hints, ui/lang_<lang>.py)."""
    lines = HELP.get(lang, HELP["en"])
    if height >= 240:
        return lines
    # what fits the short glass: the keys it has, the hold keys, help, screenshot, quit, the table
    return lines[:6] + (HOLD.get(lang, HOLD["en"]),) + lines[8:11] + ("",) + TABLE114.get(lang, TABLE114["en"])


def key_map(pygame):
    return {
        pygame.K_UP: hal_keys.UP, pygame.K_DOWN: hal_keys.DOWN, pygame.K_LEFT: hal_keys.LEFT, pygame.K_RIGHT: hal_keys.RIGHT,
        pygame.K_RETURN: hal_keys.PRESS, pygame.K_SPACE: hal_keys.PRESS, pygame.K_KP_ENTER: hal_keys.PRESS,
        pygame.K_a: hal_keys.A, pygame.K_z: hal_keys.A, pygame.K_k: hal_keys.A, pygame.K_b: hal_keys.B, pygame.K_l: hal_keys.B,
        pygame.K_x: hal_keys.X, pygame.K_i: hal_keys.X, pygame.K_y: hal_keys.Y, pygame.K_o: hal_keys.Y,
    }


PAD_BUTTONS = {0: hal_keys.A, 1: hal_keys.B, 2: hal_keys.X, 3: hal_keys.Y, 7: hal_keys.PRESS, 8: hal_keys.PRESS, 9: hal_keys.PRESS, 10: hal_keys.PRESS}

# the console's foot: what the keyboard does beyond the handheld's keys
FOOT = {"en": "F1 help  F12 screenshot  Esc quit", "es": "F1 ayuda  F12 captura  Esc salir",
        "it": "F1 aiuto  F12 schermata  Esc esci"}

SIDE = 64          # logical pixels left (joystick) and right (keys) of the glass
TOP, BOTTOM = 10, 22
MARGIN, BELOW = 24, 84   # a handheld held upright (the PicoSystem): glass margins, controls' band
BODY, EDGE, CAP, LIT, INK = (24, 30, 40), (70, 80, 96), (52, 58, 70), (250, 200, 60), (225, 230, 240)
# how each board is held: the LCD boards on a Pico sideways, joystick left of the glass and keys
# right of it; the PicoSystem upright, d-pad and keys below the glass
UPRIGHT = ("picosystem",)


class Chrome:
    """The handheld around the glass: where each control sits (in window pixels), which key
    bit it is, the keyboard key it answers to; hit-testing for the mouse. `upright`: the
    controls below the glass (the PicoSystem: d-pad left, A B X Y in a diamond right), else
    beside it."""

    def __init__(self, size, scale, keys=hal_keys.ALL, upright=False):
        self.scale = s = scale
        gw, gh = size
        r = 9
        if upright:
            self.glass = (MARGIN * s, TOP * s, gw * s, gh * s)
            self.window = ((gw + 2 * MARGIN) * s, (TOP + gh + BELOW + BOTTOM) * s)
            cy = TOP + gh + BELOW // 2
            jx, kx = MARGIN + 44, MARGIN + gw - 44
        else:
            self.glass = (SIDE * s, TOP * s, gw * s, gh * s)
            self.window = ((gw + 2 * SIDE) * s, (gh + TOP + BOTTOM) * s)
            cy = TOP + gh // 2
            jx, kx = SIDE // 2, SIDE + gw + SIDE // 2
        self.upright = upright
        # joystick (or d-pad): four ways and the press, a cross of caps (label: the keyboard key)
        self.controls = [
            (hal_keys.UP, (jx, cy - 2 * r), r, "^", ""), (hal_keys.DOWN, (jx, cy + 2 * r), r, "v", ""),
            (hal_keys.LEFT, (jx - 2 * r, cy), r, "<", ""), (hal_keys.RIGHT, (jx + 2 * r, cy), r, ">", ""),
        ]
        if keys & hal_keys.PRESS:
            self.controls.append((hal_keys.PRESS, (jx, cy), r, "o", "Enter"))
        self.pad = len(self.controls)
        if upright:
            # the usual diamond: X on top, A right, B below, Y left
            at = ((hal_keys.X, 0, -20), (hal_keys.A, 20, 0), (hal_keys.B, 0, 20), (hal_keys.Y, -20, 0))
        elif keys & (hal_keys.X | hal_keys.Y):
            # four keys in two columns: X Y nearer the glass, A B on the edge
            at = ((hal_keys.X, -15, -18), (hal_keys.A, 15, -18), (hal_keys.Y, -15, 18), (hal_keys.B, 15, 18))
        else:
            at = ((hal_keys.A, 0, -18), (hal_keys.B, 0, 18))
        held = {} if keys & (hal_keys.X | hal_keys.Y) else {hal_keys.A: " (hold: Y)", hal_keys.B: " (hold: X)"}
        for bit, dx, dy in at:
            name = hal_keys.NAMES[bit.bit_length() - 1]
            self.controls.append((bit, (kx + dx, cy + dy), 10, name, name + held.get(bit, "")))

    def hit(self, pos):
        """The key bit under a window pixel, or 0."""
        s = self.scale
        for bit, (x, y), r, _, _ in self.controls:
            if (pos[0] - x * s) ** 2 + (pos[1] - y * s) ** 2 <= (r * s) ** 2:
                return bit
        return 0

    def draw(self, pg, surface, font, small, level, foot):
        s = self.scale
        surface.fill(BODY)
        gx, gy, gw, gh = self.glass
        pg.draw.rect(surface, EDGE, (gx - 3 * s, gy - 3 * s, gw + 6 * s, gh + 6 * s), border_radius=3 * s)
        for bit, (x, y), r, cap, label in self.controls:
            lit = level & bit
            pg.draw.circle(surface, LIT if lit else CAP, (x * s, y * s), r * s)
            pg.draw.circle(surface, EDGE, (x * s, y * s), r * s, max(1, s // 2))
            if font:
                t = font.render(cap, True, BODY if lit else INK)
                surface.blit(t, t.get_rect(center=(x * s, y * s)))
        if small:
            # under each key its keyboard key; under the joystick the arrows and Enter
            (_, (jx, jy), r, _, _) = self.controls[1]
            pad = "arrows, Enter" if self.pad > 4 else "arrows"
            self._text(surface, small, pad, jx * s, (jy + r + 6) * s)
            if self.upright:    # the diamond's caps are close: its keys named once, under it
                (_, (bx, by), r, _, _) = self.controls[self.pad + 2]
                self._text(surface, small, "keys A B X Y", bx * s, (by + r + 6) * s)
            else:
                for bit, (x, y), r, cap, label in self.controls[self.pad:]:
                    self._text(surface, small, "key " + label, x * s, (y + r + 5) * s)
            self._text(surface, small, foot, self.window[0] // 2, self.window[1] - (BOTTOM // 2) * s)

    @staticmethod
    def _text(surface, font, text, cx, cy):
        t = font.render(text, True, INK)
        surface.blit(t, t.get_rect(center=(cx, cy)))


class Window:
    def __init__(self, scale=3, title="Burako", size=(240, 240), keys=None, shots=None, board=None,
                 mute=True):
        """`board`: the board profile drawn (its keys and how it is held; emulator/board.py
        BOARDS), else a board guessed from the glass; `mute`: no audio device is opened (the
        emulator's sound plays through pygame's mixer: emulator/sound.py)."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        if mute:
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self.pg = pygame
        pygame.init()
        self.scale = scale
        if board is not None and keys is None:
            from emulator.board import board_keys

            keys = board_keys(board)
        self.upright = board in UPRIGHT
        # a board without X and Y (the 240x135 Pico-LCD-1.14) unless the caller names its keys
        self.board_keys = keys if keys is not None else (hal_keys.ALL if size[1] >= 240 else hal_keys.ALL & ~(hal_keys.X | hal_keys.Y))
        self.size = size               # the glass shown; show() follows the display's
        self.chrome = Chrome(size, scale, self.board_keys, self.upright)
        self.surface = pygame.display.set_mode(self.chrome.window)
        pygame.display.set_caption(title)
        self.keys = key_map(pygame)
        self.held = 0
        self.pad = 0
        self.mouse = 0                 # the key held down with the mouse
        self.help = False
        self.lang = "es"                 # the help's language: set by the runner
        self.taps = TapStretch()
        self.quit = False
        self.shots_dir = shots      # F12's folder (host/dirs.py screenshots_folder), or None: none
        self.last_shot = None
        self.version = -1
        self.drawn = None              # the key level the chrome was last drawn with
        self.font = pygame.font.SysFont("monospace", 7 * scale) if pygame.font else None
        self.small = pygame.font.SysFont("sans", 5 * scale) if pygame.font else None
        self.pads = []
        try:
            pygame.joystick.init()
            for i in range(pygame.joystick.get_count()):
                j = pygame.joystick.Joystick(i)
                j.init()
                self.pads.append(j)
        except Exception:
            pass

    def level(self):
        return self.held | self.pad

    def screenshot(self):
        """The glass as the device shows it, scaled, into shots_dir; returns its path (None:
        the window was given no folder)."""
        if self.shots_dir is None:
            return None
        os.makedirs(self.shots_dir, exist_ok=True)
        path = os.path.join(self.shots_dir, time.strftime("burako-%Y%m%d-%H%M%S"))
        n, out = 1, path + ".png"
        while os.path.exists(out):
            n += 1
            out = "%s-%d.png" % (path, n)
        self.pg.image.save(self.surface.subsurface(self.chrome.glass), out)
        self.last_shot = out
        print("burako: screenshot " + out)
        return out

    def pump(self):
        """Read input; returns the mask of handheld keys held."""
        pg = self.pg
        now = time.monotonic() * 1000
        exposed = getattr(pg, "WINDOWEXPOSED", None), getattr(pg, "VIDEOEXPOSE", None)
        for e in pg.event.get():
            if e.type == pg.QUIT:
                self.quit = True
            elif e.type in exposed:
                self.version = -1      # uncovered: paint everything again at the next show()
            elif e.type == pg.KEYDOWN:
                if e.key == pg.K_ESCAPE:
                    self.quit = True
                elif e.key in (pg.K_F1, pg.K_h):
                    self.help = not self.help
                    self.version = -1
                elif e.key == pg.K_F12:
                    self.screenshot()
                elif e.key in self.keys:
                    self.taps.down(self.keys[e.key], now)
            elif e.type == pg.KEYUP and e.key in self.keys:
                self.taps.up(self.keys[e.key], now)
            elif e.type == pg.MOUSEBUTTONDOWN and e.button == 1:
                self.mouse = self.chrome.hit(e.pos) & self.board_keys
                if self.mouse:
                    self.taps.down(self.mouse, now)
            elif e.type == pg.MOUSEBUTTONUP and e.button == 1 and self.mouse:
                self.taps.up(self.mouse, now)
                self.mouse = 0
        self.held = self.taps.level(now)
        pad = 0
        for j in self.pads:
            for b, bit in PAD_BUTTONS.items():
                if b < j.get_numbuttons() and j.get_button(b):
                    pad |= bit
            if j.get_numhats():
                hx, hy = j.get_hat(0)
                pad |= (hal_keys.LEFT if hx < 0 else 0) | (hal_keys.RIGHT if hx > 0 else 0)
                pad |= (hal_keys.UP if hy > 0 else 0) | (hal_keys.DOWN if hy < 0 else 0)
            if j.get_numaxes() >= 2:
                ax, ay = j.get_axis(0), j.get_axis(1)
                pad |= (hal_keys.LEFT if ax < -0.6 else 0) | (hal_keys.RIGHT if ax > 0.6 else 0)
                pad |= (hal_keys.UP if ay < -0.6 else 0) | (hal_keys.DOWN if ay > 0.6 else 0)
        self.pad = pad
        return self.level()

    def show(self, display):
        """Copy the emulated panel to the window when it, or the keys lit, changed."""
        pg = self.pg
        level = self.level()
        if display.version == self.version and level == self.drawn and not self.help:
            return
        size = (display.width, display.height)
        if self.size != size:         # the board's glass: 240x240, or the 1.14's 240x135
            self.size = size
            self.chrome = Chrome(size, self.scale, self.board_keys, self.upright)
            self.surface = pg.display.set_mode(self.chrome.window)
            self.version = -1
        if level != self.drawn or self.version == -1 or self.help:
            self.chrome.draw(pg, self.surface, self.font, self.small, level, FOOT.get(self.lang, FOOT["en"]))
            self.drawn = level
        self.version = display.version
        gx, gy, gw, gh = self.chrome.glass
        img = pg.image.frombuffer(display.to_rgb_bytes(), size, "RGB")
        self.surface.blit(pg.transform.scale(img, (gw, gh)), (gx, gy))
        if self.help and self.font:
            shade = pg.Surface(self.surface.get_size(), pg.SRCALPHA)
            shade.fill((0, 0, 0, 200))
            self.surface.blit(shade, (0, 0))
            y = 8 * self.scale
            for line in help_lines(self.lang, self.size[1]):
                self.surface.blit(self.font.render(line, True, (255, 240, 120)), (8 * self.scale, y))
                y += 9 * self.scale
        pg.display.flip()

    def close(self):
        self.pg.quit()


class TapStretch:
    """Keyboard keys as pin levels: every press is one press, whatever the frame rate.

    The window reads the keyboard once a frame and the firmware's buttons
    (hal/buttons.py) take a press at the first poll that sees the pin low, then
    leave that pin alone for their 20 ms debounce. So each press must be read as
    down by at least one poll, and the key read as up again after the debounce
    before the next press: two taps that came and went inside one slow frame
    would otherwise merge into one (a press lost), and a short gap inside the
    debounce would be missed. Each press is a phase of its own: down for at least
    MIN_MS from the key's press and one read, then up for at least MIN_MS and one
    read before a waiting press goes down. A key held stays down as long as it is
    held; a repeated key-down while it is held (the system's auto-repeat) is no
    second press."""

    MIN_MS = 60

    def __init__(self):
        self.held = 0                 # keys down now
        self.shown = 0                # the level last returned
        self.since = {}               # key bit -> when its shown level began
        self.queue = {}               # key bit -> down times of presses not shown yet

    def down(self, bit, now):
        if self.held & bit:
            return                    # auto-repeat while held: the same press
        self.held |= bit
        self.queue.setdefault(bit, []).append(now)

    def up(self, bit, now):
        self.held &= ~bit

    def level(self, now):
        shown = self.shown
        for bit in set(self.queue) | set(self.since):
            since = self.since.get(bit)
            waiting = self.queue.get(bit)
            if shown & bit:
                # up once it has lasted, unless still held with no other press waiting
                if now - since >= self.MIN_MS and not (self.held & bit and not waiting):
                    shown &= ~bit
                    self.since[bit] = now
            elif waiting and (since is None or now - since >= self.MIN_MS):
                t = waiting.pop(0)
                shown |= bit
                self.since[bit] = t if since is None else max(t, since)
                if not waiting:
                    del self.queue[bit]
            elif since is not None and not waiting and now - since >= self.MIN_MS:
                del self.since[bit]   # up long enough: forgotten
        self.shown = shown
        return shown


class RealClock:
    def __init__(self):
        self.t0 = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self.t0) * 1000) & ((1 << 30) - 1)


def frame_wait(last, ms=16):
    """Sleep what is left of a frame; returns the new frame start."""
    now = time.monotonic()
    left = ms / 1000 - (now - last)
    if left > 0:
        time.sleep(left)
    return time.monotonic()


def ensure_dummy_video():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
