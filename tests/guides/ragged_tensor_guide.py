"""The code cells of TensorFlow's ragged tensor guide (`site/en/guide/ragged_tensor.ipynb` in
tensorflow/docs), written for `import tensorflow as tf`. `python -m tests.guides.record
ragged_tensor_guide` ran them with TensorFlow 2.21 from a scratch directory, and `TENSORFLOW`
is what each cell showed there. The license cell is left out, and so are the first cell's
`!pip install` line (a notebook shell command) and the cell `tf.keras.Input?` (IPython's
help syntax, not Python).
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ('KKvdSorS-pDD', '''\
import math
import tensorflow as tf'''),
    ('vGmJGSf_-PVB', '''\
digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
print(tf.add(digits, 3))
print(tf.reduce_mean(digits, axis=1))
print(tf.concat([digits, [[5, 3]]], axis=0))
print(tf.tile(digits, [1, 2]))
print(tf.strings.substr(words, 0, 2))
print(tf.map_fn(tf.math.square, digits))'''),
    ('n8YMKXpI-PVH', 'print(digits[0])       # First row'),
    ('Awi8i9q5_DuX', 'print(digits[:, :2])   # First two values in each row.'),
    ('sXgQtTcgHHMR', 'print(digits[:, -2:])  # Last two values in each row.'),
    ('2tdUEtb7-PVL', 'print(digits + 3)'),
    ('X-bxG0nc_Nmf', 'print(digits + tf.ragged.constant([[1, 2, 3, 4], [], [5, 6, 7], [8], []]))'),
    ('pvt5URbdEt-D', '''\
times_two_plus_one = lambda x: x * 2 + 1
print(tf.ragged.map_flat_values(times_two_plus_one, digits))'''),
    ('A5NHb8ViA9dt', 'digits.to_list()'),
    ('2o1wogVyA6Yp', 'digits.numpy()'),
    ('yhgKMozw-PVP', '''\
sentences = tf.ragged.constant([
    ["Let's", "build", "some", "ragged", "tensors", "!"],
    ["We", "can", "use", "tf.ragged.constant", "."]])
print(sentences)'''),
    ('TW1g7eE2ee8M', '''\
paragraphs = tf.ragged.constant([
    [['I', 'have', 'a', 'cat'], ['His', 'name', 'is', 'Mat']],
    [['Do', 'you', 'want', 'to', 'come', 'visit'], ["I'm", 'free', 'tomorrow']],
])
print(paragraphs)'''),
    ('SEvcPUcl-PVS', '''\
print(tf.RaggedTensor.from_value_rowids(
    values=[3, 1, 4, 1, 5, 9, 2],
    value_rowids=[0, 0, 0, 0, 2, 2, 3]))'''),
    ('LBY81WXl-PVW', '''\
print(tf.RaggedTensor.from_row_lengths(
    values=[3, 1, 4, 1, 5, 9, 2],
    row_lengths=[4, 0, 2, 1]))'''),
    ('FwizuqZI-PVb', '''\
print(tf.RaggedTensor.from_row_splits(
    values=[3, 1, 4, 1, 5, 9, 2],
    row_splits=[0, 4, 4, 6, 7]))'''),
    ('SqbPBd_w-PVi', '''\
print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]))  # ok: type=string, rank=2'''),
    ('83ZCSJnQAWAf', '''\
print(tf.ragged.constant([[[1, 2], [3]], [[4, 5]]]))        # ok: type=int32, rank=3'''),
    ('ewA3cISdDfmP', '''\
try:
  tf.ragged.constant([["one", "two"], [3, 4]])              # bad: multiple types
except ValueError as exception:
  print(exception)'''),
    ('EOWIlVidDl-n', '''\
try:
  tf.ragged.constant(["A", ["B", "C"]])                     # bad: multiple nesting depths
except ValueError as exception:
  print(exception)'''),
    ('ZBs_V7e--PVr', '''\
queries = tf.ragged.constant([['Who', 'is', 'Dan', 'Smith'],
                              ['Pause'],
                              ['Will', 'it', 'rain', 'later', 'today']])

# Create an embedding table.
num_buckets = 1024
embedding_size = 4
embedding_table = tf.Variable(
    tf.random.truncated_normal([num_buckets, embedding_size],
                       stddev=1.0 / math.sqrt(embedding_size)))

# Look up the embedding for each word.
word_buckets = tf.strings.to_hash_bucket_fast(queries, num_buckets)
word_embeddings = tf.nn.embedding_lookup(embedding_table, word_buckets)     # ①

# Add markers to the beginning and end of each sentence.
marker = tf.fill([queries.nrows(), 1], '#')
padded = tf.concat([marker, queries, marker], axis=1)                       # ②

# Build word bigrams and look up embeddings.
bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator='+')   # ③

bigram_buckets = tf.strings.to_hash_bucket_fast(bigrams, num_buckets)
bigram_embeddings = tf.nn.embedding_lookup(embedding_table, bigram_buckets) # ④

# Find the average embedding for each sentence
all_embeddings = tf.concat([word_embeddings, bigram_embeddings], axis=1)    # ⑤
avg_embedding = tf.reduce_mean(all_embeddings, axis=1)                      # ⑥
print(avg_embedding)'''),
    ('M2Wzx4JEIvmb', 'tf.ragged.constant([["Hi"], ["How", "are", "you"]]).shape'),
    ('5DHaqXHxlWi0', 'print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]).bounding_shape())'),
    ('ush7IGUWLXIn', '''\
ragged_x = tf.ragged.constant([["John"], ["a", "big", "dog"], ["my", "cat"]])
ragged_y = tf.ragged.constant([["fell", "asleep"], ["barked"], ["is", "fuzzy"]])
print(tf.concat([ragged_x, ragged_y], axis=1))'''),
    ('eTIhGayQL0gI', '''\
sparse_x = ragged_x.to_sparse()
sparse_y = ragged_y.to_sparse()
sparse_result = tf.sparse.concat(sp_inputs=[sparse_x, sparse_y], axis=1)
print(tf.sparse.to_dense(sparse_result, ''))'''),
    ('ucYf2sSzTvQo', '''\
# Task: predict whether each sentence is a question or not.
sentences = tf.constant(
    ['What makes you think she is a witch?',
     'She turned me into a newt.',
     'A newt?',
     'Well, I got better.'])
is_question = tf.constant([True, False, True, False])'''),
    ('MGYKmizJTw8B', '''\
# Preprocess the input strings.
hash_buckets = 1000
words = tf.strings.split(sentences, ' ')
hashed_words = tf.strings.to_hash_bucket_fast(words, hash_buckets)
hashed_words.to_list()'''),
    ('7FTujwOlUT8J', 'hashed_words.to_tensor()'),
    ('pHls7hQVJlk5', '''\
# Build the Keras model.
keras_model = tf.keras.Sequential([
    tf.keras.layers.Embedding(hash_buckets, 16, mask_zero=True),
    tf.keras.layers.LSTM(32, return_sequences=True, use_bias=False),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(32),
    tf.keras.layers.Activation(tf.nn.relu),
    tf.keras.layers.Dense(1)
])

keras_model.compile(loss='binary_crossentropy', optimizer='rmsprop')
keras_model.fit(hashed_words.to_tensor(), is_question, epochs=5)'''),
    ('1IAjjmdTU9OU', 'print(keras_model.predict(hashed_words.to_tensor()))'),
    ('xsiglYM7TXGr', '''\
import google.protobuf.text_format as pbtext

def build_tf_example(s):
  return pbtext.Merge(s, tf.train.Example()).SerializeToString()

example_batch = [
  build_tf_example(r\'\'\'
    features {
      feature {key: "colors" value {bytes_list {value: ["red", "blue"]} } }
      feature {key: "lengths" value {int64_list {value: [7]} } } }\'\'\'),
  build_tf_example(r\'\'\'
    features {
      feature {key: "colors" value {bytes_list {value: ["orange"]} } }
      feature {key: "lengths" value {int64_list {value: []} } } }\'\'\'),
  build_tf_example(r\'\'\'
    features {
      feature {key: "colors" value {bytes_list {value: ["black", "yellow"]} } }
      feature {key: "lengths" value {int64_list {value: [1, 3]} } } }\'\'\'),
  build_tf_example(r\'\'\'
    features {
      feature {key: "colors" value {bytes_list {value: ["green"]} } }
      feature {key: "lengths" value {int64_list {value: [3, 5, 2]} } } }\'\'\')]'''),
    ('xcdaIbYVT4mo', '''\
feature_specification = {
    'colors': tf.io.RaggedFeature(tf.string),
    'lengths': tf.io.RaggedFeature(tf.int64),
}
feature_tensors = tf.io.parse_example(example_batch, feature_specification)
for name, value in feature_tensors.items():
  print("{}={}".format(name, value))'''),
    ('fBml1m2G2vO9', '''\
# Helper function used to print datasets in the examples below.
def print_dictionary_dataset(dataset):
  for i, element in enumerate(dataset):
    print("Element {}:".format(i))
    for (feature_name, feature_value) in element.items():
      print('{:>14} = {}'.format(feature_name, feature_value))'''),
    ('BuelF_y2mEq9', '''\
dataset = tf.data.Dataset.from_tensor_slices(feature_tensors)
print_dictionary_dataset(dataset)'''),
    ('lk62aRz63IZn', '''\
batched_dataset = dataset.batch(2)
print_dictionary_dataset(batched_dataset)'''),
    ('CxLlaPw_5Je4', '''\
unbatched_dataset = batched_dataset.unbatch()
print_dictionary_dataset(unbatched_dataset)'''),
    ('PYnhERwh3_mf', '''\
non_ragged_dataset = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8])
non_ragged_dataset = non_ragged_dataset.map(tf.range)
batched_non_ragged_dataset = non_ragged_dataset.apply(
    tf.data.experimental.dense_to_ragged_batch(2))
for element in batched_non_ragged_dataset:
  print(element)'''),
    ('Ios1GuG-pf9U', '''\
def transform_lengths(features):
  return {
      'mean_length': tf.math.reduce_mean(features['lengths']),
      'length_ranges': tf.ragged.range(features['lengths'])}
transformed_dataset = dataset.map(transform_lengths)
print_dictionary_dataset(transformed_dataset)'''),
    ('PfyxgVaj_8tl', '''\
@tf.function
def make_palindrome(x, axis):
  return tf.concat([x, tf.reverse(x, [axis])], axis)'''),
    ('vcZdzvEnDEt0', 'make_palindrome(tf.constant([[1, 2], [3, 4], [5, 6]]), axis=1)'),
    ('4WfCMIgdDMxj', 'make_palindrome(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), axis=1)'),
    ('k6-hkhdDBk6G', '''\
@tf.function(
    input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
def max_and_min(rt):
  return (tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1))

max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))'''),
    ('yyJeXJ4wFWox', '''\
@tf.function
def increment(x):
  return x + 1

rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
cf = increment.get_concrete_function(rt)
print(cf(rt))'''),
    ('D-Dg9w7Je5pU', '''\
import tempfile

keras_module_path = tempfile.mkdtemp()
keras_model.save(keras_module_path+"/my_model.keras")

imported_model = tf.keras.models.load_model(keras_module_path+"/my_model.keras")

imported_model(hashed_words.to_tensor())'''),
    ('Sfem1ESrdGzX', '''\
class CustomModule(tf.Module):
  def __init__(self, variable_value):
    super(CustomModule, self).__init__()
    self.v = tf.Variable(variable_value)

  @tf.function
  def grow(self, x):
    return x * self.v

module = CustomModule(100.0)

# Before saving a custom model, you must ensure that concrete functions are
# built for each input signature that you will need.
module.grow.get_concrete_function(tf.RaggedTensorSpec(shape=[None, None],
                                                      dtype=tf.float32))

custom_module_path = tempfile.mkdtemp()
tf.saved_model.save(module, custom_module_path)
imported_model = tf.saved_model.load(custom_module_path)
imported_model.grow(tf.ragged.constant([[1.0, 4.0, 3.0], [2.0]]))'''),
    ('skScd37P-PVu', '''\
x = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
y = tf.ragged.constant([[1, 1], [2], [3, 3, 3]])
print(x + y)'''),
    ('IYybEEWc-PVx', '''\
x = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
print(x + 3)'''),
    ('MbSRZRDz-PV1', '''\
queries = tf.ragged.constant(
    [['Who', 'is', 'George', 'Washington'],
     ['What', 'is', 'the', 'weather', 'tomorrow'],
     ['Goodnight']])'''),
    ('2HRs2xhh-vZE', 'print(queries[1])                   # A single query'),
    ('EFfjZV7YA3UH', 'print(queries[1, 2])                # A single word'),
    ('VISRPQSdA3xn', 'print(queries[1:])                  # Everything but the first row'),
    ('J1PpSyKQBMng', 'print(queries[:, :3])               # The first 3 words of each query'),
    ('ixrhHmJBeidy', 'print(queries[:, -2:])              # The last 2 words of each query'),
    ('8VbqbKcE-PV6', '''\
rt = tf.ragged.constant([[[1, 2, 3], [4]],
                         [[5], [], [6]],
                         [[7]],
                         [[8, 9], [10]]])'''),
    ('f9WPVWf4grVp', 'print(rt[1])                        # Second row (2D RaggedTensor)'),
    ('ad8FGJoABjQH', '''\
print(rt[3, 0])                     # First element of fourth row (1D Tensor)'''),
    ('MPPr-a-bBjFE', '''\
print(rt[:, 1:3])                   # Items 1-3 of each row (3D RaggedTensor)'''),
    ('6SIDeoIUBi4z', '''\
print(rt[:, -1:])                   # Last item of each row (3D RaggedTensor)'''),
    ('INnfmZGcBoU_', '''\
ragged_sentences = tf.ragged.constant([
    ['Hi'], ['Welcome', 'to', 'the', 'fair'], ['Have', 'fun']])'''),
    ('__iJ4iXtkGOx', '''\
# RaggedTensor -> Tensor
print(ragged_sentences.to_tensor(default_value='', shape=[None, 10]))'''),
    ('-rfiyYqne8QN', '''\
# Tensor -> RaggedTensor
x = [[1, 3, -1, -1], [2, -1, -1, -1], [4, 5, 8, 9]]
print(tf.RaggedTensor.from_tensor(x, padding=-1))'''),
    ('41WAZLXNnbwH', '''\
#RaggedTensor -> SparseTensor
print(ragged_sentences.to_sparse())'''),
    ('S8MkYo2hfVhj', '''\
# SparseTensor -> RaggedTensor
st = tf.SparseTensor(indices=[[0, 0], [2, 0], [2, 1]],
                     values=['a', 'b', 'c'],
                     dense_shape=[3, 3])
print(tf.RaggedTensor.from_sparse(st))'''),
    ('uMm1WMkc-PV_', '''\
rt = tf.ragged.constant([[1, 2], [3, 4, 5], [6], [], [7]])
print("Python list:", rt.to_list())
print("NumPy array:", rt.numpy())
print("Values:", rt.values.numpy())
print("Splits:", rt.row_splits.numpy())
print("Indexed value:", rt[1].numpy())'''),
    ('btGDjT4uNgQy', '''\
x = tf.constant([[1, 2], [3, 4], [5, 6]])
x.shape  # shape of a tf.tensor'''),
    ('__OgvmrGPEjq', '''\
rt = tf.ragged.constant([[1], [2, 3], [], [4]])
rt.shape  # shape of a tf.RaggedTensor'''),
    ('kWJ7Cn1EQTD_', '''\
x = tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])
tf.shape(x)'''),
    ('nZc2wqgQQUFU', '''\
rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
rt_shape = tf.shape(rt)
print(rt_shape)'''),
    ('pclAODLXT6Gr', '''\
print(f"tf.reshape(x, rt_shape) = {tf.reshape(x, rt_shape)}")
print(f"tf.zeros(rt_shape) = {tf.zeros(rt_shape)}")
print(f"tf.ones(rt_shape) = {tf.ones(rt_shape)}")
print(f"tf.fill(rt_shape, 9) = {tf.fill(rt_shape, 'x')}")'''),
    ('MzQvPhsxS6HN', 'rt_shape[0]'),
    ('HgGMk0LeTGik', '''\
try:
  rt_shape[1]
except ValueError as e:
  print("Got expected ValueError:", e)'''),
    ('APT72EaBU70t', 'rt_shape[:1]'),
    ('NSRgD667WwIZ', '''\
tf.experimental.DynamicRaggedShape(
    row_partitions=[tf.experimental.RowPartition.from_row_lengths([5, 3, 2])],
    inner_shape=[10, 8])'''),
    ('gMxCzADUYIjY', 'tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])'),
    ('0n095XdR-PWU', '''\
# x       (2D ragged):  2 x (num_rows)
# y       (scalar)
# result  (2D ragged):  2 x (num_rows)
x = tf.ragged.constant([[1, 2], [3]])
y = 3
print(x + y)'''),
    ('0SVYk5AP-PWW', '''\
# x         (2d ragged):  3 x (num_rows)
# y         (2d tensor):  3 x          1
# Result    (2d ragged):  3 x (num_rows)
x = tf.ragged.constant(
   [[10, 87, 12],
    [19, 53],
    [12, 32]])
y = [[1000], [2000], [3000]]
print(x + y)'''),
    ('MsfBMD80s8Ux', '''\
# x      (3d ragged):  2 x (r1) x 2
# y      (2d ragged):         1 x 1
# Result (3d ragged):  2 x (r1) x 2
x = tf.ragged.constant(
    [[[1, 2], [3, 4], [5, 6]],
     [[7, 8]]],
    ragged_rank=1)
y = tf.constant([[10]])
print(x + y)'''),
    ('rEj5QVfnva0t', '''\
# x      (3d ragged):  2 x (r1) x (r2) x 1
# y      (1d tensor):                    3
# Result (3d ragged):  2 x (r1) x (r2) x 3
x = tf.ragged.constant(
    [
        [
            [[1], [2]],
            [],
            [[3]],
            [[4]],
        ],
        [
            [[5], [6]],
            [[7]]
        ]
    ],
    ragged_rank=2)
y = tf.constant([10, 20, 30])
print(x + y)'''),
    ('UpI0FlfL4Eim', '''\
# x      (2d ragged): 3 x (r1)
# y      (2d tensor): 3 x    4  # trailing dimensions do not match
x = tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]])
y = tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
try:
  x + y
except tf.errors.InvalidArgumentError as exception:
  print(exception)'''),
    ('qGq1zOT4zMoc', '''\
# x      (2d ragged): 3 x (r1)
# y      (2d ragged): 3 x (r2)  # ragged dimensions do not match.
x = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
y = tf.ragged.constant([[10, 20], [30, 40], [50]])
try:
  x + y
except tf.errors.InvalidArgumentError as exception:
  print(exception)'''),
    ('CvLae5vMqeji', '''\
# x      (3d ragged): 3 x (r1) x 2
# y      (3d ragged): 3 x (r1) x 3  # trailing dimensions do not match
x = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]],
                        [[7, 8], [9, 10]]])
y = tf.ragged.constant([[[1, 2, 0], [3, 4, 0], [5, 6, 0]],
                        [[7, 8, 0], [9, 10, 0]]])
try:
  x + y
except tf.errors.InvalidArgumentError as exception:
  print(exception)'''),
    ('MrLgMu0gPuo-', '''\
rt = tf.RaggedTensor.from_row_splits(
    values=[3, 1, 4, 1, 5, 9, 2],
    row_splits=[0, 4, 4, 6, 7])
print(rt)'''),
    ('yy3IGT2a-PWb', '''\
rt = tf.RaggedTensor.from_row_splits(
    values=tf.RaggedTensor.from_row_splits(
        values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
        row_splits=[0, 3, 3, 5, 9, 10]),
    row_splits=[0, 1, 1, 5])
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))'''),
    ('AKYhtFcT-PWd', '''\
rt = tf.RaggedTensor.from_nested_row_splits(
    flat_values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    nested_row_splits=([0, 1, 1, 5], [0, 3, 3, 5, 9, 10]))
print(rt)'''),
    ('BXp-Tt2bClem', '''\
# shape = [batch, (paragraph), (sentence), (word)]
conversations = tf.ragged.constant(
    [[[["I", "like", "ragged", "tensors."]],
      [["Oh", "yeah?"], ["What", "can", "you", "use", "them", "for?"]],
      [["Processing", "variable", "length", "data!"]]],
     [[["I", "like", "cheese."], ["Do", "you?"]],
      [["Yes."], ["I", "do."]]]])
conversations.shape'''),
    ('DZUMrgxXFd5s', '''\
assert conversations.ragged_rank == len(conversations.nested_row_splits)
conversations.ragged_rank  # Number of partitioned dimensions.'''),
    ('xXLSNpS0Fdvp', 'conversations.flat_values.numpy()'),
    ('z2sHwHdy-PWg', '''\
rt = tf.RaggedTensor.from_row_splits(
    values=[[1, 3], [0, 0], [1, 3], [5, 3], [3, 3], [1, 2]],
    row_splits=[0, 3, 4, 6])
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))
print("Flat values shape: {}".format(rt.flat_values.shape))
print("Flat values:\\n{}".format(rt.flat_values))'''),
    ('70q1aCKwySgS', '''\
rt = tf.RaggedTensor.from_uniform_row_length(
    values=tf.RaggedTensor.from_row_splits(
        values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
        row_splits=[0, 3, 5, 9, 10]),
    uniform_row_length=2)
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))'''),
]

TENSORFLOW = {'KKvdSorS-pDD': '',
 'vGmJGSf_-PVB': '<tf.RaggedTensor [[6, 4, 7, 4], [], [8, 12, 5], [9], []]>\n'
                 'tf.Tensor([2.25              nan 5.33333333 6.                nan], shape=(5,), '
                 'dtype=float64)\n'
                 '<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9, 2], [6], [], [5, 3]]>\n'
                 '<tf.RaggedTensor [[3, 1, 4, 1, 3, 1, 4, 1], [], [5, 9, 2, 5, 9, 2], [6, 6], '
                 '[]]>\n'
                 "<tf.RaggedTensor [[b'So', b'lo'], [b'th', b'fo', b'al', b'th', b'fi']]>\n"
                 '<tf.RaggedTensor [[9, 1, 16, 1], [], [25, 81, 4], [36], []]>\n',
 'n8YMKXpI-PVH': 'tf.Tensor([3 1 4 1], shape=(4,), dtype=int32)\n',
 'Awi8i9q5_DuX': '<tf.RaggedTensor [[3, 1], [], [5, 9], [6], []]>\n',
 'sXgQtTcgHHMR': '<tf.RaggedTensor [[4, 1], [], [9, 2], [6], []]>\n',
 '2tdUEtb7-PVL': '<tf.RaggedTensor [[6, 4, 7, 4], [], [8, 12, 5], [9], []]>\n',
 'X-bxG0nc_Nmf': '<tf.RaggedTensor [[4, 3, 7, 5], [], [10, 15, 9], [14], []]>\n',
 'pvt5URbdEt-D': '<tf.RaggedTensor [[7, 3, 9, 3], [], [11, 19, 5], [13], []]>\n',
 'A5NHb8ViA9dt': '[[3, 1, 4, 1], [], [5, 9, 2], [6], []]\n',
 '2o1wogVyA6Yp': 'array([array([3, 1, 4, 1], dtype=int32), array([], dtype=int32),\n'
                 '       array([5, 9, 2], dtype=int32), array([6], dtype=int32),\n'
                 '       array([], dtype=int32)], dtype=object)\n',
 'yhgKMozw-PVP': '<tf.RaggedTensor [[b"Let\'s", b\'build\', b\'some\', b\'ragged\', b\'tensors\', '
                 "b'!'],\n"
                 " [b'We', b'can', b'use', b'tf.ragged.constant', b'.']]>\n",
 'TW1g7eE2ee8M': "<tf.RaggedTensor [[[b'I', b'have', b'a', b'cat'], [b'His', b'name', b'is', "
                 "b'Mat']],\n"
                 " [[b'Do', b'you', b'want', b'to', b'come', b'visit'],\n"
                 '  [b"I\'m", b\'free\', b\'tomorrow\']]]>\n',
 'SEvcPUcl-PVS': '<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9], [2]]>\n',
 'LBY81WXl-PVW': '<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9], [2]]>\n',
 'FwizuqZI-PVb': '<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9], [2]]>\n',
 'SqbPBd_w-PVi': "<tf.RaggedTensor [[b'Hi'], [b'How', b'are', b'you']]>\n",
 '83ZCSJnQAWAf': '<tf.RaggedTensor [[[1, 2], [3]], [[4, 5]]]>\n',
 'ewA3cISdDfmP': "Can't convert Python sequence with mixed types to Tensor.\n",
 'EOWIlVidDl-n': 'all scalar values must have the same nesting depth\n',
 'ZBs_V7e--PVr': 'tf.Tensor(\n'
                 '[[ 0.00566391  0.06703996 -0.07048367  0.07916064]\n'
                 ' [-0.2586085   0.38996458 -0.3424631   0.3531308 ]\n'
                 ' [-0.09418311 -0.06315231 -0.20129591 -0.23212045]], shape=(3, 4), '
                 'dtype=float32)\n',
 'M2Wzx4JEIvmb': 'TensorShape([2, None])\n',
 '5DHaqXHxlWi0': 'tf.Tensor([2 3], shape=(2,), dtype=int64)\n',
 'ush7IGUWLXIn': "<tf.RaggedTensor [[b'John', b'fell', b'asleep'], [b'a', b'big', b'dog', "
                 "b'barked'],\n"
                 " [b'my', b'cat', b'is', b'fuzzy']]>\n",
 'eTIhGayQL0gI': 'tf.Tensor(\n'
                 "[[b'John' b'' b'' b'fell' b'asleep']\n"
                 " [b'a' b'big' b'dog' b'barked' b'']\n"
                 " [b'my' b'cat' b'' b'is' b'fuzzy']], shape=(3, 5), dtype=string)\n",
 'ucYf2sSzTvQo': '',
 'MGYKmizJTw8B': '[[940, 203, 668, 387, 790, 320, 939, 185], [315, 515, 791, 181, 939, 787], [564, '
                 '205], [820, 180, 993, 739]]\n',
 '7FTujwOlUT8J': '<tf.Tensor: shape=(4, 8), dtype=int64, numpy=\n'
                 'array([[940, 203, 668, 387, 790, 320, 939, 185],\n'
                 '       [315, 515, 791, 181, 939, 787,   0,   0],\n'
                 '       [564, 205,   0,   0,   0,   0,   0,   0],\n'
                 '       [820, 180, 993, 739,   0,   0,   0,   0]])>\n',
 'pHls7hQVJlk5': 'Epoch 1/5\n'
                 '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 3s/step - loss: '
                 '8.0593\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m3s\x1b[0m 3s/step - loss: 8.0593\n'
                 'Epoch 2/5\n'
                 '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 27ms/step - loss: '
                 '8.0590\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 48ms/step - loss: 8.0590\n'
                 'Epoch 3/5\n'
                 '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 26ms/step - loss: '
                 '8.0590\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 48ms/step - loss: 8.0590\n'
                 'Epoch 4/5\n'
                 '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 30ms/step - loss: '
                 '8.0590\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 53ms/step - loss: 8.0590\n'
                 'Epoch 5/5\n'
                 '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 46ms/step - loss: '
                 '8.0590\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 64ms/step - loss: 8.0590\n'
                 '<keras.src.callbacks.history.History object at 0x7fa209e7b410>\n',
 '1IAjjmdTU9OU': '\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m '
                 '187ms/step\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\x08\r'
                 '\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m '
                 '\x1b[1m0s\x1b[0m 205ms/step\n'
                 '[[-0.00820885]\n'
                 ' [-0.00642453]\n'
                 ' [-0.01047977]\n'
                 ' [-0.00880023]]\n',
 'xsiglYM7TXGr': '',
 'xcdaIbYVT4mo': "colors=<tf.RaggedTensor [[b'red', b'blue'], [b'orange'], [b'black', b'yellow'], "
                 "[b'green']]>\n"
                 'lengths=<tf.RaggedTensor [[7], [], [1, 3], [3, 5, 2]]>\n',
 'fBml1m2G2vO9': '',
 'BuelF_y2mEq9': 'Element 0:\n'
                 "        colors = [b'red' b'blue']\n"
                 '       lengths = [7]\n'
                 'Element 1:\n'
                 "        colors = [b'orange']\n"
                 '       lengths = []\n'
                 'Element 2:\n'
                 "        colors = [b'black' b'yellow']\n"
                 '       lengths = [1 3]\n'
                 'Element 3:\n'
                 "        colors = [b'green']\n"
                 '       lengths = [3 5 2]\n',
 'lk62aRz63IZn': 'Element 0:\n'
                 "        colors = <tf.RaggedTensor [[b'red', b'blue'], [b'orange']]>\n"
                 '       lengths = <tf.RaggedTensor [[7], []]>\n'
                 'Element 1:\n'
                 "        colors = <tf.RaggedTensor [[b'black', b'yellow'], [b'green']]>\n"
                 '       lengths = <tf.RaggedTensor [[1, 3], [3, 5, 2]]>\n',
 'CxLlaPw_5Je4': 'Element 0:\n'
                 "        colors = [b'red' b'blue']\n"
                 '       lengths = [7]\n'
                 'Element 1:\n'
                 "        colors = [b'orange']\n"
                 '       lengths = []\n'
                 'Element 2:\n'
                 "        colors = [b'black' b'yellow']\n"
                 '       lengths = [1 3]\n'
                 'Element 3:\n'
                 "        colors = [b'green']\n"
                 '       lengths = [3 5 2]\n',
 'PYnhERwh3_mf': '<tf.RaggedTensor [[0], [0, 1, 2, 3, 4]]>\n'
                 '<tf.RaggedTensor [[0, 1, 2], [0, 1]]>\n'
                 '<tf.RaggedTensor [[0, 1, 2, 3, 4, 5, 6, 7]]>\n',
 'Ios1GuG-pf9U': 'Element 0:\n'
                 '   mean_length = 7\n'
                 ' length_ranges = <tf.RaggedTensor [[0, 1, 2, 3, 4, 5, 6]]>\n'
                 'Element 1:\n'
                 '   mean_length = 0\n'
                 ' length_ranges = <tf.RaggedTensor []>\n'
                 'Element 2:\n'
                 '   mean_length = 2\n'
                 ' length_ranges = <tf.RaggedTensor [[0], [0, 1, 2]]>\n'
                 'Element 3:\n'
                 '   mean_length = 3\n'
                 ' length_ranges = <tf.RaggedTensor [[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]>\n',
 'PfyxgVaj_8tl': '',
 'vcZdzvEnDEt0': '<tf.Tensor: shape=(3, 4), dtype=int32, numpy=\n'
                 'array([[1, 2, 2, 1],\n'
                 '       [3, 4, 4, 3],\n'
                 '       [5, 6, 6, 5]], dtype=int32)>\n',
 '4WfCMIgdDMxj': '<tf.RaggedTensor [[1, 2, 2, 1], [3, 3], [4, 5, 6, 6, 5, 4]]>\n',
 'k6-hkhdDBk6G': '(<tf.Tensor: shape=(3,), dtype=int32, numpy=array([2, 3, 6], dtype=int32)>, '
                 '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 3, 4], dtype=int32)>)\n',
 'yyJeXJ4wFWox': '<tf.RaggedTensor [[2, 3], [4], [5, 6, 7]]>\n',
 'D-Dg9w7Je5pU': '<tf.Tensor: shape=(4, 1), dtype=float32, numpy=\n'
                 'array([[-0.00820885],\n'
                 '       [-0.00642453],\n'
                 '       [-0.01047977],\n'
                 '       [-0.00880023]], dtype=float32)>\n',
 'Sfem1ESrdGzX': '<tf.RaggedTensor [[100.0, 400.0, 300.0], [200.0]]>\n',
 'skScd37P-PVu': '<tf.RaggedTensor [[2, 3], [5], [7, 8, 9]]>\n',
 'IYybEEWc-PVx': '<tf.RaggedTensor [[4, 5], [6], [7, 8, 9]]>\n',
 'MbSRZRDz-PV1': '',
 '2HRs2xhh-vZE': "tf.Tensor([b'What' b'is' b'the' b'weather' b'tomorrow'], shape=(5,), "
                 'dtype=string)\n',
 'EFfjZV7YA3UH': "tf.Tensor(b'the', shape=(), dtype=string)\n",
 'VISRPQSdA3xn': "<tf.RaggedTensor [[b'What', b'is', b'the', b'weather', b'tomorrow'], "
                 "[b'Goodnight']]>\n",
 'J1PpSyKQBMng': "<tf.RaggedTensor [[b'Who', b'is', b'George'], [b'What', b'is', b'the'], "
                 "[b'Goodnight']]>\n",
 'ixrhHmJBeidy': "<tf.RaggedTensor [[b'George', b'Washington'], [b'weather', b'tomorrow'], "
                 "[b'Goodnight']]>\n",
 '8VbqbKcE-PV6': '',
 'f9WPVWf4grVp': '<tf.RaggedTensor [[5], [], [6]]>\n',
 'ad8FGJoABjQH': 'tf.Tensor([8 9], shape=(2,), dtype=int32)\n',
 'MPPr-a-bBjFE': '<tf.RaggedTensor [[[4]], [[], [6]], [], [[10]]]>\n',
 '6SIDeoIUBi4z': '<tf.RaggedTensor [[[4]],\n\n [[6]],\n\n [[7]],\n\n [[10]]]>\n',
 'INnfmZGcBoU_': '',
 '__iJ4iXtkGOx': 'tf.Tensor(\n'
                 "[[b'Hi' b'' b'' b'' b'' b'' b'' b'' b'' b'']\n"
                 " [b'Welcome' b'to' b'the' b'fair' b'' b'' b'' b'' b'' b'']\n"
                 " [b'Have' b'fun' b'' b'' b'' b'' b'' b'' b'' b'']], shape=(3, 10), "
                 'dtype=string)\n',
 '-rfiyYqne8QN': '<tf.RaggedTensor [[1, 3], [2], [4, 5, 8, 9]]>\n',
 '41WAZLXNnbwH': 'SparseTensor(indices=tf.Tensor(\n'
                 '[[0 0]\n'
                 ' [1 0]\n'
                 ' [1 1]\n'
                 ' [1 2]\n'
                 ' [1 3]\n'
                 ' [2 0]\n'
                 " [2 1]], shape=(7, 2), dtype=int64), values=tf.Tensor([b'Hi' b'Welcome' b'to' "
                 "b'the' b'fair' b'Have' b'fun'], shape=(7,), dtype=string), "
                 'dense_shape=tf.Tensor([3 4], shape=(2,), dtype=int64))\n',
 'S8MkYo2hfVhj': "<tf.RaggedTensor [[b'a'], [], [b'b', b'c']]>\n",
 'uMm1WMkc-PV_': 'Python list: [[1, 2], [3, 4, 5], [6], [], [7]]\n'
                 'NumPy array: [array([1, 2], dtype=int32) array([3, 4, 5], dtype=int32)\n'
                 ' array([6], dtype=int32) array([], dtype=int32) array([7], dtype=int32)]\n'
                 'Values: [1 2 3 4 5 6 7]\n'
                 'Splits: [0 2 5 6 6 7]\n'
                 'Indexed value: [3 4 5]\n',
 'btGDjT4uNgQy': 'TensorShape([3, 2])\n',
 '__OgvmrGPEjq': 'TensorShape([4, None])\n',
 'kWJ7Cn1EQTD_': '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([3, 2], dtype=int32)>\n',
 'nZc2wqgQQUFU': '<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>\n',
 'pclAODLXT6Gr': "tf.reshape(x, rt_shape) = <tf.RaggedTensor [[b'a'], [b'b', b'c', b'd'], [], "
                 "[b'e', b'f']]>\n"
                 'tf.zeros(rt_shape) = <tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>\n'
                 'tf.ones(rt_shape) = <tf.RaggedTensor [[1.0], [1.0, 1.0, 1.0], [], [1.0, 1.0]]>\n'
                 "tf.fill(rt_shape, 9) = <tf.RaggedTensor [[b'x'], [b'x', b'x', b'x'], [], [b'x', "
                 "b'x']]>\n",
 'MzQvPhsxS6HN': '<tf.Tensor: shape=(), dtype=int32, numpy=4>\n',
 'HgGMk0LeTGik': 'Got expected ValueError: Index 1 is not uniform\n',
 'APT72EaBU70t': '<DynamicRaggedShape lengths=[4] num_row_partitions=0>\n',
 'NSRgD667WwIZ': '<DynamicRaggedShape lengths=[3, (5, 3, 2), 8] num_row_partitions=1>\n',
 'gMxCzADUYIjY': '<DynamicRaggedShape lengths=[4, (2, 1, 0, 8), 12] num_row_partitions=1>\n',
 '0n095XdR-PWU': '<tf.RaggedTensor [[4, 5], [6]]>\n',
 '0SVYk5AP-PWW': '<tf.RaggedTensor [[1010, 1087, 1012], [2019, 2053], [3012, 3032]]>\n',
 'MsfBMD80s8Ux': '<tf.RaggedTensor [[[11, 12],\n  [13, 14],\n  [15, 16]], [[17, 18]]]>\n',
 'rEj5QVfnva0t': '<tf.RaggedTensor [[[[11, 21, 31],\n'
                 '   [12, 22, 32]], [], [[13, 23, 33]], [[14, 24, 34]]],\n'
                 ' [[[15, 25, 35],\n'
                 '   [16, 26, 36]], [[17, 27, 37]]]]>\n',
 'UpI0FlfL4Eim': 'Condition x == y did not hold.\n'
                 'Indices of first 3 different values:\n'
                 '[[1]\n'
                 ' [2]\n'
                 ' [3]]\n'
                 'Corresponding x values:\n'
                 '[ 4  8 12]\n'
                 'Corresponding y values:\n'
                 '[2 6 7]\n'
                 'First 3 elements of x:\n'
                 '[0 4 8]\n'
                 'First 3 elements of y:\n'
                 '[0 2 6]\n',
 'qGq1zOT4zMoc': 'Condition x == y did not hold.\n'
                 'Indices of first 2 different values:\n'
                 '[[1]\n'
                 ' [3]]\n'
                 'Corresponding x values:\n'
                 '[3 6]\n'
                 'Corresponding y values:\n'
                 '[2 5]\n'
                 'First 3 elements of x:\n'
                 '[0 3 4]\n'
                 'First 3 elements of y:\n'
                 '[0 2 4]\n',
 'CvLae5vMqeji': 'Condition x == y did not hold.\n'
                 'Indices of first 3 different values:\n'
                 '[[1]\n'
                 ' [2]\n'
                 ' [3]]\n'
                 'Corresponding x values:\n'
                 '[2 4 6]\n'
                 'Corresponding y values:\n'
                 '[3 6 9]\n'
                 'First 3 elements of x:\n'
                 '[0 2 4]\n'
                 'First 3 elements of y:\n'
                 '[0 3 6]\n',
 'MrLgMu0gPuo-': '<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9], [2]]>\n',
 'yy3IGT2a-PWb': '<tf.RaggedTensor [[[10, 11, 12]], [], [[], [13, 14], [15, 16, 17, 18], [19]]]>\n'
                 'Shape: (3, None, None)\n'
                 'Number of partitioned dimensions: 2\n',
 'AKYhtFcT-PWd': '<tf.RaggedTensor [[[10, 11, 12]], [], [[], [13, 14], [15, 16, 17, 18], [19]]]>\n',
 'BXp-Tt2bClem': 'TensorShape([2, None, None, None])\n',
 'DZUMrgxXFd5s': '3\n',
 'xXLSNpS0Fdvp': "array([b'I', b'like', b'ragged', b'tensors.', b'Oh', b'yeah?', b'What',\n"
                 "       b'can', b'you', b'use', b'them', b'for?', b'Processing',\n"
                 "       b'variable', b'length', b'data!', b'I', b'like', b'cheese.', b'Do',\n"
                 "       b'you?', b'Yes.', b'I', b'do.'], dtype=object)\n",
 'z2sHwHdy-PWg': '<tf.RaggedTensor [[[1, 3],\n'
                 '  [0, 0],\n'
                 '  [1, 3]], [[5, 3]], [[3, 3],\n'
                 '                      [1, 2]]]>\n'
                 'Shape: (3, None, 2)\n'
                 'Number of partitioned dimensions: 1\n'
                 'Flat values shape: (6, 2)\n'
                 'Flat values:\n'
                 '[[1 3]\n'
                 ' [0 0]\n'
                 ' [1 3]\n'
                 ' [5 3]\n'
                 ' [3 3]\n'
                 ' [1 2]]\n',
 '70q1aCKwySgS': '<tf.RaggedTensor [[[10, 11, 12], [13, 14]],\n'
                 ' [[15, 16, 17, 18], [19]]]>\n'
                 'Shape: (2, 2, None)\n'
                 'Number of partitioned dimensions: 2\n'}
