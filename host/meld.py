"""`burako meld`: is this a legal new meld, or may these tiles go onto a meld on the table?
Exit 0 yes, 1 no (with the rule's reason), 2 a mistake in the tiles."""
from __future__ import annotations

import json

from engine import melds
from engine import reasons_en
from host.args import VARIANTS, UsageError, parse_tiles, rules_named


def add_parser(sub):
    m = sub.add_parser("meld", help="is this a legal new meld?")
    m.add_argument("--variant", default="burako", choices=VARIANTS)
    m.add_argument("--json", action="store_true")
    m.add_argument("--low", action="store_true", help="a spare wild goes to the low end")
    m.add_argument("--onto", metavar="MELD", default=None,
                   help='a meld on the table, e.g. "R3 R2 R5": may TILEs be added to it? (R4, R5)')
    m.add_argument("tiles", nargs="+", metavar="TILE")
    m.set_defaults(func=run)
    return m


def run(a):
    rules = rules_named(a.variant)
    words = []
    for w in a.tiles:
        words += w.replace(",", " ").split()
    if not words:
        raise UsageError("meld: no tiles given (write tiles like R3 R4 R5)")
    ts = parse_tiles(words, "meld", rules)
    end = melds.END_LOW if a.low else melds.END_DEFAULT
    if a.onto is None:
        m = melds.make(ts, end, rules)
    else:
        on = melds.from_table(parse_tiles(a.onto.replace(",", " ").split(), "--onto", rules), rules)
        if isinstance(on, int):
            raise UsageError(f"--onto {a.onto!r} is not a meld on the table: {reasons_en.text(on)}")
        m = melds.extend(on, ts, end, rules)
    if isinstance(m, int):
        out = {"valid": False, "kind": None, "pure": None, "canasta": None,
               "points": None, "reason": reasons_en.text(m), "meld": None}
    else:
        out = {"valid": True, "kind": "run" if m[0] == melds.RUN else "set", "pure": melds.is_pure(m),
               "canasta": melds.is_canasta(m, rules), "points": melds.points(m, rules),
               "reason": None, "meld": melds.text(m, rules.cards)}
    if a.json:
        print(json.dumps(out))
    elif out["valid"]:
        quality = "pure" if out["pure"] else "impure"
        can = ", canasta" if out["canasta"] else ""
        print(f"valid {out['kind']}: {out['meld']} ({quality}{can}, {out['points']} points)")
    else:
        print(f"not a meld: {out['reason']}")
    return 0 if out["valid"] else 1
