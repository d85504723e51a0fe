"""MultiWorkerMirroredStrategy (one worker: this process), CentralStorageStrategy and the
cross-device ops they take: what they keep, and the clusters they refuse with what to do."""

import pytest

import autograph as ag

_REFUSED = (r"^MultiWorkerMirroredStrategy runs one worker, this process, but {}\. Unset "
            r"TF_CONFIG to train on this process's devices\.$")


def test_a_chief_and_a_worker_are_two_workers(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", '{"cluster": {"chief": ["a:1"], "worker": ["b:1"]}}')
    with pytest.raises(ValueError, match=_REFUSED.format("TF_CONFIG names 2 workers")):
        ag.distribute.MultiWorkerMirroredStrategy()


def test_a_cluster_resolver_is_refused():
    with pytest.raises(ValueError, match=_REFUSED.format("a cluster_resolver was given")):
        ag.distribute.MultiWorkerMirroredStrategy(cluster_resolver=object())


def test_a_tf_config_without_workers_is_this_process(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", '{"cluster": {}}')
    assert ag.distribute.MultiWorkerMirroredStrategy().num_replicas_in_sync == 1


def test_a_tf_config_that_is_not_a_json_object_is_refused(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", "[1]")
    with pytest.raises(ValueError, match=r"^TF_CONFIG is not a JSON object with a `cluster`: "
                                         r"'\[1\]'\.$"):
        ag.distribute.MultiWorkerMirroredStrategy()


def test_communication_options_are_kept():
    options = ag.distribute.experimental.CommunicationOptions(bytes_per_pack=64)
    strategy = ag.distribute.MultiWorkerMirroredStrategy(communication_options=options)
    assert strategy.communication_options is options
    default = ag.distribute.MultiWorkerMirroredStrategy().communication_options
    assert default.implementation is ag.distribute.experimental.CommunicationImplementation.AUTO


def test_central_storage_keeps_its_parameter_device():
    strategy = ag.distribute.experimental.CentralStorageStrategy(parameter_device="/cpu:0")
    assert strategy.parameter_device == "/cpu:0"


def test_cross_device_ops_show_their_kind():
    # TensorFlow 2.21 shows Python's default repr (module path and address).
    assert repr(ag.distribute.NcclAllReduce()) == "<NcclAllReduce>"
