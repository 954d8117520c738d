"""File storage: plain files under one root folder ("/" on the device's flash)."""


class Storage:
    def __init__(self, root="/"):
        if not root.endswith("/"):
            root = root + "/"
        self.root = root

    def path(self, name):
        while name.startswith("/"):
            name = name[1:]
        return self.root + name

    def exists(self, name):
        import os
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def replace(self, tmp, name):
        """Rename file tmp over file name: a power cut during it leaves the
        old file or the new one, never half of one (how saves are written)."""
        import os
        src = self.path(tmp)
        dst = self.path(name)
        try:
            os.rename(src, dst)
        except OSError:
            # file systems whose rename does not replace: remove, then rename
            try:
                os.remove(dst)
            except OSError:
                pass
            os.rename(src, dst)
