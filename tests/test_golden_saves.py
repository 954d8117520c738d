"""Saves and score logs written by the firmware as it was recorded (tests/golden/saves/: a
Burako match mid-hand, two people, four players with names, burraco's round, the torneo clock,
versions 1 and 2 of the save, Rummy mid-turn, linked matches' link.sav/link.pos and
rlink.sav/rlink.pos with the open deal and hidden hands, score logs of every kind of match,
names.txt) must read to the recorded state (tests/golden_saves.py, read.json): old files still
read after a refactor. That a resumed match goes on the same is the resume_* key paths'
(tests/test_golden_frames.py)."""
import os

import pytest

import golden_saves


@pytest.mark.parametrize("situation", golden_saves.situations())
def test_golden_files_read_as_recorded(situation):
    want = golden_saves.recorded()[situation]
    got = golden_saves.json.loads(golden_saves.json.dumps(golden_saves.read_situation(situation)))
    assert got == want, golden_saves._first_difference(want, got)


def test_every_situation_is_recorded_with_its_files():
    assert sorted(golden_saves.recorded()) == golden_saves.situations()
    for s, (name, frame, consoles, files) in golden_saves.HARVEST.items():
        for i in consoles:
            held = os.listdir(os.path.join(golden_saves.SAVES, s, "c%d" % i))
            assert [f for f in files if not f.startswith("?")] == [f for f in files if f in held]


def test_old_layouts_are_the_versions_they_claim():
    for version in (1, 2):
        with open(os.path.join(golden_saves.SAVES, "burako_v%d" % version, "c0", "burako.sav"), "rb") as f:
            assert f.read(4) == b"BUS" + bytes((version,))
