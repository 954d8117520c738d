# The console's settings kept between power-ons: settings.txt, one "name value" line each (a
# small whole number), written only when a setting changes (never at power-on, nor when a value
# is chosen again): the language the title chose (its index in ui/lang.py LANGS), the speaker's
# volume (the title's Sound row, on a board with a speaker), whether a linked match deals hidden
# hands (the title's cable entry, Left/Right), the AI's pace (the table's menu: 0 fast, 1 normal,
# 2 slow). A console without the file, or with a damaged line, starts with the defaults (ui/app.py
# App reads it once, at power-on).
FILE = "settings.txt"
TMP = "settings.tmp"
VOLUME = "volume"
LANG = "lang"
HIDDEN = "hidden"
PACE = "pace"


def read(storage):
    """The settings the file holds: {name: value}; {} when there is none."""
    out = {}
    try:
        with open(storage.path(FILE)) as file:
            for line in file:
                words = line.split()
                if len(words) == 2 and words[1].isdigit():
                    out[words[0]] = int(words[1])
    except (OSError, ValueError):       # (ValueError: bytes that are not text, a damaged file)
        pass
    return out


def write(storage, name, value):
    """Setting `name` is `value` now: the file written anew beside the others it holds (through
    a temporary file: a power cut leaves the old file or the new one), unless it holds that
    value already (a flash write spared). A full flash keeps the old file."""
    kept = read(storage)
    if kept.get(name) == value:
        return
    kept[name] = value
    try:
        with open(storage.path(TMP), "w") as file:
            for key in kept:
                file.write(key + " " + str(kept[key]) + "\n")
        storage.replace(TMP, FILE)
    except OSError:
        pass
