# Run once inside the WebAssembly port when the virtual device starts (vdevice.mjs).
#
# The port's only filesystem is VfsPosix over Emscripten's in-memory FS, whose
# OSError numbers are WASI's (ENOENT is 44, EEXIST 20...) while MicroPython's own
# errno module and every bare-metal port, and so mpremote, use MicroPython's (ENOENT 2,
# EEXIST 17). This mounts a MicroPython VFS object at "/" that forwards every call to
# a VfsPosix rooted at an empty /flash directory and renumbers the errors, so the
# device's root holds only what was copied to it, as on a Pico, and "no such file"
# reads as ENOENT.
def _mount():
    import os
    import vfs

    wasi_to_mp = {2: 13, 8: 9, 10: 16, 20: 17, 28: 22, 31: 21, 44: 2, 51: 28, 54: 20, 55: 39, 63: 1}

    class Flash:
        def __init__(self, root):
            self.p = vfs.VfsPosix(root)

        def _c(self, f, *a):
            try:
                return f(*a)
            except OSError as e:
                raise OSError(wasi_to_mp.get(e.errno, e.errno))

        def mount(self, readonly, mkfs):
            pass

        def umount(self):
            pass

        def open(self, path, mode):
            return self._c(self.p.open, path, mode)

        def ilistdir(self, path):  # with sizes, as littlefs and FAT give them
            base = path.rstrip("/") + "/" if path.strip("/") else ""
            for e in self._c(self.p.ilistdir, path):
                yield (e[0], e[1], e[2], self._c(self.p.stat, base + e[0])[6])

        def chdir(self, path):
            return self._c(self.p.chdir, path)

        def getcwd(self):
            return self._c(self.p.getcwd)

        def mkdir(self, path):
            return self._c(self.p.mkdir, path)

        def remove(self, path):
            return self._c(self.p.remove, path)

        def rename(self, old, new):
            return self._c(self.p.rename, old, new)

        def rmdir(self, path):
            return self._c(self.p.rmdir, path)

        def stat(self, path):
            return self._c(self.p.stat, path)

        def statvfs(self, path):
            return self._c(self.p.statvfs, path)

    os.mkdir("/flash")
    vfs.umount("/")
    vfs.mount(Flash("/flash"), "/")
    os.chdir("/")


_mount()
del _mount
