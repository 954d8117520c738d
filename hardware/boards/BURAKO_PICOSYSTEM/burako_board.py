# The board profile built into this UF2 (hal/profile_picosystem.py); /board.txt still overrides it.
PROFILE = "picosystem"
