"""The Collatz sequence: a `while` loop on a tensor condition becomes one `While` op.

`collatz_steps(n)` counts the steps from `n` down to 1 (halve when even, else 3n + 1). The
loop condition `n != 1` is a tensor, so AutoGraph stages the loop as a graph `While` op whose
size does not depend on how many steps it takes; the `if` inside becomes an `If` op. The
input signature makes every call, with a tensor or a Python int, share one trace.

    python3 examples/collatz.py
    autograph run examples/collatz.py:collatz_steps 27
"""

import autograph as ag


@ag.function(input_signature=[ag.TensorSpec([], ag.int32)])
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def python_collatz_steps(n: int) -> int:
    """The same count in plain Python, to check the graph against."""
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def main() -> None:
    print("start  steps  plain Python")
    for start in (1, 6, 7, 27, 97, 871):
        steps = int(collatz_steps(ag.constant(start)))
        expected = python_collatz_steps(start)
        print(f"{start:5}  {steps:5}  {expected:5}  {'ok' if steps == expected else 'MISMATCH'}")
    print("collatz_steps(27) with a Python int:", int(collatz_steps(27)))
    print("tracing count:", collatz_steps.experimental_get_tracing_count())

    concrete = collatz_steps.get_concrete_function()
    types = [op.type for op in concrete.graph.get_operations()]
    print("ops in the graph:", ", ".join(types), f"({types.count('While')} While)")
    print()
    print(concrete)


if __name__ == "__main__":
    main()
