# The exact value of a Rummy play without jokers (docs/rummy.md, "The
# solver", step 6): engine/rummy_solve.solve(key=dp_value) uses it when a
# position has no joker; the host's `burako rummy solve` passes it, the
# console does not (its code did not fit beside a linked Rummy match).
from micropython import const
from engine import tiles as T

_DP_STATES = const(160)  # states a layer may hold with a limit (~8 bytes each, twice: the heap)


# van Rijn, Takes and Vis ("The Complexity of Rummikub Problems", 2016): go
# through the numbers 1..13 once; what a play does at number v depends on the
# numbers below only through the runs still open in each colour and how long
# they are (1, 2, or 3 and more: a run may end only from 3). With two copies
# of a tile at most two runs of a colour are open at once, so a colour's state
# is a pair of lengths (l1 >= l2, each 0..3: ten states) and the table's state
# four of them in 16 bits. At each number every copy of each colour continues
# an open run, starts one, joins a set of that number (3 or 4 colours, R13.1)
# or, for a rack copy only, stays on the rack; table copies must be laid. The
# programme keeps, per state, the most points laid from the rack. Exact, and
# only for positions without a joker (a joker's R13.2/R13.7 rules are the
# search's); the solver uses it to prove its play best, or to know it is not.

# The moves of one colour's copies of a number, from each colour state
# (tests/test_rummy_solver_dp.py builds them from the rules and checks these
# bytes: building them here would leave KBs of garbage on the heap at
# import, inside a frame of the console's UI). _SETOK[s0 + 3 s1 + 9 s2 +
# 27 s3]: copies s_c (0..2) of a number per colour going into sets make
# whole sets of 3 or 4 distinct colours. _MOVES: a colour's moves as bytes
# ns | s << 4 | left << 6 (new state l1 * 4 + l2, copies to sets, rack
# copies left); _MIDX[(cs * 9 + a * 3 + m) * 2] and the next byte: where the
# moves of colour state cs with a copies, m of them table copies, start and
# end in _MOVES.
_SETOK = b'\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x01\x00\x01\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x01\x00\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x01\x00\x01\x01\x00\x00\x01\x00\x01\x01\x01\x01\x01'
_MOVES = b'\x00@\x10\x04\x10\x04\x80P D\x14\x05P D\x14\x05 \x14\x05\x08\x08H\x18\tH\x18\t\x18\t\x0c\x0cL\x1c\rL\x1c\r\x1c\r\x00@\x10\x0c\x10\x0c\x80P L\x1c\rP L\x1c\r \x1c\r\x08\x08H\x18\tH\x18\t\x18\t\n\n\n\x0e\x0e\x0e\x08\x08H\x18\x0eH\x18\x0e\x18\x0e\x0c\x0cL\x1c\rL\x1c\r\x1c\r\x0e\x0e\x0e\x0f\x0f\x0f\x0c\x0cL\x1c\x0fL\x1c\x0f\x1c\x0f\x00@\x10\x0c\x10\x0c\x80P L\x1c\rP L\x1c\r \x1c\r\x08\x08H\x18\x0eH\x18\x0e\x18\x0e\x0c\x0cL\x1c\x0fL\x1c\x0f\x1c\x0f\x00@\x10\x0c\x10\x0c\x80P L\x1c\x0fP L\x1c\x0f \x1c\x0f'
_MIDX = b'\x00\x01\x00\x00\x00\x00\x01\x04\x04\x06\x00\x00\x06\x0c\x0c\x11\x11\x14\x14\x14\x00\x00\x00\x00\x14\x15\x15\x16\x00\x00\x16\x19\x19\x1c\x1c\x1e\x1e\x1e\x00\x00\x00\x00\x1e\x1f\x1f \x00\x00 ##&&(()\x00\x00\x00\x00),,.\x00\x00.4499<<<\x00\x00\x00\x00<==>\x00\x00>AADDFFF\x00\x00\x00\x00FFFF\x00\x00FGGHHIII\x00\x00\x00\x00IIII\x00\x00IJJKKLLL\x00\x00\x00\x00LMMN\x00\x00NQQTTVVV\x00\x00\x00\x00VWWX\x00\x00X[[^^```\x00\x00\x00\x00````\x00\x00`aabbccc\x00\x00\x00\x00cccc\x00\x00cddeefff\x00\x00\x00\x00fggh\x00\x00hkknnppq\x00\x00\x00\x00qttv\x00\x00v||\x81\x81\x84\x84\x84\x00\x00\x00\x00\x84\x85\x85\x86\x00\x00\x86\x89\x89\x8c\x8c\x8e\x8e\x8e\x00\x00\x00\x00\x8e\x8f\x8f\x90\x00\x00\x90\x93\x93\x96\x96\x98\x98\x99\x00\x00\x00\x00\x99\x9c\x9c\x9e\x00\x00\x9e\xa4\xa4\xa9\xa9\xac'


def dp_value(table, rack, limit=1 << 30, floor=-1):
    """The most points a play can lay from rack, rearranging the whole
    table (R13.5/R13.6; the player has exposed), for positions without a
    joker: (points, work) with points -1 when there is no legal table at all
    or a joker is in play, None when work would pass limit (a unit is one
    combination of the four colours' moves tried). floor: points a play is
    known to lay; states that cannot beat it even laying every rack tile of
    the numbers still to come are dropped (branch and bound), and the answer
    is then at least floor. With a limit (below 2 ** 29, as on the console)
    a layer may hold _DP_STATES states at most (None past them: each costs
    the heap ~16 bytes while the programme runs)."""
    cnt = bytearray(52)
    mand = bytearray(52)
    for m in table:
        for t in m:
            if t == T.JOKER:
                return -1, 0
            cnt[t] += 1
            mand[t] += 1
    for t in rack:
        if t == T.JOKER:
            return -1, 0
        cnt[t] += 1
    mv = _MOVES
    mi = _MIDX
    ok = _SETOK
    states = _DP_STATES if limit < 1 << 29 else 1 << 30
    # rest[v]: the points of the rack's tiles of number v + 1 and above
    rest = [0] * 14
    for v in range(12, -1, -1):
        k = 0
        for c in range(4):
            k += cnt[c * 13 + v] - mand[c * 13 + v]
        rest[v] = rest[v + 1] + k * (v + 1)
    # two dictionaries serve every layer: clear() hands a table's memory
    # back to the heap at once, so the programme leaves no garbage behind
    # (the console's UI collects only between frames)
    layer = {0: 0}
    new = {}
    work = 0
    for v in range(13):
        new.clear()
        w = v + 1
        cap = floor - rest[v]
        i0 = (cnt[v] * 3 + mand[v]) * 2
        i1 = (cnt[13 + v] * 3 + mand[13 + v]) * 2
        i2 = (cnt[26 + v] * 3 + mand[26 + v]) * 2
        i3 = (cnt[39 + v] * 3 + mand[39 + v]) * 2
        r0 = (cnt[v] - mand[v]) * w
        r1 = (cnt[13 + v] - mand[13 + v]) * w
        r2 = (cnt[26 + v] - mand[26 + v]) * w
        r3 = (cnt[39 + v] - mand[39 + v]) * w
        for key in layer:
            j = (key & 15) * 18 + i0
            b0 = mi[j]
            e0 = mi[j + 1]
            j = (key >> 4 & 15) * 18 + i1
            b1 = mi[j]
            e1 = mi[j + 1]
            j = (key >> 8 & 15) * 18 + i2
            b2 = mi[j]
            e2 = mi[j + 1]
            j = (key >> 12) * 18 + i3
            b3 = mi[j]
            e3 = mi[j + 1]
            n = (e0 - b0) * (e1 - b1) * (e2 - b2) * (e3 - b3)
            if not n:
                continue
            pts = layer[key]
            if pts <= cap:
                continue        # cannot beat floor
            work += n
            if work > limit:
                layer.clear()
                new.clear()
                return None, work
            for q0 in range(b0, e0):
                x = mv[q0]
                p0 = pts + r0 - (x >> 6) * w
                s0 = x >> 4 & 3
                k0 = x & 15
                for q1 in range(b1, e1):
                    x = mv[q1]
                    p1 = p0 + r1 - (x >> 6) * w
                    s1 = s0 + (x >> 4 & 3) * 3
                    k1 = k0 | (x & 15) << 4
                    for q2 in range(b2, e2):
                        x = mv[q2]
                        p2 = p1 + r2 - (x >> 6) * w
                        s2 = s1 + (x >> 4 & 3) * 9
                        k2 = k1 | (x & 15) << 8
                        for q3 in range(b3, e3):
                            x = mv[q3]
                            if not ok[s2 + (x >> 4 & 3) * 27]:
                                continue
                            p3 = p2 + r3 - (x >> 6) * w
                            k = k2 | (x & 15) << 12
                            if new.get(k, -1) < p3:
                                new[k] = p3
            if len(new) > states:
                # the layer would not fit beside the console's UI
                layer.clear()
                new.clear()
                return None, work
        layer, new = new, layer
        if not layer:
            new.clear()
            return floor, work
    best = floor
    for key in layer:
        # no run of one or two tiles left open in any colour
        if (key & 0x5555) << 1 == key & 0xAAAA and layer[key] > best:
            best = layer[key]
    layer.clear()
    new.clear()
    return best, work
