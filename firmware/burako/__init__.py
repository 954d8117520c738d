# The Burako family on the console (burako, torneo, burraco): the game (burako/game.py, in
# ui/games.py), a match (play.py) and its screens (setup, table, ends), the save, the score log.
