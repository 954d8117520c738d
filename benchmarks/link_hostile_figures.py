"""Figures for a modified peer against an honest console
(docs/link.md "Threat model"): each attack of tests/hostile.py run against a
victim inside real MicroPython at the device's heap (-X heapsize=131072),
with its outcome (the victim's state and reason, whether its game and log
stayed as they were) and the simulated time from the dishonest act to the
link ending; the victim's heap through 1,000 catch-ups in a row, through a
whole match of catch-ups with moves, and through a flood of 200 LOG frames
(the peak: the heap in use before each step's collection, from the first
catch-up or the flood's start; the heap in use after collection); the whole
console (the firmware UI inside MicroPython, `burako emu`) through 1,200
frames in which every one of the peer's turns comes by a catch-up. On the
virtual Pico the same attacks run in tests/test_link_hostile.py
(test_worst_attacks_against_the_rp2_firmware_on_the_virtual_pico).

    .venv/bin/python benchmarks/link_hostile_figures.py [--json]

With --json the last line is one flat JSON object (hostile_* keys)."""
import argparse
import json

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
import hostile
from link import session

ATTACKS = [
    ("forged moves, MOVE ahead (SYNC)", "forge_move", lambda: hostile.forged_moves("move"), {}),
    ("forged moves, HELLO claiming more (SYNC)", "forge_hello", lambda: hostile.forged_moves("hello"), {}),
    ("forged moves, HELLO same count other digest (REPAIR)", "forge_repair", lambda: hostile.forged_moves("repair"), {}),
    ("deal grinding: reveal withheld, new HELLO", "grind_hello", lambda: hostile.deal_grinding("hello"), {}),
    ("deal grinding: reveal withheld, restart", "grind_restart", lambda: hostile.deal_grinding("restart"), {}),
    ("deal grinding: reveal never sent", "grind_silence", lambda: hostile.deal_grinding("silence"), {}),
    ("dealt match, peer back with no match", "dealt_abandon", lambda: hostile.dealt_then_abandoned, {}),
    ("LOG flood, 200 x 400 B in order", "flood", lambda: hostile.log_flood(200), {}),
    ("LOG flood, 200 x 400 B nobody's numbers", "flood_junk", lambda: hostile.log_flood(200, junk=True), {}),
    ("END(match over) mid-match", "false_end", lambda: hostile.false_end, {}),
    ("trailing 0x01 after each frame, 120 s", "starve", lambda: hostile.save_starvation(120), {}),
    ("1 byte/s peer, 600 s", "trickle", lambda: hostile.save_starvation(600, trickle=True), {"tick": 50}),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    a = ap.parse_args()
    flat = {}
    rows = []
    for title, key, make, kw in ATTACKS:
        out, atk, clock, ret = hostile.drive(make(), victim="micropython", fuel=400_000_000_000, timeout=900, **kw)
        info, ms = ret
        row = {"state": session.STATE_NAMES[out.state], "reason": session.REASON_NAMES[out.reason] or "-",
               "by_peer": out.by_peer, "ms_to_end": ms, "peak": out.peak}
        if key.startswith("flood"):
            row["flood_peak"] = out.window       # from the flood's start to the end
        if isinstance(info, tuple) and len(info) == 3 and isinstance(info[2], bytes):
            row["unchanged"] = (out.count, out.dig, out.log) == info
        elif isinstance(info, tuple):
            row.update(dict(zip(("moves", "saves", "longest_unsaved_ms", "peer_gone_times"), info)))
        rows.append((title, row))
        for k, v in row.items():
            flat["hostile_%s_%s" % (key, k)] = v
    out, atk, clock, ((done, mems), _) = hostile.drive(hostile.catchups(1000, moves=False), victim="micropython",
                                                 fuel=400_000_000_000, timeout=900)
    flat.update({"hostile_catchups_1000_done": done, "hostile_catchups_1000_peak": out.window,
                 "hostile_catchups_1000_heap_min": min(mems), "hostile_catchups_1000_heap_max": max(mems)})
    out, atk, clock, ((done, mems), _) = hostile.drive(hostile.catchups(10_000), victim="micropython",
                                                 fuel=400_000_000_000, timeout=900)
    flat.update({"hostile_catchups_match_done": done, "hostile_catchups_match_moves": out.count,
                 "hostile_catchups_match_peak": out.window,
                 "hostile_catchups_match_heap_first": mems[0], "hostile_catchups_match_heap_last": mems[-1]})
    n, st, code, tail = hostile.ui_catchups(frames=1200)
    flat.update({"hostile_ui_catchups": n, "hostile_ui_exit": code,
                 "hostile_ui_peak": st and st["peak_heap_bytes"], "hostile_ui_moves": st and st["link"]["moves"]})
    flat["hostile_heap_limit"] = hostile.HEAP
    for title, row in rows:
        print("%-55s %s" % (title, ", ".join("%s=%s" % kv for kv in row.items())))
    for k in sorted(flat):
        if "catchups" in k or k.startswith("hostile_ui"):
            print(k, flat[k])
    if a.json:
        print(json.dumps(flat))


if __name__ == "__main__":
    main()
