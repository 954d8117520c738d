"""Boot: build the board from its profile and start the game.

Hold the profile's SKIP_KEY at power-on (X on the Pico-LCD-1.3, B on the
Pico-LCD-1.14) to stay in the REPL without starting the game, e.g. for mpremote.
Ctrl-C (KeyboardInterrupt) is never caught here, so mpremote can always break in.
The board profile is the one named in /board.txt, else the Pico-LCD-1.3.
"""


def splash(board, message=None):
    """A plain screen for when there is no UI to run (or it failed to start)."""
    d = board.display
    d.fill_rect(0, 0, d.width, d.height, 0x0000)
    d.fill_rect(0, d.height // 2 - 20, d.width, 40, 0x0451)  # a green band, the table
    text = "BURAKO" if message is None else message
    try:
        import framebuf
    except ImportError:
        return
    w = 8 * len(text)
    if w > d.width:
        text = text[:d.width // 8]
        w = 8 * len(text)
    buf = bytearray(w * 8 * 2)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.RGB565)
    fb.fill(0x5104)  # 0x0451 byte-swapped: framebuf stores little-endian
    fb.text(text, 0, 0, 0xFFFF)
    d.blit(buf, (d.width - w) // 2, d.height // 2 - 4, w, 8)


def _missing(err, name):
    """True if ImportError `err` says module `name` (or its package) is absent, not broken inside."""
    msg = str(err)
    if "named" not in msg:
        return False
    return ("'" + name + "'") in msg or ("'" + name.split(".")[0] + "'") in msg


def _board(machine, root):
    # in a function of its own: nothing main() keeps while the game runs holds hal.board or
    # the profile, which forget() then unloads (their bytecode leaves the heap)
    from hal import board as boardmod

    profile = boardmod.load_profile(None, root)
    if boardmod.skip_key_held(machine, profile):
        return None
    board = boardmod.build(profile, machine=machine, root=root, init_display=False)
    boardmod.forget()
    return board


def main(machine=None, root="/", app="ui.app"):
    if machine is None:
        import machine
    board = _board(machine, root)
    if board is None:
        print("burako: skip key held at power-on: staying in the REPL")
        return None
    # the panel needs 120 ms after its reset: they pass while the UI is imported
    board.display.reset()
    try:
        App = __import__(app, None, None, ("App",)).App
    except ImportError as e:
        board.display.init()
        if not _missing(e, app):
            raise
        splash(board)
        print("burako: no " + app + " on this device; showing the splash")
        return board
    board.display.init()
    App(board).run()
    return board


if __name__ == "__main__":
    main()
