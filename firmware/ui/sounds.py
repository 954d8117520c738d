"""The game's sounds, by name: tuples of (frequency Hz, duration ms) pairs for board.sound.play
(hal/sound.py; 0 Hz is a rest). Short, so none outlasts the moment it marks; the notes are
equal-tempered (A4 = 440 Hz), rounded to the hertz.

    board.sound.play(sounds.TURN, now_ms)      # the games: sounds.cue(app, sounds.TURN)

Plain tuples of small ints, frozen into the UF2's flash: importing this costs the heap only its
module's names (and cue()'s few bytes of bytecode on the stock path). name_of() (host side)
finds a sound's name from the tuple.
"""
TURN = (784, 60, 1047, 90)                  # your turn: G5 C6, up a fourth
DRAW = (1319, 25)                           # a tile drawn: one tick, E6
CANASTA = (784, 70, 988, 70, 1175, 70, 1568, 160)           # G5 B5 D6 G6
CLOSE = (1047, 90, 1319, 90, 1568, 90, 2093, 220)           # C6 E6 G6 C7: the hand closed
REFUSED = (330, 60, 0, 30, 330, 90)         # a move the rules refuse: two low E4 blips
MATCH_END = (784, 120, 784, 60, 1047, 120, 1319, 120, 1568, 320)   # G5 G5 C6 E6 G6



def cue(app, sound):
    """Play `sound` from this frame on the console's speaker (board.sound: nothing where there is
    none, nothing at volume OFF): the one place the games' moments reach it."""
    app.board.sound.play(sound, app.now)
