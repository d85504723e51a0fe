"""TensorFlow's distributed training guide (`site/en/guide/distributed_training.ipynb` in
tensorflow/docs), cell by cell, written for `import tensorflow as tf`. The test runs it with
`import autograph as tf`; `python -m tests.guides.record distributed_training_guide` ran it
with TensorFlow 2.21 (Keras 3.15) on a machine with CPUs only, without `TF_CONFIG`, and
`TENSORFLOW` below is what each cell showed there.

Cells are named by the guide's cell ids. Of its 21 code cells, 20 are here, all of the
guide's code: the strategies built on this machine (`MirroredStrategy` with its default
devices, with two GPUs named and with `HierarchicalCopyAllReduce`;
`MultiWorkerMirroredStrategy`, a single worker without `TF_CONFIG`, by default and with
NCCL communication options; `CentralStorageStrategy`; the default strategy of
`get_strategy()` and its `reduce`), Keras `compile`/`fit`/`evaluate` under
`strategy.scope()`, and the custom training loop (`experimental_distribute_dataset`,
`strategy.run`, `strategy.reduce`). Left out: the license header (no code). No code cell
needs a dataset download, a TPU or a cluster (0 left out for that): the guide shows
`TPUStrategy` (a TPU), `ParameterServerStrategy` with its `ClusterCoordinator` and the
`TF_CONFIG` example (a cluster) and `OneDeviceStrategy(device="/gpu:0")` only as code in
its text, not in code cells, and they are not here.

Without GPUs, TensorFlow still builds `MirroredStrategy(devices=["/gpu:0", "/gpu:1"])`:
two replicas on those devices, whose ops soft placement runs on the CPU (a variable made in
its scope has two copies). Its strategies log what they build (the devices used, that NCCL
has no GPU) to stderr, which is not compared. Keras drew its progress bars as on a terminal
(Keras does on Linux, whatever stdout is), redrawing the line after each batch; what
each cell showed is kept as it was written.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("EVOZFbNgXghB", "import tensorflow as tf"),
    ("9Z4FMAY9ADxK", "mirrored_strategy = tf.distribute.MirroredStrategy()"),
    ("nbGleskCACv_",
     'mirrored_strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])'),
    ("6-xIOIpgBItn", '''\
mirrored_strategy = tf.distribute.MirroredStrategy(
    cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())'''),
    ("m3a_6ebbEjre", "strategy = tf.distribute.MultiWorkerMirroredStrategy()"),
    ("QGX_QAEtFQSv", '''\
communication_options = tf.distribute.experimental.CommunicationOptions(
    implementation=tf.distribute.experimental.CommunicationImplementation.NCCL)
strategy = tf.distribute.MultiWorkerMirroredStrategy(
    communication_options=communication_options)'''),
    ("rtjZOyaoMWrP",
     "central_storage_strategy = tf.distribute.experimental.CentralStorageStrategy()"),
    ("ibHleFOOmPn9", "default_strategy = tf.distribute.get_strategy()"),
    ("WECeRzUdT6bU", '''\
# In optimizer or other library code
# Get currently active strategy
strategy = tf.distribute.get_strategy()
strategy.reduce("SUM", 1., axis=None)  # reduce some values'''),
    ("O4Vmae5jmSE6", '''\
if tf.config.list_physical_devices('GPU'):
  strategy = tf.distribute.MirroredStrategy()
else:  # Use the Default Strategy
  strategy = tf.distribute.get_strategy()

with strategy.scope():
  # Do something interesting
  print(tf.Variable(1.))'''),
    ("gbbcpzRnPZ6V", '''\
mirrored_strategy = tf.distribute.MirroredStrategy()

with mirrored_strategy.scope():
  model = tf.keras.Sequential([
      tf.keras.layers.Dense(1, input_shape=(1,),
                            kernel_regularizer=tf.keras.regularizers.L2(1e-4))])
  model.compile(loss='mse', optimizer='sgd')'''),
    ("ZMmxEFRTEjH5", '''\
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(100).batch(10)
model.fit(dataset, epochs=2)
model.evaluate(dataset)'''),
    ("Lqgd9SdxW5OW", '''\
import numpy as np

inputs, targets = np.ones((100, 1)), np.ones((100, 1))
model.fit(inputs, targets, epochs=2, batch_size=10)'''),
    ("8ZmJqErtS4A1", "mirrored_strategy.num_replicas_in_sync"),
    ("quNNTytWdGBf", '''\
# Compute a global batch size using a number of replicas.
BATCH_SIZE_PER_REPLICA = 5
global_batch_size = (BATCH_SIZE_PER_REPLICA *
                     mirrored_strategy.num_replicas_in_sync)
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(100)
dataset = dataset.batch(global_batch_size)

LEARNING_RATES_BY_BATCH_SIZE = {5: 0.1, 10: 0.15, 20:0.175}
learning_rate = LEARNING_RATES_BY_BATCH_SIZE[global_batch_size]'''),
    ("W-3Bn-CaiPKD", '''\
with mirrored_strategy.scope():
  model = tf.keras.Sequential([
      tf.keras.layers.Dense(1, input_shape=(1,),
                            kernel_regularizer=tf.keras.regularizers.L2(1e-4))])
  optimizer = tf.keras.optimizers.SGD()'''),
    ("94BkvkLInkKd", '''\
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(1000).batch(
    global_batch_size)
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)'''),
    ("NJxL5YrVniDe", '''\
# Sets `reduction=NONE` to leave it to tf.nn.compute_average_loss() below.
loss_object = tf.keras.losses.BinaryCrossentropy(
  from_logits=True,
  reduction=tf.keras.losses.Reduction.NONE)

def train_step(inputs):
  features, labels = inputs

  with tf.GradientTape() as tape:
    predictions = model(features, training=True)
    per_example_loss = loss_object(labels, predictions)
    loss = tf.nn.compute_average_loss(per_example_loss)
    model_losses = model.losses
    if model_losses:
      loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))

  gradients = tape.gradient(loss, model.trainable_variables)
  optimizer.apply_gradients(zip(gradients, model.trainable_variables))
  return loss

@tf.function
def distributed_train_step(dist_inputs):
  per_replica_losses = mirrored_strategy.run(train_step, args=(dist_inputs,))
  return mirrored_strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses,
                         axis=None)'''),
    ("Egq9eufToRf6", '''\
for dist_inputs in dist_dataset:
  print(distributed_train_step(dist_inputs))'''),
    ("e5BEvR0-LJAc", '''\
iterator = iter(dist_dataset)
for _ in range(10):
  print(distributed_train_step(next(iterator)))'''),
]

# What each cell showed with TensorFlow 2.21 and Keras 3.15 (tests/guides/record.py).
TENSORFLOW = {'EVOZFbNgXghB': '',
              '9Z4FMAY9ADxK': '',
              'nbGleskCACv_': '',
              '6-xIOIpgBItn': '',
              'm3a_6ebbEjre': '',
              'QGX_QAEtFQSv': '',
              'rtjZOyaoMWrP': '',
              'ibHleFOOmPn9': '',
              'WECeRzUdT6bU': '1.0\n',
              'O4Vmae5jmSE6': "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>\n",
              'gbbcpzRnPZ6V': '',
              'ZMmxEFRTEjH5': 'Epoch 1/2\n'
                              '\r'
                              '\x1b[1m 1/10\x1b[0m \x1b[32m━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━━━━'
                              '\x1b[0m \x1b[1m3s\x1b[0m 351ms/step - loss: 0.6488\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\r'
                              '\x1b[1m10/10\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m'
                              '\x1b[0m \x1b[1m0s\x1b[0m 8ms/step - loss: 0.4618  \n'
                              'Epoch 2/2\n'
                              '\r'
                              '\x1b[1m 1/10\x1b[0m \x1b[32m━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━━━━'
                              '\x1b[0m \x1b[1m0s\x1b[0m 64ms/step - loss: 0.2868\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\r'
                              '\x1b[1m10/10\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m'
                              '\x1b[0m \x1b[1m0s\x1b[0m 8ms/step - loss: 0.2041 \n'
                              '\r'
                              '\x1b[1m 1/10\x1b[0m \x1b[32m━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━━━━'
                              '\x1b[0m \x1b[1m1s\x1b[0m 182ms/step - loss: 0.1268\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\r'
                              '\x1b[1m10/10\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m'
                              '\x1b[0m \x1b[1m0s\x1b[0m 7ms/step - loss: 0.1268  \n'
                              '0.12678617238998413\n',
              'Lqgd9SdxW5OW': 'Epoch 1/2\n'
                              '\r'
                              '\x1b[1m 1/10\x1b[0m \x1b[32m━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━━━━'
                              '\x1b[0m \x1b[1m0s\x1b[0m 71ms/step - loss: 0.1268\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\r'
                              '\x1b[1m10/10\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m'
                              '\x1b[0m \x1b[1m0s\x1b[0m 11ms/step - loss: 0.0902\n'
                              'Epoch 2/2\n'
                              '\r'
                              '\x1b[1m 1/10\x1b[0m \x1b[32m━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━━━━'
                              '\x1b[0m \x1b[1m0s\x1b[0m 81ms/step - loss: 0.0561\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08'
                              '\x08\x08\r'
                              '\x1b[1m10/10\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m'
                              '\x1b[0m \x1b[1m0s\x1b[0m 10ms/step - loss: 0.0399\n'
                              '<keras.src.callbacks.history.History object at 0x7ff0dc461510>\n',
              '8ZmJqErtS4A1': '1\n',
              'quNNTytWdGBf': '',
              'W-3Bn-CaiPKD': '',
              '94BkvkLInkKd': '',
              'NJxL5YrVniDe': '',
              'Egq9eufToRf6': 'tf.Tensor(0.37932113, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.37733394, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.37536386, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.37341064, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3714742, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3695543, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3676508, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.36576346, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.36389217, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.36203668, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.36019695, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.35837266, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.35656372, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.35476995, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.35299116, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.35122722, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.349478, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.34774333, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.346023, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.34431693, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.34262487, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.34094676, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.33928245, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.33763176, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.33599454, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3343706, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.33275992, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.33116227, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3295776, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.32800564, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.32644635, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3248996, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.32336524, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.32184312, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.32033312, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.31883514, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.31734902, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3158747, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.31441194, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.31296074, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3115209, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.3100924, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.308675, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30726865, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30587322, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30448866, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30311477, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30175146, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.30039868, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2990563, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.29772416, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.29640225, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.29509035, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2937885, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2924964, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.29121417, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.28994155, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2886786, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.287425, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.28618088, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.28494605, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.28372037, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.28250384, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2812963, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2800977, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.27890795, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.27772692, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2765546, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.27539086, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2742356, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2730888, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.27195024, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.27082005, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26969793, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26858398, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.267478, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26637992, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26528978, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26420736, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26313272, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26206565, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.26100618, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25995415, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2589096, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25787237, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25684243, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25581968, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25480413, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2537956, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2527941, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25179952, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.25081185, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24983096, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24885684, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24788941, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24692856, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24597426, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24502651, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24408518, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24315028, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24222167, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24129933, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.24038321, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2394732, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23856932, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23767142, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23677962, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23589365, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23501359, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23413932, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2332709, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2324081, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23155107, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.23069955, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22985364, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22901326, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22817832, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22734879, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22652468, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22570586, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22489235, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22408402, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2232809, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22248292, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22168998, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.22090216, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2201193, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21934141, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21856847, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21780036, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21703707, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2162786, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21552491, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21477588, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21403152, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21329176, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21255665, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21182606, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21109998, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.21037835, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20966114, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20894839, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20823997, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20753583, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20683604, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20614047, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2054491, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2047619, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20407884, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20339993, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20272507, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20205426, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.20138742, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2007246, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.2000657, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19941074, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19875963, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19811235, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1974689, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19682921, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1961933, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19556108, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19493258, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19430773, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19368649, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1930689, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19245486, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19184434, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19123736, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19063385, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.19003378, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18943718, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18884397, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18825413, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18766765, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18708451, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18650463, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18592806, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18535472, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1847846, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1842177, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18365392, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18309332, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18253584, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18198144, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18143015, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18088184, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.18033662, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17979436, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17925511, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17871879, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17818543, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17765495, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17712736, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17660266, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17608081, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17556176, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1750455, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17453204, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17402133, shape=(), dtype=float32)\n',
              'e5BEvR0-LJAc': 'tf.Tensor(0.17351337, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17300811, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17250559, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17200568, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17150848, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17101392, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17052194, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.17003259, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.16954584, shape=(), dtype=float32)\n'
                              'tf.Tensor(0.1690616, shape=(), dtype=float32)\n'}
