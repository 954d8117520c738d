# Rummy israelí (docs/rummy.md, docs/rules.md R13): the second game, all of its own code in
# one package beside the shared parts (engine/tiles.py, ui/gfx.py, link/, scorelog.py).
#   rules.py     the game: moves, checks, hands, scores (R13)
#   solve.py     the play search the AI and the hint use; dp.py its exact programme (the
#                host's `burako rummy solve` passes it, the console does not)
#   codec.py     a position as bytes (the link's resume, rlink.pos)
#   bench.py     a human turn's workbench (a scratch copy of the table)
#   ai.py        RummyAI: the solver's answer, by level
#   moves.py     its side of a link session (link/session.py loads it by name)
#   door.py      the screen the app knows (ui/common.py NAMES[S_RUMMY]): hands keys and
#                drawing to the set-up (setup.py), the match (view.py) and over the cable
#                the link's screen (linkplay_screen.py) and glue (linkplay.py)
#   swap.py      unloads Burako's modules while Rummy runs and loads them back
#   lang_en.py, lang_es.py, lang_it.py   its texts (only the language in use is loaded)
# Imports point one way: this package imports engine/, ai/, ui/'s shared parts and link/;
# none of those imports it (the app and link/ find it by module name).
