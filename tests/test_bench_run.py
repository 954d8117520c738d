"""benchmarks/run.py (`make bench`) fails when a figure script fails: a fuzz
benchmark that finds a decoder defect exits 1, and `make bench` must not then exit 0."""
import importlib.util
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_run():
    spec = importlib.util.spec_from_file_location("bench_run", os.path.join(ROOT, "benchmarks", "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def scripts(tmp_path):
    (tmp_path / "good_figures.py").write_text('import json\nprint(json.dumps({"good_x": 1}))\n')
    # as fuzz_figures.py does on a crash: figures on the last line, then exit 1
    (tmp_path / "bad_figures.py").write_text(
        'import json, sys\nprint(json.dumps({"fuzz_codec_crashes": 1}))\nsys.exit(1)\n')
    return str(tmp_path)


def test_bench_fails_when_a_script_fails(tmp_path, capsys):
    run = load_run()
    folder = scripts(tmp_path)
    assert run.main([], folder) == 1
    assert "bad_figures.py (exit 1)" in capsys.readouterr().err
    assert run.main(["--json"], folder) == 1
    cap = capsys.readouterr()
    assert json.loads(cap.out.strip().splitlines()[-1]) == {"good_x": 1, "fuzz_codec_crashes": 1}
    assert "bad_figures.py (exit 1)" in cap.err


def test_bench_passes_when_every_script_passes(tmp_path, capsys):
    run = load_run()
    folder = scripts(tmp_path)
    assert run.main(["--only", "good"], folder) == 0
    assert run.main(["--json", "--only", "good"], folder) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == {"good_x": 1}
