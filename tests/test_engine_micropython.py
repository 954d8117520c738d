"""The engine and AI inside real MicroPython (WASI build, -X heapsize): the same
seeds give byte-identical transcripts to CPython, and a whole 4-player match
fits the device-sized heap."""
import pytest

from emulator.runtimes import wasi
from host import sim

pytestmark = pytest.mark.micropython

CASES = [("burako", 2), ("burako", 4), ("torneo", 2), ("burraco", 2), ("burraco", 4)]


@pytest.mark.parametrize("variant,players", CASES)
def test_transcripts_identical_on_cpython_and_micropython(variant, players):
    seeds = [3, 4]
    cp = sim.run_cpython(variant, players, seeds, transcripts=True)
    mp = sim.run_micropython(variant, players, seeds, meter=False, transcripts=True)
    for s in seeds:
        assert mp.transcripts[s] == cp.transcripts[s]
    assert [m["transcript_sha256"] for m in mp.matches] == [m["transcript_sha256"] for m in cp.matches]
    assert [m["scores"] for m in mp.matches] == [m["scores"] for m in cp.matches]


def test_four_player_match_fits_in_64k_heap():
    rep = sim.run_micropython("burako", 4, [1], heap=65536, meter=False)
    m = rep.matches[0]
    assert m["winner"] in (0, 1) and max(m["scores"]) >= 3000
    assert rep.peak_heap < 64000
    # docs/engine.md states this very figure: a figure that drifted is wrong documentation
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    stated = int(re.search(r"\(seed 1\) peaks at (\d+) bytes", doc).group(1))
    assert abs(rep.peak_heap - stated) <= stated // 10, (
        "docs/engine.md says %d bytes, measured %d: update the doc" % (stated, rep.peak_heap))


def test_four_player_burraco_match_fits_the_same_heap():
    """R12: the 108-card variant stays within Burako's limit."""
    rep = sim.run_micropython("burraco", 4, [1], heap=65536, meter=False)
    m = rep.matches[0]
    assert m["winner"] in (0, 1) and max(m["scores"]) >= 2005
    cp = sim.run_cpython("burraco", 4, [1])
    assert m["transcript_sha256"] == cp.matches[0]["transcript_sha256"]
    assert rep.peak_heap < 64000
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    stated = int(re.search(r"`burraco` match \(seed 1\) peaks at (\d+) bytes", doc).group(1))
    assert abs(rep.peak_heap - stated) <= stated // 10, (
        "docs/engine.md says %d bytes, measured %d: update the doc" % (stated, rep.peak_heap))


def test_heap_limit_is_real():
    # the same match cannot run in a heap smaller than its measured need
    with pytest.raises(wasi.GuestMemoryError):
        sim.run_micropython("burako", 4, [1], heap=24 * 1024, meter=False)


def test_position_bytes_round_trip_inside_micropython():
    """codec.decode builds its Game the MicroPython way (no __new__, no struct.error)."""
    from engine import codec
    from engine import game
    from engine import rules
    from ai.basic import BasicAI

    g = game.Game(rules.BURAKO, 4, 9)
    ai = BasicAI()
    want = []
    for _ in range(120):
        g.play(ai.choose(g))
        want.append(codec.encode(g).hex())
    res = wasi.Guest(heap=64 * 1024).run_file("codec_roundtrip.py", seed=9, moves=120)
    assert res.lines[:-1] == want
    assert res.lines[-1].startswith("refused")
