"""Summary writers: when queued summaries reach the file, what the file starts with, closing,
and the errors of a closed writer."""

import time

import pytest

import autograph as ag
from tests.summary.reading import events_on_disk as _events
from tests.summary.reading import written_steps as _written

summary = ag.summary


def test_the_file_starts_with_tensorboards_version_event(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    assert [e.file_version for e in _events(tmp_path)] == ["brain.Event:2"]
    writer.close()


def test_summaries_wait_for_ten_queued_by_default(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    writer.set_as_default()
    try:
        for step in range(9):
            summary.scalar("x", 1.0, step=step)
        assert _written(tmp_path) == []
        summary.scalar("x", 1.0, step=9)
        assert _written(tmp_path) == list(range(10))
    finally:
        writer.close()


@pytest.mark.parametrize("max_queue", [1, 3])
def test_max_queue_summaries_are_written_together(tmp_path, max_queue):
    writer = summary.create_file_writer(str(tmp_path), max_queue=max_queue)
    with writer.as_default():
        for step in range(max_queue - 1):
            summary.scalar("x", 1.0, step=step)
        assert _written(tmp_path) == []
        summary.scalar("x", 1.0, step=max_queue - 1)
        assert _written(tmp_path) == list(range(max_queue))
    writer.close()


def test_a_summary_after_flush_millis_writes_the_queue(tmp_path):
    writer = summary.create_file_writer(str(tmp_path), flush_millis=50)
    with writer.as_default():
        summary.scalar("x", 1.0, step=0)
        assert _written(tmp_path) == []
        time.sleep(0.06)
        summary.scalar("x", 2.0, step=1)
        assert _written(tmp_path) == [0, 1]
    writer.close()


def test_closing_writes_the_queue_and_closing_again_does_nothing(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    writer.set_as_default(step=4)
    summary.scalar("x", 1.0)
    assert _written(tmp_path) == []
    writer.close()
    writer.close()
    assert _written(tmp_path) == [4]


def test_a_closed_writer_says_so_exactly(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    writer.set_as_default()
    writer.close()
    try:
        with pytest.raises(ag.errors.FailedPreconditionError) as e:
            summary.scalar("x", 1.0, step=0)
        assert str(e.value) == (f"The summary writer for {str(tmp_path)!r} is closed; call its "
                                f"init() or make a new one with ag.summary.create_file_writer.")
        with pytest.raises(RuntimeError) as e:
            writer.set_as_default()
        assert str(e.value) == f"SummaryWriter {writer!r} is already closed"
        writer.init()  # a new file, written again
        summary.scalar("x", 1.0, step=0)
    finally:
        writer.close()


def test_a_function_traced_with_a_closed_writer_says_so_exactly(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))

    @ag.function
    def log(x):
        return summary.scalar("x", x, step=0)
    with writer.as_default():
        log(ag.constant(1.0))
    writer.close()
    with pytest.raises(ag.errors.NotFoundError) as e:
        log(ag.constant(1.0))
    assert str(e.value).endswith(
        "The summary writer this function was traced with is closed; trace it again with an "
        "open writer as the default (ag.summary.create_file_writer(...).as_default()).")


def test_a_no_op_writer_can_be_flushed_from_a_function():
    writer = summary.create_noop_writer()

    @ag.function
    def flush():
        summary.flush(writer)
        return ag.constant(1)
    assert flush().numpy() == 1


def test_writers_show_where_they_write(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    assert repr(writer) == f"<ag.summary.SummaryWriter {str(tmp_path)!r}>"
    assert repr(summary.create_noop_writer()) == "<ag.summary.SummaryWriter no-op>"
    writer.close()
