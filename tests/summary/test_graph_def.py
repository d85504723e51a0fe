"""How each kind of op attribute, input and shape reaches TensorBoard's GraphDef (read back with
TensorBoard's reader)."""

import numpy as np

import autograph as ag
from tests.summary.reading import accumulator

summary = ag.summary


def _graph(tmp_path):
    graph = ag.Graph()
    with graph.as_default():
        x = ag.compat.v1.placeholder(ag.float32, None, name="x")
        y = ag.compat.v1.placeholder(ag.float32, [2, None], name="y")
        with ag.device("/CPU:0"):
            product = ag.matmul(y, y, transpose_b=True)
        ag.reduce_sum(y, axis=1, keepdims=True)
        ag.strings.join([ag.constant(["a"]), ag.constant(["b"])], separator="-")
        ag.squeeze(ag.reshape(x, [1, 2, 3]), axis=[0])
        with ag.control_dependencies([product]):
            ag.constant(np.arange(2000, dtype=np.int32), name="big")
        ag.constant(["hello"], name="words")
        ag.constant([[1.5, 2.5]], name="small")
        ag.switch_case(ag.constant(1), [lambda: ag.constant(1.0), lambda: ag.constant(2.0)])
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        summary.graph(graph)
    writer.close()
    return {n.name: n for n in accumulator(tmp_path).Graph().node}


def test_attrs_of_each_kind(tmp_path):
    nodes = _graph(tmp_path)
    assert nodes["MatMul"].attr["transpose_b"].b and not nodes["MatMul"].attr["transpose_a"].b
    assert nodes["MatMul"].attr["T"].type == 1  # DT_FLOAT
    assert nodes["StringJoin"].attr["separator"].s == b"-"
    assert nodes["StringJoin"].attr["N"].i == 2
    assert list(nodes["Squeeze"].attr["squeeze_dims"].list.i) == [0]
    assert list(nodes["switch_case"].attr["Tin"].list.type) == []
    assert [f.name for f in nodes["switch_case"].attr["branches"].list.func] == [
        "switch_case/branches_0", "switch_case/branches_1"]


def test_shapes_known_partly_and_not_at_all(tmp_path):
    nodes = _graph(tmp_path)
    assert nodes["x"].attr["shape"].shape.unknown_rank
    assert [d.size for d in nodes["y"].attr["shape"].shape.dim] == [2, -1]
    assert [d.size for d in nodes["y"].attr["_output_shapes"].list.shape[0].dim] == [2, -1]


def test_constants_keep_small_values_and_the_size_of_large_ones(tmp_path):
    nodes = _graph(tmp_path)
    small = nodes["small"].attr["value"].tensor
    assert np.frombuffer(small.tensor_content, "<f4").tolist() == [1.5, 2.5]
    assert [d.size for d in small.tensor_shape.dim] == [1, 2]
    big = nodes["big"].attr["value"].tensor
    assert big.tensor_content == b"" and [d.size for d in big.tensor_shape.dim] == [2000]
    assert list(nodes["words"].attr["value"].tensor.string_val) == [b"hello"]


def test_devices_and_control_inputs(tmp_path):
    nodes = _graph(tmp_path)
    assert nodes["MatMul"].device == "/device:CPU:0"
    assert "^MatMul" in list(nodes["big"].input)


def test_branches_of_a_case_are_laid_out_under_it(tmp_path):
    nodes = _graph(tmp_path)
    assert {name.split("/")[1] for name in nodes if name.startswith("switch_case/")} == {
        "branches_0", "branches_1"}


def test_a_float_attr(tmp_path):
    @ag.function
    def log(clip):
        return summary.audio("snd", clip, 4000, step=0)
    writer = summary.create_file_writer(str(tmp_path / "log"))
    with writer.as_default():
        concrete = log.get_concrete_function(ag.TensorSpec([1, 4, 1], ag.float32))
    with summary.create_file_writer(str(tmp_path / "graph")).as_default():
        summary.graph(concrete)
    writer.close()
    (node,) = [n for n in accumulator(tmp_path / "graph").Graph().node if n.op == "WriteSummary"]
    assert node.attr["sample_rate"].f == 4000.0 and node.attr["kind"].s == b"audio"
