"""Progress on a terminal, silence in a pipe: the one bar every long `burako`
command draws (flash per file, sim and league per match) on stderr."""
import sys

WIDTH = 24


class Progress:
    """progress(name, done, total) draws `name [####....] done/total unit` on
    one line, ending it when done reaches total; nothing when the stream is
    not a terminal (piped output and --json stay clean)."""

    def __init__(self, unit="", stream=None):
        self.stream = stream or sys.stderr
        self.unit = unit
        self.on = self.stream.isatty()

    def __call__(self, name, done, total):
        if not self.on:
            return
        fill = WIDTH * done // total if total else WIDTH
        end = "\n" if done >= total else ""
        unit = " " + self.unit if self.unit else ""
        self.stream.write(f"\r  {name:<28} [{'#' * fill}{'.' * (WIDTH - fill)}] {done:>6}/{total}{unit}{end}")
        self.stream.flush()


def per_match(total, as_json):
    """on_match for the simulators: each match as a JSON line when as_json,
    and the bar of matches played (not when JSON lines share the terminal)."""
    import json

    bar = Progress()
    bar.on = bar.on and not (as_json and sys.stdout.isatty())
    done = [0]

    def on_match(r):
        if as_json:
            print(json.dumps(r), flush=True)
        done[0] += 1
        bar("matches", done[0], total)

    return on_match
