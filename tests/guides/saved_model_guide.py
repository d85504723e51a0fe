"""TensorFlow's SavedModel guide (`site/en/guide/saved_model.ipynb` in tensorflow/docs), cell by
cell, as a program of our own doing the same steps with the same API calls and object names,
written for `import tensorflow as tf`. The test runs it with `import autograph as tf`;
`python -m tests.guides.record saved_model_guide` ran it with TensorFlow 2.21 (Keras 3.15)
and `TENSORFLOW` below is what each cell showed there.

Cells are named by the guide's cell ids. Of its 26 code cells, 14 are here. Left out: the
license header (no code); three that list files or run `saved_model_cli` (`ls`); and nine
that download an image and ImageNet's labels and build `tf.keras.applications.MobileNet`
(cells SofdPKo0G8Lb to 9WjGEaS3XfX7, Y6EUFdY8_PRD, B-mQJ8iP_R0h): they need the network, and
MobileNet's layers (DepthwiseConv2D, BatchNormalization, ReLU6) are not in autograph yet.
`tests/saving/test_saved_model.py` saves and serves a smaller Keras model the same way.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("Le5OB-fBHHW7", '''\
import os
import tempfile

import numpy as np
import tensorflow as tf

tmpdir = tempfile.mkdtemp()'''),
    ("wlho4HEWoHUT", '''\
for gpu in tf.config.list_physical_devices('GPU'):
    tf.config.experimental.set_memory_growth(gpu, True)'''),
    ("6EPvKiqXMm3d", '''\
class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        return self.v * x

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


module = CustomModule()'''),
    ("85PUO9iWH7xn", '''\
module_no_signatures_path = os.path.join(tmpdir, 'module_no_signatures')
module(tf.constant(0.0))
print('Saving model...')
tf.saved_model.save(module, module_no_signatures_path)'''),
    ("EMASjADPxPso", '''\
imported = tf.saved_model.load(module_no_signatures_path)
assert imported(tf.constant(3.0)).numpy() == 3
imported.mutate(tf.constant(2.0))
assert imported(tf.constant(3.0)).numpy() == 6'''),
    ("PEkQNarJ-7nT", '''\
optimizer = tf.keras.optimizers.SGD(0.05)


def train_step():
    with tf.GradientTape() as tape:
        loss = (10.0 - imported(tf.constant(2.0))) ** 2
    variables = tape.watched_variables()
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss'''),
    ("p41NM6fF---3", '''\
for _ in range(10):
    loss = train_step()  # v goes to 5, the loss to 0
    print('loss={:.2f} v={:.2f}'.format(loss, imported.v.numpy()))'''),
    ("h-IB5Xa0NxLa", "assert len(imported.signatures) == 0"),
    ("_pAdgIORR2yH", '''\
module_with_signature_path = os.path.join(tmpdir, 'module_with_signature')
call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
tf.saved_model.save(module, module_with_signature_path, signatures=call)'''),
    ("nAzRHR0UT4hv", '''\
imported_with_signatures = tf.saved_model.load(module_with_signature_path)
list(imported_with_signatures.signatures.keys())'''),
    ("6VYAiQmLUiox", '''\
module_multiple_signatures_path = os.path.join(tmpdir, 'module_with_multiple_signatures')
array_input = module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))
tf.saved_model.save(module, module_multiple_signatures_path,
                    signatures={'serving_default': call, 'array_input': array_input})'''),
    ("8IPx_0RWEx07", '''\
imported_with_multiple_signatures = tf.saved_model.load(module_multiple_signatures_path)
list(imported_with_multiple_signatures.signatures.keys())'''),
    ("ACKPl1X8G1gw", '''\
class CustomModuleWithOutputName(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def __call__(self, x):
        return {'custom_output_name': self.v * x}


module_output = CustomModuleWithOutputName()
call_output = module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
module_output_path = os.path.join(tmpdir, 'module_with_output_name')
tf.saved_model.save(module_output, module_output_path,
                    signatures={'serving_default': call_output})'''),
    ("1yGVy4MuH-V0", '''\
imported_with_output_name = tf.saved_model.load(module_output_path)
imported_with_output_name.signatures['serving_default'].structured_outputs'''),
]

# What each cell showed with TensorFlow 2.21 and Keras 3.15 (tests/guides/record.py).
TENSORFLOW = {'Le5OB-fBHHW7': '',
              'wlho4HEWoHUT': '',
              '6EPvKiqXMm3d': '',
              '85PUO9iWH7xn': 'Tracing with Tensor("x:0", shape=(), dtype=float32)\n'
                              'Saving model...\n'
                              'Tracing with Tensor("x:0", shape=(), dtype=float32)\n',
              'EMASjADPxPso': '',
              'PEkQNarJ-7nT': '',
              'p41NM6fF---3': 'loss=36.00 v=3.20\n'
                              'loss=12.96 v=3.92\n'
                              'loss=4.67 v=4.35\n'
                              'loss=1.68 v=4.61\n'
                              'loss=0.60 v=4.77\n'
                              'loss=0.22 v=4.86\n'
                              'loss=0.08 v=4.92\n'
                              'loss=0.03 v=4.95\n'
                              'loss=0.01 v=4.97\n'
                              'loss=0.00 v=4.98\n',
              'h-IB5Xa0NxLa': '',
              '_pAdgIORR2yH': 'Tracing with Tensor("x:0", dtype=float32)\n'
                              'Tracing with Tensor("x:0", dtype=float32)\n',
              'nAzRHR0UT4hv': "['serving_default']\n",
              '6VYAiQmLUiox': '',
              '8IPx_0RWEx07': "['serving_default', 'array_input']\n",
              'ACKPl1X8G1gw': '',
              '1yGVy4MuH-V0': "{'custom_output_name': TensorSpec(shape=<unknown>, "
                              "dtype=tf.float32, name='custom_output_name')}\n"}
