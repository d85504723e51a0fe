"""TensorFlow's basics guide (`site/en/guide/basics.ipynb` in tensorflow/docs), cell by cell,
as a program of our own doing the same steps with the same API calls and object names,
written for `import tensorflow as tf`. The test runs it with `import autograph as tf`;
`python -m tests.guides.record basics_guide` ran it with TensorFlow 2.21 (Keras 3.15) and
`TENSORFLOW` below is what each cell showed there.

Cells are named by the guide's cell ids. Of its 39 code cells, 32 are here, all of the
guide's computing: tensors, variables, a gradient, a traced function, a saved model, a
quadratic model trained by hand (100 epochs, as the guide) and the same model in Keras
(`Lambda`, `Dense`; `fit` for 100 epochs, saved to a `.keras` file). Left out: the license
header (no code); `VcuFr7KPRPzn`, which imports matplotlib (not a dependency); and five
cells that only plot: `ReWhH40wTY5F` (defines `plot_preds`), the three that call it
(`Y0JtXQat-nlk`, `Qcvzyg3eYLh8`, `bB44a9YsvnfK`) and `Mo7zRV7XZjv7` (Keras's loss curve);
the test checks what those plots show (the predictions after training, Keras's falling
loss) from the cells' variables instead. Two cells are here with their plotting
lines removed: `sXN9E_xf-GiP` (it makes the data, `x` and `y`) and `nOaES5gyTDtG` (the
training loop; it plotted the losses after it).
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("6ZqX5RnbBS1f", '''\
import tensorflow as tf

x = tf.constant([[1., 2., 3.],
                 [4., 5., 6.]])

print(x)
print(x.shape)
print(x.dtype)'''),
    ("BM7xXNDsBfN5", "x + x"),
    ("ZLGqscTxB61v", "5 * x"),
    ("2ImJHd8VfnWq", "x @ tf.transpose(x)"),
    ("U9JZD6TYCZWu", "tf.concat([x, x, x], axis=0)"),
    ("seGBLeD9P_PI", "tf.nn.softmax(x, axis=-1)"),
    ("YZNZRv1ECjf8", "tf.reduce_sum(x)"),
    ("i_XKgjDsL4GE", "tf.convert_to_tensor([1,2,3])"),
    ("wTBt-JUqLJDJ", "tf.reduce_sum([1,2,3])"),
    ("m97Gv5H6Dz0G", '''\
if tf.config.list_physical_devices('GPU'):
  print("TensorFlow **IS** using the GPU")
else:
  print("TensorFlow **IS NOT** using the GPU")'''),
    ("SO8_bP4UEzxS", "var = tf.Variable([0.0, 0.0, 0.0])"),
    ("aDLYFvu5FAFa", "var.assign([1, 2, 3])"),
    ("9EpiOmxXFDSS", "var.assign_add([1, 1, 1])"),
    ("cYKOi-z4GY9Y", '''\
x = tf.Variable(1.0)

def f(x):
  y = x**2 + 2*x - 5
  return y'''),
    ("IQz99cxMGoF_", "f(x)"),
    ("N02NfWpHGvw8", '''\
with tf.GradientTape() as tape:
  y = f(x)

g_x = tape.gradient(y, x)  # g(x) = dy/dx

g_x'''),
    ("VitACyZWKJD_", '''\
@tf.function
def my_func(x):
  print('Tracing.\\n')
  return tf.reduce_sum(x)'''),
    ("vkOFSEkoM1bd", '''\
x = tf.constant([1, 2, 3])
my_func(x)'''),
    ("23dMHWwwNIoa", '''\
x = tf.constant([10, 9, 8])
my_func(x)'''),
    ("OWffqyhqlVPf", '''\
x = tf.constant([10.0, 9.1, 8.2], dtype=tf.float32)
my_func(x)'''),
    ("1MqEcZOqPBDV", '''\
class MyModule(tf.Module):
  def __init__(self, value):
    self.weight = tf.Variable(value)

  @tf.function
  def multiply(self, x):
    return x * self.weight'''),
    ("la2G82HfVfU0", '''\
mod = MyModule(3)
mod.multiply(tf.constant([1, 2, 3]))'''),
    ("1MlfbEMjVzG4", '''\
save_path = './saved'
tf.saved_model.save(mod, save_path)'''),
    ("pWuLOIKBWZYG", '''\
reloaded = tf.saved_model.load(save_path)
reloaded.multiply(tf.constant([1, 2, 3]))'''),
    ("sXN9E_xf-GiP", '''\
x = tf.linspace(-2, 2, 201)
x = tf.cast(x, tf.float32)

def f(x):
  y = x**2 + 2*x - 5
  return y

y = f(x) + tf.random.normal(shape=[201])'''),
    ("Pypd0GB4SRhf", '''\
class Model(tf.Module):

  def __init__(self):
    # Randomly generate weight and bias terms
    rand_init = tf.random.uniform(shape=[3], minval=0., maxval=5., seed=22)
    # Initialize model parameters
    self.w_q = tf.Variable(rand_init[0])
    self.w_l = tf.Variable(rand_init[1])
    self.b = tf.Variable(rand_init[2])

  @tf.function
  def __call__(self, x):
    # Quadratic Model : quadratic_weight * x^2 + linear_weight * x + bias
    return self.w_q * (x**2) + self.w_l * x + self.b'''),
    ("GkwToC5BWV1c", "quad_model = Model()"),
    ("eCtJ1uuCseZd", '''\
def mse_loss(y_pred, y):
  return tf.reduce_mean(tf.square(y_pred - y))'''),
    ("8kX_-zily2Ia", '''\
batch_size = 32
dataset = tf.data.Dataset.from_tensor_slices((x, y))
dataset = dataset.shuffle(buffer_size=x.shape[0]).batch(batch_size)'''),
    ("nOaES5gyTDtG", '''\
# Set training parameters
epochs = 100
learning_rate = 0.01
losses = []

# Format training loop
for epoch in range(epochs):
  for x_batch, y_batch in dataset:
    with tf.GradientTape() as tape:
      batch_loss = mse_loss(quad_model(x_batch), y_batch)
    # Update parameters with respect to the gradient calculations
    grads = tape.gradient(batch_loss, quad_model.variables)
    for g,v in zip(grads, quad_model.variables):
        v.assign_sub(learning_rate*g)
  # Keep track of model loss per epoch
  loss = mse_loss(quad_model(x), y)
  losses.append(loss)
  if epoch % 10 == 0:
    print(f'Mean squared error for step {epoch}: {loss.numpy():0.3f}')

print("\\n")'''),
    ("5rt8HP2TZhEM", '''\
new_model = tf.keras.Sequential([
    tf.keras.layers.Lambda(lambda x: tf.stack([x, x**2], axis=1)),
    tf.keras.layers.Dense(units=1, kernel_initializer=tf.random.normal)])'''),
    ("73kCo1BtP3rQ", '''\
new_model.compile(
    loss=tf.keras.losses.MSE,
    optimizer=tf.keras.optimizers.SGD(learning_rate=0.01))

history = new_model.fit(x, y,
                        epochs=100,
                        batch_size=32,
                        verbose=0)

new_model.save('./my_new_model.keras')'''),
]

# What each cell showed with TensorFlow 2.21 and Keras 3.15 (tests/guides/record.py).
TENSORFLOW = {'6ZqX5RnbBS1f': 'tf.Tensor(\n'
                              '[[1. 2. 3.]\n'
                              ' [4. 5. 6.]], shape=(2, 3), dtype=float32)\n'
                              '(2, 3)\n'
                              "<dtype: 'float32'>\n",
              'BM7xXNDsBfN5': '<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\n'
                              'array([[ 2.,  4.,  6.],\n'
                              '       [ 8., 10., 12.]], dtype=float32)>\n',
              'ZLGqscTxB61v': '<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\n'
                              'array([[ 5., 10., 15.],\n'
                              '       [20., 25., 30.]], dtype=float32)>\n',
              '2ImJHd8VfnWq': '<tf.Tensor: shape=(2, 2), dtype=float32, numpy=\n'
                              'array([[14., 32.],\n'
                              '       [32., 77.]], dtype=float32)>\n',
              'U9JZD6TYCZWu': '<tf.Tensor: shape=(6, 3), dtype=float32, numpy=\n'
                              'array([[1., 2., 3.],\n'
                              '       [4., 5., 6.],\n'
                              '       [1., 2., 3.],\n'
                              '       [4., 5., 6.],\n'
                              '       [1., 2., 3.],\n'
                              '       [4., 5., 6.]], dtype=float32)>\n',
              'seGBLeD9P_PI': '<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\n'
                              'array([[0.09003057, 0.24472848, 0.6652409 ],\n'
                              '       [0.09003057, 0.24472848, 0.6652409 ]], dtype=float32)>\n',
              'YZNZRv1ECjf8': '<tf.Tensor: shape=(), dtype=float32, numpy=21.0>\n',
              'i_XKgjDsL4GE': '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], '
                              'dtype=int32)>\n',
              'wTBt-JUqLJDJ': '<tf.Tensor: shape=(), dtype=int32, numpy=6>\n',
              'm97Gv5H6Dz0G': 'TensorFlow **IS NOT** using the GPU\n',
              'SO8_bP4UEzxS': '',
              'aDLYFvu5FAFa': "<tf.Variable 'UnreadVariable' shape=(3,) dtype=float32, "
                              'numpy=array([1., 2., 3.], dtype=float32)>\n',
              '9EpiOmxXFDSS': "<tf.Variable 'UnreadVariable' shape=(3,) dtype=float32, "
                              'numpy=array([2., 3., 4.], dtype=float32)>\n',
              'cYKOi-z4GY9Y': '',
              'IQz99cxMGoF_': '<tf.Tensor: shape=(), dtype=float32, numpy=-2.0>\n',
              'N02NfWpHGvw8': '<tf.Tensor: shape=(), dtype=float32, numpy=4.0>\n',
              'VitACyZWKJD_': '',
              'vkOFSEkoM1bd': 'Tracing.\n\n<tf.Tensor: shape=(), dtype=int32, numpy=6>\n',
              '23dMHWwwNIoa': '<tf.Tensor: shape=(), dtype=int32, numpy=27>\n',
              'OWffqyhqlVPf': 'Tracing.\n'
                              '\n'
                              '<tf.Tensor: shape=(), dtype=float32, numpy=27.299999237060547>\n',
              '1MqEcZOqPBDV': '',
              'la2G82HfVfU0': '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([3, 6, 9], '
                              'dtype=int32)>\n',
              '1MlfbEMjVzG4': '',
              'pWuLOIKBWZYG': '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([3, 6, 9], '
                              'dtype=int32)>\n',
              'sXN9E_xf-GiP': '',
              'Pypd0GB4SRhf': '',
              'GkwToC5BWV1c': '',
              'eCtJ1uuCseZd': '',
              '8kX_-zily2Ia': '',
              'nOaES5gyTDtG': 'Mean squared error for step 0: 57.155\n'
                              'Mean squared error for step 10: 9.903\n'
                              'Mean squared error for step 20: 4.008\n'
                              'Mean squared error for step 30: 1.987\n'
                              'Mean squared error for step 40: 1.274\n'
                              'Mean squared error for step 50: 1.023\n'
                              'Mean squared error for step 60: 0.941\n'
                              'Mean squared error for step 70: 0.913\n'
                              'Mean squared error for step 80: 0.901\n'
                              'Mean squared error for step 90: 0.897\n'
                              '\n'
                              '\n',
              '5rt8HP2TZhEM': '',
              '73kCo1BtP3rQ': ''}
