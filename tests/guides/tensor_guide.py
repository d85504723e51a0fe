"""The code cells of TensorFlow's tensor guide (`site/en/guide/tensor.ipynb` in
tensorflow/docs), written for `import tensorflow as tf`. `python -m tests.guides.record
tensor_guide` ran them with TensorFlow 2.21 from a scratch directory, and `TENSORFLOW` is what
each cell showed there. The license cell is left out.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ('AL2hzxorJiWy', '''\
import tensorflow as tf
import numpy as np'''),
    ('d5JcgLFR6gHv', '''\
# This will be an int32 tensor by default; see "dtypes" below.
rank_0_tensor = tf.constant(4)
print(rank_0_tensor)'''),
    ('oZos8o_R6oE7', '''\
# Let's make this a float tensor.
rank_1_tensor = tf.constant([2.0, 3.0, 4.0])
print(rank_1_tensor)'''),
    ('cnOIA_xb6u0M', '''\
# If you want to be specific, you can set the dtype (see below) at creation time
rank_2_tensor = tf.constant([[1, 2],
                             [3, 4],
                             [5, 6]], dtype=tf.float16)
print(rank_2_tensor)'''),
    ('sesW7gw6JkXy', '''\
# There can be an arbitrary number of
# axes (sometimes called "dimensions")
rank_3_tensor = tf.constant([
  [[0, 1, 2, 3, 4],
   [5, 6, 7, 8, 9]],
  [[10, 11, 12, 13, 14],
   [15, 16, 17, 18, 19]],
  [[20, 21, 22, 23, 24],
   [25, 26, 27, 28, 29]],])

print(rank_3_tensor)'''),
    ('J5u6_6ZYaS7B', 'np.array(rank_2_tensor)'),
    ('c6Taz2gIaZeo', 'rank_2_tensor.numpy()'),
    ('-DTkjwDOIIDa', '''\
a = tf.constant([[1, 2],
                 [3, 4]])
b = tf.constant([[1, 1],
                 [1, 1]]) # Could have also said `tf.ones([2,2], dtype=tf.int32)`

print(tf.add(a, b), "\\n")
print(tf.multiply(a, b), "\\n")
print(tf.matmul(a, b), "\\n")'''),
    ('2smoWeUz-N2q', '''\
print(a + b, "\\n") # element-wise addition
print(a * b, "\\n") # element-wise multiplication
print(a @ b, "\\n") # matrix multiplication'''),
    ('Gp4WUYzGIbnv', '''\
c = tf.constant([[4.0, 5.0], [10.0, 1.0]])

# Find the largest value
print(tf.reduce_max(c))
# Find the index of the largest value
print(tf.math.argmax(c))
# Compute the softmax
print(tf.nn.softmax(c))'''),
    ('_wch0N8xNEt-', 'tf.convert_to_tensor([1,2,3])'),
    ('ngqIeWYeNJVI', 'tf.reduce_max([1,2,3])'),
    ('ThVMxqbVNOq3', 'tf.reduce_max(np.array([1,2,3]))'),
    ('RyD3yewUKdnK', 'rank_4_tensor = tf.zeros([3, 2, 4, 5])'),
    ('MHm9vSqogsBk', '''\
print("Type of every element:", rank_4_tensor.dtype)
print("Number of axes:", rank_4_tensor.ndim)
print("Shape of tensor:", rank_4_tensor.shape)
print("Elements along axis 0 of tensor:", rank_4_tensor.shape[0])
print("Elements along the last axis of tensor:", rank_4_tensor.shape[-1])
print("Total number of elements (3*2*4*5): ", tf.size(rank_4_tensor).numpy())'''),
    ('Ptq0-y6APCpD', 'tf.rank(rank_4_tensor)'),
    ('HslrDOEBPICN', 'tf.shape(rank_4_tensor)'),
    ('SQ-CrJxLXTIM', '''\
rank_1_tensor = tf.constant([0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
print(rank_1_tensor.numpy())'''),
    ('n6tqHciOWMt5', '''\
print("First:", rank_1_tensor[0].numpy())
print("Second:", rank_1_tensor[1].numpy())
print("Last:", rank_1_tensor[-1].numpy())'''),
    ('giVPPcfQX-cu', '''\
print("Everything:", rank_1_tensor[:].numpy())
print("Before 4:", rank_1_tensor[:4].numpy())
print("From 4 to the end:", rank_1_tensor[4:].numpy())
print("From 2, before 7:", rank_1_tensor[2:7].numpy())
print("Every other item:", rank_1_tensor[::2].numpy())
print("Reversed:", rank_1_tensor[::-1].numpy())'''),
    ('Tc5X_WlsZXmd', 'print(rank_2_tensor.numpy())'),
    ('PvILXc1PjqTM', '''\
# Pull out a single value from a 2-rank tensor
print(rank_2_tensor[1, 1].numpy())'''),
    ('YTqNqsfJkJP_', '''\
# Get row and column tensors
print("Second row:", rank_2_tensor[1, :].numpy())
print("Second column:", rank_2_tensor[:, 1].numpy())
print("Last row:", rank_2_tensor[-1, :].numpy())
print("First item in last column:", rank_2_tensor[0, -1].numpy())
print("Skip the first row:")
print(rank_2_tensor[1:, :].numpy(), "\\n")'''),
    ('GuLoMoCVSLxK', 'print(rank_3_tensor[:, :, 4])'),
    ('EMeTtga5Wq8j', '''\
# Shape returns a `TensorShape` object that shows the size along each axis
x = tf.constant([[1], [2], [3]])
print(x.shape)'''),
    ('38jc2RXziT3W', '''\
# You can convert this object into a Python list, too
print(x.shape.as_list())'''),
    ('pa9JCgMLWy87', '''\
# You can reshape a tensor to a new shape.
# Note that you're passing in a list
reshaped = tf.reshape(x, [1, 3])'''),
    ('Mcq7iXOkW3LK', '''\
print(x.shape)
print(reshaped.shape)'''),
    ('7kMfM0RpUgI8', 'print(rank_3_tensor)'),
    ('COnHEPuaWDQp', '''\
# A `-1` passed in the `shape` argument says "Whatever fits".
print(tf.reshape(rank_3_tensor, [-1]))'''),
    ('zP2Iqc7zWu_J', '''\
print(tf.reshape(rank_3_tensor, [3*2, 5]), "\\n")
print(tf.reshape(rank_3_tensor, [3, -1]))'''),
    ('I9qDL_8u7cBH', '''\
# Bad examples: don't do this

# You can't reorder axes with reshape.
print(tf.reshape(rank_3_tensor, [2, 3, 5]), "\\n")

# This is a mess
print(tf.reshape(rank_3_tensor, [5, 6]), "\\n")

# This doesn't work at all
try:
  tf.reshape(rank_3_tensor, [7, -1])
except Exception as e:
  print(f"{type(e).__name__}: {e}")'''),
    ('5mSTDWbelUvu', '''\
the_f64_tensor = tf.constant([2.2, 3.3, 4.4], dtype=tf.float64)
the_f16_tensor = tf.cast(the_f64_tensor, dtype=tf.float16)
# Now, cast to an uint8 and lose the decimal precision
the_u8_tensor = tf.cast(the_f16_tensor, dtype=tf.uint8)
print(the_u8_tensor)'''),
    ('P8sypqmagHQN', '''\
x = tf.constant([1, 2, 3])

y = tf.constant(2)
z = tf.constant([2, 2, 2])
# All of these are the same computation
print(tf.multiply(x, 2))
print(x * y)
print(x * z)'''),
    ('6sGmkPg3XANr', '''\
# These are the same computations
x = tf.reshape(x,[3,1])
y = tf.range(1, 5)
print(x, "\\n")
print(y, "\\n")
print(tf.multiply(x, y))'''),
    ('elrF6v63igY8', '''\
x_stretch = tf.constant([[1, 1, 1, 1],
                         [2, 2, 2, 2],
                         [3, 3, 3, 3]])

y_stretch = tf.constant([[1, 2, 3, 4],
                         [1, 2, 3, 4],
                         [1, 2, 3, 4]])

print(x_stretch * y_stretch)  # Again, operator overloading'''),
    ('GW2Q59_r8hZ6', 'print(tf.broadcast_to(tf.constant([1, 2, 3]), [3, 3]))'),
    ('VsbTjoFfNVBF', '''\
ragged_list = [
    [0, 1, 2, 3],
    [4, 5],
    [6, 7, 8],
    [9]]'''),
    ('p4xKTo57tutG', '''\
try:
  tensor = tf.constant(ragged_list)
except Exception as e:
  print(f"{type(e).__name__}: {e}")'''),
    ('XhF3QV3jiqTj', '''\
ragged_tensor = tf.ragged.constant(ragged_list)
print(ragged_tensor)'''),
    ('Eo_3wJUWNgqB', 'print(ragged_tensor.shape)'),
    ('sBosmM8MkIh4', '''\
# Tensors can be strings, too here is a scalar string.
scalar_string_tensor = tf.constant("Gray wolf")
print(scalar_string_tensor)'''),
    ('41Dv2kL9QrtO', '''\
# If you have three string tensors of different lengths, this is OK.
tensor_of_strings = tf.constant(["Gray wolf",
                                 "Quick brown fox",
                                 "Lazy dog"])
# Note that the shape is (3,). The string length is not included.
print(tensor_of_strings)'''),
    ('GTgL53jxSMd9', 'tf.constant("🥳👍")'),
    ('8k2K0VTFyj8e', '''\
# You can use split to split a string into a set of tensors
print(tf.strings.split(scalar_string_tensor, sep=" "))'''),
    ('zgGAn1dfR-04', '''\
# ...but it turns into a `RaggedTensor` if you split up a tensor of strings,
# as each string might be split into a different number of parts.
print(tf.strings.split(tensor_of_strings))'''),
    ('3nRtx3X9WRfN', '''\
text = tf.constant("1 10 100")
print(tf.strings.to_number(tf.strings.split(text, " ")))'''),
    ('fo8BjmH7gyTj', '''\
byte_strings = tf.strings.bytes_split(tf.constant("Duck"))
byte_ints = tf.io.decode_raw(tf.constant("Duck"), tf.uint8)
print("Byte strings:", byte_strings)
print("Bytes:", byte_ints)'''),
    ('uSQnZ7d1jCSQ', '''\
# Or split it up as unicode and then decode it
unicode_bytes = tf.constant("アヒル 🦆")
unicode_char_bytes = tf.strings.unicode_split(unicode_bytes, "UTF-8")
unicode_values = tf.strings.unicode_decode(unicode_bytes, "UTF-8")

print("\\nUnicode bytes:", unicode_bytes)
print("\\nUnicode chars:", unicode_char_bytes)
print("\\nUnicode values:", unicode_values)'''),
    ('B9nbO1E2kSUN', '''\
# Sparse tensors store values by index in a memory-efficient manner
sparse_tensor = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]],
                                       values=[1, 2],
                                       dense_shape=[3, 4])
print(sparse_tensor, "\\n")

# You can convert sparse tensors to dense
print(tf.sparse.to_dense(sparse_tensor))'''),
]

TENSORFLOW = {'AL2hzxorJiWy': '',
 'd5JcgLFR6gHv': 'tf.Tensor(4, shape=(), dtype=int32)\n',
 'oZos8o_R6oE7': 'tf.Tensor([2. 3. 4.], shape=(3,), dtype=float32)\n',
 'cnOIA_xb6u0M': 'tf.Tensor(\n[[1. 2.]\n [3. 4.]\n [5. 6.]], shape=(3, 2), dtype=float16)\n',
 'sesW7gw6JkXy': 'tf.Tensor(\n'
                 '[[[ 0  1  2  3  4]\n'
                 '  [ 5  6  7  8  9]]\n'
                 '\n'
                 ' [[10 11 12 13 14]\n'
                 '  [15 16 17 18 19]]\n'
                 '\n'
                 ' [[20 21 22 23 24]\n'
                 '  [25 26 27 28 29]]], shape=(3, 2, 5), dtype=int32)\n',
 'J5u6_6ZYaS7B': 'array([[1., 2.],\n       [3., 4.],\n       [5., 6.]], dtype=float16)\n',
 'c6Taz2gIaZeo': 'array([[1., 2.],\n       [3., 4.],\n       [5., 6.]], dtype=float16)\n',
 '-DTkjwDOIIDa': 'tf.Tensor(\n'
                 '[[2 3]\n'
                 ' [4 5]], shape=(2, 2), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[1 2]\n'
                 ' [3 4]], shape=(2, 2), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[3 3]\n'
                 ' [7 7]], shape=(2, 2), dtype=int32) \n'
                 '\n',
 '2smoWeUz-N2q': 'tf.Tensor(\n'
                 '[[2 3]\n'
                 ' [4 5]], shape=(2, 2), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[1 2]\n'
                 ' [3 4]], shape=(2, 2), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[3 3]\n'
                 ' [7 7]], shape=(2, 2), dtype=int32) \n'
                 '\n',
 'Gp4WUYzGIbnv': 'tf.Tensor(10.0, shape=(), dtype=float32)\n'
                 'tf.Tensor([1 0], shape=(2,), dtype=int64)\n'
                 'tf.Tensor(\n'
                 '[[2.6894143e-01 7.3105854e-01]\n'
                 ' [9.9987662e-01 1.2339458e-04]], shape=(2, 2), dtype=float32)\n',
 '_wch0N8xNEt-': '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>\n',
 'ngqIeWYeNJVI': '<tf.Tensor: shape=(), dtype=int32, numpy=3>\n',
 'ThVMxqbVNOq3': '<tf.Tensor: shape=(), dtype=int64, numpy=3>\n',
 'RyD3yewUKdnK': '',
 'MHm9vSqogsBk': "Type of every element: <dtype: 'float32'>\n"
                 'Number of axes: 4\n'
                 'Shape of tensor: (3, 2, 4, 5)\n'
                 'Elements along axis 0 of tensor: 3\n'
                 'Elements along the last axis of tensor: 5\n'
                 'Total number of elements (3*2*4*5):  120\n',
 'Ptq0-y6APCpD': '<tf.Tensor: shape=(), dtype=int32, numpy=4>\n',
 'HslrDOEBPICN': '<tf.Tensor: shape=(4,), dtype=int32, numpy=array([3, 2, 4, 5], dtype=int32)>\n',
 'SQ-CrJxLXTIM': '[ 0  1  1  2  3  5  8 13 21 34]\n',
 'n6tqHciOWMt5': 'First: 0\nSecond: 1\nLast: 34\n',
 'giVPPcfQX-cu': 'Everything: [ 0  1  1  2  3  5  8 13 21 34]\n'
                 'Before 4: [0 1 1 2]\n'
                 'From 4 to the end: [ 3  5  8 13 21 34]\n'
                 'From 2, before 7: [1 2 3 5 8]\n'
                 'Every other item: [ 0  1  3  8 21]\n'
                 'Reversed: [34 21 13  8  5  3  2  1  1  0]\n',
 'Tc5X_WlsZXmd': '[[1. 2.]\n [3. 4.]\n [5. 6.]]\n',
 'PvILXc1PjqTM': '4.0\n',
 'YTqNqsfJkJP_': 'Second row: [3. 4.]\n'
                 'Second column: [2. 4. 6.]\n'
                 'Last row: [5. 6.]\n'
                 'First item in last column: 2.0\n'
                 'Skip the first row:\n'
                 '[[3. 4.]\n'
                 ' [5. 6.]] \n'
                 '\n',
 'GuLoMoCVSLxK': 'tf.Tensor(\n[[ 4  9]\n [14 19]\n [24 29]], shape=(3, 2), dtype=int32)\n',
 'EMeTtga5Wq8j': '(3, 1)\n',
 '38jc2RXziT3W': '[3, 1]\n',
 'pa9JCgMLWy87': '',
 'Mcq7iXOkW3LK': '(3, 1)\n(1, 3)\n',
 '7kMfM0RpUgI8': 'tf.Tensor(\n'
                 '[[[ 0  1  2  3  4]\n'
                 '  [ 5  6  7  8  9]]\n'
                 '\n'
                 ' [[10 11 12 13 14]\n'
                 '  [15 16 17 18 19]]\n'
                 '\n'
                 ' [[20 21 22 23 24]\n'
                 '  [25 26 27 28 29]]], shape=(3, 2, 5), dtype=int32)\n',
 'COnHEPuaWDQp': 'tf.Tensor(\n'
                 '[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n'
                 ' 24 25 26 27 28 29], shape=(30,), dtype=int32)\n',
 'zP2Iqc7zWu_J': 'tf.Tensor(\n'
                 '[[ 0  1  2  3  4]\n'
                 ' [ 5  6  7  8  9]\n'
                 ' [10 11 12 13 14]\n'
                 ' [15 16 17 18 19]\n'
                 ' [20 21 22 23 24]\n'
                 ' [25 26 27 28 29]], shape=(6, 5), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[ 0  1  2  3  4  5  6  7  8  9]\n'
                 ' [10 11 12 13 14 15 16 17 18 19]\n'
                 ' [20 21 22 23 24 25 26 27 28 29]], shape=(3, 10), dtype=int32)\n',
 'I9qDL_8u7cBH': 'tf.Tensor(\n'
                 '[[[ 0  1  2  3  4]\n'
                 '  [ 5  6  7  8  9]\n'
                 '  [10 11 12 13 14]]\n'
                 '\n'
                 ' [[15 16 17 18 19]\n'
                 '  [20 21 22 23 24]\n'
                 '  [25 26 27 28 29]]], shape=(2, 3, 5), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[ 0  1  2  3  4  5]\n'
                 ' [ 6  7  8  9 10 11]\n'
                 ' [12 13 14 15 16 17]\n'
                 ' [18 19 20 21 22 23]\n'
                 ' [24 25 26 27 28 29]], shape=(5, 6), dtype=int32) \n'
                 '\n'
                 'InvalidArgumentError: {{function_node '
                 '__wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
                 'to reshape is a tensor with 30 values, but the requested shape requires a '
                 'multiple of 7 [Op:Reshape]\n',
 '5mSTDWbelUvu': 'tf.Tensor([2 3 4], shape=(3,), dtype=uint8)\n',
 'P8sypqmagHQN': 'tf.Tensor([2 4 6], shape=(3,), dtype=int32)\n'
                 'tf.Tensor([2 4 6], shape=(3,), dtype=int32)\n'
                 'tf.Tensor([2 4 6], shape=(3,), dtype=int32)\n',
 '6sGmkPg3XANr': 'tf.Tensor(\n'
                 '[[1]\n'
                 ' [2]\n'
                 ' [3]], shape=(3, 1), dtype=int32) \n'
                 '\n'
                 'tf.Tensor([1 2 3 4], shape=(4,), dtype=int32) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[ 1  2  3  4]\n'
                 ' [ 2  4  6  8]\n'
                 ' [ 3  6  9 12]], shape=(3, 4), dtype=int32)\n',
 'elrF6v63igY8': 'tf.Tensor(\n'
                 '[[ 1  2  3  4]\n'
                 ' [ 2  4  6  8]\n'
                 ' [ 3  6  9 12]], shape=(3, 4), dtype=int32)\n',
 'GW2Q59_r8hZ6': 'tf.Tensor(\n[[1 2 3]\n [1 2 3]\n [1 2 3]], shape=(3, 3), dtype=int32)\n',
 'VsbTjoFfNVBF': '',
 'p4xKTo57tutG': "ValueError: Can't convert non-rectangular Python sequence to Tensor.\n",
 'XhF3QV3jiqTj': '<tf.RaggedTensor [[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]]>\n',
 'Eo_3wJUWNgqB': '(4, None)\n',
 'sBosmM8MkIh4': "tf.Tensor(b'Gray wolf', shape=(), dtype=string)\n",
 '41Dv2kL9QrtO': "tf.Tensor([b'Gray wolf' b'Quick brown fox' b'Lazy dog'], shape=(3,), "
                 'dtype=string)\n',
 'GTgL53jxSMd9': '<tf.Tensor: shape=(), dtype=string, '
                 "numpy=b'\\xf0\\x9f\\xa5\\xb3\\xf0\\x9f\\x91\\x8d'>\n",
 '8k2K0VTFyj8e': "tf.Tensor([b'Gray' b'wolf'], shape=(2,), dtype=string)\n",
 'zgGAn1dfR-04': "<tf.RaggedTensor [[b'Gray', b'wolf'], [b'Quick', b'brown', b'fox'], [b'Lazy', "
                 "b'dog']]>\n",
 '3nRtx3X9WRfN': 'tf.Tensor([  1.  10. 100.], shape=(3,), dtype=float32)\n',
 'fo8BjmH7gyTj': "Byte strings: tf.Tensor([b'D' b'u' b'c' b'k'], shape=(4,), dtype=string)\n"
                 'Bytes: tf.Tensor([ 68 117  99 107], shape=(4,), dtype=uint8)\n',
 'uSQnZ7d1jCSQ': '\n'
                 "Unicode bytes: tf.Tensor(b'\\xe3\\x82\\xa2\\xe3\\x83\\x92\\xe3\\x83\\xab "
                 "\\xf0\\x9f\\xa6\\x86', shape=(), dtype=string)\n"
                 '\n'
                 "Unicode chars: tf.Tensor([b'\\xe3\\x82\\xa2' b'\\xe3\\x83\\x92' "
                 "b'\\xe3\\x83\\xab' b' ' b'\\xf0\\x9f\\xa6\\x86'], shape=(5,), dtype=string)\n"
                 '\n'
                 'Unicode values: tf.Tensor([ 12450  12498  12523     32 129414], shape=(5,), '
                 'dtype=int32)\n',
 'B9nbO1E2kSUN': 'SparseTensor(indices=tf.Tensor(\n'
                 '[[0 0]\n'
                 ' [1 2]], shape=(2, 2), dtype=int64), values=tf.Tensor([1 2], shape=(2,), '
                 'dtype=int32), dense_shape=tf.Tensor([3 4], shape=(2,), dtype=int64)) \n'
                 '\n'
                 'tf.Tensor(\n'
                 '[[1 0 0 0]\n'
                 ' [0 0 2 0]\n'
                 ' [0 0 0 0]], shape=(3, 4), dtype=int32)\n'}
