# A fifth AI level for the Burako family, as docs/interfaces.md "An AI level" adds one: this
# class (copied into ai/ of the temporary tree), a branch in ai/__init__.py make(), LEVELS up by
# one (tests/test_interfaces.py). It plays as level 1: the test follows where the number of levels
# goes (the set-up, the save, the match's AIs, burako sim and league), not how a level plays.
from ai.basic import BasicAI


class Level5(BasicAI):
    def __init__(self):
        super().__init__(1)
        self.level = 5
