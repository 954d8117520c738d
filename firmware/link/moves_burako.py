# The Burako family's side of a link session (burako, torneo, burraco:
# engine/game.py), the Link's default game module; the game gives the Link
# its own (Rummy's is rummy/moves.py), so a Rummy match never imports
# Burako's engine. Each holds: find/rules_at (the rules and their HELLO
# variant id), new_game, position/decode (the bytes the digest is taken
# over), put_move/get_move (a move's bytes), OVER (the phase that ends the
# match), NOT_YOUR_TURN (the engine's reason) and hidden_side() (its hidden
# hands). A Link copies what a move needs (position, put_move, get_move,
# OVER) when it is made.
from engine import game
from engine import rules
from engine import codec
from engine import reasons
from link.msg import put_move, get_move  # noqa: F401 (the byte form is the protocol's first)

OVER = game.P_MATCH_OVER
NOT_YOUR_TURN = reasons.NOT_YOUR_TURN
position = codec.encode
decode = codec.decode


def find(name):
    """(rules, variant id, default target) of a variant name, or None."""
    found = rules.by_name(name)
    return None if found is None else (found, rules.VARIANTS.index(found), found.target)


def rules_at(variant):
    return rules.VARIANTS[variant] if variant < len(rules.VARIANTS) else None


def new_game(rules, seed, target):
    return game.Game(rules, 2, seed, target)  # (rules: the Rules object, not the module)


def hidden_side():
    """Hidden hands' side of a session of this game (link/hide.py)."""
    from link.hide import Hid
    return Hid
