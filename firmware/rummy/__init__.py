# Rummy israelí (docs/rummy.md, docs/rules.md R13): the second game, all of its own code in
# one package beside the shared parts (engine/tiles.py, ui/, link/, scorelog.py).
#   game.py      GAME: the game as the console knows it (ui/games.py, docs/interfaces.md "A game")
#   rules.py     the game: moves, checks, hands, scores (R13)
#   solve.py     the play search the AI and the hint use; dp.py its exact programme (the
#                host's `burako rummy solve` passes it, the console does not)
#   codec.py     a position as bytes (the link's resume, rlink.pos)
#   bench.py     a human turn's workbench (a scratch copy of the table)
#   ai.py        RummyAI: the solver's answer, by level
#   play.py      Play: a match on this console (its seats, save, turns; over the cable too)
#   setup.py, table.py, ends.py   its screens: the set-up, the table, the hand-off and the ends
#   moves.py     its side of a link session (game.py gives it the Link); hide.py its hidden hands
#   text.py, lang_en.py, lang_es.py, lang_it.py   its texts (only the language in use is loaded)
# Imports point one way: this package imports engine/, ai/, ui/'s shared parts and link/;
# none of those imports it but the list of games, ui/games.py.
