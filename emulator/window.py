"""The pygame window: the board's screen (240x240, or the Pico-LCD-1.14's 240x135) scaled, keyboard and gamepad as the handheld's keys.

Key map (also on the help overlay, F1 or H):
    arrows            joystick up/down/left/right
    Enter, Space      joystick press
    Z or K            A
    X or L            B
    A or I            X
    S or O            Y
    F1 or H           help overlay
    F12               screenshot (burako-<n>.png in the current folder)
    Esc               quit
Gamepad: d-pad/hat or left stick = joystick, buttons 0/1/2/3 = A/B/X/Y,
start or a stick click = joystick press.
"""
from __future__ import annotations

import os
import time

from emulator.paths import use_firmware

use_firmware()

from hal import keys as K  # noqa: E402

# The help overlay (F1 or H), in the UI's language (ui/lang.py codes).
HELP = {
    "en": (
        "Burako emulator keys",
        "",
        "arrows        joystick",
        "Enter/Space   joystick press",
        "Z or K        A",
        "X or L        B",
        "A or I        X",
        "S or O        Y",
        "F1 or H       this help",
        "F12           screenshot",
        "Esc           quit",
        "",
        "gamepad: d-pad/stick, 0 1 2 3 = A B X Y,",
        "start/stick click = press",
        "",
        "table: Up, Up = opponents' melds;",
        "menu (X): Hint = the AI's suggestion",
    ),
    "es": (
        "Teclas del emulador de Burako",
        "",
        "flechas       joystick",
        "Enter/Espacio pulsar el joystick",
        "Z o K         A",
        "X o L         B",
        "A o I         X",
        "S o O         Y",
        "F1 o H        esta ayuda",
        "F12           captura de pantalla",
        "Esc           salir",
        "",
        "mando: cruceta/stick, 0 1 2 3 = A B X Y,",
        "start/clic del stick = pulsar",
        "",
        "mesa: Arriba, Arriba = juegos rivales;",
        "menú (X): Pista = lo que haría la IA",
    ),
    "it": (
        "Tasti dell'emulatore di Burraco",
        "",
        "frecce        joystick",
        "Invio/Spazio  premi il joystick",
        "Z o K         A",
        "X o L         B",
        "A o I         X",
        "S o O         Y",
        "F1 o H        questo aiuto",
        "F12           schermata",
        "Esc           esci",
        "",
        "gamepad: croce/levetta, 0 1 2 3 = A B X Y,",
        "start/clic levetta = premi",
        "",
        "tavolo: Su, Su = giochi avversari;",
        "menu (X): Suggerimento = scelta dell'IA",
    ),
}


# the 240x135 glass (Pico-LCD-1.14, no X and Y keys: hal/buttons.py holds B for X, A for Y)
HOLD = {"en": "A~ B~: hold A (Y), hold B (X)", "es": "A~ B~: mantener A (Y), mantener B (X)",
        "it": "A~ B~: tenere A (Y), tenere B (X)"}


def help_lines(lang, height=240):
    lines = HELP.get(lang, HELP["en"])
    if height >= 240:
        return lines
    # what fits the short glass: the keys it has, the hold keys, help, screenshot, quit
    return lines[:6] + (HOLD.get(lang, HOLD["en"]),) + lines[8:11]


def key_map(pygame):
    return {
        pygame.K_UP: K.UP, pygame.K_DOWN: K.DOWN, pygame.K_LEFT: K.LEFT, pygame.K_RIGHT: K.RIGHT,
        pygame.K_RETURN: K.PRESS, pygame.K_SPACE: K.PRESS, pygame.K_KP_ENTER: K.PRESS,
        pygame.K_z: K.A, pygame.K_k: K.A, pygame.K_x: K.B, pygame.K_l: K.B,
        pygame.K_a: K.X, pygame.K_i: K.X, pygame.K_s: K.Y, pygame.K_o: K.Y,
    }


PAD_BUTTONS = {0: K.A, 1: K.B, 2: K.X, 3: K.Y, 7: K.PRESS, 8: K.PRESS, 9: K.PRESS, 10: K.PRESS}


class Window:
    def __init__(self, scale=3, title="Burako", size=(240, 240)):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self.pg = pygame
        pygame.init()
        self.scale = scale
        self.size = size               # the glass shown; show() follows the display's
        self.surface = pygame.display.set_mode((size[0] * scale, size[1] * scale))
        pygame.display.set_caption(title)
        self.keys = key_map(pygame)
        self.held = 0
        self.pad = 0
        self.help = False
        self.lang = "es"                 # the help's language: set by the runner
        self.taps = TapStretch()
        self.quit = False
        self.shots = 0
        self.version = -1
        self.font = pygame.font.SysFont("monospace", 7 * scale) if pygame.font else None
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

    def pump(self):
        """Read input; returns the mask of handheld keys held."""
        pg = self.pg
        now = time.monotonic() * 1000
        for e in pg.event.get():
            if e.type == pg.QUIT:
                self.quit = True
            elif e.type == pg.KEYDOWN:
                if e.key == pg.K_ESCAPE:
                    self.quit = True
                elif e.key in (pg.K_F1, pg.K_h):
                    self.help = not self.help
                    self.version = -1
                elif e.key == pg.K_F12:
                    self.shots += 1
                    pg.image.save(self.surface, "burako-%d.png" % self.shots)
                elif e.key in self.keys:
                    self.taps.down(self.keys[e.key], now)
            elif e.type == pg.KEYUP and e.key in self.keys:
                self.taps.up(self.keys[e.key], now)
        self.held = self.taps.level(now)
        pad = 0
        for j in self.pads:
            for b, bit in PAD_BUTTONS.items():
                if b < j.get_numbuttons() and j.get_button(b):
                    pad |= bit
            if j.get_numhats():
                hx, hy = j.get_hat(0)
                pad |= (K.LEFT if hx < 0 else 0) | (K.RIGHT if hx > 0 else 0)
                pad |= (K.UP if hy > 0 else 0) | (K.DOWN if hy < 0 else 0)
            if j.get_numaxes() >= 2:
                ax, ay = j.get_axis(0), j.get_axis(1)
                pad |= (K.LEFT if ax < -0.6 else 0) | (K.RIGHT if ax > 0.6 else 0)
                pad |= (K.UP if ay < -0.6 else 0) | (K.DOWN if ay > 0.6 else 0)
        self.pad = pad
        return self.level()

    def show(self, display):
        """Copy the emulated panel to the window when it changed."""
        pg = self.pg
        if display.version == self.version and not self.help:
            return
        self.version = display.version
        size = (display.width, display.height)
        if self.size != size:         # the board's glass: 240x240, or the 1.14's 240x135
            self.size = size
            self.surface = pg.display.set_mode((size[0] * self.scale, size[1] * self.scale))
        img = pg.image.frombuffer(display.to_rgb_bytes(), size, "RGB")
        self.surface.blit(pg.transform.scale(img, self.surface.get_size()), (0, 0))
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
    """Keyboard keys as pin levels, each press held at least MIN_MS.

    The window reads the keyboard once a frame (16 ms) and the firmware's
    debounce (hal/buttons.py, 20 ms) accepts a level only once it has been
    read the same for 20 ms: a tap shorter than about 35 ms was never seen.
    A finger on the device holds longer; a key tap is stretched to last
    long enough for the debounce (20 ms) plus two frames."""

    MIN_MS = 60

    def __init__(self):
        self.held = 0                 # keys down now
        self.until = {}               # key bit -> time its press may end

    def down(self, bit, now):
        self.held |= bit
        self.until[bit] = now + self.MIN_MS

    def up(self, bit, now):
        self.held &= ~bit

    def level(self, now):
        m = self.held
        for bit, t in list(self.until.items()):
            if now < t:
                m |= bit
            else:
                del self.until[bit]
        return m


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
