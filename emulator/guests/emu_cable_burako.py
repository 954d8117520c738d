# A linked Burako match: its link UI imported here, where a collection is safe, not inside
# App(). Joined after emu_cable.py. Not for Rummy, whose glue (rummy/linkplay.py) loads by itself:
# Burako's link UI would cost Rummy's match the interned names it has to spare (docs/rummy.md,
# "Over the link cable").
import ui.linkplay
