"""Mutants that change only type annotations, which a module under `from __future__ import
annotations` never evaluates (and no core code reads them back, as `typing.get_type_hints`
would): equivalent by construction, so the runner passes them without running tests and the
records count them as equivalent instead of listing them.

>>> original = "from __future__ import annotations\\nx: int | None = None\\n"
>>> only_annotations_differ(original, original.replace("int | None", "int & None"))
True
>>> only_annotations_differ(original, original.replace("= None", "= 0"))
False
"""

from __future__ import annotations

import ast


def only_annotations_differ(original: str, mutated: str) -> bool:
    """Whether `mutated` differs from `original` in annotations alone, and the module defers
    them (PEP 563), so that no annotation is evaluated when it runs."""
    if original == mutated:
        return False
    try:
        before, after = ast.parse(original), ast.parse(mutated)
    except SyntaxError:
        return False
    if not _defers_annotations(before):
        return False
    return ast.dump(_without_annotations(before)) == ast.dump(_without_annotations(after))


def _defers_annotations(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
               and any(alias.name == "annotations" for alias in node.names)
               for node in tree.body)


def _without_annotations(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            node.annotation = None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
        elif isinstance(node, ast.AnnAssign):
            # The annotation is dropped; a bare `x: T` in a class still declares nothing at run
            # time beyond `__annotations__`, which holds the annotation's text.
            node.annotation = ast.Constant(None)
    return tree
