"""Binary ops and operators given operands whose dtypes do not go together, with the exception
class TensorFlow 2.21 (CPU) raises for each: eagerly, and inside a function while it is traced.

Each case is `call(ns, t)`: `ns` is `ag` (or `tf`, when recording) and `t` an int32 tensor
[1, 2]. `record_dtype_errors.py` prints RECORDED from TensorFlow. What the table shows:

* A Python value takes the dtype of the tensor it meets, and one that cannot (1.5 for int32) is
  a TypeError ("Cannot convert 1.5 to EagerTensor of dtype int32"), for the functions, the
  operators and the reflected operators alike;
* except in `tf.add` and `t + x`, which convert a Python value with the other operand's dtype
  as a hint only: the op then gets two dtypes and refuses them;
* an op given two dtypes raises InvalidArgumentError eagerly (its kernel refuses them) and
  TypeError inside a function (the graph refuses the op);
* `truediv` compares the dtypes itself and raises TypeError.
"""

from typing import Any, Callable


def _column(ns: Any, t: Any) -> Any:
    return ns.reshape(t, [2, 1])


# id -> call(ns, t)
CASES: dict[str, Callable[[Any, Any], Any]] = {
    "t + 1.5": lambda ns, t: t + 1.5,
    "1.5 + t": lambda ns, t: 1.5 + t,
    "t - 1.5": lambda ns, t: t - 1.5,
    "1.5 - t": lambda ns, t: 1.5 - t,
    "t * 1.5": lambda ns, t: t * 1.5,
    "1.5 * t": lambda ns, t: 1.5 * t,
    "t / 1.5": lambda ns, t: t / 1.5,
    "1.5 / t": lambda ns, t: 1.5 / t,
    "t // 1.5": lambda ns, t: t // 1.5,
    "1.5 // t": lambda ns, t: 1.5 // t,
    "t % 1.5": lambda ns, t: t % 1.5,
    "1.5 % t": lambda ns, t: 1.5 % t,
    "t ** 1.5": lambda ns, t: t ** 1.5,
    "1.5 ** t": lambda ns, t: 1.5 ** t,
    "t & 1.5": lambda ns, t: t & 1.5,
    "1.5 & t": lambda ns, t: 1.5 & t,
    "t ^ 1.5": lambda ns, t: t ^ 1.5,
    "1.5 ^ t": lambda ns, t: 1.5 ^ t,
    "t < 1.5": lambda ns, t: t < 1.5,
    "1.5 < t": lambda ns, t: 1.5 < t,
    "t + 'a'": lambda ns, t: t + "a",
    "t - 'a'": lambda ns, t: t - "a",
    "column @ [[1.5, 2.0]]": lambda ns, t: _column(ns, t) @ [[1.5, 2.0]],
    "[[1.5], [2.0]] @ row": lambda ns, t: [[1.5], [2.0]] @ ns.reshape(t, [1, 2]),
    "add(t, 1.5)": lambda ns, t: ns.add(t, 1.5),
    "add(1.5, t)": lambda ns, t: ns.add(1.5, t),
    "subtract(t, 1.5)": lambda ns, t: ns.subtract(t, 1.5),
    "subtract(1.5, t)": lambda ns, t: ns.subtract(1.5, t),
    "multiply(t, 1.5)": lambda ns, t: ns.multiply(t, 1.5),
    "multiply(1.5, t)": lambda ns, t: ns.multiply(1.5, t),
    "truediv(t, 1.5)": lambda ns, t: ns.truediv(t, 1.5),
    "truediv(1.5, t)": lambda ns, t: ns.truediv(1.5, t),
    "divide(1.5, t)": lambda ns, t: ns.divide(1.5, t),
    "floordiv(t, 1.5)": lambda ns, t: ns.math.floordiv(t, 1.5),
    "pow(1.5, t)": lambda ns, t: ns.pow(1.5, t),
    "maximum(t, 1.5)": lambda ns, t: ns.maximum(t, 1.5),
    "minimum(1.5, t)": lambda ns, t: ns.minimum(1.5, t),
    "squared_difference(t, 1.5)": lambda ns, t: ns.math.squared_difference(t, 1.5),
    "squared_difference(1.5, t)": lambda ns, t: ns.math.squared_difference(1.5, t),
    "divide_no_nan(1.5, t)": lambda ns, t: ns.math.divide_no_nan(1.5, t),
    "equal(t, 1.5)": lambda ns, t: ns.equal(t, 1.5),
    "matmul(column, [[1.5, 2.0]])": lambda ns, t: ns.matmul(_column(ns, t), [[1.5, 2.0]]),
    "t + float32 tensor": lambda ns, t: t + ns.constant([1.0, 2.0]),
    "t * float32 tensor": lambda ns, t: t * ns.constant([1.0, 2.0]),
    "t < float32 tensor": lambda ns, t: t < ns.constant([1.0, 2.0]),
    "t / float32 tensor": lambda ns, t: t / ns.constant([1.0, 2.0]),
    "subtract(t, float32 tensor)": lambda ns, t: ns.subtract(t, ns.constant([1.0, 2.0])),
    "maximum(t, float32 tensor)": lambda ns, t: ns.maximum(t, ns.constant([1.0, 2.0])),
    "equal(t, float32 tensor)": lambda ns, t: ns.equal(t, ns.constant([1.0, 2.0])),
    "column @ float32 row": lambda ns, t: _column(ns, t) @ ns.constant([[1.0, 2.0]]),
}

# Recorded from TensorFlow 2.21 (CPU) by record_dtype_errors.py: id -> (the class raised
# eagerly, the class raised while `tf.function(call, autograph=False)` traces).
RECORDED: dict[str, tuple[str, str]] = {
    "t + 1.5": ("InvalidArgumentError", "TypeError"),
    "1.5 + t": ("TypeError", "TypeError"),
    "t - 1.5": ("TypeError", "TypeError"),
    "1.5 - t": ("TypeError", "TypeError"),
    "t * 1.5": ("TypeError", "TypeError"),
    "1.5 * t": ("TypeError", "TypeError"),
    "t / 1.5": ("TypeError", "TypeError"),
    "1.5 / t": ("TypeError", "TypeError"),
    "t // 1.5": ("TypeError", "TypeError"),
    "1.5 // t": ("TypeError", "TypeError"),
    "t % 1.5": ("TypeError", "TypeError"),
    "1.5 % t": ("TypeError", "TypeError"),
    "t ** 1.5": ("TypeError", "TypeError"),
    "1.5 ** t": ("TypeError", "TypeError"),
    "t & 1.5": ("TypeError", "TypeError"),
    "1.5 & t": ("TypeError", "TypeError"),
    "t ^ 1.5": ("TypeError", "TypeError"),
    "1.5 ^ t": ("TypeError", "TypeError"),
    "t < 1.5": ("TypeError", "TypeError"),
    "1.5 < t": ("TypeError", "TypeError"),
    "t + 'a'": ("InvalidArgumentError", "TypeError"),
    "t - 'a'": ("TypeError", "TypeError"),
    "column @ [[1.5, 2.0]]": ("InvalidArgumentError", "TypeError"),
    "[[1.5], [2.0]] @ row": ("TypeError", "TypeError"),
    "add(t, 1.5)": ("InvalidArgumentError", "TypeError"),
    "add(1.5, t)": ("InvalidArgumentError", "TypeError"),
    "subtract(t, 1.5)": ("TypeError", "TypeError"),
    "subtract(1.5, t)": ("TypeError", "TypeError"),
    "multiply(t, 1.5)": ("TypeError", "TypeError"),
    "multiply(1.5, t)": ("TypeError", "TypeError"),
    "truediv(t, 1.5)": ("TypeError", "TypeError"),
    "truediv(1.5, t)": ("TypeError", "TypeError"),
    "divide(1.5, t)": ("TypeError", "TypeError"),
    "floordiv(t, 1.5)": ("TypeError", "TypeError"),
    "pow(1.5, t)": ("TypeError", "TypeError"),
    "maximum(t, 1.5)": ("TypeError", "TypeError"),
    "minimum(1.5, t)": ("TypeError", "TypeError"),
    "squared_difference(t, 1.5)": ("TypeError", "TypeError"),
    "squared_difference(1.5, t)": ("TypeError", "TypeError"),
    "divide_no_nan(1.5, t)": ("TypeError", "TypeError"),
    "equal(t, 1.5)": ("TypeError", "TypeError"),
    "matmul(column, [[1.5, 2.0]])": ("InvalidArgumentError", "TypeError"),
    "t + float32 tensor": ("InvalidArgumentError", "TypeError"),
    "t * float32 tensor": ("InvalidArgumentError", "TypeError"),
    "t < float32 tensor": ("InvalidArgumentError", "TypeError"),
    "t / float32 tensor": ("TypeError", "TypeError"),
    "subtract(t, float32 tensor)": ("InvalidArgumentError", "TypeError"),
    "maximum(t, float32 tensor)": ("InvalidArgumentError", "TypeError"),
    "equal(t, float32 tensor)": ("InvalidArgumentError", "TypeError"),
    "column @ float32 row": ("InvalidArgumentError", "TypeError"),
}
