# A linked match's cable (emulator/runner.py run_micropython): joined after emu_app.py, before
# emu_frames.py. board.link is the board's Cable: each write and read crosses to the host at once.
gc.collect()
B.link = Cable()
