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
