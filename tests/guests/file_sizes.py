# tests/devicekit.py device_listing: every file on the device with its size, walked with
# os.ilistdir in one mpremote exec: one line "size path" each.
import os


def walk(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0] if d != '/' else '/' + e[0]
        if e[1] == 0x4000:
            walk(p)
        else:
            print(e[3], p[1:])


walk('/')
