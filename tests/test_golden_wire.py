"""The link protocol on the wire: two link sessions with fixed nonces play short linked matches
(Burako and Rummy israeli, open deal and hidden hands) and every write in both directions must
be the recorded bytes at the recorded millisecond (tests/golden_wire.py, tests/golden/wire/).
After an intended change of the protocol: `python tests/golden.py record --kind wire`."""
import pytest

import golden_wire


@pytest.mark.parametrize("name", sorted(golden_wire.MATCHES))
def test_linked_match_writes_the_recorded_bytes(name):
    diffs = golden_wire.check([name])
    assert not diffs, "\n".join(diffs)
