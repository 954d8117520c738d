"""Every screen's pixels, frame by frame, along the recorded key paths on both glasses
(tests/golden.py; the paths: `python tests/golden.py list`). A path replays its script (keys
fed as the emulator's headless runs feed them, events at fixed frames) and each frame's glass
must be the one recorded; the storage's files and the cable's bytes at the end too. On a
difference the message names the path, the glass, the console and the first differing frame,
and where its PNG (and the recording commit's) were written.

After an intended change: `python tests/golden.py record --kind frames` (docs/golden.md)."""
import pytest

import golden

CASES = [(n, g) for n in golden.script_names() for g in golden.GLASSES]


@pytest.mark.parametrize("name,glass", CASES, ids=["%s-%s" % c for c in CASES])
def test_key_path_draws_every_frame_as_recorded(name, glass, tmp_path):
    why = None
    try:
        frames = golden.check_frames(name, glass, outdir=str(tmp_path))
    except golden.Difference as e:
        why = str(e)
    if why is not None:
        pytest.fail(why, pytrace=False)
    assert frames > 0


def test_every_script_has_a_frame_record_and_no_record_is_orphaned():
    import os
    records = sorted(f[:-5] for f in os.listdir(golden.FRAMES) if f.endswith(".json"))
    assert records == golden.script_names()
