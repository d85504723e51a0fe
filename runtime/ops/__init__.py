"""The built-in ops, one package per family (`array`, `math`, `nn`, ...), as `kernels/` groups
their kernels: in each, the op declarations (`defs.py`) beside the user-facing functions over them
(`ops.py`) and the family's helpers.

Importing the package declares every built-in op and registers them as one group, ahead of any
op a user declared before, so that a user's op is a registration of its own: a malformed or
duplicate one is reported to that user and cannot keep the built-in ops from registering. It
also installs the Python operators of `Tensor` (`operators`) and the stacking of lists of
tensors (`array/ops.py`).

Imports `core`, `registry`, `graph` and `eager`.
"""

from autograph.runtime.registry.op_registry import op_registry

with op_registry().group():  # the built-in ops: one group, ahead of ops declared earlier
    import autograph.runtime.ops.array.defs  # noqa: F401
    import autograph.runtime.ops.array.ops  # noqa: F401
    import autograph.runtime.ops.array.sorting_defs  # noqa: F401
    import autograph.runtime.ops.checks.defs  # noqa: F401
    import autograph.runtime.ops.complex.defs  # noqa: F401
    import autograph.runtime.ops.control_flow.defs  # noqa: F401
    import autograph.runtime.ops.creation.defs  # noqa: F401
    import autograph.runtime.ops.creation.ops  # noqa: F401
    import autograph.runtime.ops.graph.defs  # noqa: F401
    import autograph.runtime.ops.graph.ops  # noqa: F401
    import autograph.runtime.ops.io.defs  # noqa: F401
    import autograph.runtime.ops.iterator.defs  # noqa: F401
    import autograph.runtime.ops.linalg.decomposition_defs  # noqa: F401
    import autograph.runtime.ops.linalg.defs  # noqa: F401
    import autograph.runtime.ops.list.defs  # noqa: F401
    import autograph.runtime.ops.logging.defs  # noqa: F401
    import autograph.runtime.ops.math.defs  # noqa: F401
    import autograph.runtime.ops.math.ops  # noqa: F401
    import autograph.runtime.ops.nn.defs  # noqa: F401
    import autograph.runtime.ops.random.defs  # noqa: F401
    import autograph.runtime.ops.random.ops  # noqa: F401
    import autograph.runtime.ops.reduction.defs  # noqa: F401
    import autograph.runtime.ops.script.defs  # noqa: F401
    import autograph.runtime.ops.state.defs  # noqa: F401
    import autograph.runtime.ops.string.defs  # noqa: F401
    import autograph.runtime.ops.string.ops  # noqa: F401
    import autograph.runtime.ops.string.substr  # noqa: F401
    from autograph.runtime.ops import operators  # noqa: F401
