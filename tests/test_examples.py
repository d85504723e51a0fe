"""The bundled examples run as users run them, and print what they promise."""

import os
import pathlib
import subprocess
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_example(name, *args):
    """The example's output; it must succeed and leave nothing in its temporary directory."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run([sys.executable, str(ROOT / "examples" / name), *args],
                                capture_output=True, text=True, timeout=120, cwd=ROOT,
                                env={**os.environ, "TMPDIR": scratch, "PYTHONPATH": str(ROOT)})
        left = os.listdir(scratch)
    assert result.returncode == 0, result.stderr
    assert not left, f"{name} left {left} in the temporary directory"
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


def assert_lines_in(out, expected_lines):
    for expected in expected_lines:
        assert expected in out, f"missing: {expected}\n--- output ---\n{out}"


def test_fizzbuzz_traces_each_branch_once_and_prints_on_every_call():
    out = run_example("fizzbuzz.py")
    assert out.startswith(
        "== fizzbuzz(5): the first call traces, then runs\n"
        "Tracing for loop\nTracing fizzbuzz branch\nTracing fizz branch\n"
        "Tracing buzz branch\nTracing default branch\n1\n2\nfizz\n4\nbuzz\n")
    assert out.count("Tracing for loop") == 1
    assert_lines_in(out, (
        "1 2 fizz 4 buzz fizz 7 8 fizz buzz 11 fizz 13 14 fizzbuzz\n",
        "same as plain Python: True",
        "tracing count after two calls: 1",
        "(1 While)",
    ))


def test_collatz_counts_steps_as_python_does_with_one_while_op():
    out = run_example("collatz.py")
    assert_lines_in(out, (
        "   27    111    111  ok",
        "  871    178    178  ok",
        "collatz_steps(27) with a Python int: 111",
        "tracing count: 1",
        "ops in the graph: Placeholder, Const, While, Identity (1 While)",
        "ConcreteFunction collatz_steps(n)\n  Args:\n    n: int32 Tensor, shape=()",
    ))
    assert out.count("  ok\n") == 6 and "MISMATCH" not in out


def test_newton_converges_to_the_square_root_in_one_traced_loop():
    out = run_example("newton.py")
    assert_lines_in(out, (
        "        2   1e-06  1.414214              3  1.414214     ok",
        "    1e+06     0.1  1000                 13  1000         ok",
        "tracing count: 1",
        "(1 While)",
        "return ag__.and_(ag.abs(x * x - a) > tol, lambda",  # `lambda :` on Python 3.10
    ))
    assert out.count("  ok\n") == 5 and "MISMATCH" not in out


def test_dynamic_rnn_matches_numpy_for_two_sequence_lengths_with_one_trace():
    out = run_example("dynamic_rnn.py")
    assert_lines_in(out, (
        "batch 2,  5 steps -> states [2, 5, 4]",
        "batch 3, 12 steps -> states [3, 12, 4]",
        "tracing count: 1",
        "(1 While)",
    ))
    assert out.count("matches: True") == 2
    assert "TensorListReserve" in out and "TensorListStack" in out


def test_custom_op_runs_eagerly_and_in_a_graph_and_rejects_bad_input():
    out = run_example("custom_op.py")
    assert_lines_in(out, (
        "  attr { name: 'beta' type: 'float' default_value: 1.0 }",
        "swish(x) = [-0.2384, -0.1888, 0.0, 0.3112, 1.7616] | matches NumPy: True",
        "swish(x, beta=2.0) = [-0.036, -0.1345, 0.0, 0.3655, 1.964]",
        "swish on int32 -> Swish does not support dtype int32 (attr T)",
        "swish_energy(x) = 4.0104 | NumPy: 4.0104",
        "ops in the graph: Placeholder, Swish, Square, Const, Sum, Identity",
        "Op 'BadSwish' at ",
        "examples/custom_op.py:64 is declared incorrectly (3 problems):",
        "unknown attr type 'flaot'",
    ))


def test_train_classifier_learns_the_spirals_with_one_trace():
    out = run_example("train_classifier.py")
    losses = [float(line.split("loss ")[1]) for line in out.splitlines()
              if line.startswith("step")]
    assert len(losses) == 4 and losses == sorted(losses, reverse=True) and losses[-1] < 0.05
    accuracy = float(out.split("test accuracy: ")[1].split()[0])
    assert accuracy >= 0.95
    assert "traced train_step 1 time(s)" in out


def test_train_digits_reaches_95_percent_and_restores_the_same_model():
    pytest.importorskip("sklearn", reason="the digits example needs the examples extra")
    out = run_example("train_digits.py")
    accuracy = float(out.split("test accuracy: ")[1].split()[0])
    restored = float(out.split("restored model's test accuracy: ")[1].split()[0])
    assert accuracy >= 0.95 and restored == accuracy
    assert "Epoch 15/15" in out


def test_digits_cnn_quick_run_learns_and_its_best_checkpoint_scores_the_same():
    # --quick: 480 training images, 4 epochs (the full run reaches 98.9%, docs/training.md).
    pytest.importorskip("sklearn", reason="the digits example needs the examples extra")
    pytest.importorskip("h5py", reason="the digits example needs the examples extra")
    out = run_example("digits_cnn.py", "--quick")
    assert "Epoch 4/4" in out and "trained 4 epochs; best validation loss " in out
    accuracy = float(out.split("test accuracy: ")[1].split()[0])
    loaded = float(out.split("checkpoint best.keras: test accuracy ")[1].split()[0])
    assert accuracy >= 0.9 and loaded == accuracy


def test_sequence_lstm_learns_from_masked_sequences_and_restores_its_best_checkpoint():
    out = run_example("sequence_lstm.py", "--epochs", "3", "--samples", "1000")  # short run
    assert "trained 3 epochs" in out
    accuracy = float(out.split("test accuracy: ")[1].split()[0])
    restored = float(out.split("best checkpoint's test accuracy: ")[1].split()[0])
    assert accuracy >= 0.75 and restored == accuracy
