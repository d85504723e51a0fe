"""A custom op: a declaration with the op builder, a NumPy kernel, and a front-end function.

`Swish(x; beta) = x * sigmoid(beta * x)` is declared with `register_op` (typed input and
output, a type attr limited to floats, a `beta` attr with a default, a shape function and its
documentation), implemented once against `ctx.xp` (NumPy on the CPU, CuPy on a GPU), and
turned into `swish()` by `op_function`. It then works like any built-in op: eagerly, inside an
`ag.function` graph, with dtype checks, and listed by the registry.

    python3 examples/custom_op.py
    autograph run examples/custom_op.py:swish_energy "[1.0, 2.0]"
"""

import numpy as np

import autograph as ag
from autograph.runtime import op_function, op_registry, register_kernel, register_op
from autograph.runtime.registry.op_registry import format_op_def
from autograph.runtime.registry.shape_inference import unchanged

register_op("Swish").input("x: T").output("y: T") \
    .attr("T: {float16, float32, float64}").attr("beta: float = 1.0") \
    .set_shape_fn(unchanged) \
    .doc("Computes x * sigmoid(beta * x) elementwise.\n\n"
         "x: the input.\nbeta: the slope of the sigmoid gate.")


@register_kernel("Swish", device=("CPU", "GPU"))
def swish_kernel(ctx, x, beta):
    return (x / (1 + ctx.xp.exp(-beta * x))).astype(x.dtype)


swish = op_function("Swish")


@ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
def swish_energy(x):
    return ag.reduce_sum(ag.square(swish(x, beta=2.0)))


def main() -> None:
    print("== the declaration, as the registry holds it")
    print(format_op_def(op_registry().lookup_op_def("Swish")), end="")

    print("\n== eagerly")
    x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], np.float32)
    y = swish(x).numpy()
    expected = x / (1 + np.exp(-x))
    print("swish(x) =", [round(float(v), 4) for v in y], "| matches NumPy:",
          bool(np.allclose(y, expected)))
    print("swish(x, beta=2.0) =", [round(float(v), 4) for v in swish(x, beta=2.0).numpy()])
    try:
        swish([1, 2])
    except ag.errors.InvalidArgumentError as e:
        print("swish on int32 ->", str(e).split(";")[0])

    print("\n== inside an ag.function")
    energy = float(swish_energy(x))
    print(f"swish_energy(x) = {energy:.4f} | NumPy: {np.sum((x / (1 + np.exp(-2 * x))) ** 2):.4f}")
    graph = swish_energy.get_concrete_function().graph
    print("ops in the graph:", ", ".join(op.type for op in graph.get_operations()))

    print("\n== a malformed declaration is reported whole")
    try:
        register_op("BadSwish").input("x: T").output("y: T").attr("beta: flaot = 1.0")
        op_registry().lookup_op_def("BadSwish")
    except ag.errors.InvalidArgumentError as e:
        print(e)


if __name__ == "__main__":
    main()
