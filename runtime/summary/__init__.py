"""Seeing inside a run: the profiler (and TensorBoard's event files).

Above every other layer: it observes ops through `graph/recording.py`'s hooks and needs nothing
else of ours.
"""
