"""A user's bad op or kernel registration is reported to that user and spares the built-in ops.

Each case runs in a fresh process, where the registry still holds its start-of-process queue.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from runtime import op_registry, register_kernel
from runtime.errors import NotFoundError
from runtime.kernel_registry import KernelRegistry

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_fresh(*parts: str) -> list[str]:
    """Runs the dedented `parts` one after another in a fresh interpreter; its stdout lines."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    code = "".join(textwrap.dedent(p) for p in parts)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


ADD_AFTER = """
    print(float(ag.constant(1.0) + ag.constant(2.0)))
    print(float(ag.function(lambda x: x * 2.0, autograph=False)(ag.constant(3.0))))
"""


def test_malformed_user_op_raises_and_builtin_ops_keep_working():
    out = run_fresh("""
        import autograph as ag, runtime
        runtime.register_op("Bad").input("x T")
        try:
            runtime.op_registry().lookup("Bad")
        except runtime.errors.InvalidArgumentError as e:
            print("raised", "'x T'" in str(e))
    """, ADD_AFTER)
    assert out == ["raised True", "3.0", "6.0"]


def test_duplicate_user_op_raises_already_exists_and_builtin_ops_keep_working():
    out = run_fresh("""
        import autograph as ag, runtime
        runtime.register_op("AddV2").input("x: T").output("y: T").attr("T: type")
        try:
            runtime.op_registry().lookup("AddV2")
        except runtime.errors.AlreadyExistsError as e:
            print("raised", "AddV2" in str(e))
    """, ADD_AFTER)
    assert out == ["raised True", "3.0", "6.0"]


def test_every_failed_user_op_is_listed_in_one_error():
    out = run_fresh("""
        import runtime
        runtime.register_op("Bad").input("x T")
        runtime.register_op("lower_case")
        runtime.register_op("Fine").input("x: float32").output("y: float32")
        try:
            runtime.op_registry().process_registrations()
        except runtime.errors.InvalidArgumentError as e:
            print("Bad" in str(e), "lower_case" in str(e))
        print(runtime.op_registry().lookup_op_def("Fine").name)
    """)
    assert out == ["True True", "Fine"]


def test_kernel_for_missing_op_is_reported_at_first_lookup_in_fresh_process():
    out = run_fresh("""
        import autograph as ag, runtime
        @runtime.register_kernel("AddV3")
        def add(ctx, x, y):
            return x + y
        try:
            runtime.kernels_for("AddV2")
        except runtime.errors.NotFoundError as e:
            print("raised", "'AddV3'" in str(e), "AddV2" in str(e))
        print(runtime.kernels_for("AddV3"))
    """, ADD_AFTER)
    assert out == ["raised True True", "[]", "3.0", "6.0"]


def test_kernel_for_missing_op_is_reported_at_registration_once_ops_are_processed():
    op_registry().process_registrations()
    with pytest.raises(NotFoundError, match=r"'MatMull'.*Did you mean MatMul"):
        register_kernel("MatMull")(lambda ctx, a, b: a)


def test_kernel_for_registered_op_is_accepted():
    kernels = KernelRegistry()
    kernels.register("MatMul", "CPU", lambda ctx, a, b: a)
    assert [k.op_name for k in kernels.kernels_for("MatMul")] == ["MatMul"]
