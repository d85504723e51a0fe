"""The code cells of TensorFlow's random numbers guide (`site/en/guide/random_numbers.ipynb` in
tensorflow/docs), written for `import tensorflow as tf`. `python -m tests.guides.record
random_numbers_guide` ran them with TensorFlow 2.21 from a scratch directory, and `TENSORFLOW`
is what each cell showed there. The license cell is left out.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ('ECDrttf0s8Nu', '''\
import tensorflow as tf

# Creates some virtual devices (cpu:0, cpu:1, etc.) for using distribution strategy
physical_devices = tf.config.list_physical_devices("CPU")
tf.config.experimental.set_virtual_device_configuration(
    physical_devices[0], [
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration()
    ])'''),
    ('7yU1E3JvxOQD', '''\
g1 = tf.random.Generator.from_seed(1)
print(g1.normal(shape=[2, 3]))
g2 = tf.random.get_global_generator()
print(g2.normal(shape=[2, 3]))'''),
    ('kISbOE4Xfjhv', '''\
g1 = tf.random.Generator.from_seed(1, alg='philox')
print(g1.normal(shape=[2, 3]))'''),
    ('gxPLCLsz00qY', '''\
g = tf.random.Generator.from_non_deterministic_state()
print(g.normal(shape=[2, 3]))'''),
    ('324S5bpd9HRg', '''\
g = tf.random.Generator.from_seed(1)
print(g.normal([]))
print(g.normal([]))
g.reset_from_seed(1)
print(g.normal([]))'''),
    ('Vg5_KN18OZjo', '''\
g = tf.random.Generator.from_seed(1)
print(g.normal([]))
new_gs = g.split(3)
for new_g in new_gs:
  print(new_g.normal([]))
print(g.normal([]))'''),
    ('5jSnJBlUQzF3', '''\
with tf.device("cpu"):  # change "cpu" to the device you want
  g = tf.random.get_global_generator().split(1)[0]
  print(g.normal([]))  # use of g won't cause cross-device copy, unlike the global generator'''),
    ('a5EEy0E2UHMw', '''\
g = tf.random.Generator.from_seed(1)
@tf.function
def foo():
  return g.normal([])
print(foo())'''),
    ('3JzpUvqJU4MW', '''\
g = None
@tf.function
def foo():
  global g
  if g is None:
    g = tf.random.Generator.from_seed(1)
  return g.normal([])
print(foo())
print(foo())'''),
    ('DeR9kvt0V-ad', '''\
num_traces = 0
@tf.function
def foo(g):
  global num_traces
  num_traces += 1
  return g.normal([])
foo(tf.random.Generator.from_seed(1))
foo(tf.random.Generator.from_seed(2))
print(num_traces)'''),
    ('oWD2f_qxkSe7', '''\
num_traces = 0
@tf.function
def foo(v):
  global num_traces
  num_traces += 1
  return v.read_value()
foo(tf.Variable(1))
foo(tf.Variable(2))
print(num_traces)'''),
    ('HX_beT9SZWMp', '''\
g = tf.random.Generator.from_seed(1)
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    print(g.normal([]))
  results = strat.run(f)'''),
    ('5SeUu7IFmTyQ', '''\
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))'''),
    ('nlQXi5Msb1Wu', '''\
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    g = tf.random.Generator.from_seed(1)
    a = g.normal([])
    b = g.normal([])
    return tf.stack([a, b])
  print(strat.run(f))
  print(strat.run(f))'''),
    ('uB_bDSbzpbne', '''\
filename = "./checkpoint"
g = tf.random.Generator.from_seed(1)
cp = tf.train.Checkpoint(generator=g)
print(g.normal([]))'''),
    ('bKKtRWeIkIjX', '''\
cp.write(filename)
print("RNG stream from saving point:")
print(g.normal([]))
print(g.normal([]))'''),
    ('-cIHcHwRkQp3', '''\
cp.restore(filename)
print("RNG stream from restoring point:")
print(g.normal([]))
print(g.normal([]))'''),
    ('3aI6TQ2lq28w', '''\
filename = "./checkpoint"
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  cp = tf.train.Checkpoint(my_generator=g)
  print(strat.run(lambda: g.normal([])))'''),
    ('kTZcdaMwkvJI', '''\
with strat.scope():
  cp.write(filename)
  print("RNG stream from saving point:")
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))'''),
    ('nizFA5IrkzN1', '''\
with strat.scope():
  cp.restore(filename)
  print("RNG stream from restoring point:")
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))'''),
    ('zgoFRf59-IvW', '''\
filename = "./checkpoint"
strat1 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat1.scope():
  g1 = tf.random.Generator.from_seed(1)
  cp1 = tf.train.Checkpoint(my_generator=g1)
  print(strat1.run(lambda: g1.normal([])))'''),
    ('Lu79ETxMlDpO', '''\
with strat1.scope():
  cp1.write(filename)
  print("RNG stream from saving point:")
  print(strat1.run(lambda: g1.normal([])))
  print(strat1.run(lambda: g1.normal([])))'''),
    ('VYoRFUjklKOk', '''\
strat2 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1", "cpu:2"])
with strat2.scope():
  g2 = tf.random.Generator.from_seed(1)
  cp2 = tf.train.Checkpoint(my_generator=g2)
  cp2.restore(filename)
  print("RNG stream from restoring point:")
  print(strat2.run(lambda: g2.normal([])))
  print(strat2.run(lambda: g2.normal([])))'''),
    ('0AKO5SnUtyqx', '''\
filename = "./saved_model"

class MyModule(tf.Module):

  def __init__(self):
    super(MyModule, self).__init__()
    self.g = tf.random.Generator.from_seed(0)

  @tf.function
  def __call__(self):
    return self.g.normal([])

  @tf.function
  def state(self):
    return self.g.state

strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  m = MyModule()
  print(strat.run(m))
  print("state:", m.state())'''),
    ('jg2148hulfLB', '''\
with strat.scope():
  tf.saved_model.save(m, filename)
  print("RNG stream from saving point:")
  print(strat.run(m))
  print("state:", m.state())
  print(strat.run(m))
  print("state:", m.state())'''),
    ('93AgVyzOllG7', '''\
imported = tf.saved_model.load(filename)
print("RNG stream from loading point:")
print("state:", imported.state())
print(imported())
print("state:", imported.state())
print(imported())
print("state:", imported.state())'''),
    ('0-aOOA3gasn_', '''\
print(tf.random.stateless_normal(shape=[2, 3], seed=[1, 2]))
print(tf.random.stateless_normal(shape=[2, 3], seed=[1, 2]))'''),
]

TENSORFLOW = {'ECDrttf0s8Nu': '',
 '7yU1E3JvxOQD': 'tf.Tensor(\n'
                 '[[ 0.43842274 -0.53439844 -0.07710262]\n'
                 ' [ 1.5658046  -0.1012345  -0.2744976 ]], shape=(2, 3), dtype=float32)\n'
                 'tf.Tensor(\n'
                 '[[-0.93694305  1.0808498  -0.1743995 ]\n'
                 ' [ 1.3693136   1.2722508  -1.0851499 ]], shape=(2, 3), dtype=float32)\n',
 'kISbOE4Xfjhv': 'tf.Tensor(\n'
                 '[[ 0.43842274 -0.53439844 -0.07710262]\n'
                 ' [ 1.5658046  -0.1012345  -0.2744976 ]], shape=(2, 3), dtype=float32)\n',
 'gxPLCLsz00qY': 'tf.Tensor(\n'
                 '[[ 2.566865   1.2514418 -0.8287787]\n'
                 ' [-0.9975465  2.0940905 -2.007357 ]], shape=(2, 3), dtype=float32)\n',
 '324S5bpd9HRg': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                 'tf.Tensor(1.6272374, shape=(), dtype=float32)\n'
                 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n',
 'Vg5_KN18OZjo': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                 'tf.Tensor(2.536413, shape=(), dtype=float32)\n'
                 'tf.Tensor(0.33186463, shape=(), dtype=float32)\n'
                 'tf.Tensor(-0.07144657, shape=(), dtype=float32)\n'
                 'tf.Tensor(-0.79253083, shape=(), dtype=float32)\n',
 '5jSnJBlUQzF3': 'tf.Tensor(-0.93111837, shape=(), dtype=float32)\n',
 'a5EEy0E2UHMw': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n',
 '3JzpUvqJU4MW': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                 'tf.Tensor(1.6272374, shape=(), dtype=float32)\n',
 'DeR9kvt0V-ad': '2\n',
 'oWD2f_qxkSe7': '1\n',
 'HX_beT9SZWMp': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                 'tf.Tensor(1.6272374, shape=(), dtype=float32)\n',
 '5SeUu7IFmTyQ': 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.87930447, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.020661574, shape=(), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.5822568, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.77539235, shape=(), dtype=float32)\n'
                 '}\n',
 'nlQXi5Msb1Wu': 'PerReplica:{\n'
                 '  0: tf.Tensor([-0.87930447 -1.5822568 ], shape=(2,), dtype=float32),\n'
                 '  1: tf.Tensor([0.02066157 0.77539235], shape=(2,), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor([-0.87930447 -1.5822568 ], shape=(2,), dtype=float32),\n'
                 '  1: tf.Tensor([0.02066157 0.77539235], shape=(2,), dtype=float32)\n'
                 '}\n',
 'uB_bDSbzpbne': 'tf.Tensor(0.43842274, shape=(), dtype=float32)\n',
 'bKKtRWeIkIjX': 'RNG stream from saving point:\n'
                 'tf.Tensor(1.6272374, shape=(), dtype=float32)\n'
                 'tf.Tensor(1.6307176, shape=(), dtype=float32)\n',
 '-cIHcHwRkQp3': 'RNG stream from restoring point:\n'
                 'tf.Tensor(1.6272374, shape=(), dtype=float32)\n'
                 'tf.Tensor(1.6307176, shape=(), dtype=float32)\n',
 '3aI6TQ2lq28w': 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.87930447, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.020661574, shape=(), dtype=float32)\n'
                 '}\n',
 'kTZcdaMwkvJI': 'RNG stream from saving point:\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.5822568, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.77539235, shape=(), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.5039703, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.1251838, shape=(), dtype=float32)\n'
                 '}\n',
 'nizFA5IrkzN1': 'RNG stream from restoring point:\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.5822568, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.77539235, shape=(), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.5039703, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.1251838, shape=(), dtype=float32)\n'
                 '}\n',
 'zgoFRf59-IvW': 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.87930447, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.020661574, shape=(), dtype=float32)\n'
                 '}\n',
 'Lu79ETxMlDpO': 'RNG stream from saving point:\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.5822568, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.77539235, shape=(), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.5039703, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.1251838, shape=(), dtype=float32)\n'
                 '}\n',
 'VYoRFUjklKOk': 'RNG stream from restoring point:\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.5822568, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.77539235, shape=(), dtype=float32),\n'
                 '  2: tf.Tensor(0.6851049, shape=(), dtype=float32)\n'
                 '}\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.5039703, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.1251838, shape=(), dtype=float32),\n'
                 '  2: tf.Tensor(-0.58519536, shape=(), dtype=float32)\n'
                 '}\n',
 '0AKO5SnUtyqx': 'PerReplica:{\n'
                 '  0: tf.Tensor(-1.4154755, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(-0.11388441, shape=(), dtype=float32)\n'
                 '}\n'
                 'state: tf.Tensor([256   0   0], shape=(3,), dtype=int64)\n',
 'jg2148hulfLB': 'RNG stream from saving point:\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.68758255, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(0.8084062, shape=(), dtype=float32)\n'
                 '}\n'
                 'state: tf.Tensor([512   0   0], shape=(3,), dtype=int64)\n'
                 'PerReplica:{\n'
                 '  0: tf.Tensor(-0.27342677, shape=(), dtype=float32),\n'
                 '  1: tf.Tensor(-0.53093255, shape=(), dtype=float32)\n'
                 '}\n'
                 'state: tf.Tensor([768   0   0], shape=(3,), dtype=int64)\n',
 '93AgVyzOllG7': 'RNG stream from loading point:\n'
                 'state: tf.Tensor([256   0   0], shape=(3,), dtype=int64)\n'
                 'tf.Tensor(-1.0359411, shape=(), dtype=float32)\n'
                 'state: tf.Tensor([512   0   0], shape=(3,), dtype=int64)\n'
                 'tf.Tensor(-0.064250775, shape=(), dtype=float32)\n'
                 'state: tf.Tensor([768   0   0], shape=(3,), dtype=int64)\n',
 '0-aOOA3gasn_': 'tf.Tensor(\n'
                 '[[ 0.5441101   0.20738031  0.07356432]\n'
                 ' [ 0.04643455 -1.3015898  -0.9538565 ]], shape=(2, 3), dtype=float32)\n'
                 'tf.Tensor(\n'
                 '[[ 0.5441101   0.20738031  0.07356432]\n'
                 ' [ 0.04643455 -1.3015898  -0.9538565 ]], shape=(2, 3), dtype=float32)\n'}
