"""Tensor lists: `ag.TensorArray` and the list ops it is made of."""
