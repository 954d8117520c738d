# The link cable: two consoles play one 1v1 match (docs/link.md).
#   frame.py      COBS + CRC-16 frames, the incremental receiver
#   transport.py  sequence numbers, acks, resends, heartbeat, restart detection
#   msg.py        session messages, the digest, the byte form of a Burako move
#   moves_burako.py  Burako's side (rules, deal, move bytes, position); Rummy's is
#                 rummy/moves.py, which session.py loads by name
#   session.py    Link: hello, fair deal, checked moves, repair, resume
#   entropy.py    random bytes on the device
