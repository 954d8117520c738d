# A board without every key (emulator/board.py board_keys()): joined after emu_board.py when the
# board lacks some, before the App is made (it reads board.keys; a board without the attribute
# has them all). keys: the mask of hal/keys.py bits.
keys = 255
B.keys = keys
