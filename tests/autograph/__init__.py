"""Tests of the converter."""

import linecache
import sys

import pytest

# `ast.unparse` formats a few constructs differently before Python 3.11 (`lambda : x`,
# `(a, b) = ...`); tests comparing generated text exactly are pinned to 3.11 and later.
pinned_unparse = pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="generated text is pinned to ast.unparse of Python 3.11+ (DESIGN.md)")


def exec_registered(source: str, filename: str) -> dict:
    """Runs `source` as code from `filename`, whose text is registered in linecache (as
    IPython and exec-based tools do); returns the namespace it defined."""
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace
