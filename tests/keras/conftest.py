"""The record_*_answers.py scripts import TensorFlow, which is not a dependency: keep them out
of collection (the suite reads the answers they recorded, `keras_expected.json`,
`layer_expected.json` and `rnn_expected.json`)."""

collect_ignore = ["record_keras_answers.py", "record_layer_answers.py", "record_rnn_answers.py"]
