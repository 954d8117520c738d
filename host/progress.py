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
