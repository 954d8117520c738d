# The Burako family's side of a link session (burako, torneo, burraco:
# engine/game.py). link/session.py picks a game module by the variant
# (Rummy's is rummy/moves.py), so a Rummy match never imports Burako's
# engine. Each holds: find/rules_at (the rules and their HELLO variant id),
# new_game, position/decode (the bytes the digest is taken over),
# put_move/get_move (a move's bytes), OVER (the phase that ends the match)
# and NOT_YOUR_TURN (the engine's reason). A Link copies what a move needs
# (position, put_move, get_move, OVER) when it is made; this module is
# loaded only while needed (a new Link, a deal, a resume, a repair) and
# leaves the heap with link/deal.py and link/repair.py (docs/memory.md
# "link handshake").
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
    r = rules.by_name(name)
    return None if r is None else (r, rules.VARIANTS.index(r), r.target)


def rules_at(v):
    return rules.VARIANTS[v] if v < len(rules.VARIANTS) else None


def new_game(rules, seed, target):
    return game.Game(rules, 2, seed, target)  # (rules: the Rules object, not the module)


def hidden_side():
    """Hidden hands' side of a session of this game (link/hide.py)."""
    from link.hide import Hid
    return Hid
