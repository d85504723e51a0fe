"""record_keras_answers.py imports TensorFlow, which is not a dependency: keep it out of
collection (the suite reads the answers it recorded, `keras_expected.json`)."""

collect_ignore = ["record_keras_answers.py", "record_layer_answers.py"]
