"""TensorFlow's file formats: tensor serialization, TFRecord files, `tf.train.Example` and CSV."""
