"""TensorFlow's data guide (`site/en/guide/data.ipynb` in tensorflow/docs, at commit 7c36502
of March 2026), cell by cell, written for `import tensorflow as tf`. The test runs it with
`import autograph as tf`; `python -m tests.guides.record data_guide` ran it with TensorFlow
2.21 (Keras 3.15) on a machine without a network, and `TENSORFLOW` below is what each cell
showed there.

Cells are named by the guide's cell ids. Of its 124 code cells, 54 are here: the basic
mechanics and element specs (a sparse one among them), NumPy and generator sources (one over
Keras's `ImageDataGenerator`), the CSV cells that read a file the guide writes, batching and
padding, the cells that only define functions for left-out ones, the time-series windowing
(`batch`, `window`), the resampling cell that defines its class function and the iterator
checkpoint. Left out (`LEFT_OUT`, 70): the license
header (no code), 11 cells that download data (Fashion-MNIST, the flower photos, the FSNS
TFRecord file, the Iliad texts, the Titanic and credit-card CSV files) and 58 that read what
those downloads made (with Keras's `fit` on Fashion-MNIST and `rejection_resample` on the
credit-card data among them): there is no network here. The cells that read the TFRecord and
CSV files, and those that wrap `ImageDataGenerator.flow_from_directory` over the flower photos,
run on small local files in their place in tests/data/test_data_guide_file_cells.py.

Two cells are here rewritten: `7Y0JtWBNR9E5` imports neither matplotlib nor pandas (neither
is installed with TensorFlow here, nor a dependency of ours; only the left-out plotting and
Titanic cells use them), and `Qry-g90FMo2I`, the magic `%%writefile missing.csv`, is the
Python that writes the same file and prints what the magic prints. A cell whose first line is
indented (`SB8AI03mnF8u`) runs as IPython runs it, without that indentation (`notebook`).
scipy, which `tBUmbERt7Czz` imports, was installed next to TensorFlow for the recording.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ("UJIEjEIBdf-h", "import tensorflow as tf"),
    ("7Y0JtWBNR9E5", '''\
import pathlib
import os
import numpy as np

np.set_printoptions(precision=4)'''),
    ("0F-FDnjB6t6J", '''\
dataset = tf.data.Dataset.from_tensor_slices([8, 3, 0, 8, 2, 1])
dataset'''),
    ("pwJsRJ-FbDcJ", '''\
for elem in dataset:
  print(elem.numpy())'''),
    ("03w9oxFfbDcM", '''\
it = iter(dataset)

print(next(it).numpy())'''),
    ("C2bHAeNxbDcO", "print(dataset.reduce(0, lambda state, value: state + value).numpy())"),
    ("Mg0m1beIhXGn", '''\
dataset1 = tf.data.Dataset.from_tensor_slices(tf.random.uniform([4, 10]))

dataset1.element_spec'''),
    ("cwyemaghhXaG", '''\
dataset2 = tf.data.Dataset.from_tensor_slices(
   (tf.random.uniform([4]),
    tf.random.uniform([4, 100], maxval=100, dtype=tf.int32)))

dataset2.element_spec'''),
    ("1CL7aB0ahXn_", '''\
dataset3 = tf.data.Dataset.zip((dataset1, dataset2))

dataset3.element_spec'''),
    ("m5bz7R1xhX1f", '''\
# Dataset containing a sparse tensor.
dataset4 = tf.data.Dataset.from_tensors(tf.SparseTensor(indices=[[0, 0], [1, 2]], \
values=[1, 2], dense_shape=[3, 4]))

dataset4.element_spec'''),
    ("lVOPHur_hYQv", '''\
# Use value_type to see the type of value represented by the element spec
dataset4.element_spec.value_type'''),
    ("2myAr3Pxd-zF", '''\
dataset1 = tf.data.Dataset.from_tensor_slices(
    tf.random.uniform([4, 10], minval=1, maxval=10, dtype=tf.int32))

dataset1'''),
    ("woPXMP14gUTg", '''\
for z in dataset1:
  print(z.numpy())'''),
    ("53PA4x6XgLar", '''\
dataset2 = tf.data.Dataset.from_tensor_slices(
   (tf.random.uniform([4]),
    tf.random.uniform([4, 100], maxval=100, dtype=tf.int32)))

dataset2'''),
    ("2ju4sNSebDcR", '''\
dataset3 = tf.data.Dataset.zip((dataset1, dataset2))

dataset3'''),
    ("BgxsfAS2g6gk", '''\
for a, (b,c) in dataset3:
  print('shapes: {a.shape}, {b.shape}, {c.shape}'.format(a=a, b=b, c=c))'''),
    ("9njpME-jmDza", '''\
def count(stop):
  i = 0
  while i<stop:
    yield i
    i += 1'''),
    ("xwqLrjnTpD8Y", '''\
for n in count(5):
  print(n)'''),
    ("GFga_OTwm0Je", '''\
ds_counter = tf.data.Dataset.from_generator(count, args=[25], output_types=tf.int32, \
output_shapes = (), )'''),
    ("fel1SUuBnDUE", '''\
for count_batch in ds_counter.repeat().batch(10).take(10):
  print(count_batch.numpy())'''),
    ("allFX1g8rGKe", '''\
def gen_series():
  i = 0
  while True:
    size = np.random.randint(0, 10)
    yield i, np.random.normal(size=(size,))
    i += 1'''),
    ("6Ku26Yb9rcJX", '''\
for i, series in gen_series():
  print(i, ":", str(series))
  if i > 5:
    break'''),
    ("zDTfhEzhsliM", '''\
ds_series = tf.data.Dataset.from_generator(
    gen_series,
    output_types=(tf.int32, tf.float32),
    output_shapes=((), (None,)))

ds_series'''),
    ("A7jEpj3As1lO", '''\
ds_series_batch = ds_series.shuffle(20).padded_batch(10)

ids, sequence_batch = next(iter(ds_series_batch))
print(ids.numpy())
print()
print(sequence_batch.numpy())'''),
    ("vPCZeBQE5DfH", '''\
img_gen = tf.keras.preprocessing.image.ImageDataGenerator(rescale=1./255, rotation_range=20)'''),
    ("KvRwvt5E2rTH", '''\
ds = tf.data.Dataset.from_generator(
    lambda: img_gen.flow_from_directory(flowers),
    output_types=(tf.float32, tf.float32),
    output_shapes=([32,256,256,3], [32,5])
)

ds.element_spec'''),
    ("Qry-g90FMo2I", '''\
with open("missing.csv", "w") as f:
  f.write("1,2,3,4\\n,2,3,4\\n1,,3,4\\n1,2,,4\\n1,2,3,\\n,,,\\n")
print("Writing missing.csv")'''),
    ("d5_hbiE9bDck", '''\
# Creates a dataset that reads all of the records from two CSV files, each with
# four float columns which may have missing values.

record_defaults = [999,999,999,999]
dataset = tf.data.experimental.CsvDataset("missing.csv", record_defaults)
dataset = dataset.map(lambda *items: tf.stack(items))
dataset'''),
    ("__jc7iD9M9FC", '''\
for line in dataset:
  print(line.numpy())'''),
    ("p2IF_K0obDcm", '''\
# Creates a dataset that reads all of the records from two CSV files with
# headers, extracting float data from columns 2 and 4.
record_defaults = [999, 999] # Only provide defaults for the selected columns
dataset = tf.data.experimental.CsvDataset("missing.csv", record_defaults, select_cols=[1, 3])
dataset = dataset.map(lambda *items: tf.stack(items))
dataset'''),
    ("-5aLprDeRNb0", '''\
for line in dataset:
  print(line.numpy())'''),
    ("xB7KeceLoSH0", '''\
inc_dataset = tf.data.Dataset.range(100)
dec_dataset = tf.data.Dataset.range(0, -100, -1)
dataset = tf.data.Dataset.zip((inc_dataset, dec_dataset))
batched_dataset = dataset.batch(4)

for batch in batched_dataset.take(4):
  print([arr.numpy() for arr in batch])'''),
    ("yN7hn7OBoSHx", "batched_dataset"),
    ("BycWC7WCoSHt", '''\
batched_dataset = dataset.batch(7, drop_remainder=True)
batched_dataset'''),
    ("kycwO0JooSHn", '''\
dataset = tf.data.Dataset.range(100)
dataset = dataset.map(lambda x: tf.fill([tf.cast(x, tf.int32)], x))
dataset = dataset.padded_batch(4, padded_shapes=(None,))

for batch in dataset.take(2):
  print(batch.numpy())
  print()'''),
    ("LMO6mlXxoSHc", '''\
def plot_batch_sizes(ds):
  batch_sizes = [batch.shape[0] for batch in ds]
  plt.bar(range(len(batch_sizes)), batch_sizes)
  plt.xlabel('Batch number')
  plt.ylabel('Batch size')'''),
    ("fZObC0debDcr", '''\
# Reads an image from a file, decodes it into a dense tensor, and resizes it
# to a fixed shape.
def parse_image(filename):
  parts = tf.strings.split(filename, os.sep)
  label = parts[-2]

  image = tf.io.read_file(filename)
  image = tf.io.decode_jpeg(image)
  image = tf.image.convert_image_dtype(image, tf.float32)
  image = tf.image.resize(image, [128, 128])
  return image, label'''),
    ("tBUmbERt7Czz", '''\
import scipy.ndimage as ndimage

@tf.py_function(Tout=tf.float32)
def random_rotate_image(image):
  image = ndimage.rotate(image, np.random.uniform(-30, 30), reshape=False)
  return image'''),
    ("Cn2nIu92BMp0", '''\
def tf_random_rotate_image(image, label):
  im_shape = image.shape
  image = random_rotate_image(image)
  image.set_shape(im_shape)
  return image, label'''),
    ("y2X1dQNfC8Lu", '''\
def tf_parse(eg):
  example = tf.io.parse_example(
      eg[tf.newaxis], {
          'image/encoded': tf.io.FixedLenFeature(shape=(), dtype=tf.string),
          'image/text': tf.io.FixedLenFeature(shape=(), dtype=tf.string)
      })
  return example['image/encoded'][0], example['image/text'][0]'''),
    ("kTQgo49skjuY", "range_ds = tf.data.Dataset.range(100000)"),
    ("pSs9XqwQpvIN", '''\
batches = range_ds.batch(10, drop_remainder=True)

for batch in batches.take(5):
  print(batch.numpy())'''),
    ("47XfwPhetkIN", '''\
def dense_1_step(batch):
  # Shift features and labels one step relative to each other.
  return batch[:-1], batch[1:]

predict_dense_1_step = batches.map(dense_1_step)

for features, label in predict_dense_1_step.take(3):
  print(features.numpy(), " => ", label.numpy())'''),
    ("FMmkQB1Gqo6x", '''\
batches = range_ds.batch(15, drop_remainder=True)

def label_next_5_steps(batch):
  return (batch[:-5],   # Inputs: All except the last 5 steps
          batch[-5:])   # Labels: The last 5 steps

predict_5_steps = batches.map(label_next_5_steps)

for features, label in predict_5_steps.take(3):
  print(features.numpy(), " => ", label.numpy())'''),
    ("11dF3wyFjk2J", '''\
feature_length = 10
label_length = 3

features = range_ds.batch(feature_length, drop_remainder=True)
labels = range_ds.batch(feature_length).skip(1).map(lambda labels: labels[:label_length])

predicted_steps = tf.data.Dataset.zip((features, labels))

for features, label in predicted_steps.take(5):
  print(features.numpy(), " => ", label.numpy())'''),
    ("ZEI2W_EBw2OX", '''\
window_size = 5

windows = range_ds.window(window_size, shift=1)
for sub_ds in windows.take(5):
  print(sub_ds)'''),
    ("SB8AI03mnF8u", '''\
 for x in windows.flat_map(lambda x: x).take(30):
   print(x.numpy(), end=' ')'''),
    ("5j_y84rmyVQa", '''\
def sub_to_batch(sub):
  return sub.batch(window_size, drop_remainder=True)

for example in windows.flat_map(sub_to_batch).take(5):
  print(example.numpy())'''),
    ("LdFRv_0D4FqW", '''\
def make_window_dataset(ds, window_size=5, shift=1, stride=1):
  windows = ds.window(window_size, shift=shift, stride=stride)

  def sub_to_batch(sub):
    return sub.batch(window_size, drop_remainder=True)

  windows = windows.flat_map(sub_to_batch)
  return windows'''),
    ("-iVxcVfEdf5b", '''\
ds = make_window_dataset(range_ds, window_size=10, shift = 5, stride=3)

for example in ds.take(10):
  print(example.numpy())'''),
    ("F0fPfZkZw6j_", '''\
dense_labels_ds = ds.map(dense_1_step)

for inputs,labels in dense_labels_ds.take(3):
  print(inputs.numpy(), "=>", labels.numpy())'''),
    ("a8-Ss69XlzXD", '''\
def count(counts, batch):
  features, labels = batch
  class_1 = labels == 1
  class_1 = tf.cast(class_1, tf.int32)

  class_0 = labels == 0
  class_0 = tf.cast(class_0, tf.int32)

  counts['class_0'] += tf.reduce_sum(class_0)
  counts['class_1'] += tf.reduce_sum(class_1)

  return counts'''),
    ("zC_Cuzw8lhI5", '''\
def class_func(features, label):
  return label'''),
    ("3Fsm9wvKUsNC", '''\
range_ds = tf.data.Dataset.range(20)

iterator = iter(range_ds)
ckpt = tf.train.Checkpoint(step=tf.Variable(0), iterator=iterator)
manager = tf.train.CheckpointManager(ckpt, '/tmp/my_ckpt', max_to_keep=3)

print([next(iterator).numpy() for _ in range(5)])

save_path = manager.save()

print([next(iterator).numpy() for _ in range(5)])

ckpt.restore(manager.latest_checkpoint)

print([next(iterator).numpy() for _ in range(5)])'''),
]

_DOWNLOAD = "downloads {} (no network here)"
_USES = "uses {}, which a left-out cell downloads"
LEFT_OUT = {  # cell -> why it is not here
    "llMNufAK7nfK": "the license header (no code)",
    "NmaE6PjjhQ47": _DOWNLOAD.format("Fashion-MNIST"),
    "J6cNiuDBbDcU": _USES.format("Fashion-MNIST"),
    "g-_JCFRQ1CXM": _DOWNLOAD.format("the flower photos"),
    "my4PxqfH26p6": _USES.format("the flower photos"),
    "Hd96nH1w3eKH": _USES.format("the flower photos"),
    "LcaULBCXj_2_": _USES.format("the flower photos"),
    "jZo_4fzdbDcW": _DOWNLOAD.format("the FSNS TFRecord file"),
    "e2WV5d7DRUA-": _USES.format("the FSNS TFRecord file"),
    "3tk29nlMl5P3": _USES.format("the FSNS TFRecord file"),
    "hQMoFu2TbDcc": _DOWNLOAD.format("the Iliad texts"),
    "il4cOjiVwj95": _USES.format("the Iliad texts"),
    "vpEHKyvHxu8A": _USES.format("the Iliad texts"),
    "1UCveWOt7fDE": _USES.format("the Iliad texts"),
    "X6b20Gua2jPO": _DOWNLOAD.format("the Titanic CSV file"),
    "5M1pauNT68B2": _USES.format("the Titanic CSV file"),
    "dEIP95cibDcf": _USES.format("the Titanic CSV file"),
    "odQ4618h1XqD": _USES.format("the Titanic CSV file"),
    "kj28j5u49Bjm": _DOWNLOAD.format("the Titanic CSV file"),
    "ghvtmW40LM0B": _USES.format("the Titanic CSV file"),
    "JmAMCiPJA0qO": _USES.format("the Titanic CSV file"),
    "zHUDrM_s_brq": _USES.format("the Titanic CSV file"),
    "TsZfhz79_Wlg": _USES.format("the Titanic CSV file"),
    "H9KNHyDwF2Sc": _USES.format("the Titanic CSV file"),
    "7C2uosFnGIT8": _USES.format("the Titanic CSV file"),
    "wP1Y_NXA8bYl": _USES.format("the Titanic CSV file"),
    "1dZwN3CS-jV2": _DOWNLOAD.format("the flower photos"),
    "_2iCXsHu6jJH": _USES.format("the flower photos"),
    "lAkQp5uxoINu": _USES.format("the flower photos"),
    "-xhBRgvNqRRe": _USES.format("the flower photos"),
    "kxrl0lGdnpRz": _USES.format("the flower photos"),
    "0tODHZzRoSHg": _DOWNLOAD.format("the Titanic CSV file"),
    "nZ0G1cztoSHX": _USES.format("the Titanic CSV file"),
    "wmbmdK1qoSHS": _USES.format("the Titanic CSV file"),
    "YyekyeY7oSHO": _USES.format("the Titanic CSV file"),
    "Io4iJH1toSHI": _USES.format("the Titanic CSV file"),
    "ayM3FFFAoSHC": _USES.format("the Titanic CSV file"),
    "YX3pe7zZoSG6": _USES.format("the Titanic CSV file"),
    "H9hlE-lGoSGz": _USES.format("the Titanic CSV file"),
    "Bhxb5YGZoSGm": _USES.format("the Titanic CSV file"),
    "VAM4cbpZoSGL": _USES.format("the Titanic CSV file"),
    "rMGlj8V-u-NH": _USES.format("the flower photos"),
    "y8xuN_HBzGup": _USES.format("the flower photos"),
    "SzO8LI_H5Sk_": _USES.format("the flower photos"),
    "_wEyL7bS9S6t": _USES.format("the flower photos"),
    "bWPqKbTnbDct": _USES.format("the flower photos"),
    "6wnE134b32KY": _DOWNLOAD.format("the FSNS TFRecord file"),
    "4znsVNqnF73C": _USES.format("the FSNS TFRecord file"),
    "cwzqp8IGC_vQ": _USES.format("the FSNS TFRecord file"),
    "lGJhKDp_61A_": _USES.format("the FSNS TFRecord file"),
    "8vFIUFzD5qIC": _USES.format("the FSNS TFRecord file"),
    "vRYNYkEej7Ix": _USES.format("the FSNS TFRecord file"),
    "U2e8dxVUlFHO": _DOWNLOAD.format("the credit-card CSV file"),
    "EhkkM4Wx75S_": _USES.format("the credit-card CSV file"),
    "O1a3t_B4l_f6": _USES.format("the credit-card CSV file"),
    "6YKfCPa-nioA": _USES.format("the credit-card CSV file"),
    "8FNd3sQjzl9-": _USES.format("the credit-card CSV file"),
    "vjdPVIFCngOb": _USES.format("the credit-card CSV file"),
    "Myvkw21Rz-fH": _USES.format("the credit-card CSV file"),
    "fY6VIhr3oGHG": _USES.format("the credit-card CSV file"),
    "KpfCGU6BiaZq": _USES.format("the credit-card CSV file"),
    "XGLYChBQwkDV": _USES.format("the credit-card CSV file"),
    "-bfjqm0hOfES": _DOWNLOAD.format("Fashion-MNIST"),
    "wDhF3rGnbDdD": _USES.format("Fashion-MNIST"),
    "9cu4kPzOHnlt": _USES.format("Fashion-MNIST"),
    "Bp1BpzlyJinb": _USES.format("Fashion-MNIST"),
    "TnlRHlaL-XUI": _USES.format("Fashion-MNIST"),
    "uVgamf9HKDon": _USES.format("Fashion-MNIST"),
    "343lXJ-pIqWD": _USES.format("Fashion-MNIST"),
    "mgQJTPrT-2WF": _USES.format("Fashion-MNIST"),
}

TENSORFLOW = {'UJIEjEIBdf-h': '',
 '7Y0JtWBNR9E5': '',
 '0F-FDnjB6t6J': '<_TensorSliceDataset element_spec=TensorSpec(shape=(), dtype=tf.int32, '
                 'name=None)>\n',
 'pwJsRJ-FbDcJ': '8\n3\n0\n8\n2\n1\n',
 '03w9oxFfbDcM': '8\n',
 'C2bHAeNxbDcO': '22\n',
 'Mg0m1beIhXGn': 'TensorSpec(shape=(10,), dtype=tf.float32, name=None)\n',
 'cwyemaghhXaG': '(TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSpec(shape=(100,), '
                 'dtype=tf.int32, name=None))\n',
 '1CL7aB0ahXn_': '(TensorSpec(shape=(10,), dtype=tf.float32, name=None), (TensorSpec(shape=(), '
                 'dtype=tf.float32, name=None), TensorSpec(shape=(100,), dtype=tf.int32, '
                 'name=None)))\n',
 'm5bz7R1xhX1f': 'SparseTensorSpec(TensorShape([3, 4]), tf.int32)\n',
 'lVOPHur_hYQv': "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>\n",
 '2myAr3Pxd-zF': '<_TensorSliceDataset element_spec=TensorSpec(shape=(10,), dtype=tf.int32, '
                 'name=None)>\n',
 'woPXMP14gUTg': '[7 1 5 6 2 3 1 8 9 8]\n'
                 '[3 8 9 3 9 4 5 5 9 9]\n'
                 '[4 6 3 4 7 6 2 8 7 8]\n'
                 '[3 9 2 2 7 3 3 9 2 8]\n',
 '53PA4x6XgLar': '<_TensorSliceDataset element_spec=(TensorSpec(shape=(), dtype=tf.float32, '
                 'name=None), TensorSpec(shape=(100,), dtype=tf.int32, name=None))>\n',
 '2ju4sNSebDcR': '<_ZipDataset element_spec=(TensorSpec(shape=(10,), dtype=tf.int32, name=None), '
                 '(TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSpec(shape=(100,), '
                 'dtype=tf.int32, name=None)))>\n',
 'BgxsfAS2g6gk': 'shapes: (10,), (), (100,)\n'
                 'shapes: (10,), (), (100,)\n'
                 'shapes: (10,), (), (100,)\n'
                 'shapes: (10,), (), (100,)\n',
 '9njpME-jmDza': '',
 'xwqLrjnTpD8Y': '0\n1\n2\n3\n4\n',
 'GFga_OTwm0Je': '',
 'fel1SUuBnDUE': '[0 1 2 3 4 5 6 7 8 9]\n'
                 '[10 11 12 13 14 15 16 17 18 19]\n'
                 '[20 21 22 23 24  0  1  2  3  4]\n'
                 '[ 5  6  7  8  9 10 11 12 13 14]\n'
                 '[15 16 17 18 19 20 21 22 23 24]\n'
                 '[0 1 2 3 4 5 6 7 8 9]\n'
                 '[10 11 12 13 14 15 16 17 18 19]\n'
                 '[20 21 22 23 24  0  1  2  3  4]\n'
                 '[ 5  6  7  8  9 10 11 12 13 14]\n'
                 '[15 16 17 18 19 20 21 22 23 24]\n',
 'allFX1g8rGKe': '',
 '6Ku26Yb9rcJX': '0 : [-0.7469 -0.1527  1.3221  1.366  -0.6268 -0.0226  0.492 ]\n'
                 '1 : []\n'
                 '2 : [-0.8327 -1.5034  0.3831]\n'
                 '3 : [ 0.3189  0.0951 -0.1649]\n'
                 '4 : [-0.3538  2.0446  0.0042 -0.0494 -1.2302 -0.0519]\n'
                 '5 : [-0.226  -0.373   1.0583  0.5572 -0.8072  0.6167  0.1751  0.6246  0.1594]\n'
                 '6 : [1.1904 0.8086 0.0895 0.4247 0.648  1.0862 0.469 ]\n',
 'zDTfhEzhsliM': '<_FlatMapDataset element_spec=(TensorSpec(shape=(), dtype=tf.int32, name=None), '
                 'TensorSpec(shape=(None,), dtype=tf.float32, name=None))>\n',
 'A7jEpj3As1lO': '[10  4  1  3 19  2 12 13  0 14]\n'
                 '\n'
                 '[[ 0.732  -0.4516  1.0185 -1.29    0.4988  0.6748 -0.7416  0.    ]\n'
                 ' [ 0.8798  0.4026  1.4511  0.1563  1.4882  0.      0.      0.    ]\n'
                 ' [ 0.      0.      0.      0.      0.      0.      0.      0.    ]\n'
                 ' [-0.3509 -0.2537 -0.3422 -0.1619  1.3079 -1.5301  0.047  -0.0227]\n'
                 ' [-0.2146  0.2233  1.0766 -0.7141  1.2018 -1.067   0.      0.    ]\n'
                 ' [ 0.5999 -1.1599 -0.2403 -0.345  -1.8303 -1.7598 -1.0687  0.    ]\n'
                 ' [-3.0399  1.3922  0.6833  0.      0.      0.      0.      0.    ]\n'
                 ' [ 0.1789 -0.4735  2.4012  1.9494  0.181   0.      0.      0.    ]\n'
                 ' [ 0.      0.      0.      0.      0.      0.      0.      0.    ]\n'
                 ' [ 0.3692 -1.2418  0.4123  0.9528  1.4282  1.0318 -1.3422  0.    ]]\n',
 'vPCZeBQE5DfH': '',
 'KvRwvt5E2rTH': '(TensorSpec(shape=(32, 256, 256, 3), dtype=tf.float32, name=None), '
                 'TensorSpec(shape=(32, 5), dtype=tf.float32, name=None))\n',
 'Qry-g90FMo2I': 'Writing missing.csv\n',
 'd5_hbiE9bDck': '<_MapDataset element_spec=TensorSpec(shape=(4,), dtype=tf.int32, name=None)>\n',
 '__jc7iD9M9FC': '[1 2 3 4]\n'
                 '[999   2   3   4]\n'
                 '[  1 999   3   4]\n'
                 '[  1   2 999   4]\n'
                 '[  1   2   3 999]\n'
                 '[999 999 999 999]\n',
 'p2IF_K0obDcm': '<_MapDataset element_spec=TensorSpec(shape=(2,), dtype=tf.int32, name=None)>\n',
 '-5aLprDeRNb0': '[2 4]\n[2 4]\n[999   4]\n[2 4]\n[  2 999]\n[999 999]\n',
 'xB7KeceLoSH0': '[array([0, 1, 2, 3]), array([ 0, -1, -2, -3])]\n'
                 '[array([4, 5, 6, 7]), array([-4, -5, -6, -7])]\n'
                 '[array([ 8,  9, 10, 11]), array([ -8,  -9, -10, -11])]\n'
                 '[array([12, 13, 14, 15]), array([-12, -13, -14, -15])]\n',
 'yN7hn7OBoSHx': '<_BatchDataset element_spec=(TensorSpec(shape=(None,), dtype=tf.int64, '
                 'name=None), TensorSpec(shape=(None,), dtype=tf.int64, name=None))>\n',
 'BycWC7WCoSHt': '<_BatchDataset element_spec=(TensorSpec(shape=(7,), dtype=tf.int64, name=None), '
                 'TensorSpec(shape=(7,), dtype=tf.int64, name=None))>\n',
 'kycwO0JooSHn': '[[0 0 0]\n'
                 ' [1 0 0]\n'
                 ' [2 2 0]\n'
                 ' [3 3 3]]\n'
                 '\n'
                 '[[4 4 4 4 0 0 0]\n'
                 ' [5 5 5 5 5 0 0]\n'
                 ' [6 6 6 6 6 6 0]\n'
                 ' [7 7 7 7 7 7 7]]\n'
                 '\n',
 'LMO6mlXxoSHc': '',
 'fZObC0debDcr': '',
 'tBUmbERt7Czz': '',
 'Cn2nIu92BMp0': '',
 'y2X1dQNfC8Lu': '',
 'kTQgo49skjuY': '',
 'pSs9XqwQpvIN': '[0 1 2 3 4 5 6 7 8 9]\n'
                 '[10 11 12 13 14 15 16 17 18 19]\n'
                 '[20 21 22 23 24 25 26 27 28 29]\n'
                 '[30 31 32 33 34 35 36 37 38 39]\n'
                 '[40 41 42 43 44 45 46 47 48 49]\n',
 '47XfwPhetkIN': '[0 1 2 3 4 5 6 7 8]  =>  [1 2 3 4 5 6 7 8 9]\n'
                 '[10 11 12 13 14 15 16 17 18]  =>  [11 12 13 14 15 16 17 18 19]\n'
                 '[20 21 22 23 24 25 26 27 28]  =>  [21 22 23 24 25 26 27 28 29]\n',
 'FMmkQB1Gqo6x': '[0 1 2 3 4 5 6 7 8 9]  =>  [10 11 12 13 14]\n'
                 '[15 16 17 18 19 20 21 22 23 24]  =>  [25 26 27 28 29]\n'
                 '[30 31 32 33 34 35 36 37 38 39]  =>  [40 41 42 43 44]\n',
 '11dF3wyFjk2J': '[0 1 2 3 4 5 6 7 8 9]  =>  [10 11 12]\n'
                 '[10 11 12 13 14 15 16 17 18 19]  =>  [20 21 22]\n'
                 '[20 21 22 23 24 25 26 27 28 29]  =>  [30 31 32]\n'
                 '[30 31 32 33 34 35 36 37 38 39]  =>  [40 41 42]\n'
                 '[40 41 42 43 44 45 46 47 48 49]  =>  [50 51 52]\n',
 'ZEI2W_EBw2OX': '<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>\n'
                 '<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>\n'
                 '<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>\n'
                 '<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>\n'
                 '<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>\n',
 'SB8AI03mnF8u': '0 1 2 3 4 1 2 3 4 5 2 3 4 5 6 3 4 5 6 7 4 5 6 7 8 5 6 7 8 9 ',
 '5j_y84rmyVQa': '[0 1 2 3 4]\n[1 2 3 4 5]\n[2 3 4 5 6]\n[3 4 5 6 7]\n[4 5 6 7 8]\n',
 'LdFRv_0D4FqW': '',
 '-iVxcVfEdf5b': '[ 0  3  6  9 12 15 18 21 24 27]\n'
                 '[ 5  8 11 14 17 20 23 26 29 32]\n'
                 '[10 13 16 19 22 25 28 31 34 37]\n'
                 '[15 18 21 24 27 30 33 36 39 42]\n'
                 '[20 23 26 29 32 35 38 41 44 47]\n'
                 '[25 28 31 34 37 40 43 46 49 52]\n'
                 '[30 33 36 39 42 45 48 51 54 57]\n'
                 '[35 38 41 44 47 50 53 56 59 62]\n'
                 '[40 43 46 49 52 55 58 61 64 67]\n'
                 '[45 48 51 54 57 60 63 66 69 72]\n',
 'F0fPfZkZw6j_': '[ 0  3  6  9 12 15 18 21 24] => [ 3  6  9 12 15 18 21 24 27]\n'
                 '[ 5  8 11 14 17 20 23 26 29] => [ 8 11 14 17 20 23 26 29 32]\n'
                 '[10 13 16 19 22 25 28 31 34] => [13 16 19 22 25 28 31 34 37]\n',
 'a8-Ss69XlzXD': '',
 'zC_Cuzw8lhI5': '',
 '3Fsm9wvKUsNC': '[np.int64(0), np.int64(1), np.int64(2), np.int64(3), np.int64(4)]\n'
                 '[np.int64(5), np.int64(6), np.int64(7), np.int64(8), np.int64(9)]\n'
                 '[np.int64(5), np.int64(6), np.int64(7), np.int64(8), np.int64(9)]\n'}
