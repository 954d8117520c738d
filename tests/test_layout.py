"""No two texts share pixels, and no text is cut (issue 37; docs/ui.md "Layout"): every screen
that has text, on both glasses (240x240, the Pico-LCD-1.14's 240x135) and in the three languages,
drawn with the Painter watched (tests/layoutkit.py: which text owns which glyph pixels; a text
partly painted over while the rest still shows is an overlap, one redrawn whole is not).

The screens come from the golden key paths (tests/golden/scripts: title, set-up, names, the
tables, hand and match ends, the link screens along linked matches, Rummy...), each replayed in
each language, and from scripted states they miss: the link screen's every state, note and end
reason for both games, the fault screen.

    python -m pytest -q tests/test_layout.py             # all (about 2.5 min of CPU; -n 2 splits)
    python tests/test_layout.py [PATH..]                 # the findings as a list, not a failure
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layoutkit  # noqa: E402

GLASSES = ("pico_lcd_13", "pico_lcd_114")
LANGS = ("es", "it", "en")
GROUPS = layoutkit.path_groups()


def _verdict(found):
    if found:
        pytest.fail("texts overlapped or cut:\n  " + "\n  ".join(layoutkit.report(found)), pytrace=False)


CASES = [(g, glass, lang) for g in sorted(GROUPS) for glass in GLASSES for lang in LANGS]


@pytest.mark.parametrize("group,glass,lang", CASES, ids=["-".join(c) for c in CASES])
def test_key_path_draws_no_text_over_another(group, glass, lang):
    script = layoutkit.script_in(GROUPS[group], lang)
    _verdict(layoutkit.replay_watched(script, glass, "%s %s %s" % (group, lang, glass)))


@pytest.mark.parametrize("glass", GLASSES)
@pytest.mark.parametrize("lang", LANGS)
def test_link_and_fault_screens_draw_no_text_over_another(glass, lang):
    _verdict(layoutkit.scripted_states(glass, lang))


def test_the_watch_sees_an_overlap_and_a_clean_redraw():
    """The watch itself: a line drawn 4 rows into another's is an overlap; the same line drawn
    again, or a screen cleared and drawn anew, is not; a text wider than its band is cut."""
    import tempfile
    import golden
    with tempfile.TemporaryDirectory() as root, golden.fresh_firmware():
        from emulator.board import EmuBoard, board_display
        from ui.app import App
        app = App(EmuBoard(root, display=board_display("pico_lcd_114")), lang="en")
        watch = layoutkit.attach(app)
        p = app.painter
        p.fill(0, 0, 240, 135, 0)
        p.text(0, 80, 240, "first line", align=1)
        p.text(0, 80, 240, "first line", align=1)      # redrawn whole: fine
        watch.check("redraw")
        assert watch.found == {}
        p.text(0, 76, 240, "second", align=1)          # its band takes the first's top rows
        watch.check("overlap")
        p.fill(0, 0, 240, 135, 0)
        p.text(0, 40, 80, "a text longer than its band")
        watch.check("cut")
        kinds = sorted((k[0], k[2]) for k in watch.found)
        assert kinds == [(layoutkit.CLIPPED, "a text longer than its band"),
                         (layoutkit.OVERLAP, "first line")]


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(GROUPS)
    for g in names:
        for glass in GLASSES:
            for lang in LANGS:
                found = layoutkit.replay_watched(layoutkit.script_in(GROUPS[g], lang), glass,
                                                 "%s %s %s" % (g, lang, glass))
                for line in layoutkit.report(found):
                    print(line)
    for glass in GLASSES:
        for lang in LANGS:
            for line in layoutkit.report(layoutkit.scripted_states(glass, lang)):
                print(line)
