"""Sparse tensors: `SparseTensor`, its spec, and the `ag.sparse` functions over it."""
