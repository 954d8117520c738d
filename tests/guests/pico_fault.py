# benchmarks/memory_figures.py: joined before a session's guest (tests/guests/pico_session.py,
# emulator/guests/pico_link.py, pico_rummy_link.py) on a virtual Pico. When a frame raises
# (a MemoryError where the session does not fit) App.frame shows the fault screen (ui/fault.py);
# this prints the free heap then, the screen that was up and what was raised, and ends the script,
# where the session's own guest would wait for a match's end that never comes.
from ui.app import App
class Faulted(BaseException):
    pass
app_show = App.show
def show_watched(self, screen):
    was = self.screen
    app_show(self, screen)
    if screen.name == 'fault':
        import gc
        gc.collect()
        print('FAULT', gc.mem_free(), was.name if was else '-', screen.what, 'END')
        raise Faulted()
App.show = show_watched
