"""TensorFlow's checkpoint guide (`site/en/guide/checkpoint.ipynb` in tensorflow/docs), cell by
cell, as a program of our own doing the same steps with the same API calls and object names
(the names are what the checkpoint keys are made of), written for `import tensorflow as tf`.
The test runs it with `import autograph as tf`; `python -m tests.guides.record
checkpoint_guide` ran it with TensorFlow 2.21 (Keras 3.15) and `TENSORFLOW` below is what
each cell showed there.

Cells are named by the guide's cell ids. Two of its code cells are left out: the license
header (no code) and `!ls ./tf_ckpts` (a listing of files, whose names differ by format).
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("VEvpMYAKsC4z", "import tensorflow as tf"),
    ("OEQCseyeC4Ev", '''\
class Net(tf.keras.Model):
  def __init__(self):
    super().__init__()
    self.l1 = tf.keras.layers.Dense(5)

  def call(self, inputs):
    return self.l1(inputs)'''),
    ("utqeoDADC5ZR", "net = Net()"),
    ("SuhmrYPEl4D_", "net.save_weights('easy_checkpoint')"),
    ("tSNyP4IJ9nkU", '''\
def toy_dataset():
  x = tf.range(10.)[:, None]
  y = x * 5. + tf.range(5.)[None, :]
  return tf.data.Dataset.from_tensor_slices(dict(x=x, y=y)).repeat().batch(2)'''),
    ("ICm1cufh_JH8", '''\
def train_step(net, example, optimizer):
  with tf.GradientTape() as tape:
    prediction = net(example['x'])
    loss = tf.reduce_mean(tf.abs(prediction - example['y']))
  weights = net.trainable_variables
  optimizer.apply_gradients(zip(tape.gradient(loss, weights), weights))
  return loss'''),
    ("ou5qarOQOWYl", '''\
opt = tf.keras.optimizers.Adam(0.1)
iterator = iter(toy_dataset())
ckpt = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt, net=net, iterator=iterator)
manager = tf.train.CheckpointManager(ckpt, './tf_ckpts', max_to_keep=3)'''),
    ("BbCS5A6K1VSH", '''\
def train_and_checkpoint(net, manager):
  ckpt.restore(manager.latest_checkpoint)
  if manager.latest_checkpoint:
    print(f"Restored from {manager.latest_checkpoint}")
  else:
    print("Initializing from scratch.")
  for _ in range(50):
    loss = train_step(net, next(iterator), opt)
    ckpt.step.assign_add(1)
    if int(ckpt.step) % 10 == 0:
      print(f"Saved checkpoint for step {int(ckpt.step)}: {manager.save()}")
      print(f"loss {loss.numpy():1.2f}")'''),
    ("Ik3IBMTdPW41", "train_and_checkpoint(net, manager)"),
    ("UjilkTOV2PBK", '''\
opt = tf.keras.optimizers.Adam(0.1)
net = Net()
iterator = iter(toy_dataset())
ckpt = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt, net=net, iterator=iterator)
manager = tf.train.CheckpointManager(ckpt, './tf_ckpts', max_to_keep=3)
train_and_checkpoint(net, manager)'''),
    ("3zmM0a-F5XqC", "print(manager.checkpoints)"),
    ("wmX2AuyH7TVt", '''\
to_restore = tf.Variable(tf.zeros([5]))
print(to_restore.numpy())
fake_layer = tf.train.Checkpoint(bias=to_restore)
fake_net = tf.train.Checkpoint(l1=fake_layer)
new_root = tf.train.Checkpoint(net=fake_net)
status = new_root.restore(tf.train.latest_checkpoint('./tf_ckpts/'))
print(to_restore.numpy())'''),
    ("P9TQXl81Dq5r", "status.assert_existing_objects_matched()"),
    ("TXYUCO3v-I72", '''\
deferred_restore = tf.Variable(tf.zeros([1, 5]))
print(deferred_restore.numpy())
fake_layer.kernel = deferred_restore
print(deferred_restore.numpy())'''),
    ("RlRsADTezoBD", '''\
reader = tf.train.load_checkpoint('./tf_ckpts/')
shape_from_key = reader.get_variable_to_shape_map()
dtype_from_key = reader.get_variable_to_dtype_map()
sorted(shape_from_key.keys())'''),
    ("lYhX_XWCgl92", '''\
key = 'net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE'
print("Shape:", shape_from_key[key])
print("Dtype:", dtype_from_key[key].name)'''),
    ("cDJO3cgmecvi", "reader.get_tensor(key)"),
    ("rfaIbDtDHAr_", '''\
save = tf.train.Checkpoint()
save.listed = [tf.Variable(1.)]
save.listed.append(tf.Variable(2.))
save.mapped = {'one': save.listed[0]}
save.mapped['two'] = save.listed[1]
save_path = save.save('./tf_list_example')

restore = tf.train.Checkpoint()
v2 = tf.Variable(0.)
assert v2.numpy() == 0.
restore.mapped = {'two': v2}
restore.restore(save_path)
assert v2.numpy() == 2.'''),
    ("s0Uq1Hv5JCmm", '''\
restore.listed = []
print(restore.listed)
v1 = tf.Variable(0.)
restore.listed.append(v1)
assert v1.numpy() == 1.'''),
]

# What each cell showed with TensorFlow 2.21 and Keras 3.15 (tests/guides/record.py).
TENSORFLOW = {'VEvpMYAKsC4z': '',
              'OEQCseyeC4Ev': '',
              'utqeoDADC5ZR': '',
              'SuhmrYPEl4D_': 'ValueError: The filename must end in `.weights.h5`. Received: '
                              'filepath=easy_checkpoint\n',
              'tSNyP4IJ9nkU': '',
              'ICm1cufh_JH8': '',
              'ou5qarOQOWYl': '',
              'BbCS5A6K1VSH': '',
              'Ik3IBMTdPW41': 'Initializing from scratch.\n'
                              'Saved checkpoint for step 10: ./tf_ckpts/ckpt-1\n'
                              'loss 30.18\n'
                              'Saved checkpoint for step 20: ./tf_ckpts/ckpt-2\n'
                              'loss 23.59\n'
                              'Saved checkpoint for step 30: ./tf_ckpts/ckpt-3\n'
                              'loss 17.03\n'
                              'Saved checkpoint for step 40: ./tf_ckpts/ckpt-4\n'
                              'loss 10.54\n'
                              'Saved checkpoint for step 50: ./tf_ckpts/ckpt-5\n'
                              'loss 4.36\n',
              'UjilkTOV2PBK': 'Restored from ./tf_ckpts/ckpt-5\n'
                              'Saved checkpoint for step 60: ./tf_ckpts/ckpt-6\n'
                              'loss 23.98\n'
                              'Saved checkpoint for step 70: ./tf_ckpts/ckpt-7\n'
                              'loss 14.10\n'
                              'Saved checkpoint for step 80: ./tf_ckpts/ckpt-8\n'
                              'loss 5.20\n'
                              'Saved checkpoint for step 90: ./tf_ckpts/ckpt-9\n'
                              'loss 1.40\n'
                              'Saved checkpoint for step 100: ./tf_ckpts/ckpt-10\n'
                              'loss 1.38\n',
              '3zmM0a-F5XqC': "['./tf_ckpts/ckpt-8', './tf_ckpts/ckpt-9', './tf_ckpts/ckpt-10']\n",
              'wmX2AuyH7TVt': '[0. 0. 0. 0. 0.]\n'
                              '[7.439833  5.9005976 8.460836  7.070017  8.728956 ]\n',
              'P9TQXl81Dq5r': '<tensorflow.python.checkpoint.checkpoint.CheckpointLoadStatus '
                              'object at 0x7f7a4c650910>\n',
              'TXYUCO3v-I72': '[[0. 0. 0. 0. 0.]]\n[[0. 0. 0. 0. 0.]]\n',
              'RlRsADTezoBD': "['_CHECKPOINTABLE_OBJECT_GRAPH', "
                              "'iterator/.ATTRIBUTES/ITERATOR_STATE', "
                              "'net/l1/_kernel/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'net/l1/bias/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_learning_rate/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_trainable_variables/0/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/2/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/3/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/4/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/5/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/6/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'optimizer/_variables/7/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'save_counter/.ATTRIBUTES/VARIABLE_VALUE', "
                              "'step/.ATTRIBUTES/VARIABLE_VALUE']\n",
              'lYhX_XWCgl92': "KeyError: 'net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE'\n",
              'cDJO3cgmecvi': 'NotFoundError: Key net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE not '
                              'found in checkpoint\n',
              'rfaIbDtDHAr_': '',
              's0Uq1Hv5JCmm': 'ListWrapper([])\n'}
