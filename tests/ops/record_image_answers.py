"""Records TensorFlow's answers for `test_image_ops.py` into `data/image_tensorflow.json`.

Run with a Python that has TensorFlow (never a dependency of autograph):

    /path/to/tensorflow/python tests/ops/record_image_answers.py
"""

import json
import pathlib

import numpy as np
import tensorflow as tf

IMG = np.arange(2 * 3 * 4 * 2, dtype=np.float32).reshape(2, 3, 4, 2) / 10.0
CALLS = {
    "bilinear_up": lambda: tf.image.resize(IMG, [5, 7]),
    "bilinear_down": lambda: tf.image.resize(IMG, [2, 3]),
    "nearest_up": lambda: tf.image.resize(IMG, [5, 7], method="nearest"),
    "nearest_down": lambda: tf.image.resize(IMG, [2, 3], method="nearest"),
    "single": lambda: tf.image.resize(IMG[0], [4, 5]),
    "flip_lr": lambda: tf.image.flip_left_right(IMG),
    "flip_ud": lambda: tf.image.flip_up_down(IMG),
    "central_crop": lambda: tf.image.central_crop(
        np.arange(30, dtype=np.float32).reshape(5, 6, 1), 0.5),
    "central_crop4": lambda: tf.image.central_crop(IMG, 0.6),
    "convert_u8_f": lambda: tf.image.convert_image_dtype(
        tf.constant([[[0, 128, 255]]], tf.uint8), tf.float32),
    "convert_f_u8": lambda: tf.image.convert_image_dtype(
        tf.constant([[[0.0, 0.5, 1.0, 1.2, -0.1]]]), tf.uint8, saturate=True),
    "gray": lambda: tf.image.rgb_to_grayscale(np.array([[[1.0, 0.5, 0.25]]], np.float32)),
    "standardize": lambda: tf.image.per_image_standardization(IMG[0]),
    "standardize_const": lambda: tf.image.per_image_standardization(
        np.ones((2, 2, 1), np.float32)),
}


def main() -> None:
    out = {name: call().numpy().tolist() for name, call in CALLS.items()}
    image = tf.constant(np.arange(12, dtype=np.uint8).reshape(2, 2, 3))
    out["uint8_resize_dtype"] = tf.image.resize(image, [3, 3]).dtype.name
    x = tf.Variable(IMG[0])
    weights = np.arange(5 * 7 * 2, dtype=np.float32).reshape(5, 7, 2)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.image.resize(x, [5, 7]) * weights)
    out["bilinear_grad"] = tape.gradient(y, x).numpy().tolist()
    path = pathlib.Path(__file__).parent / "data" / "image_tensorflow.json"
    path.write_text(json.dumps(out))


if __name__ == "__main__":
    main()
