"""The package's docstring examples run once each, by the names users import the modules by."""

import pathlib
import subprocess
import sys

from tests.doctest_modules import module_name

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_repository_folders_map_to_import_names():
    assert module_name(ROOT / "runtime" / "exec" / "session.py") == "autograph.runtime.exec.session"
    assert module_name(ROOT / "kernels" / "__init__.py") == "autograph.kernels"
    assert module_name(ROOT / "autograph" / "impl" / "api.py") == "autograph.impl.api"
    assert module_name(ROOT / "autograph" / "__main__.py") is None  # importing it runs the CLI
    assert module_name(ROOT / "tests" / "test_layers.py") is None


def test_modules_named_on_the_command_line_run_their_examples_without_a_second_import():
    # pytest would import runtime/gradients/nn_grad.py as a test module named
    # runtime.gradients.nn_grad, registering its gradients a second time
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "runtime/exec/session.py",
         "runtime/gradients/nn_grad.py"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
