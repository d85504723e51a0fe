"""Newton's method for square roots: a `while` loop that runs until the answer converges.

`newton_sqrt(a, tol)` improves a guess x with x - (x*x - a) / (2x) while |x*x - a| > tol
(and at most MAX_ITER times). The condition is a tensor, so the loop is one `While` op and
its `and` becomes a lazy `ag__.and_`: the number of iterations is decided when the graph
runs, not when it is traced. The input signature fixes both arguments to float32 scalars, so
every call shares one trace.

    python3 examples/newton.py
    autograph graph examples/newton.py:newton_sqrt --signature "a: float32[], tol: float32[]"
"""

import math

import autograph as ag

MAX_ITER = 50


@ag.function(input_signature=[ag.TensorSpec([], ag.float32), ag.TensorSpec([], ag.float32)])
def newton_sqrt(a, tol):
    x = a / 2.0 + 0.5
    i = 0
    while ag.abs(x * x - a) > tol and i < MAX_ITER:
        x = x - (x * x - a) / (2.0 * x)
        i += 1
    return x, i


def main() -> None:
    print(f"{'a':>9}  {'tol':>6}  {'newton_sqrt':<11}  {'iterations':>10}  math.sqrt")
    for a, tol in ((2.0, 1e-6), (10.0, 1e-6), (81.0, 1e-4), (1e6, 1e-1), (0.25, 1e-6)):
        root, iterations = newton_sqrt(a, tol)
        root, iterations = float(root), int(iterations)
        close = math.isclose(root, math.sqrt(a), rel_tol=1e-5)
        print(f"{a:9g}  {tol:6g}  {root:<11.7g}  {iterations:10}  {math.sqrt(a):<11.7g}"
              f"  {'ok' if close else 'MISMATCH'}")
    print("tracing count:", newton_sqrt.experimental_get_tracing_count())

    graph = newton_sqrt.get_concrete_function().graph
    types = [op.type for op in graph.get_operations()]
    print("ops in the graph:", ", ".join(types), f"({types.count('While')} While)")
    print("\nthe converted source:")
    print(ag.to_code(newton_sqrt.python_function))


if __name__ == "__main__":
    main()
