# tests/test_engine_micropython.py: a match's positions through codec.encode/decode inside
# MicroPython (decode builds its Game the MicroPython way), one hex line per move, then the
# refusal of a cut position. Collected between steps only.
import binascii
import gc

from ai.basic import BasicAI
from engine import codec
from engine import game
from engine import rules

gc.disable()
seed = 9
moves = 120


def steps():
    g = game.Game(rules.BURAKO, 4, seed)
    ai = BasicAI()
    for _ in range(moves):
        g.play(ai.choose(g))
        b = codec.encode(g)
        h = codec.decode(b)
        print(binascii.hexlify(codec.encode(h)).decode())
        g = h
        yield
    try:
        codec.decode(b[:40])
    except codec.CodecError as e:
        print("refused", e)


S = steps()
for _ in S:
    gc.collect()
