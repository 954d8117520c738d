# The console's firmware frozen into flash, on top of the rp2 port's stock manifest (asyncio,
# onewire, ds18x20, dht, neopixel: kept so the firmware is still a full MicroPython).
# Frozen bytecode and its names stay in flash: they cost no RAM. Files on the filesystem
# still shadow these (sys.path is ['', '.frozen', '/lib']), which is how `burako flash`
# tries a changed module without a new UF2.
include("$(PORT_DIR)/boards/manifest.py")
for _pkg in ("engine", "ai", "ui", "hal", "link", "burako", "rummy"):
    package(_pkg, base_path="$(BURAKO_FIRMWARE)")
module("scorelog.py", base_path="$(BURAKO_FIRMWARE)")
# a frozen main.py runs at boot before any main.py on the filesystem (pyexec_file_if_exists
# looks in the frozen modules first): the console starts on its title with nothing on the
# filesystem
module("main.py", base_path="$(BURAKO_FIRMWARE)")
# the board profile, built in: hal.board reads it when there is no /board.txt
module("burako_board.py", base_path="$(BOARD_DIR)")
