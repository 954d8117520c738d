# The console's settings kept between power-ons: settings.txt, one "name value" line each (a
# small whole number), written only when a setting changes. It holds the speaker's volume
# (the title's Sound row, on a board with a speaker) and the AI's pace (the table's menu: 0 fast,
# 1 normal, 2 slow); a console without the file, or with a damaged line, starts with the defaults.
FILE = "settings.txt"
TMP = "settings.tmp"
VOLUME = "volume"
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
    except OSError:
        pass
    return out


def write(storage, name, value):
    """Setting `name` is `value` now: the file written anew beside the others it holds (through
    a temporary file: a power cut leaves the old file or the new one). A full flash keeps the
    old file."""
    kept = read(storage)
    if kept.get(name) == value:
        return          # (unchanged: the flash is not written)
    kept[name] = value
    try:
        with open(storage.path(TMP), "w") as file:
            for key in kept:
                file.write(key + " " + str(kept[key]) + "\n")
        storage.replace(TMP, FILE)
    except OSError:
        pass
