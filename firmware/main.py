"""Boot: build the board from its profile and start the game.

Hold the profile's SKIP_KEY at power-on (X on the Pico-LCD-1.3, B on the
Pico-LCD-1.14) to stay in the REPL without starting the game, e.g. for mpremote.
Ctrl-C (KeyboardInterrupt) is never caught here, so mpremote can always break in.
The board profile is the one named in /board.txt, else the one built into the
console's UF2 (hardware/boards/), else the Pico-LCD-1.3.
"""


def main(machine=None, root="/", app="ui.app"):
    """app: the module whose App runs (the console's; a test or a device holding only the hal
    gives another: without it the board shows a splash)."""
    if machine is None:
        import machine
    from hal import board as boardmod
    profile = boardmod.load_profile(None, root)
    if boardmod.skip_key_held(machine, profile):
        print("burako: skip key held at power-on: staying in the REPL")
        return None
    board = boardmod.build(profile, machine=machine, root=root, init_display=False)
    # the panel needs 120 ms after its reset: they pass while the UI is imported
    board.display.reset()
    try:
        App = __import__(app, None, None, ("App",)).App
    except ImportError as error:
        board.display.init()
        if not boardmod.missing(error, app):
            raise
        boardmod.splash(board)
        print("burako: no " + app + " on this device; showing the splash")
        return board
    board.display.init()
    App(board).run()
    return board


if __name__ == "__main__":
    main()
