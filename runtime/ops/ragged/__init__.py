"""Ragged tensors: `RaggedTensor`, `RaggedTensorSpec` and the ops over them (`ag.ragged`)."""
