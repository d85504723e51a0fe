"""Layer options Keras 3 has and autograph refuses or reads: their messages, aliases and
`Flatten`'s `channels_first` (expected values from TensorFlow 2.21 with Keras 3.15)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.serialization import find_class


@pytest.mark.parametrize("alias, cls", [("Convolution2D", ag.keras.layers.Conv2D),
                                        ("MaxPool2D", ag.keras.layers.MaxPooling2D)])
def test_keras_aliases_name_the_same_layer_in_a_file(alias, cls):
    assert find_class({"class_name": alias, "module": "keras.layers"}) is cls


def test_grouped_convolutions_are_refused_naming_the_option():
    with pytest.raises(ValueError, match=r"^Conv2D: groups=2 is not supported; only groups=1.$"):
        ag.keras.layers.Conv2D(4, 3, groups=2)


def test_a_convolutions_regularizer_is_refused_naming_the_layer():
    with pytest.raises(ValueError, match=r"^Conv2D: "):
        ag.keras.layers.Conv2D(4, 3, kernel_regularizer="l2")


def test_flatten_takes_only_keras_data_formats():
    with pytest.raises(ValueError, match=r"^Flatten: data_format must be 'channels_last' or "
                                         r"'channels_first', got 'nchw'.$"):
        ag.keras.layers.Flatten(data_format="nchw")


def test_flatten_channels_first_puts_channels_last_before_flattening():
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 3)
    flat = ag.keras.layers.Flatten(data_format="channels_first")(x)
    np.testing.assert_array_equal(flat.numpy(), [[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]])
    pairs = ag.keras.layers.Flatten(data_format="channels_first")(
        np.arange(4, dtype=np.float32).reshape(2, 2))
    np.testing.assert_array_equal(pairs.numpy(), [[0.0, 1.0], [2.0, 3.0]])
