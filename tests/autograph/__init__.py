"""Tests of the converter."""

import sys

import pytest

# `ast.unparse` formats a few constructs differently before Python 3.11 (`lambda : x`,
# `(a, b) = ...`); tests comparing generated text exactly are pinned to 3.11 and later.
pinned_unparse = pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="generated text is pinned to ast.unparse of Python 3.11+ (DESIGN.md)")
