"""Reading event files back with TensorBoard's own reader, for the summary tests."""

import pathlib

import numpy as np
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
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
