# A display that draws nothing, so the guest measures the UI's own work (its heap, its fuel)
# rather than the painting. Joined before ui_heap.py and ui_fuel.py (wasi.program()).
import gc

gc.disable()   # the guest collects where it measures, never in between


class Disp:
    width = 240
    height = 240

    def blit(self, buf, x, y, w, h):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def backlight(self, on):
        pass
