"""Dependency optimisation (TensorFlow's `dependency_optimization`, "essential for pruning
Identity and NoOp nodes"): an `Identity` that only forwards its input is bypassed, so the
other passes see through it (`Mul(Identity(x), 1)` is `x`).

    y = Identity(x); z = Neg(y)   ->   z = Neg(x)

Kept: identities `Rewrite.frozen` protects (fetched, with control inputs, waited for), and those
placed on another device than their input's op, which say where a value goes. A `NoOp` that
nothing waits for is dead and goes with pruning; one with control inputs is frozen.
"""

from __future__ import annotations

from autograph.runtime.exec.optimize.rewrite import Rewrite


def run(rewrite: Rewrite) -> int:
    """Bypasses forwarding identities; returns how many."""
    bypassed = 0
    if not any(op.type == "Identity" for op in rewrite.ops):  # no walk to make
        return 0
    for op in rewrite.walk():
        if op.type != "Identity" or rewrite.frozen(op):
            continue
        (x,) = op.inputs
        if op.device and op.device != x.op.device:
            continue
        rewrite.replace(op, [x])
        bypassed += 1
    return bypassed
