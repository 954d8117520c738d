# `burako rummy sim --runtime micropython` (host/rummy.py): Rummy israelí between AIs,
# joined before sim_match.py, which plays rummy.ai's steps() once per seed.
import gc, json
gc.disable()
from rummy.ai import steps
