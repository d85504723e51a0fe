"""Dataset iterators as ops: the `ag.data` pipeline inside graphs."""
