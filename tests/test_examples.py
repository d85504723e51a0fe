"""The bundled examples run as users run them, and print what they promise."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_example(name):
    result = subprocess.run([sys.executable, str(ROOT / "examples" / name)], capture_output=True,
                            text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_eager_tour_runs_every_section():
    out = run_example("eager_tour.py")
    for expected in (
        "python int -> int32 | python float -> float32 | str -> string",
        "int32 + float32 -> InvalidArgumentError: AddV2: input 'y' has dtype float32",
        "x @ x = [[7.0, 10.0], [15.0, 22.0]]",
        "reduce_sum(x, axis=0) = [4.0, 6.0]",
        "t[1] = [4, 5, 6, 7] | t[:, -1] = [3, 7, 11] | t[::2, 1:3] = [[1, 2], [9, 10]]",
        "boolean_mask(t, t % 5 == 0) = [0, 5, 10]",
        "reproducible: True",
        "strings.join = [b'graph-s', b'mode-s'] | length = [5, 4]",
        "hypot([3, 5], 4) = [5.0, 6.403]",
        "hypot on int32 -> Hypot does not support dtype int32",
    ):
        assert expected in out, f"missing: {expected}\n--- output ---\n{out}"


def test_variable_sharing_makes_one_variable_and_equal_results():
    out = run_example("variable_sharing.py")
    assert "variables: ['abc/fn/w:0']" in out
    assert "y1 == y2: True" in out
    assert "  def/fn/mul = Mul(def/fn/ReadVariableOp, x) : float32[]" in out
