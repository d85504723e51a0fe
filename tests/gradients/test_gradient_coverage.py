"""Every registered op has a gradient function or is marked not differentiable (`no_gradient`).

Ops named `Test*` are registered by tests themselves and are left out, as in
`tests/ops/test_op_coverage.py`.
"""

import autograph  # noqa: F401  (registers every op and gradient)
from autograph.runtime import op_registry
from autograph.runtime.gradients import registered_gradients

# Ops whose gradients are being written now and may still be missing. Each must leave this set
# when it gains a gradient (or a no_gradient mark): a test fails until it does, so the set
# shrinks to empty.
PENDING: set[str] = set()  # ops whose gradient is being written (none now)


def registered_ops() -> list[str]:
    """The registered op types, less those that tests register for themselves."""
    return [d.name for d in op_registry().export(include_internal=True)
            if not d.name.startswith("Test") and not d.name.startswith("_Test")]


def test_every_op_has_a_gradient_or_a_no_gradient_mark():
    known = registered_gradients()
    missing = sorted(op for op in registered_ops() if op not in known and op not in PENDING)
    assert not missing, (
        f"These ops have neither a gradient nor a no_gradient mark: {', '.join(missing)}. "
        f"Register one with @ag.RegisterGradient(op_type) (runtime/gradients/*_grad.py), or "
        f"add the op to runtime/gradients/non_differentiable.py if it has none.")


def test_pending_ops_leave_the_pending_set_once_they_have_a_gradient():
    known = registered_gradients()
    done = sorted(op for op in PENDING if op in known)
    assert not done, (f"These ops now have a gradient (or a no_gradient mark): "
                      f"{', '.join(done)}. Remove them from PENDING in {__name__}.")


def test_pending_ops_are_registered_ops():
    assert sorted(PENDING - set(registered_ops())) == []
