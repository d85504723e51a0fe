"""`autograph ops`: the listing of registered ops, the device filter, and one op in detail."""

import argparse
import subprocess
import sys

from autograph.cli import ops as ops_command
from autograph.runtime.registry.kernel_registry import kernels_for


def run(*args):
    return subprocess.run([sys.executable, "-m", "autograph", "ops", *args],
                          capture_output=True, text=True, timeout=60)


def test_listing_has_one_sorted_line_per_op_with_devices_flags_and_signature():
    result = run()
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    names = [line.split()[0] for line in lines[:-1]]
    assert names == sorted(names) and lines[-1] == f"{len(names)} ops"
    assert {"AddV2", "MatMul", "While", "If"} <= set(names)
    assert not any(name.startswith("_") for name in names)
    add = next(line for line in lines if line.startswith("AddV2 "))
    assert add.split() == ["AddV2", "CPU", "GPU", "[commutative]", "(x:", "T,", "y:", "T)",
                           "->", "(z:", "T)"]
    assert "[stateful]" in next(line for line in lines if line.startswith("RandomUniform "))


def test_device_filter_keeps_only_ops_with_a_kernel_there(monkeypatch, capsys):
    def fake_kernels_for(name):
        kernels = kernels_for(name)
        return [k for k in kernels if k.device == "CPU"] if name == "Abs" else kernels

    monkeypatch.setattr(ops_command, "kernels_for", fake_kernels_for)
    assert ops_command.run(argparse.Namespace(name=None, device="GPU", all=False)) == 0
    gpu = [line.split()[0] for line in capsys.readouterr().out.splitlines()[:-1]]
    assert "Abs" not in gpu and "AddV2" in gpu
    ops_command.run(argparse.Namespace(name=None, device="CPU", all=False))
    assert capsys.readouterr().out.startswith("Abs ")


def test_one_op_shows_arguments_attrs_kernels_and_documentation():
    result = run("ArgMax")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("ArgMax(input: T, dimension: Tidx) -> (output: output_type)\n")
    assert "Returns the index of the largest element along an axis" in out
    assert "  dimension: Tidx  the axis" in out
    assert "  Tidx: type in {int32, int64} = int32  (from the inputs)" in out
    assert "  output_type: type in {int16, uint16, int32, int64} = int64" in out
    assert "flags: (none)" in out
    assert "\n  CPU  any types; host memory: dimension" in out
    assert "\n  GPU  " in out


def test_name_differing_in_case_only_finds_the_op(capsys):
    assert ops_command.run(argparse.Namespace(name="matmul", device=None, all=False)) == 0
    assert capsys.readouterr().out.startswith("MatMul(")


def test_unknown_op_is_one_line_suggesting_near_names():
    result = run("AddV3")
    assert result.returncode == 1
    assert result.stderr.startswith("autograph: error: Op type not registered: 'AddV3'. "
                                    "Did you mean AddV2")
    assert result.stderr.count("\n") == 1


def test_unknown_device_is_a_usage_error():
    result = run("--device", "TPU")
    assert result.returncode == 2
    assert "invalid choice: 'TPU'" in result.stderr


def test_help_shows_examples():
    result = run("--help")
    assert result.returncode == 0
    assert "example:\n  autograph ops " in result.stdout
    assert "autograph ops --device GPU" in result.stdout


def test_each_kernel_line_names_the_kernel_function(capsys):
    # Kernels registered through a wrapper keep their own names: NumPy's warnings switched
    # off (RealDiv), or a string variant run on the host (GatherV2).
    for name in ("RealDiv", "GatherV2"):
        assert ops_command.run(argparse.Namespace(name=name, device=None, all=False)) == 0
    out = capsys.readouterr().out
    assert "\n  CPU  any types  (autograph.kernels.math_kernels.true_divide)\n" in out
    assert ("\n  CPU  Tparams in [string]; host memory: axis, params, indices, output  "
            "(autograph.kernels.array_kernels.gather_strings)\n") in out
