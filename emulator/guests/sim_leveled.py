# `burako sim --runtime micropython --levels A,B` (host/sim.py): each side's AI at its level,
# joined before sim_match.py, which plays ai.leveled's steps() once per seed.
import gc, json
gc.disable()
from ai.leveled import steps
