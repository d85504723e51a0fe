"""TensorFlow's SavedModel guide, ported by changing the import: each cell prints what
TensorFlow 2.21 printed (recorded below), except where a test says why not.

The cells are those of tensorflow/docs `site/en/guide/saved_model.ipynb` (Apache 2.0) that
run without the network and print no file listing or protobuf: 14 of the guide's 23 code cells
that print no file listing (cells 24, 26 and 28 run `ls` and `saved_model_cli`). The other
nine (10-21, 42, 43) download an image and ImageNet labels and build
`tf.keras.applications.MobileNet`, which needs the network and layers autograph lacks
(DepthwiseConv2D, BatchNormalization, ReLU6); `test_a_keras_model_exports_its_inference_
call_and_serving_signature` in test_saved_model.py does what they do on a smaller model.
Cell 8 loses its `matplotlib` import, which only those cells use.
"""

import ast
import contextlib
import io
import linecache
import pathlib
import sys
import tempfile

import pytest

import autograph
from tests.guides.cells import read_cells

# (cell number, source, what TensorFlow 2.21 printed: stdout, then the repr of a last
# expression that is not None, as a notebook shows it)
CELLS = read_cells(pathlib.Path(__file__).with_name("saved_model_guide.txt"))

# TensorFlow traces `__call__` again while saving (to make its signature functions), so its
# `print` runs twice; autograph saves the traces it has and runs no Python while saving.
TRACED_AGAIN_WHILE_SAVING = {33, 47}


def _ours(cell, tensorflow_output):
    if cell in TRACED_AGAIN_WHILE_SAVING:
        first, *rest = tensorflow_output.splitlines(keepends=True)
        return first + "".join(line for line in rest if not line.startswith("Tracing with"))
    return tensorflow_output.replace("tf.float32", "ag.float32")  # the ported name


def _run(cell, source, namespace):
    filename = f"<saved_model.ipynb cell {cell}>"
    # As a notebook does: the cell's source is found by its file name, so functions convert.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    tree = ast.parse(source)
    last = tree.body[-1] if isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, filename, "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), filename, "eval"), namespace)
            if value is not None:
                print(repr(value))
    return out.getvalue()


def test_every_cell_prints_what_tensorflow_printed(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "mkdtemp", lambda *args, **kwargs: str(tmp_path))
    monkeypatch.setitem(sys.modules, "tensorflow", autograph)  # the port
    namespace = {}
    for cell, source, tensorflow_output in CELLS:
        assert _run(cell, source, namespace) == _ours(cell, tensorflow_output), f"cell {cell}"


def test_tensorflow_traced_twice_in_two_cells_only():
    twice = {cell for cell, _, out in CELLS if out.count("Tracing with") == 2}
    assert twice == TRACED_AGAIN_WHILE_SAVING


@pytest.mark.parametrize("cell", sorted(TRACED_AGAIN_WHILE_SAVING))
def test_our_output_there_is_tensorflows_without_the_second_trace(cell):
    tensorflow_output = dict((c, out) for c, _, out in CELLS)[cell]
    assert _ours(cell, tensorflow_output).count("Tracing with") == 1
