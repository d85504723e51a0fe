"""What travels to a Ray strategy's workers (`ray_objects.py`), without a Ray cluster: each
worker's payload carries what that worker does not hold yet, and later ones name it."""

import pytest

import autograph as ag

pytest.importorskip("ray")
from autograph.runtime.distribute.ray_objects import Receiver, Sender  # noqa: E402


def test_a_model_new_to_the_workers_travels_whole_in_each_workers_payload():
    sender = Sender()
    layer = ag.keras.layers.Dense(3)
    first, second = sender.payloads([(layer, 0), (layer, 1)], strategy=None)
    for payload, index in ((first, 0), (second, 1)):
        found, found_index = Receiver(strategy=None).load(payload)
        assert isinstance(found, ag.keras.layers.Dense) and found.units == 3
        assert found_index == index


def test_a_model_the_workers_hold_travels_as_its_name():
    sender = Sender()
    layer = ag.keras.layers.Dense(3)
    receiver = Receiver(strategy=None)
    whole = sender.payload(layer, strategy=None)
    held = receiver.load(whole)
    named = sender.payload(layer, strategy=None)
    assert len(named) < len(whole) / 4
    assert receiver.load(named) is held


def test_a_variable_made_outside_the_strategy_cannot_travel():
    with pytest.raises(TypeError, match=r"^Cannot send the replica function's arguments or "
                                        r"what it refers to to the Ray workers: variable v:0 was "
                                        r"not made in the strategy's scope\. Make the"):
        Sender().payloads([1.0, ag.Variable(1.0, name="v")], strategy=object())
