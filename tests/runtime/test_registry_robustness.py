"""A user's bad registrations are reported to that user and leave the built-in ops working.

Each case runs in a fresh process, where the registry is as a user's program finds it: a
malformed declaration is warned about at its line, and using its op raises its error there.
"""

import inspect
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

from autograph import runtime
from autograph.runtime.core.errors import InvalidArgumentError, NotFoundError
from autograph.runtime.registry.op_registry import RegistrationWarning

ROOT = pathlib.Path(runtime.__file__).resolve().parents[1]  # the repository (or install) root


def run_fresh(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def run_program(tmp_path: pathlib.Path, code: str) -> subprocess.CompletedProcess:
    """Runs `code` as the user's program `user_ops.py` in a fresh process."""
    program = tmp_path / "user_ops.py"
    program.write_text(textwrap.dedent(code).lstrip())
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                            timeout=60, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return result


def test_a_malformed_user_op_leaves_the_built_in_ops_working(tmp_path):
    result = run_program(tmp_path, """
        import autograph as ag
        from autograph.runtime import register_op
        register_op("BadOp").input("x: Q").output("y: float")
        print(ag.add(1, 2).numpy(), ag.multiply(2, 3).numpy(), ag.add(3, 4).numpy())
        """)
    assert result.stdout.split() == ["3", "6", "7"]


def test_a_malformed_user_op_declared_before_the_built_in_ops_leaves_them_working(tmp_path):
    result = run_program(tmp_path, """
        from autograph.runtime import register_op
        register_op("BadOp").input("x: Q").output("y: float")
        import autograph as ag
        print(ag.add(1, 2).numpy(), ag.multiply(2, 3).numpy())
        """)
    assert result.stdout.split() == ["3", "6"]


def test_a_malformed_user_op_read_before_the_built_in_ops_load_leaves_them_working(tmp_path):
    result = run_program(tmp_path, """
        from autograph import runtime
        runtime.register_op("BadOp").input("x: Q").output("y: float")
        runtime.op_registry().export()
        import autograph as ag
        print(ag.add(1, 2).numpy())
        """)
    assert result.stdout.split() == ["3"]


def declare_malformed(name: str) -> int:
    """Declares a malformed op `name` in the global registry; returns the declaring line."""
    runtime.register_op(name).input("x: Q").output("y: float")
    return inspect.currentframe().f_lineno - 1


def test_a_malformed_user_op_is_warned_about_at_its_declaration():
    line = declare_malformed("RobustnessWarned")
    with pytest.warns(RegistrationWarning) as caught:
        runtime.op_registry().export()
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    assert "Op 'RobustnessWarned' at" in str(caught[0].message)


def test_using_a_malformed_user_op_raises_its_error_naming_the_declaration():
    line = declare_malformed("RobustnessUsed")
    with pytest.raises(InvalidArgumentError,
                       match=f"Op 'RobustnessUsed' at {re.escape(__file__)}:{line} is declared "
                             f"incorrectly"):
        runtime.op_function("RobustnessUsed")


def test_a_kernel_for_a_malformed_user_op_raises_its_error():
    line = declare_malformed("RobustnessKernel")
    with pytest.raises(InvalidArgumentError, match=f"test_registry_robustness.py:{line} is "):
        runtime.register_kernel("RobustnessKernel")(lambda ctx, x: x)


def test_a_duplicate_user_op_keeps_the_built_in_and_is_warned_about(tmp_path):
    result = run_program(tmp_path, """
        import autograph as ag
        from autograph.runtime import register_op
        register_op("AddV2").input("x: float").output("y: float")
        print(ag.add(1, 2).numpy())
        """)
    program = tmp_path / "user_ops.py"
    assert result.stdout.split() == ["3"]
    assert (f"{program}:3: RegistrationWarning: Op with name AddV2 is registered already "
            f"(declared again at {program}:3); this declaration is ignored.") in result.stderr


def test_a_user_op_declared_before_the_built_in_ops_registers(tmp_path):
    result = run_program(tmp_path, """
        import numpy as np
        from autograph.runtime import op_function, register_kernel, register_op
        register_op("Triple").input("x: float").output("y: float")
        import autograph as ag

        @register_kernel("Triple", device="CPU")
        def triple(ctx, x):
            return x * 3
        print(op_function("Triple")(np.float32(2.0)).numpy(), ag.add(1, 2).numpy())
        """)
    assert result.stdout.split() == ["6.0", "3"]


def test_a_kernel_for_an_op_that_does_not_exist_is_not_found_naming_near_ops():
    with pytest.raises(NotFoundError, match="Cannot register a kernel for 'AddV3'.*AddV2"):
        runtime.register_kernel("AddV3", device="CPU")


def test_a_kernel_for_a_user_op_declared_just_before_registers():
    out = run_fresh("""
        import numpy as np
        from autograph.runtime import op_function, register_kernel, register_op
        register_op("Triple").input("x: float").output("y: float")

        @register_kernel("Triple", device="CPU")
        def triple(ctx, x):
            return x * 3
        print(op_function("Triple")(np.float32(2.0)).numpy())
        """)
    assert out.splitlines() == ["6.0"]
