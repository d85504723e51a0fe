"""Conversion time of a 40-line function with nested control flow, cold and cached.

Cold: the function is converted from its source (parse, analyses, every converter, unparse,
compile), with this function's cache entries cleared first; cached: converting it again.
Both are printed next to `ast.parse` + `compile` of the same source, as ratios.

    python3 benchmarks/conversion.py
"""

from __future__ import annotations

import ast
import inspect
import platform
import textwrap
import timeit

from headline import headline

import autograph as ag
from autograph.impl import api, transpiler


def forty_lines(x, n, threshold):
    total = 0
    count = 0
    best = -1
    history = []
    i = 0
    while i < n:
        value = x[i]
        if value > threshold:
            total = total + value
            count += 1
        elif value < -threshold:
            total = total - value
        else:
            total = total + 1
        j = 0
        while j < 3:
            if (value + j) % 2 == 0:
                best = ag.maximum(best, value + j) if best >= 0 else value + j
            j += 1
        if count > 10:
            threshold = threshold * 2
        i += 1
    for k in ag.range(count):
        if k % 3 == 0:
            total = total + k
        else:
            total = total - 1
    history.append(total)
    if total > 100:
        label = 1
    elif total > 10:
        label = 2
    else:
        label = 3
    result = total * label + best
    while result > 1000:
        result = result // 2
    return result, len(history)


def best(fn, number: int, repeat: int = 15) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def cold_conversion() -> None:
    original = inspect.unwrap(forty_lines)
    transpiler._cache.clear()
    transpiler._functions.pop(original, None)
    api.to_graph(forty_lines)


def main() -> None:
    source = textwrap.dedent(inspect.getsource(forty_lines))
    lines = len([ln for ln in source.splitlines() if ln.strip()])
    parse_compile = best(lambda: compile(ast.parse(source), "<bench>", "exec"), 200)
    cold = best(cold_conversion, 20)
    api.to_graph(forty_lines)
    cached = best(lambda: api.to_graph(forty_lines), 20000)
    print(f"conversion of a {lines}-line function; Python {platform.python_version()}, "
          f"{platform.machine()}")
    print(f"  ast.parse + compile     {parse_compile * 1e6:10.1f} µs")
    print(f"  cold conversion         {cold * 1e6:10.1f} µs   ratio "
          f"{cold / parse_compile:.1f}")
    print(f"  cached conversion       {cached * 1e6:10.2f} µs")
    headline("cold conversion, 40-line function / ast.parse + compile", cold / parse_compile)


if __name__ == "__main__":
    main()
