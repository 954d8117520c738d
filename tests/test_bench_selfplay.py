"""benchmarks/selfplay_figures.py: level 2's self-play against 92457a9's tree, taken out of
git. The figures themselves are measured, not asserted (they move with the machine): these
tests hold what the script reports and how it behaves without the history."""
import importlib.util
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load():
    spec = importlib.util.spec_from_file_location(
        "selfplay_figures", os.path.join(ROOT, "benchmarks", "selfplay_figures.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def has_base():
    r = subprocess.run(["git", "-C", ROOT, "cat-file", "-e", load().BASE + "^{commit}"],
                       capture_output=True)
    return r.returncode == 0


def test_figures_of_both_trees_with_their_ratio(capsys):
    mod = load()
    assert mod.main(["--json", "--seeds", "1", "--rounds", "1"]) == 0
    figs = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for n in (2, 4):
        assert figs["selfplay_hands_per_cpu_s_%dp" % n] > 0
        if has_base():
            base = figs["selfplay_base_hands_per_cpu_s_%dp" % n]
            assert base > 0
            # one round: the ratio is that round's, the two rates' quotient
            assert figs["selfplay_speedup_%dp" % n] == figs["selfplay_speedup_%dp_min" % n]
            assert abs(figs["selfplay_speedup_%dp" % n] - figs["selfplay_hands_per_cpu_s_%dp" % n] / base) < 0.02


def test_the_baseline_tree_is_92457a9s(tmp_path):
    mod = load()
    if not has_base():
        return
    folder, why = mod.baseline_tree(str(tmp_path))
    assert why is None
    # the baseline AI alone (no level of today's but its own 1-3), its shim still in host/
    with open(os.path.join(folder, "firmware", "ai", "basic.py")) as f:
        assert f.readline().startswith("# The baseline AI")
    assert not os.path.exists(os.path.join(folder, "firmware", "ai", "rack.py"))
    assert os.path.exists(os.path.join(folder, "host", "shim", "micropython.py"))


def test_without_git_history_no_baseline_and_why(tmp_path):
    mod = load()
    folder, why = mod.baseline_tree(str(tmp_path / "out"), root=str(tmp_path))
    assert folder is None and mod.BASE in why


def test_bad_counts_are_refused(capsys):
    assert load().main(["--seeds", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
