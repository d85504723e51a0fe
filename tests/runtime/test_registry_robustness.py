"""A user's bad registrations are reported to that user and leave the built-in ops working.

Each case runs in a fresh process, where the registry is as a user's program finds it.
"""

import subprocess
import sys
import textwrap

import pytest

import runtime
from runtime.core.errors import NotFoundError


def run_fresh(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_malformed_user_op_is_reported_once_and_built_in_ops_keep_working():
    out = run_fresh("""
        import autograph as ag
        from runtime import register_op
        register_op("BadOp").input("x: Q").output("y: float")
        for _ in range(2):
            try:
                print(ag.add(1, 2).numpy())
            except Exception as e:
                print(type(e).__name__, "BadOp" in str(e))
        print(ag.multiply(2, 3).numpy())
        """)
    assert out.splitlines() == ["InvalidArgumentError True", "3", "6"]


def test_a_duplicate_user_op_is_already_exists_and_built_in_ops_keep_working():
    out = run_fresh("""
        import autograph as ag
        from runtime import register_op
        register_op("AddV2").input("x: float").output("y: float")
        try:
            ag.add(1, 2)
        except Exception as e:
            print(type(e).__name__)
        print(ag.add(1, 2).numpy())
        """)
    assert out.splitlines() == ["AlreadyExistsError", "3"]


def test_a_kernel_for_an_op_that_does_not_exist_is_not_found_naming_near_ops():
    with pytest.raises(NotFoundError, match="Cannot register a kernel for 'AddV3'.*AddV2"):
        runtime.register_kernel("AddV3", device="CPU")


def test_a_kernel_for_a_user_op_declared_just_before_registers():
    out = run_fresh("""
        import numpy as np
        from runtime import op_function, register_kernel, register_op
        register_op("Triple").input("x: float").output("y: float")

        @register_kernel("Triple", device="CPU")
        def triple(ctx, x):
            return x * 3
        print(op_function("Triple")(np.float32(2.0)).numpy())
        """)
    assert out.splitlines() == ["6.0"]
