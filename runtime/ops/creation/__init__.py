"""Tensors made from values and shapes: `ag.constant`, `ag.zeros`, `ag.range`, `ag.fill`, ..."""
