"""Keras-style layers and models on `Module`: `Layer` and its subclasses (`layers`,
`conv_layers`), `Sequential` with `compile` / `fit` / `evaluate` / `predict` (`training`),
Keras's initializers and activations by name."""
