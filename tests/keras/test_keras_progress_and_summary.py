"""What ag.keras prints: the progress line's parts, `History`'s repr and model summaries of
functional and subclassed models, against tf.keras (TensorFlow 2.21, Keras 3.15)."""

import io
import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras import summary
from autograph.runtime.train.keras.progress import Progbar, _time_per_step

keras = ag.keras
layers = ag.keras.layers


def test_time_per_step_in_seconds_milliseconds_or_microseconds():
    # TensorFlow 2.21 (keras Progbar._format_time, less its leading space)
    times = (2.4, 1.0, 0.9996, 0.0123, 0.001, 0.0005)
    assert [_time_per_step(t) for t in times] == ["2s/step", "1s/step", "1000ms/step",
                                                  "12ms/step", "1ms/step", "500us/step"]


def test_a_bar_of_unknown_length_counts_the_steps_alone():
    stream = io.StringIO()
    bar = Progbar(None, verbose=1, stream=stream)
    bar.update(3, {"loss": 0.5}, finalize=True)
    # Keras 3.15 writes "      3/Unknown 0s 1ms/step - loss: 0.5000" (the count padded to 7
    # columns); ours does not pad
    assert re.fullmatch(r"3/Unknown \d+s \d+[mu]?s/step - loss: 0\.5000\n", stream.getvalue())


_SMALL_LOGS = {"zero": 0.0, "tiny": 0.0005, "neg": -0.5, "q": 0.25, "negtiny": -0.0002}


def _values_written(verbose):
    stream = io.StringIO()
    Progbar(2, verbose=verbose, stream=stream).update(2, _SMALL_LOGS, finalize=True)
    return stream.getvalue().split("step", 1)[1]


def test_the_bar_shows_values_from_1e_3_down_and_zero_in_scientific_notation():
    # Keras 3.15's Progbar, verbose=1
    assert _values_written(1) == (" - zero: 0.0000e+00 - tiny: 5.0000e-04 - neg: -0.5000"
                                  " - q: 0.2500 - negtiny: -2.0000e-04\n")


def test_the_one_line_layout_shows_negative_values_in_scientific_notation():
    # Keras 3.15's Progbar, verbose=2: it compares the value, not its size, with 1e-3
    assert _values_written(2) == (" - zero: 0.0000e+00 - tiny: 5.0000e-04 - neg: -5.0000e-01"
                                  " - q: 0.2500 - negtiny: -2.0000e-04\n")


def test_a_progbar_draws_the_bar_by_default_and_only_when_finalized_off_a_terminal():
    stream = io.StringIO()
    bar = Progbar(4, stream=stream)  # Keras's default: verbose=1
    bar.update(1, {"loss": 0.5})
    assert stream.getvalue() == ""  # not a terminal: nothing until the epoch ends
    bar.update(4, {"loss": 0.5}, finalize=True)
    assert re.fullmatch(r"4/4 ━{20} \d+s \d+[mu]?s/step - loss: 0\.5000\n", stream.getvalue())


class _Clock:
    def __init__(self, now):
        self.now = now

    def perf_counter(self):
        return self.now


def test_the_line_shows_the_seconds_since_the_start_and_per_step(monkeypatch):
    from autograph.runtime.train.keras import progress

    clock = _Clock(1000.0)
    monkeypatch.setattr(progress, "time", clock)
    stream = io.StringIO()
    bar = Progbar(4, verbose=2, stream=stream)
    clock.now = 1003.0
    bar.update(1, {"loss": 0.5}, finalize=True)
    clock.now = 1004.0
    bar.update(2, {"loss": 0.5}, finalize=True)
    assert stream.getvalue() == ("1/4 - 3s - 3s/step - loss: 0.5000\n"
                                 "2/4 - 4s - 2s/step - loss: 0.5000\n")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_one_line_layout_writes_only_at_the_end_even_on_a_terminal():
    stream = _Terminal()
    bar = Progbar(2, verbose=2, stream=stream)
    bar.update(1, {"loss": 0.5})
    assert stream.getvalue() == ""
    bar.update(2, {"loss": 0.5}, finalize=True)
    assert stream.getvalue().startswith("2/2 - ")


def test_on_a_terminal_the_bar_is_redrawn_in_place_until_the_epoch_ends():
    stream = _Terminal()
    bar = Progbar(2, verbose=1, stream=stream)
    bar.update(1, {"loss": 0.5})
    assert re.fullmatch(r"\r\x1b\[K1/2 ━{10}─{10} \d+s \d+[mu]?s/step - loss: 0\.5000",
                        stream.getvalue())
    bar.update(2, {"loss": 0.5}, finalize=True)
    assert stream.getvalue().count("\r\x1b[K") == 2 and stream.getvalue().endswith("\n")


class _WriteOnly:
    """A stream with no isatty (a logger's adapter, say): not a terminal."""

    def __init__(self):
        self.written = []

    def write(self, text):
        self.written.append(text)

    def flush(self):
        pass


def test_a_stream_without_isatty_is_not_redrawn():
    stream = _WriteOnly()
    bar = Progbar(2, verbose=1, stream=stream)
    bar.update(1, {"loss": 0.5})
    bar.update(2, {"loss": 0.5}, finalize=True)
    assert len(stream.written) == 1 and not stream.written[0].startswith("\r")


def test_history_repr_counts_epochs_and_lists_keys():
    model = keras.Sequential([layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse",
                  metrics=["binary_accuracy"])
    x = np.random.default_rng(0).normal(size=(8, 2)).astype(np.float32)
    history = model.fit(x, np.ones((8, 1), np.float32), epochs=2, verbose=0)
    # ours alone (Keras's History has the default object repr)
    assert repr(history) == "<History epochs=2 keys=['binary_accuracy', 'loss']>"
    assert history.model is model  # TensorFlow 2.21: the model fit ran on


def _summary(model):
    lines = []
    model.summary(print_fn=lines.append)
    return lines[0]


# TensorFlow 2.21's summary of the same functional model, line by line
_FUNCTIONAL = """\
Model: "fm"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ x (InputLayer)                  │ (None, 3)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ h (Dense)                       │ (None, 300)            │         1,200 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 1,200 (4.69 KB)
 Trainable params: 1,200 (4.69 KB)
 Non-trainable params: 0 (0.00 B)"""


def test_a_functional_summary_lists_the_input_then_the_layers():
    inputs = keras.Input((3,), name="x")
    model = keras.Model(inputs=inputs, outputs=layers.Dense(300, name="h")(inputs), name="fm")
    assert _summary(model) == _FUNCTIONAL


def test_summary_sizes_in_kilobytes_and_megabytes():
    # TensorFlow 2.21: "Total params: 262,400 (1.00 MB)", 4.69 KB above
    model = keras.Sequential([layers.Dense(256, name="wide")], name="big")
    model.build((None, 1024))
    assert " Total params: 262,400 (1.00 MB)" in _summary(model).splitlines()


class _ZeroSize(layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=(0,), initializer="zeros")

    def call(self, inputs):
        return inputs


def _functional_with_a_zero_size_weight():
    inputs = keras.Input((2,))
    return keras.Model(inputs=inputs, outputs=layers.Dense(1, name="d")(
        _ZeroSize(name="e")(inputs)), name="zm")


@pytest.mark.parametrize("make", [
    _functional_with_a_zero_size_weight,
    lambda: keras.Sequential([keras.Input((2,)), _ZeroSize(name="e"), layers.Dense(1)])])
def test_a_zero_size_weight_adds_no_trainable_params_to_the_summary(make):
    lines = []
    make().summary(print_fn=lines.append)
    # TensorFlow 2.21, functional and Sequential: 3 in all, 3 trainable
    assert lines[0].splitlines()[-3:] == [" Total params: 3 (12.00 B)",
                                          " Trainable params: 3 (12.00 B)",
                                          " Non-trainable params: 0 (0.00 B)"]


def test_summary_sizes_go_up_to_petabytes():
    # Keras 3.15's readable_memory_size; for 2**60 bytes it says "1.00 PB" (one division too
    # many past its last unit), where ours says 1024 PB
    sizes = (1023, 1024, 3 * 2**30, 5 * 2**40, 7 * 2**50, 2**60)
    assert [summary._size(s) for s in sizes] == ["1023.00 B", "1.00 KB", "3.00 GB", "5.00 TB",
                                                 "7.00 PB", "1024.00 PB"]


class _Twice(layers.Layer):
    def call(self, inputs):
        return ag.concat([inputs, inputs], axis=-1)


class _Sub(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = layers.Dense(2, name="inner")
        self.twice = _Twice(name="twice")

    def call(self, inputs):
        return self.twice(self.inner(inputs))


# TensorFlow 2.21's summaries of the same subclassed model, before and after a call on a
# batch of 4: a layer's shape is shown when it was built and computes its output shape
# (Dense), else "?"
_SUB_UNCALLED = """\
Model: "sub"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ inner (Dense)                   │ ?                      │   0 (unbuilt) │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ twice (_Twice)                  │ ?                      │   0 (unbuilt) │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 0 (0.00 B)
 Trainable params: 0 (0.00 B)
 Non-trainable params: 0 (0.00 B)"""

_SUB_CALLED = """\
Model: "sub"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ inner (Dense)                   │ (4, 2)                 │             8 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ twice (_Twice)                  │ ?                      │             0 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 8 (32.00 B)
 Trainable params: 8 (32.00 B)
 Non-trainable params: 0 (0.00 B)"""


def test_a_subclassed_summary_before_a_call_shows_unbuilt_layers():
    assert _summary(_Sub(name="sub")) == _SUB_UNCALLED


def test_a_subclassed_summary_after_a_call_shows_the_shapes_it_knows():
    model = _Sub(name="sub")
    model(np.ones((4, 3), np.float32))
    assert _summary(model) == _SUB_CALLED


def test_summary_prints_with_print_by_default(capsys):
    inputs = keras.Input((3,), name="x")
    keras.Model(inputs=inputs, outputs=layers.Dense(300, name="h")(inputs), name="fm").summary()
    assert capsys.readouterr().out == _FUNCTIONAL + "\n"
