"""Random numbers with TensorFlow's seed rules (`ag.random`)."""
