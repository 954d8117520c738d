"""The AI's decisions: whole AI-against-AI matches of every level (1-4 a side, the same and
stronger against weaker), 2 and 4 players, burako, torneo and burraco, and Rummy israeli's
levels 1-3 with 2-4 players, each transcript's SHA-256 as recorded (tests/golden_ai.py,
tests/golden/ai.json). A difference names the match and, from the recording commit, the first
move that differs. After an intended change: `python tests/golden.py record --kind ai`."""
import pytest

import golden_ai


@pytest.mark.parametrize("group", golden_ai.VARIANTS + ("rummy",))
def test_ai_transcripts_are_as_recorded(group):
    diffs = golden_ai.check(group)
    assert not diffs, "\n".join(diffs)


def test_the_record_holds_every_match_and_nothing_else():
    assert sorted(golden_ai.recorded()) == sorted(golden_ai.keys())
