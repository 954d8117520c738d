"""Boot: build the board from its profile and start the game.

Hold the profile's SKIP_KEY at power-on (X on the Pico-LCD-1.3, B on the
Pico-LCD-1.14) to stay in the REPL without starting the game, e.g. for mpremote.
Ctrl-C (KeyboardInterrupt) is never caught here, so mpremote can always break in.
The board profile is the one named in /board.txt, else the one built into the
console's UF2 (hardware/boards/), else the Pico-LCD-1.3.
"""


def _board(machine, root):
    # in a function of its own: nothing main() keeps while the game runs holds hal.board or
    # the profile, which forget() then unloads (docs/memory.md "hal.board")
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
        from hal import board as boardmod      # unloaded after _board(): loaded again here
        if not boardmod.missing(e, app):
            raise
        boardmod.splash(board)
        print("burako: no " + app + " on this device; showing the splash")
        return board
    board.display.init()
    App(board).run()
    return board


if __name__ == "__main__":
    main()
