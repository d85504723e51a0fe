"""Helpers for the tests of the static analyses."""

import ast

import gast


def find_statement(tree, first_line):
    """The one statement of `tree` whose source starts with `first_line`."""
    [stmt] = [n for n in gast.walk(tree) if isinstance(n, gast.stmt)
              and ast.unparse(gast.gast_to_ast(n)).split("\n")[0] == first_line]
    return stmt
