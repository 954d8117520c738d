# The link cable: two consoles play one 1v1 match (docs/link.md).
#   frame.py      COBS + CRC-16 frames, the incremental receiver
#   transport.py  sequence numbers, acks, resends, heartbeat, restart detection
#   msg.py        session messages, the digest, the byte form of a Burako move
#   moves_burako.py  Burako's side (rules, deal, move bytes, position); Rummy's is
#                 rummy/moves.py, which its game gives the Link
#   session.py    Link: hello, fair deal, checked moves, repair, resume
#   entropy.py    random bytes on the device


def hidden_ok():
    """Hidden hands are offered where their code sits in flash: the console's own UF2
    (burako_board frozen in) or a desktop; the stock firmware with .mpy files has not the heap
    for them beside the UI (docs/link.md "Hidden hands"). Here, not in ui/cable.py: the title
    and the set-ups ask it without loading the link's modules."""
    import sys
    if sys.implementation.name != "micropython":
        return True
    try:
        import burako_board  # noqa: F401  # pyright: ignore[reportMissingImports]  (frozen into the UF2: hardware/boards/)
        return True
    except ImportError:
        return False
