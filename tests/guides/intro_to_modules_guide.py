"""The cells of TensorFlow's intro_to_modules guide (`site/en/guide/intro_to_modules.ipynb` in
tensorflow/docs) that trace a module's function into TensorBoard, with the cells they need
before them, written for `import tensorflow as tf`. `python -m tests.guides.record
intro_to_modules_guide` ran them with TensorFlow 2.21 (TensorBoard 2.21) from a scratch
directory, and `TENSORFLOW` is what each cell showed there. The setup cell's
`%load_ext tensorboard` (a notebook magic) is left out.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("goZwOXp_xyQj", "import tensorflow as tf\nfrom datetime import datetime"),
    ("Efb2p2bzAn-V", '''\
class Dense(tf.Module):
  def __init__(self, in_features, out_features, name=None):
    super().__init__(name=name)
    self.w = tf.Variable(
      tf.random.normal([in_features, out_features]), name='w')
    self.b = tf.Variable(tf.zeros([out_features]), name='b')
  def __call__(self, x):
    y = tf.matmul(x, self.w) + self.b
    return tf.nn.relu(y)'''),
    ("WQTvkapUh7lk", '''\
class MySequentialModule(tf.Module):
  def __init__(self, name=None):
    super().__init__(name=name)

    self.dense_1 = Dense(in_features=3, out_features=3)
    self.dense_2 = Dense(in_features=3, out_features=2)

  @tf.function
  def __call__(self, x):
    x = self.dense_1(x)
    return self.dense_2(x)

# You have made a model with a graph!
my_model = MySequentialModule(name="the_model")'''),
    ("zmy-T67zhp-S", '''\
# Set up logging.
stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
logdir = "logs/func/%s" % stamp
writer = tf.summary.create_file_writer(logdir)

# Create a new model to get a fresh trace
# Otherwise the summary will not see the graph.
new_model = MySequentialModule()

# Bracket the function call with
# tf.summary.trace_on() and tf.summary.trace_export().
tf.summary.trace_on(graph=True)
tf.profiler.experimental.start(logdir)
# Call only one tf.function when tracing.
z = print(new_model(tf.constant([[2.0, 2.0, 2.0]])))
with writer.as_default():
  tf.summary.trace_export(
      name="my_func_trace",
      step=0,
      profiler_outdir=logdir)'''),
]

TENSORFLOW = {
    "goZwOXp_xyQj": "",
    "Efb2p2bzAn-V": "",
    "WQTvkapUh7lk": "",
    "zmy-T67zhp-S": "tf.Tensor([[7.539497 0.      ]], shape=(1, 2), dtype=float32)\n",
}
