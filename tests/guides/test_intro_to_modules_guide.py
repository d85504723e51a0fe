"""TensorFlow's intro_to_modules cells that trace a module into TensorBoard, run here with
`import autograph as tf` (`intro_to_modules_guide.py`): each shows what TensorFlow 2.21 showed
(the printed model output up to its random numbers: the guide draws the weights at random),
and the log directory holds the function's graph and the profile, read back with TensorBoard.

One deliberate difference: TensorFlow writes the traced graph inside a summary tagged
"my_func_trace" (a RunMetadata protocol buffer, which tensorboardX's protocol buffers do not
have); here it is the run's graph (the event's `graph_def`). TensorBoard's Graphs dashboard
shows either.
"""

import re

import pytest

import autograph as ag
from tests.guides import intro_to_modules_guide as guide
from tests.guides import notebook
from tests.summary.reading import accumulator


def _masked(text):
    """Numbers replaced by #, the spaces NumPy aligns them with by one, `tf.` as `ag.`."""
    text = re.sub(r"\btf\.Tensor\b", "ag.Tensor", text)
    text = re.sub(r" +", " ", re.sub(r"-?\d+\.\d*(?:e[-+]?\d+)?", "#", text))
    return re.sub(r" ([\],])", r"\1", text)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("intro_to_modules")
    namespace = {"__name__": "__main__"}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        ag.random.set_seed(0)
        shown = notebook.run_cells(guide.CELLS, (guide.IMPORT, "import autograph as tf"),
                                   namespace)
        # As in TensorFlow, the profiler the cell started still runs: stop it, as its user
        # would, to see its trace.
        trace = ag.profiler.experimental.stop()
    logdir = folder / namespace["logdir"]
    yield shown, logdir, trace
    notebook.clear(namespace)


@pytest.mark.parametrize("cell", [c for c, _ in guide.CELLS])
def test_the_cell_shows_what_tensorflow_shows(run, cell):
    assert _masked(run[0][cell]) == _masked(guide.TENSORFLOW[cell])


def test_the_log_directory_has_the_modules_graph_and_the_profile(run):
    _, logdir, trace = run
    nodes = accumulator(logdir).Graph().node
    assert [n.op for n in nodes].count("MatMul") == 2
    assert trace.startswith(str(logdir / "plugins" / "profile"))
