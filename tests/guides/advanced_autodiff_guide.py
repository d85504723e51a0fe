"""TensorFlow's advanced automatic differentiation guide (`site/en/guide/advanced_autodiff.ipynb`
in tensorflow/docs), cell by cell, as a program of our own doing the same steps with the same
API calls and object names, written for `import tensorflow as tf`. The test runs it with
`import autograph as tf`; `python -m tests.guides.record advanced_autodiff_guide` ran it with
TensorFlow 2.21 (Keras 3.15) and `TENSORFLOW` below is what each cell showed there.

Cells are named by the guide's cell ids. Of its 39 code cells, 32 are here: controlling the
tape (`stop_recording`, `reset`, `stop_gradient`), a custom gradient and its saved model,
several tapes, higher-order gradients, Jacobians (of a scalar, of a tensor, batch Jacobians,
with `BatchNormalization` too) and a Hessian for a Newton step. Left out: the license header
(no code) and six cells that only plot with matplotlib (not a dependency): `siNZaklc0_-e`
(the sigmoid and its derivative), `8TCHc7Vrf52S` (defines `imshow_zero_center`),
`DExOxd7Ok2H0` (the Hessian as an image), `ZFl9uj3ueVSH`, `g4ZoRJcJNmy5` (defines and calls
`plot_as_patches`, which reshapes the Jacobian into an image for `imshow`) and
`SNyZ1WhJMVLm`; the test checks what those plots show (the derivative is sigmoid's, the
Jacobian's (batch, batch) slices are diagonal, not with batch normalisation) from the cells'
variables instead. `IqR2PQG4ZaZ0` is here without its matplotlib lines (its import of
TensorFlow stays).
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("IqR2PQG4ZaZ0", "import tensorflow as tf"),
    ("mhFSYf7uQWxR", '''\
x = tf.Variable(2.0)
y = tf.Variable(3.0)

with tf.GradientTape() as t:
  x_sq = x * x
  with t.stop_recording():
    y_sq = y * y
  z = x_sq + y_sq

grad = t.gradient(z, {'x': x, 'y': y})

print('dz/dx:', grad['x'])  # 2*x => 4
print('dz/dy:', grad['y'])'''),
    ("lsMHsmrh4pqM", '''\
x = tf.Variable(2.0)
y = tf.Variable(3.0)
reset = True

with tf.GradientTape() as t:
  y_sq = y * y
  if reset:
    # Throw out all the tape recorded so far.
    t.reset()
  z = x * x + y_sq

grad = t.gradient(z, {'x': x, 'y': y})

print('dz/dx:', grad['x'])  # 2*x => 4
print('dz/dy:', grad['y'])'''),
    ("30qnZMe48BkB", '''\
x = tf.Variable(2.0)
y = tf.Variable(3.0)

with tf.GradientTape() as t:
  y_sq = y**2
  z = x**2 + tf.stop_gradient(y_sq)

grad = t.gradient(z, {'x': x, 'y': y})

print('dz/dx:', grad['x'])  # 2*x => 4
print('dz/dy:', grad['y'])'''),
    ("Mjj01w4NYtwd", '''\
# Establish an identity operation, but clip during the gradient pass.
@tf.custom_gradient
def clip_gradients(y):
  def backward(dy):
    return tf.clip_by_norm(dy, 0.5)
  return y, backward

v = tf.Variable(2.0)
with tf.GradientTape() as t:
  output = clip_gradients(v * v)
print(t.gradient(output, v))  # calls "backward", which clips 4 to 2'''),
    ("Q5JBgIBYjN1I", '''\
class MyModule(tf.Module):

  @tf.function(input_signature=[tf.TensorSpec(None)])
  def call_custom_grad(self, x):
    return clip_gradients(x)

model = MyModule()'''),
    ("xZTrgy2q-9pq", '''\
tf.saved_model.save(
    model,
    'saved_model',
    options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))

# The loaded gradients will be the same as the above example.
v = tf.Variable(2.0)
loaded = tf.saved_model.load('saved_model')
with tf.GradientTape() as t:
  output = loaded.call_custom_grad(v * v)
print(t.gradient(output, v))'''),
    ("BJ0HdMvte0VZ", '''\
x0 = tf.constant(0.0)
x1 = tf.constant(0.0)

with tf.GradientTape() as tape0, tf.GradientTape() as tape1:
  tape0.watch(x0)
  tape1.watch(x1)

  y0 = tf.math.sin(x0)
  y1 = tf.nn.sigmoid(x1)

  y = y0 + y1

  ys = tf.reduce_sum(y)'''),
    ("6ApAoMNFfNz6", "tape0.gradient(ys, x0).numpy()   # cos(x) => 1.0"),
    ("rF1jrAJsfYW_", "tape1.gradient(ys, x1).numpy()   # sigmoid(x1)*(1-sigmoid(x1)) => 0.25"),
    ("cPQgthZ7ugRJ", '''\
x = tf.Variable(1.0)  # Create a Tensorflow variable initialized to 1.0

with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    y = x * x * x

  # Compute the gradient inside the outer `t2` context manager
  # which means the gradient computation is differentiable as well.
  dy_dx = t1.gradient(y, x)
d2y_dx2 = t2.gradient(dy_dx, x)

print('dy_dx:', dy_dx.numpy())  # 3 * x**2 => 3.0
print('d2y_dx2:', d2y_dx2.numpy())  # 6 * x => 6.0'''),
    ("tH3ZFuUfDLrR", '''\
x = tf.random.normal([7, 5])

layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)'''),
    ("E6yOFsjEDR9u", '''\
with tf.GradientTape() as t2:
  # The inner tape only takes the gradient with respect to the input,
  # not the variables.
  with tf.GradientTape(watch_accessed_variables=False) as t1:
    t1.watch(x)
    y = layer(x)
    out = tf.reduce_sum(layer(x)**2)
  # 1. Calculate the input gradient.
  g1 = t1.gradient(out, x)
  # 2. Calculate the magnitude of the input gradient.
  g1_mag = tf.norm(g1)

# 3. Calculate the gradient of the magnitude with respect to the model.
dg1_mag = t2.gradient(g1_mag, layer.trainable_variables)'''),
    ("123QMq6PqK_d", "[var.shape for var in dg1_mag]"),
    ("bAFeIE8EuVIq", '''\
x = tf.linspace(-10.0, 10.0, 200+1)
delta = tf.Variable(0.0)

with tf.GradientTape() as tape:
  y = tf.nn.sigmoid(x+delta)

dy_dx = tape.jacobian(y, delta)'''),
    ("iZ6awnDzr_BA", '''\
print(y.shape)
print(dy_dx.shape)'''),
    ("39YXItgLxMBk", '''\
x = tf.random.normal([7, 5])
layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)

with tf.GradientTape(persistent=True) as tape:
  y = layer(x)

y.shape'''),
    ("CigTWyfPvPuv", "layer.kernel.shape"),
    ("pRLzTTbvEimH", '''\
j = tape.jacobian(y, layer.kernel)
j.shape'''),
    ("FJjZpYRnDjVa", '''\
g = tape.gradient(y, layer.kernel)
print('g.shape:', g.shape)

j_sum = tf.reduce_sum(j, axis=[0, 1])
delta = tf.reduce_max(abs(g - j_sum)).numpy()
assert delta < 1e-3
print('delta:', delta)'''),
    ("ELGTaell_j81", '''\
x = tf.random.normal([7, 5])
layer1 = tf.keras.layers.Dense(8, activation=tf.nn.relu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.relu)

with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    x = layer1(x)
    x = layer2(x)
    loss = tf.reduce_mean(x**2)

  g = t1.gradient(loss, layer1.kernel)

h = t2.jacobian(g, layer1.kernel)'''),
    ("FVqQuZj4XGjm", '''\
print(f'layer.kernel.shape: {layer1.kernel.shape}')
print(f'h.shape: {h.shape}')'''),
    ("6te7N6wVXwXX", '''\
n_params = tf.reduce_prod(layer1.kernel.shape)

g_vec = tf.reshape(g, [n_params, 1])
h_mat = tf.reshape(h, [n_params, n_params])'''),
    ("3DdnbynBdSor", '''\
eps = 1e-3
eye_eps = tf.eye(h_mat.shape[0])*eps'''),
    ("k1LYftgmswOO", '''\
# X(k+1) = X(k) - (∇²f(X(k)))^-1 @ ∇f(X(k))
# h_mat = ∇²f(X(k))
# g_vec = ∇f(X(k))
update = tf.linalg.solve(h_mat + eye_eps, g_vec)

# Reshape the update and apply it to the variable.
_ = layer1.kernel.assign_sub(tf.reshape(update, layer1.kernel.shape))'''),
    ("tQMndhIUHMes", '''\
x = tf.random.normal([7, 5])

layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)

with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
  tape.watch(x)
  y = layer1(x)
  y = layer2(y)

y.shape'''),
    ("1zSl2A5-HhMH", '''\
j = tape.jacobian(y, x)
j.shape'''),
    ("v65OAjEgLQwl", '''\
j_sum = tf.reduce_sum(j, axis=2)
print(j_sum.shape)
j_select = tf.einsum('bxby->bxy', j)
print(j_select.shape)'''),
    ("YJLIl9WpHqYq", '''\
jb = tape.batch_jacobian(y, x)
jb.shape'''),
    ("-5t_q5SfHw7T", '''\
error = tf.reduce_max(abs(jb - j_sum))
assert error < 1e-3
print(error.numpy())'''),
    ("tnDugVc-L4fj", '''\
x = tf.random.normal([7, 5])

layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
bn = tf.keras.layers.BatchNormalization()
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)

with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
  tape.watch(x)
  y = layer1(x)
  y = bn(y, training=True)
  y = layer2(y)

j = tape.jacobian(y, x)
print(f'j.shape: {j.shape}')'''),
    ("k8_mICHoasCi", '''\
jb = tape.batch_jacobian(y, x)
print(f'jb.shape: {jb.shape}')'''),
]

# What each cell showed with TensorFlow 2.21 and Keras 3.15 (tests/guides/record.py).
TENSORFLOW = {'IqR2PQG4ZaZ0': '',
              'mhFSYf7uQWxR': 'dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)\ndz/dy: None\n',
              'lsMHsmrh4pqM': 'dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)\ndz/dy: None\n',
              '30qnZMe48BkB': 'dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)\ndz/dy: None\n',
              'Mjj01w4NYtwd': 'tf.Tensor(2.0, shape=(), dtype=float32)\n',
              'Q5JBgIBYjN1I': '',
              'xZTrgy2q-9pq': 'tf.Tensor(2.0, shape=(), dtype=float32)\n',
              'BJ0HdMvte0VZ': '',
              '6ApAoMNFfNz6': 'np.float32(1.0)\n',
              'rF1jrAJsfYW_': 'np.float32(0.25)\n',
              'cPQgthZ7ugRJ': 'dy_dx: 3.0\nd2y_dx2: 6.0\n',
              'tH3ZFuUfDLrR': '',
              'E6yOFsjEDR9u': '',
              '123QMq6PqK_d': '[TensorShape([5, 10]), TensorShape([10])]\n',
              'bAFeIE8EuVIq': '',
              'iZ6awnDzr_BA': '(201,)\n(201,)\n',
              '39YXItgLxMBk': 'TensorShape([7, 10])\n',
              'CigTWyfPvPuv': 'TensorShape([5, 10])\n',
              'pRLzTTbvEimH': 'TensorShape([7, 10, 5, 10])\n',
              'FJjZpYRnDjVa': 'g.shape: (5, 10)\ndelta: 2.3841858e-07\n',
              'ELGTaell_j81': '',
              'FVqQuZj4XGjm': 'layer.kernel.shape: (5, 8)\nh.shape: (5, 8, 5, 8)\n',
              '6te7N6wVXwXX': '',
              '3DdnbynBdSor': '',
              'k1LYftgmswOO': '',
              'tQMndhIUHMes': 'TensorShape([7, 6])\n',
              '1zSl2A5-HhMH': 'TensorShape([7, 6, 7, 5])\n',
              'v65OAjEgLQwl': '(7, 6, 5)\n(7, 6, 5)\n',
              'YJLIl9WpHqYq': 'TensorShape([7, 6, 5])\n',
              '-5t_q5SfHw7T': '0.0\n',
              'tnDugVc-L4fj': 'j.shape: (7, 6, 7, 5)\n',
              'k8_mICHoasCi': 'jb.shape: (7, 6, 5)\n'}
