"""Each gradient table imports on its own (the registry loads the others without a cycle)."""

import subprocess
import sys

import pytest

from autograph.runtime.gradients.registry import TABLES


@pytest.mark.parametrize("table", ["list_grad", "non_differentiable", "while_grad"])
def test_a_table_imported_first_imports(table):
    result = subprocess.run([sys.executable, "-c",
                             f"import autograph.runtime.gradients.{table}"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert table in TABLES
