"""Training: optimizers and learning-rate schedules, losses and metrics, checkpoints, and the
Keras-style layers and models built on `Module`.

Imports every layer below it (`core` to `gradients`); nothing below imports it.
"""
