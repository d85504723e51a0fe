"""Kernels of the graph-structure ops (`Placeholder`, `PlaceholderWithDefault`, `NoOp`)."""

from autograph.kernels.common import BOTH
from autograph.runtime.core.dtypes import string
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("Placeholder", device=BOTH)
def placeholder(ctx, dtype, shape):
    # The executor checks feeds before running; this is what an unfed placeholder does.
    raise InvalidArgumentError(f"You must feed a value for a placeholder tensor of dtype "
                               f"{dtype.name}.")


@register_kernel("PlaceholderWithDefault", device=BOTH)
def placeholder_with_default(ctx, x, shape):
    return x


@register_kernel("PlaceholderWithDefault", device="GPU", type_constraints={"dtype": [string]},
                 host_memory=("input", "output"))
def placeholder_with_default_strings(ctx, x, shape):
    return x


@register_kernel("NoOp", device=BOTH)
def no_op(ctx):
    return None
