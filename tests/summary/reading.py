"""Reading event files back with TensorBoard's own reader, for the summary tests."""

import pathlib

import numpy as np
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboard.backend.event_processing.event_file_loader import EventFileLoader
from tensorboard.util import tensor_util


def accumulator(logdir) -> EventAccumulator:
    found = EventAccumulator(str(logdir), size_guidance={"tensors": 0})
    found.Reload()
    return found


def values(logdir, tag: str) -> list[tuple[int, np.ndarray]]:
    """(step, value) of each event of `tag` under `logdir`, in the order written."""
    return [(e.step, tensor_util.make_ndarray(e.tensor_proto))
            for e in accumulator(logdir).Tensors(tag)]


def plugin(logdir, tag: str) -> str:
    return accumulator(logdir).SummaryMetadata(tag).plugin_data.plugin_name


def event_files(logdir) -> list[pathlib.Path]:
    return sorted(pathlib.Path(logdir).glob("events.out.tfevents.*"))


def events_on_disk(logdir) -> list:
    """The events of the one event file under `logdir` as they are on disk now."""
    (path,) = event_files(logdir)
    return list(EventFileLoader(str(path)).Load())


def written_steps(logdir) -> list[int]:
    """The steps of the summaries on disk now."""
    return [e.step for e in events_on_disk(logdir) if e.HasField("summary")]
