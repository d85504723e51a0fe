"""`autograph profile`: a function's calls under the profiler, its slowest ops and their lines."""

import argparse
import textwrap

import pytest

from autograph.cli import profile
from autograph.cli.common import UserError
from autograph.cli.main import main
from autograph.runtime.summary import profiler

SOURCE = textwrap.dedent('''\
    import autograph as ag

    def dense(x, w):
        y = ag.matmul(x, w)
        return ag.nn.relu(y)

    def count(n):
        total = 0
        while n > 0:
            total += n
            n -= 1
        return total
''')


@pytest.fixture
def module_file(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(SOURCE)
    return str(path)


def test_signature_makes_inputs_and_the_table_names_each_op_with_its_line(module_file, tmp_path,
                                                                          capsys):
    logdir = tmp_path / "logs"
    assert main(["profile", f"{module_file}:dense", "--signature",
                 "x: float32[8, 4], w: float32[4, 3]", "--steps", "3",
                 "--logdir", str(logdir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("dense: 3 calls profiled after one that traced it, ")
    trace = out[1].split()[1]
    assert trace.startswith(str(logdir / "plugins" / "profile"))
    rows = {line.split()[5]: line.split() for line in out[3:]}
    assert rows["dense/MatMul"][2] == "3" and rows["dense/MatMul"][7] == f"{module_file}:4"
    assert rows["dense/Relu"][7] == f"{module_file}:5"
    spans = [e for e in profiler.read_trace(trace) if e.get("cat") == "trace"]
    assert [s["args"]["step_num"] for s in spans] == [0, 1, 2]


def test_arguments_as_literals_and_top_limits_the_rows(module_file, tmp_path, capsys):
    assert main(["profile", f"{module_file}:count", "5", "--steps", "2", "--top", "2",
                 "--logdir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 + 2


def test_a_signature_with_an_unknown_dimension_is_refused(module_file, tmp_path, capsys):
    assert main(["profile", f"{module_file}:dense", "--signature",
                 "x: float32[None, 4], w: float32[4, 3]", "--logdir", str(tmp_path)]) == 1
    assert "'x' needs a size for every dimension" in capsys.readouterr().err


def test_arguments_and_signature_together_are_refused(module_file, tmp_path):
    with pytest.raises(UserError, match="either ARGs or --signature"):
        profile.run(argparse.Namespace(target=f"{module_file}:count", args=["3"],
                                       signature="n: int32[]",
                                       steps=1, top=1, logdir=str(tmp_path)))
