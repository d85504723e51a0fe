"""record_keras_answers.py and record_layer_answers.py import TensorFlow, which is not a
dependency: keep them out of collection (the suite reads the answers they recorded,
`keras_expected.json` and `layer_expected.json`)."""

collect_ignore = ["record_keras_answers.py", "record_layer_answers.py"]
