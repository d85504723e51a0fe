"""Runs a notebook's code cells in order as Jupyter does and collects what each shows: its
printed output, then the repr of its last expression (when that is not None). An error ends
the cell and shows as `TypeName: message`, and the next cells still run. Warnings are kept
apart (they go to stderr, which is not compared).

Standard library only: the recorder runs it under TensorFlow's Python, without autograph.
"""

from __future__ import annotations

import ast
import contextlib
import gc
import io
import linecache
import warnings


def run_cell(source: str, namespace: dict, name: str) -> tuple[str, list[str]]:
    """(what the cell shows, the warnings it gave) for `source` run in `namespace`."""
    source = _without_leading_indent(source)
    # As Jupyter does: the cell's source is found by its name (`inspect.getsource` works).
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    tree = ast.parse(source)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(tree, name, "exec"), namespace)
                if last is not None:
                    value = eval(compile(last, name, "eval"), namespace)
                    if value is not None:
                        print(repr(value))
        except Exception as error:  # noqa: BLE001  (shown as the notebook shows it)
            out.write(f"{type(error).__name__}: {error}\n")
    return out.getvalue(), [str(w.message) for w in caught]


def _without_leading_indent(source: str) -> str:
    """As IPython reads a cell: when its first line is indented, that indentation is taken off
    every line that has it (IPython's `leading_indent` transform)."""
    lines = source.splitlines(True)
    indent = lines[0][:len(lines[0]) - len(lines[0].lstrip(" \t"))] if lines else ""
    if not indent:
        return source
    return "".join(line[len(indent):] if line.startswith(indent) else line for line in lines)


def run_cells(cells: list[tuple[str, str]], replace: tuple[str, str] | None = None,
              namespace: dict | None = None) -> dict[str, str]:
    """What each cell shows, by cell id; `replace` = (old, new) rewrites every source. The
    cells run in `namespace` when given, which then keeps what they defined (for checks of
    what they compute but do not show; `clear` it after); else in a new one, cleared here."""
    cleared = namespace is None
    namespace = {"__name__": "__main__"} if namespace is None else namespace
    shown = {}
    for name, source in cells:
        if replace is not None:
            source = source.replace(*replace)
        shown[name] = run_cell(source, namespace, name)[0]
    if cleared:
        clear(namespace)
    return shown


def clear(namespace: dict) -> None:
    """Empties a notebook's namespace, without the warnings of objects going with it."""
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        namespace.clear()
        gc.collect()
