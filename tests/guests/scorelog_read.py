# tests/test_scorelog.py: the score log inside MicroPython: a whole log and a torn one read
# (their records' seq, the problems, a record's sixth hand and seats), a record appended, and
# the two CRCs of the check string.
import scorelog

for name in ("good.log", "torn.log"):
    recs, probs = scorelog.read("/flash/" + name)
    print(name, [r["seq"] for r in recs], probs, recs[0]["hands"][5], recs[0]["seats"])
scorelog.append("/flash/good.log", {"variant": "burako", "seats": "HAHA", "hands": [[1, -2]], "final": [3, -4], "winner": 1,
                "id": 0xFEDCBA9876543210, "canastas": [[[1, 2], [0, 15]]], "closes": [1]})
print("next", scorelog.read("/flash/good.log")[0][3]["id"] == 0xFEDCBA9876543210)
print("crc", scorelog.crc32_small(b"123456789"), scorelog.crc32(b"123456789"))
