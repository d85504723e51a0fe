"""Reductions over axes: `ag.reduce_sum`, `ag.reduce_mean`, `ag.argmax`, ..."""
