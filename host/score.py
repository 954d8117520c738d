"""`burako score`: the R7 breakdown of a hand's end described in JSON (the sides' melds,
racks, muerto and closing), every tile checked first (R1, R4, R8, R12)."""
from __future__ import annotations

import json

from engine import melds
from engine import reasons
from engine import reasons_en
from engine import score
from host import show
from host.args import VARIANTS, UsageError, check_copies, parse_tiles, read_input, rules_named


def add_parser(sub):
    c = sub.add_parser("score", help="score the end of a hand described in JSON")
    c.add_argument("--variant", default="burako", choices=VARIANTS)
    c.add_argument("--json", action="store_true")
    c.add_argument("file", metavar="FILE", help="JSON file, or - for stdin")
    c.set_defaults(func=run)
    return c


def run(a):
    rules = rules_named(a.variant)
    text = read_input(a.file)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{a.file}: not JSON ({e.msg} at line {e.lineno})")
    except RecursionError:
        raise UsageError(f"{a.file}: JSON nested too deeply")
    except ValueError:
        # json's own limit: an integer of over 4300 digits
        raise UsageError(f"{a.file}: holds a number too long to read")
    sides = doc.get("sides") if isinstance(doc, dict) else None
    if not isinstance(sides, list) or not 1 <= len(sides) <= 2:
        raise UsageError(f"{a.file}: expected {{\"sides\": [...]}} with one object per side (one or two)")
    result = []
    everything = bytearray()   # R1: the whole table holds each tile at most twice
    for i, sd in enumerate(sides):
        where = f"side {i}"
        if not isinstance(sd, dict):
            raise UsageError(f"{where}: expected an object")
        extra = sorted(set(sd) - {"melds", "racks", "muerto_taken", "closed"})
        if extra:
            raise UsageError(f"{where}: unknown field {extra[0]!r} (melds, racks, muerto_taken, closed)")
        for key in ("melds", "racks"):
            if not isinstance(sd.get(key, []), list):
                raise UsageError(f"{where}: {key} must be a list of strings")
        for key in ("muerto_taken", "closed"):
            if not isinstance(sd.get(key, False), bool):
                raise UsageError(f"{where}: {key} must be true or false")
        if len(sd.get("racks", [])) > 2:
            raise UsageError(f"{where}: a side has at most 2 racks (R2)")
        laid = []
        ranks = set()
        for j, mt in enumerate(sd.get("melds", [])):
            if not isinstance(mt, str):
                raise UsageError(f"{where} meld {j}: expected a string like \"R3 R4 R5\"")
            ts = parse_tiles(mt.replace(",", " ").split(), f"{where} meld {j}", rules)
            m = melds.from_table(ts, rules)
            if isinstance(m, int):
                raise UsageError(f"{where} meld {j} ({mt!r}): {reasons_en.text(m)}")
            if m[0] == melds.SET and rules.one_set_per_rank:
                if m[1] in ranks:
                    raise UsageError(f"{where} meld {j} ({mt!r}): {reasons_en.text(reasons.SET_TWICE)} (R12)")
                ranks.add(m[1])
            laid.append(m)
        racks = []
        for j, rt in enumerate(sd.get("racks", [])):
            if not isinstance(rt, str):
                raise UsageError(f"{where} rack {j}: expected a string like \"B5 *\"")
            racks.append(parse_tiles(rt.replace(",", " ").split(), f"{where} rack {j}", rules))
        for m in laid:
            everything += m[melds.HEAD:]
        for r in racks:
            everything += r
        check_copies(everything, f"{where}", rules)
        if sd.get("closed") and not (sd.get("muerto_taken") and any(melds.is_canasta(m, rules) for m in laid)):
            raise UsageError(f"{where}: closing needs the muerto taken and a canasta (R8)")
        b = score.side(laid, racks, bool(sd.get("muerto_taken", False)),
                   bool(sd.get("closed", False)), rules)
        result.append(dict(zip(score.FIELDS, b)))
    if sum(1 for sd in sides if sd.get("closed")) > 1:
        raise UsageError("only one side can close a hand (R8)")
    if a.json:
        print(json.dumps({"sides": result}))
    else:
        print(show.breakdown_table(result, rules))
    return 0
