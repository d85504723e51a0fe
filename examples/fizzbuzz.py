"""FizzBuzz as one traced graph: a tensor loop (`ag.range`) with an `if`/`elif` chain.

Seed 004's example. The loop runs over `ag.range(1, n + 1)` with a tensor `n`, so AutoGraph
turns it into one `While` op and the `if`/`elif` chain into nested `If` ops: the Python `print`
calls run once, while tracing (every branch is traced once), and `ag.print` runs on every
iteration of every call. Calls with a different `n` reuse the one trace.

    python3 examples/fizzbuzz.py
"""

import contextlib
import io

import autograph as ag


@ag.function
def fizzbuzz(n):
    for i in ag.range(1, n + 1):
        print("Tracing for loop")
        if i % 15 == 0:
            print("Tracing fizzbuzz branch")
            ag.print("fizzbuzz")
        elif i % 3 == 0:
            print("Tracing fizz branch")
            ag.print("fizz")
        elif i % 5 == 0:
            print("Tracing buzz branch")
            ag.print("buzz")
        else:
            print("Tracing default branch")
            ag.print(i)


def fizzbuzz_words(n: int) -> list[str]:
    """The same sequence in plain Python, to check the graph against."""
    return ["fizzbuzz" if i % 15 == 0 else "fizz" if i % 3 == 0 else "buzz" if i % 5 == 0
            else str(i) for i in range(1, n + 1)]


def main() -> None:
    print("== fizzbuzz(5): the first call traces, then runs")
    fizzbuzz(ag.constant(5))
    print("\n== fizzbuzz(15): the same trace runs again, with a different n")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        fizzbuzz(ag.constant(15))
    lines = printed.getvalue().splitlines()
    print(" ".join(lines))
    print("same as plain Python:", lines == fizzbuzz_words(15))
    print("tracing count after two calls:", fizzbuzz.experimental_get_tracing_count())

    graph = fizzbuzz.get_concrete_function(ag.constant(1)).graph
    types = [op.type for op in graph.get_operations()]
    print("ops in the graph:", ", ".join(types), f"({types.count('While')} While)")


if __name__ == "__main__":
    main()
