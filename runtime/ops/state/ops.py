"""Functions over the resource-variable ops, and TensorFlow 1's `assign` family.

The low-level functions (`var_handle_op`, `read_variable_op`, ...) run one op each and are what
`runtime.state.variables.Variable` is built from; the public ones (`assign`, `assign_add`,
`assign_sub`, `is_variable_initialized`) are TensorFlow 1's functional spellings of the
`Variable` methods. `truncated_normal` draws from the `TruncatedNormal` op (the truncated normal
initializer uses it).

>>> from autograph.runtime.state.variables import Variable
>>> v = Variable([1.0, 2.0])
>>> assign_add(v, [10.0, 10.0]).numpy()
array([11., 12.], dtype=float32)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes, random_seed
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import as_raw_shape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import as_shape_tensor
from autograph.runtime.ops.math import ops as math_ops

__all__ = ["assign", "assign_add", "assign_sub", "is_variable_initialized"]

_var_handle = op_handle("VarHandleOp")
_read = op_handle("ReadVariableOp")
_assign = op_handle("AssignVariableOp")
_assign_add = op_handle("AssignAddVariableOp")
_assign_sub = op_handle("AssignSubVariableOp")
_scatters: dict[str, Any] = {}
_is_initialized = op_handle("VarIsInitializedOp")
_truncated_normal = op_handle("TruncatedNormal")


def var_handle_op(dtype: Any, shape: Any, shared_name: str = "", debug_name: str = "",
                  container: str = "", name: str | None = None) -> Tensor:
    """A `resource` tensor: the handle of the variable keyed `shared_name`."""
    return _var_handle.run([], {"dtype": dtypes.as_dtype(dtype), "shape": as_raw_shape(shape),
                                "shared_name": shared_name, "debug_name": debug_name,
                                "container": container}, name)


def read_variable_op(handle: Any, dtype: Any, name: str | None = None) -> Tensor:
    """The variable's current value."""
    return _read.run([handle], {"dtype": dtypes.as_dtype(dtype)}, name)


def assign_variable_op(handle: Any, value: Any, name: str | None = None) -> Any:
    """Replaces the variable's value (graph mode: returns the op; eagerly: None)."""
    return _assign.run([handle, value], None, name)


def assign_add_variable_op(handle: Any, value: Any, name: str | None = None) -> Any:
    return _assign_add.run([handle, value], None, name)


def assign_sub_variable_op(handle: Any, value: Any, name: str | None = None) -> Any:
    return _assign_sub.run([handle, value], None, name)


def resource_scatter(op_type: str, handle: Any, indices: Any, updates: Any,
                     name: str | None = None) -> Any:
    """Runs the row update `op_type` (`ResourceScatterAdd`, ...) on the variable `handle`."""
    found = _scatters.get(op_type)
    if found is None:
        found = _scatters[op_type] = op_handle(op_type)
    return found.run([handle, indices, updates], None, name)


def var_is_initialized_op(handle: Any, name: str | None = None) -> Tensor:
    return _is_initialized.run([handle], None, name)


def assign(ref: Any, value: Any, validate_shape: bool = True, use_locking: Any = None,
           name: str | None = None) -> Any:
    """`ref.assign(value)`: TensorFlow 1's functional form.

    Args:
        ref: a `Variable`.
        value: the new value, of the variable's dtype and a compatible shape.
        validate_shape: kept for TensorFlow compatibility; shapes are always checked against
            the variable's declared shape.
        use_locking: ignored (updates of one variable never interleave).
        name: the name of the assign op in a graph.

    Returns:
        Eagerly the variable; in a graph, a tensor holding the new value once fetched.

    >>> from autograph.runtime.state.variables import Variable
    >>> assign(Variable(1), 5).numpy()
    np.int32(5)
    """
    return ref.assign(value, name=name)


def assign_add(ref: Any, value: Any, use_locking: Any = None, name: str | None = None) -> Any:
    """`ref.assign_add(value)`: adds `value` (which may broadcast) to the variable.

    >>> from autograph.runtime.state.variables import Variable
    >>> assign_add(Variable([1, 2]), 1).numpy()
    array([2, 3], dtype=int32)
    """
    return ref.assign_add(value, name=name)


def assign_sub(ref: Any, value: Any, use_locking: Any = None, name: str | None = None) -> Any:
    """`ref.assign_sub(value)`: subtracts `value` (which may broadcast) from the variable.

    >>> from autograph.runtime.state.variables import Variable
    >>> assign_sub(Variable([1, 2]), 1).numpy()
    array([0, 1], dtype=int32)
    """
    return ref.assign_sub(value, name=name)


def is_variable_initialized(variable: Any) -> Tensor:
    """A bool tensor: whether `variable` has a value (in the session that runs it).

    >>> from autograph.runtime.state.variables import Variable
    >>> bool(is_variable_initialized(Variable(0.0)))
    True
    """
    return variable.is_initialized()


def truncated_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = dtypes.float32, seed: int | None = None,
                     name: str | None = None) -> Tensor:
    """Values from a normal distribution, redrawn when more than 2 `stddev` from `mean`.

    Args:
        shape: the output shape: a list or tuple of ints, a `TensorShape`, or an int tensor.
        mean: the mean, a scalar or a tensor broadcasting with the output.
        stddev: the standard deviation, a scalar or a tensor broadcasting with the output.
        dtype: float16, float32 or float64.
        seed: an op seed; see `ag.random.set_seed`.
        name: the op's name in a graph.

    Raises:
        InvalidArgumentError: when `dtype` is not a float type.

    >>> x = truncated_normal([1000], stddev=0.5, seed=3).numpy()
    >>> bool(abs(x).max() <= 1.0)
    True
    """
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise InvalidArgumentError(f"truncated_normal does not support dtype {dtype.name}; "
                                   f"supported: float16, float32, float64.")
    seed1, seed2 = random_seed.get_seed(seed)
    result = _truncated_normal.run([as_shape_tensor(shape)], {"seed": seed1, "seed2": seed2,
                                                             "dtype": dtype}, name)
    if not (isinstance(stddev, (int, float)) and stddev == 1):
        result = math_ops.multiply(result, convert_to_tensor(stddev, dtype))
    if not (isinstance(mean, (int, float)) and mean == 0):
        result = math_ops.add(result, convert_to_tensor(mean, dtype))
    return result
