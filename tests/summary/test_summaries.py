"""`ag.summary`: event files that TensorBoard reads as TensorFlow's, eagerly and from functions.

Files are read back with TensorBoard's own reader. Expected values are what TensorFlow 2.21
(with TensorBoard 2.21) wrote for the same calls.
"""

import struct
import zlib

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from tests.summary.reading import accumulator, event_files, plugin, values
from tests.summary.reading import written_steps as _written

summary = ag.summary


@pytest.fixture
def writer(tmp_path):
    w = summary.create_file_writer(str(tmp_path))
    yield w
    w.close()


def test_scalars_at_the_default_and_given_steps(writer, tmp_path):
    with writer.as_default(step=3):
        assert summary.scalar("loss", 0.5).numpy()
        summary.scalar("loss", 0.25, step=4)
    found = values(tmp_path, "loss")
    assert [step for step, _ in found] == [3, 4]
    npt.assert_equal([v for _, v in found], [np.float32(0.5), np.float32(0.25)])
    assert found[0][1].dtype == np.float32 and found[0][1].shape == ()  # TensorFlow: dims []
    assert plugin(tmp_path, "loss") == "scalars"


def test_the_event_file_is_named_as_tensorflows(writer, tmp_path):
    with writer.as_default(step=0):
        summary.scalar("x", 1.0)
    (path,) = event_files(tmp_path)
    assert path.name.startswith("events.out.tfevents.") and path.name.endswith(".v2")


def test_nothing_is_written_without_a_writer_or_with_a_noop_writer():
    assert not summary.scalar("x", 1.0, step=0).numpy()
    with summary.create_noop_writer().as_default(step=1):
        assert not summary.scalar("x", 1.0).numpy()
        assert not summary.should_record_summaries().numpy()


def test_record_if_false_writes_nothing(writer, tmp_path):
    with writer.as_default(step=1):
        with summary.record_if(False):
            assert not summary.should_record_summaries().numpy()
            assert not summary.scalar("skipped", 1.0).numpy()
        assert summary.should_record_summaries().numpy()
    assert "skipped" not in accumulator(tmp_path).Tags()["tensors"]


def test_a_missing_step_and_a_non_scalar_are_tensorflows_errors(writer):
    with writer.as_default():
        with pytest.raises(ValueError, match="No step set. Please specify one either through "
                                             "the `step` argument or through ag.summary"):
            summary.scalar("x", 1.0)
        with pytest.raises(ValueError, match=r"Expected scalar shape, saw shape: \(2,\)\."):
            summary.scalar("x", [1.0, 2.0], step=0)


def test_histograms_have_tensorboards_buckets(writer, tmp_path):
    with writer.as_default(step=0):
        summary.histogram("h3", [1.0, 2.0, 2.0, 5.0], buckets=3)
        summary.histogram("single", [4.0], buckets=2)
        summary.histogram("empty", ag.zeros([0]), buckets=2)
        summary.histogram("ints", ag.constant([1, 3, 3, 9]), buckets=4)
        summary.histogram("default", np.arange(100.0))
    third = 2.333333333333333
    npt.assert_equal(values(tmp_path, "h3")[0][1],
                     [[1.0, third, 3.0], [third, 3.6666666666666665, 0.0],
                      [3.6666666666666665, 5.0, 1.0]])
    npt.assert_equal(values(tmp_path, "single")[0][1], [[4.0, 4.0, 0.0], [4.0, 4.0, 1.0]])
    npt.assert_equal(values(tmp_path, "empty")[0][1], np.zeros((2, 3)))
    npt.assert_equal(values(tmp_path, "ints")[0][1],
                     [[1.0, 3.0, 1.0], [3.0, 5.0, 2.0], [5.0, 7.0, 0.0], [7.0, 9.0, 1.0]])
    assert values(tmp_path, "default")[0][1].shape == (30, 3)
    assert plugin(tmp_path, "h3") == "histograms"


def _png_pixels(png: bytes) -> np.ndarray:
    """The pixels of a PNG whose rows all use filter 0 (as ours do)."""
    width, height, _, color = struct.unpack(">IIBB", png[16:26])
    channels = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    start = png.index(b"IDAT")
    (length,) = struct.unpack(">I", png[start - 4:start])
    rows = np.frombuffer(zlib.decompress(png[start + 4:start + 4 + length]), np.uint8)
    rows = rows.reshape(height, 1 + width * channels)
    assert not rows[:, 0].any()
    return rows[:, 1:].reshape(height, width, channels)


def test_images_are_pngs_after_width_and_height(writer, tmp_path):
    floats = np.linspace(0, 1, 2 * 3 * 4 * 3, dtype=np.float32).reshape(2, 3, 4, 3)
    with writer.as_default(step=0):
        summary.image("img", floats, max_outputs=1)
        summary.image("u8", np.array([[[[0, 128, 255]]]], np.uint8))
    width, height, *pngs = values(tmp_path, "img")[0][1]
    assert (width, height, len(pngs)) == (b"4", b"3", 1)
    # TensorFlow's convert_image_dtype(saturate=True): the first pixels' values
    npt.assert_equal(_png_pixels(pngs[0]).reshape(-1)[:12],
                     [0, 3, 7, 10, 14, 17, 21, 25, 28, 32, 35, 39])
    npt.assert_equal(_png_pixels(values(tmp_path, "u8")[0][1][2]), [[[0, 128, 255]]])
    assert plugin(tmp_path, "img") == "images"


def test_text_keeps_its_shape(writer, tmp_path):
    with writer.as_default(step=0):
        summary.text("multi", [["a", "b"]])
    ((step, value),) = values(tmp_path, "multi")
    assert value.tolist() == [[b"a", b"b"]] and plugin(tmp_path, "multi") == "text"


def test_audio_is_a_16_bit_wav_as_tensorflow_writes_it(writer, tmp_path):
    with writer.as_default(step=0):
        summary.audio("snd", np.array([[[0.5], [-1.0], [1.0], [0.25]]], np.float32), 4,
                      max_outputs=1)
    ((_, value),) = values(tmp_path, "snd")
    assert value.shape == (1, 2) and value[0, 1] == b""
    assert value[0, 0] == (b"RIFF,\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x04\x00"
                           b"\x00\x00\x08\x00\x00\x00\x02\x00\x10\x00data\x08\x00\x00\x00\x00@"
                           b"\x00\x80\xff\x7f\x00 ")
    assert accumulator(tmp_path).SummaryMetadata("snd").plugin_data.content == b"\x10\x0b"


def test_description_is_kept(writer, tmp_path):
    with writer.as_default(step=0):
        summary.scalar("desc", 3, description="the loss")
    assert accumulator(tmp_path).SummaryMetadata("desc").summary_description == "the loss"


def test_eager_name_scopes_prefix_the_tag(writer, tmp_path):
    with writer.as_default(step=0), ag.name_scope("outer"):
        summary.scalar("eager", 1.0)
    assert accumulator(tmp_path).Tags()["tensors"] == ["outer/eager"]


# In functions -----------------------------------------------------------------------------------
def test_a_function_writes_on_every_call_at_the_steps_variable_value(writer, tmp_path):
    step = ag.Variable(5, dtype=ag.int64)

    @ag.function
    def log(x):
        with ag.name_scope("inner"):
            return summary.scalar("loss", x)
    with writer.as_default(step=step):
        assert log(ag.constant(2.0)).numpy()
        step.assign(7)
        log(ag.constant(3.0))
    found = values(tmp_path, "inner/loss")
    assert [s for s, _ in found] == [5, 7]
    npt.assert_equal([v for _, v in found], [2.0, 3.0])


def test_record_if_with_a_function_is_read_when_the_function_runs(writer, tmp_path):
    step = ag.Variable(0, dtype=ag.int64)

    @ag.function
    def log(x):
        with summary.record_if(lambda: step % 2 == 0):
            return summary.histogram("w", x)
    with writer.as_default(step=step):
        for i in range(4):
            step.assign(i)
            log(ag.constant([1.0, float(i)]))
    assert [s for s, _ in values(tmp_path, "w")] == [0, 2]


def test_a_function_traced_without_a_writer_writes_nothing():
    @ag.function
    def log(x):
        return summary.scalar("x", x, step=0)
    assert not log(ag.constant(1.0)).numpy()


def test_a_closed_writer_fails_the_function_and_its_as_default(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))

    @ag.function
    def log(x):
        summary.scalar("x", x, step=1)
        summary.flush()
        return x
    with writer.as_default():
        log(ag.constant(1.0))
    npt.assert_equal(values(tmp_path, "x")[0][1], np.float32(1.0))  # flushed by the op
    writer.close()
    with pytest.raises(ag.errors.NotFoundError, match="summary writer this function was "
                                                      "traced with is closed"):
        log(ag.constant(2.0))
    with pytest.raises(RuntimeError, match="is already closed"):
        writer.set_as_default()


def test_get_step_and_set_step():
    assert summary.experimental.get_step() is None
    summary.experimental.set_step(4)
    try:
        assert summary.experimental.get_step() == 4
    finally:
        summary.experimental.set_step(None)


def test_a_function_writes_histograms_images_and_audio_with_their_options(writer, tmp_path):
    clip = np.array([[[0.5], [-1.0], [1.0], [0.25]], [[0.0], [0.0], [0.0], [0.0]]], np.float32)
    images = np.linspace(0, 1, 2 * 3 * 4 * 1, dtype=np.float32).reshape(2, 3, 4, 1)

    @ag.function
    def log(weights, pictures, sound):
        summary.histogram("w", weights, buckets=3)
        summary.image("img", pictures, max_outputs=1)
        summary.audio("snd", sound, 4, max_outputs=1)
        return weights
    with writer.as_default(step=2):
        log(ag.constant([1.0, 2.0, 2.0, 5.0]), images, clip)
    with summary.create_file_writer(str(tmp_path / "eager")).as_default(step=2):
        summary.histogram("w", [1.0, 2.0, 2.0, 5.0], buckets=3)
        summary.image("img", images, max_outputs=1)
        summary.audio("snd", clip, 4, max_outputs=1)
    for tag in ("w", "img", "snd"):
        ((step, traced),) = values(tmp_path, tag)
        ((_, eager),) = values(tmp_path / "eager", tag)
        assert step == 2 and traced.shape == eager.shape and traced.tolist() == eager.tolist()
    assert values(tmp_path, "w")[0][1].shape == (3, 3)
    assert values(tmp_path, "img")[0][1].shape == (3,) and values(tmp_path, "snd")[0][1].shape \
        == (1, 2)


def test_images_and_audio_keep_three_by_default(writer, tmp_path):
    with writer.as_default(step=0):
        summary.image("img", np.zeros([4, 2, 2, 1], np.uint8))
        summary.audio("snd", np.zeros([4, 3, 1], np.float32), 8000, encoding="wav")
    assert values(tmp_path, "img")[0][1].shape == (2 + 3,)
    assert values(tmp_path, "snd")[0][1].shape == (3, 2)


def test_bad_text_and_audio_arguments_are_refused_clearly(writer):
    with writer.as_default(step=0):
        with pytest.raises(TypeError) as e:
            summary.text("t", 3.0)
        assert str(e.value) == "A text summary takes strings; got float32."
        with pytest.raises(ValueError) as e:
            summary.audio("a", np.zeros([1, 3, 1], np.float32), 8000, encoding="mp3")
        assert str(e.value) == "Unknown audio encoding 'mp3'; only 'wav' is supported."


def test_a_sample_rate_tensor_works_eagerly_and_must_be_known_in_a_function(writer, tmp_path):
    clip = np.zeros([1, 4, 1], np.float32)

    @ag.function
    def log(rate):
        return summary.audio("snd", clip, rate, step=0)
    with writer.as_default():
        assert summary.audio("eager", clip, ag.constant(4), step=0).numpy()
        with pytest.raises(ValueError) as e:
            log(ag.constant(4))
    assert str(e.value).endswith("sample_rate must be known while the function is traced (a "
                                 "Python number or a constant).")
    ((_, wav),) = values(tmp_path, "eager")
    assert wav[0, 0][24:28] == (4).to_bytes(4, "little")  # the WAV header's sample rate


def test_flush_writes_the_default_or_given_writers_queue(tmp_path):
    first = summary.create_file_writer(str(tmp_path / "first"))
    second = summary.create_file_writer(str(tmp_path / "second"))

    @ag.function
    def log_and_flush(x):
        summary.scalar("x", x, step=1)
        summary.flush()
        return x
    first.set_as_default()
    summary.scalar("x", 1.0, step=0)
    summary.flush()
    assert _written(tmp_path / "first") == [0]
    log_and_flush(ag.constant(2.0))
    assert _written(tmp_path / "first") == [0, 1]
    with second.as_default():
        summary.scalar("x", 1.0, step=5)
    summary.scalar("x", 3.0, step=2)
    summary.flush(second)
    assert _written(tmp_path / "first") == [0, 1]  # the default's queue waits
    summary.flush(first)
    assert _written(tmp_path / "first") == [0, 1, 2]
    first.close()
    second.close()


def test_no_description_is_an_empty_one_eagerly_and_in_functions(writer, tmp_path):
    @ag.function
    def log(x):
        return summary.scalar("traced", x, step=0)
    with writer.as_default():
        summary.scalar("eager", 1.0, step=0)
        log(ag.constant(1.0))
    found = accumulator(tmp_path)
    assert found.SummaryMetadata("eager").summary_description == ""
    assert found.SummaryMetadata("traced").summary_description == ""


def test_a_summary_op_is_named_after_its_tag_and_scope_letters_stay(writer, tmp_path):
    @ag.function
    def log(x):
        with ag.name_scope("boX"):
            return summary.scalar("loss", x, step=0)
    with writer.as_default():
        concrete = log.get_concrete_function(ag.TensorSpec([], ag.float32))
        log(ag.constant(1.0))
    assert "boX/loss/write_summary" in [op.name for op in concrete.graph.get_operations()]
    assert accumulator(tmp_path).Tags()["tensors"] == ["boX/loss"]
