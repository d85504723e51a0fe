"""Lists and dicts given to a Checkpoint are wrapped as TensorFlow wraps them (ListWrapper,
DictWrapper), around the very list or dict given; expected values are TensorFlow 2.21's."""

import pytest

import autograph as ag


def test_a_list_shows_as_a_list_wrapper():
    ckpt = ag.train.Checkpoint()
    ckpt.listed = []
    ckpt.listed.append(1)
    assert repr(ckpt.listed) == "ListWrapper([1])"  # TensorFlow 2.21: ListWrapper([1])
    assert ckpt.listed == [1] and len(ckpt.listed) == 1 and list(ckpt.listed) == [1]


def test_a_dict_shows_as_a_dict_wrapper():
    ckpt = ag.train.Checkpoint(mapped={})
    ckpt.mapped["a"] = 1
    assert repr(ckpt.mapped) == "DictWrapper({'a': 1})"  # TensorFlow 2.21: DictWrapper({...})
    assert ckpt.mapped == {"a": 1} and dict(ckpt.mapped) == {"a": 1}


def test_items_added_to_the_original_list_are_saved_and_restored(tmp_path):
    original = []
    ckpt = ag.train.Checkpoint(listed=original)
    original.append(ag.Variable(5.0))
    path = ckpt.save(str(tmp_path / "c"))
    target = []
    restore = ag.train.Checkpoint(listed=target)
    status = restore.restore(path)
    target.append(ag.Variable(0.0))
    assert target[0].numpy() == 5.0
    status.assert_consumed()


def test_a_variable_attached_to_a_checkpoint_after_the_restore_is_restored_at_once(tmp_path):
    # The guide's delayed restoration: an object attached later, below the restored root.
    layer = ag.Module()
    layer.kernel = ag.Variable([[1.0, 2.0]])
    path = ag.train.Checkpoint(net=ag.train.Checkpoint(l1=layer)).save(str(tmp_path / "c"))
    fake_layer = ag.train.Checkpoint()
    root = ag.train.Checkpoint(net=ag.train.Checkpoint(l1=fake_layer))
    status = root.restore(path)
    kernel = ag.Variable([[0.0, 0.0]])
    assert kernel.numpy().tolist() == [[0.0, 0.0]]  # used before it is attached
    fake_layer.kernel = kernel
    assert kernel.numpy().tolist() == [[1.0, 2.0]]
    status.assert_consumed()


def test_wrappers_are_mutable_and_unhashable_as_a_list_and_a_dict_are():
    ckpt = ag.train.Checkpoint(listed=[1, 2], mapped={"a": 1})
    ckpt.listed[0] = 5
    del ckpt.mapped["a"]
    assert ckpt.listed == [5, 2] and ckpt.mapped == {}
    for wrapper in (ckpt.listed, ckpt.mapped):
        with pytest.raises(TypeError, match="unhashable"):
            hash(wrapper)
