"""Input pipelines: `Dataset` and its transformations, iterators, and the loops over datasets
that functions build.

Imports every layer below it (`core` to `gradients`); `train` may import it.
"""
