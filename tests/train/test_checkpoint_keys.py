"""The keys a checkpoint holds are those TensorFlow 2.21 writes (`tf.train.list_variables`),
recorded from TensorFlow 2.21 with Keras 3.15; where they differ on purpose, the test says
why. The object graph entry holds JSON here, where TensorFlow's holds a protobuf."""

import json
import os

import numpy as np
import pytest

import autograph as ag

keras = ag.keras
V = "/.ATTRIBUTES/VARIABLE_VALUE"


class _Holder(ag.Module):
    """TensorFlow's case: a tf.Module with a dict, a list and a matrix."""

    def __init__(self):
        super().__init__()
        self.d = {"b": ag.Variable(1.0), "a": ag.Variable([2.0, 3.0])}
        self.l = [ag.Variable(4.0), ag.Variable(5)]
        self.w = ag.Variable(np.zeros((2, 3), np.float32))


def _keys(path):
    return ag.train.list_variables(path)


def test_a_module_with_a_dict_and_a_list(tmp_path):
    path = ag.train.Checkpoint(model=_Holder(), extra=[ag.Variable(6.0)]).save(
        str(tmp_path / "m"))
    assert _keys(path) == [  # TensorFlow 2.21
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("extra/0" + V, []), ("model/d/a" + V, [2]),
        ("model/d/b" + V, []), ("model/l/0" + V, []), ("model/l/1" + V, []),
        ("model/w" + V, [2, 3]), ("save_counter" + V, [])]


def _one_adam_step(variables, loss_fn, learning_rate):
    opt = keras.optimizers.Adam(learning_rate)
    with ag.GradientTape() as tape:
        loss = loss_fn()
    opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return opt


def test_a_module_and_a_keras_3_adam_after_one_step(tmp_path):
    model = _Holder()
    opt = _one_adam_step([model.w, model.d["a"]],
                         lambda: ag.reduce_sum(model.w) + model.d["a"][0] * 2.0, 0.1)
    path = ag.train.Checkpoint(model=model, optimizer=opt).save(str(tmp_path / "mo"))
    # TensorFlow 2.21 + Keras 3: the slots are the optimizer's variables 2 to 5 (momentum and
    # velocity of w, then of d/a); no .OPTIMIZER_SLOT keys (those were Keras 2's).
    assert _keys(path) == [
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("model/d/a" + V, [2]), ("model/d/b" + V, []),
        ("model/l/0" + V, []), ("model/l/1" + V, []), ("model/w" + V, [2, 3]),
        ("optimizer/_iterations" + V, []), ("optimizer/_learning_rate" + V, []),
        ("optimizer/_variables/2" + V, [2, 3]), ("optimizer/_variables/3" + V, [2, 3]),
        ("optimizer/_variables/4" + V, [2]), ("optimizer/_variables/5" + V, [2]),
        ("save_counter" + V, [])]


def test_a_keras_model_and_adam_after_one_step(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="hidden"),
                              keras.layers.Dense(1, name="out")])
    x = np.ones((4, 3), np.float32)
    opt = _one_adam_step(model.trainable_variables, lambda: ag.reduce_mean(model(x)), 0.01)
    path = ag.train.Checkpoint(model=model, optimizer=opt).save(str(tmp_path / "k"))
    slots = [(f"optimizer/_variables/{i}" + V, shape) for i, shape in
             zip(range(2, 10), [[3, 2], [3, 2], [2], [2], [2, 1], [2, 1], [1], [1]])]
    # TensorFlow 2.21 + Keras 3 lists the same optimizer keys, but the model's weights as
    # optimizer/_trainable_variables/0..3 and nothing under model/: its optimizer also tracks
    # the variables it updates, and that path is shorter than the model's own. Here the
    # optimizer does not track them (on purpose), so they stay under the model that owns
    # them, by layer.
    assert _keys(path) == [
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("model/layers/1/bias" + V, [2]),
        ("model/layers/1/kernel" + V, [3, 2]), ("model/layers/2/bias" + V, [1]),
        ("model/layers/2/kernel" + V, [2, 1]), ("optimizer/_iterations" + V, []),
        ("optimizer/_learning_rate" + V, []), *slots, ("save_counter" + V, [])]


def test_a_subclassed_keras_model_saves_every_layer_by_its_weight_names(tmp_path):
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.l1 = keras.layers.Dense(2)
            self.blocks = [keras.layers.Dense(1)]

        def call(self, x):
            return self.blocks[0](self.l1(x))

    net = Net()
    net(np.ones((4, 3), np.float32))
    path = ag.train.Checkpoint(net=net).save(str(tmp_path / "n"))
    # TensorFlow 2.21 + Keras 3 lists only net/l1/_kernel and net/l1/bias: Dense keeps its
    # kernel in the attribute _kernel (the checkpoint guide's key net/l1/kernel is not
    # found there), and the layer in the list is not saved at all. Here the kernel is
    # named as the layer names it (kernel), and the list's layer is saved.
    assert _keys(path) == [
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("net/blocks/0/bias" + V, [1]),
        ("net/blocks/0/kernel" + V, [2, 1]), ("net/l1/bias" + V, [2]),
        ("net/l1/kernel" + V, [3, 2]), ("save_counter" + V, [])]


def test_an_object_with_two_names_is_saved_under_the_first_sorted(tmp_path):
    v = ag.Variable(1.0)
    path = ag.train.Checkpoint(b=v, a=v).save(str(tmp_path / "s"))
    assert _keys(path) == [  # TensorFlow 2.21, though b was given first
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("a" + V, []), ("save_counter" + V, [])]


def test_the_object_graph_is_json_with_the_protobufs_field_names(tmp_path):
    v = ag.Variable(1.0, name="v")
    path = ag.train.Checkpoint(b=v, a=v).write(str(tmp_path / "g"))
    graph = ag.train.load_checkpoint(path).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    assert type(graph) is bytes  # TensorFlow 2.21: bytes too (a serialized protobuf there)
    nodes = json.loads(graph)["nodes"]
    assert nodes[0]["children"] == [{"node_id": 1, "local_name": "a"},
                                    {"node_id": 1, "local_name": "b"}]
    assert nodes[1] == {"children": [], "attributes": [
        {"name": "VARIABLE_VALUE", "full_name": "v:0", "checkpoint_key": "a" + V}]}


def test_a_checkpoint_of_the_format_before_tensorflows_keys_is_refused(tmp_path):
    data = tmp_path / "old-1.npz"
    np.savez(data, **{".format": np.array("autograph-checkpoint-v1"), "v": np.ones(2)})
    with pytest.raises(ag.errors.DataLossError) as raised:
        ag.train.Checkpoint(v=ag.Variable(np.zeros(2))).restore(str(tmp_path / "old-1"))
    assert str(raised.value) == (
        f"'{data}' is a checkpoint of format 'autograph-checkpoint-v1', written before "
        f"checkpoints used TensorFlow's key names ('.../.ATTRIBUTES/VARIABLE_VALUE'); this "
        f"version reads 'autograph-checkpoint-v2' only. Its arrays can still be read with "
        f"numpy.load('{data}') (one per variable, named by its path) and assigned to the "
        f"variables before saving again.")
    with np.load(os.fspath(data)) as archive:  # what the message offers works
        assert archive["v"].tolist() == [1.0, 1.0]


def _graph(path):
    return json.loads(ag.train.load_checkpoint(path).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))


def test_the_object_graph_nests_children_under_their_parents(tmp_path):
    module = ag.Module()
    module.v = ag.Variable(1.0, name="v")
    graph = _graph(ag.train.Checkpoint(m=module).write(str(tmp_path / "g")))
    assert graph["format"] == "autograph-object-graph-v1"
    nodes = graph["nodes"]
    assert nodes[0] == {"children": [{"node_id": 1, "local_name": "m"}], "attributes": []}
    assert nodes[1] == {"children": [{"node_id": 2, "local_name": "v"}], "attributes": []}
    assert nodes[2]["attributes"][0]["checkpoint_key"] == "m/v" + V


def test_the_object_graph_names_an_iterators_attribute(tmp_path):
    graph = _graph(ag.train.Checkpoint(it=iter(ag.data.Dataset.range(2))).write(
        str(tmp_path / "g")))
    assert graph["nodes"][1]["attributes"] == [
        {"name": "ITERATOR_STATE", "full_name": "it",
         "checkpoint_key": "it/.ATTRIBUTES/ITERATOR_STATE"}]


class _Objects:
    """A saveable object whose state is Python objects, which a checkpoint cannot store."""

    def _serialize_to_tensors(self):
        return {"STATE": np.array([{"a": 1}], dtype=object)}

    def _restore_from_tensors(self, restored_tensors):
        raise AssertionError("never restored")


def test_a_saveable_giving_python_objects_is_an_error_naming_it(tmp_path):
    with pytest.raises(ValueError) as raised:
        ag.train.Checkpoint(o=_Objects()).write(str(tmp_path / "g"))
    assert str(raised.value) == ("_Objects at 'o' gave 'STATE' as Python objects; a "
                                 "checkpoint stores arrays of numbers or bytes.")
