"""Programs the long differential run found wrong once, run again the three ways.

Each file in `found/` starts with `# arguments: (a, b)` and a line saying what went wrong.
"""

import ast
import pathlib

import pytest

from tests.differential import runner

FOUND = sorted((pathlib.Path(__file__).parent / "found").glob("*.py"))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("path", FOUND, ids=lambda path: path.stem)
def test_a_program_found_wrong_once_agrees_with_python(path):
    source = path.read_text()
    arguments = ast.literal_eval(source.splitlines()[0].removeprefix("# arguments: "))
    result = runner.run(source, arguments)
    assert result.to_graph.kind not in runner.BUGS, result.to_graph.detail
    assert result.function.kind not in runner.BUGS, result.function.detail
