# The games this console plays, each a package behind one interface (docs/interfaces.md "A
# game"): the title lists them, a new match starts from their set-up, Continue resumes their
# save, and the link cable plays any of them. A new game is a package with a GAME object like
# these, and a line here.
from burako.game import GAME as BURAKO
from rummy.game import GAME as RUMMY

GAMES = (BURAKO, RUMMY)
