"""board.sound and board.battery of a board without a speaker or a battery (the Pico boards):
the members of hal/sound.py's Sound and hal/battery.py's Battery, doing nothing. A module of its
own, so such a board's heap holds only these two small classes (about a kilobyte less than
importing the two drivers)."""


class Silent:
    """board.sound of a board without a speaker (the Pico under an LCD board)."""
    present = False
    volume = 0      # hal/sound.py OFF

    def play(self, sound, now_ms):
        pass

    def tick(self, now_ms):
        pass

    def stop(self):
        pass

    def set_volume(self, volume):
        self.volume = volume

    def playing(self):
        return False


class NoBattery:
    """board.battery of a board without one: never low."""
    present = False
    level = 100
    low = False
    mv = 0

    def poll(self, now_ms):
        pass
