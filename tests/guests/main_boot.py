# tests/test_hal_boot.py: main.py under MicroPython: the skip key held stays in the REPL; a
# missing app shows the splash on the built board; an app module without App raises.
import main

fake_machine.levels[19] = 0
print("skip", main.main(machine=fake_machine, root="/flash/"))
fake_machine.levels[19] = 1
b = main.main(machine=fake_machine, root="/flash/", app="ui.no_such_app")
fake_machine.sink.close()
print("board", b.name)
fake_machine.sink = open("/flash/bus2.bin", "wb")
try:
    main.main(machine=fake_machine, root="/flash/", app="fake_machine")
except AttributeError:
    print("no App attribute raises")
