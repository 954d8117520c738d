# `burako sim --runtime micropython` (host/sim.py): level-2 AIs on every seat,
# joined before sim_match.py, which plays ai.selfplay's steps() once per seed.
import gc, json
gc.disable()
from ai.selfplay import steps
