"""The code cells of TensorFlow's tensor slicing guide (`site/en/guide/tensor_slicing.ipynb` in
tensorflow/docs), written for `import tensorflow as tf`. `python -m tests.guides.record
tensor_slicing_guide` ran them with TensorFlow 2.21 from a scratch directory, and
`TENSORFLOW` is what each cell showed there. The license cell is left out.
"""

IMPORT = "import tensorflow as tf"

CELLS = [
    ('m6uvewqi0jso', '''\
import tensorflow as tf
import numpy as np'''),
    ('wZep0cjs0Oai', '''\
t1 = tf.constant([0, 1, 2, 3, 4, 5, 6, 7])

print(tf.slice(t1,
               begin=[1],
               size=[3]))'''),
    ('P1MtEyKuWuDD', 'print(t1[1:4])'),
    ('UunuLTIuwDA-', 'print(t1[-3:])'),
    ('kThZhmpAVAQw', '''\
t2 = tf.constant([[0, 1, 2, 3, 4],
                  [5, 6, 7, 8, 9],
                  [10, 11, 12, 13, 14],
                  [15, 16, 17, 18, 19]])

print(t2[:-1, 1:3])'''),
    ('Re5eX1OXnKOZ', '''\
t3 = tf.constant([[[1, 3, 5, 7],
                   [9, 11, 13, 15]],
                  [[17, 19, 21, 23],
                   [25, 27, 29, 31]]
                  ])

print(tf.slice(t3,
               begin=[1, 1, 0],
               size=[1, 1, 2]))'''),
    ('TwviZrrIj2h7', '''\
print(tf.gather(t1,
                indices=[0, 3, 6]))

# This is similar to doing

t1[::3]'''),
    ('LjJcwcZ0druw', '''\
alphabet = tf.constant(list('abcdefghijklmnopqrstuvwxyz'))

print(tf.gather(alphabet,
                indices=[2, 0, 19, 18]))'''),
    ('mT52NFWVdiTe', '''\
t4 = tf.constant([[0, 5],
                  [1, 6],
                  [2, 7],
                  [3, 8],
                  [4, 9]])

print(tf.gather_nd(t4,
                   indices=[[2], [3], [0]]))'''),
    ('_z6F2WcPJ9Rh', '''\
t5 = np.reshape(np.arange(18), [2, 3, 3])

print(tf.gather_nd(t5,
                   indices=[[0, 0, 0], [1, 2, 1]]))'''),
    ('gyIjhm7cV2N0', '''\
# Return a list of two matrices

print(tf.gather_nd(t5,
                   indices=[[[0, 0], [0, 2]], [[1, 0], [1, 2]]]))'''),
    ('368D4ciDWB3r', '''\
# Return one matrix

print(tf.gather_nd(t5,
                   indices=[[0, 0], [0, 2], [1, 0], [1, 2]]))'''),
    ('jlALYLWm1KhN', '''\
t6 = tf.constant([10])
indices = tf.constant([[1], [3], [5], [7], [9]])
data = tf.constant([2, 4, 6, 8, 10])

print(tf.scatter_nd(indices=indices,
                    updates=data,
                    shape=t6))'''),
    ('xyK69QgRmrlW', '''\
# Gather values from one tensor by specifying indices

new_indices = tf.constant([[0, 2], [2, 1], [3, 3]])
t7 = tf.gather_nd(t2, indices=new_indices)'''),
    ('QWT1E1Weqjx2', '''\
# Add these values into a new tensor

t8 = tf.scatter_nd(indices=new_indices, updates=t7, shape=tf.constant([4, 5]))

print(t8)'''),
    ('LeqFwUgroE4j', '''\
t9 = tf.SparseTensor(indices=[[0, 2], [2, 1], [3, 3]],
                     values=[2, 11, 18],
                     dense_shape=[4, 5])

print(t9)'''),
    ('5MaF6RlJot33', '''\
# Convert the sparse tensor into a dense tensor

t10 = tf.sparse.to_dense(t9)

print(t10)'''),
    ('mte2ifOb6sQO', '''\
t11 = tf.constant([[2, 7, 0],
                   [9, 0, 1],
                   [0, 3, 8]])

# Convert the tensor into a magic square by inserting numbers at appropriate indices

t12 = tf.tensor_scatter_nd_add(t11,
                               indices=[[0, 2], [1, 1], [2, 0]],
                               updates=[6, 5, 4])

print(t12)'''),
    ('ac6_i6uK1EI6', '''\
# Convert the tensor into an identity matrix

t13 = tf.tensor_scatter_nd_sub(t11,
                               indices=[[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 1], [2, 2]],
                               updates=[1, 7, 9, -1, 1, 3, 7])

print(t13)'''),
    ('T_4FrHrHlkHK', '''\
t14 = tf.constant([[-2, -7, 0],
                   [-9, 0, 1],
                   [0, -3, -8]])

t15 = tf.tensor_scatter_nd_min(t14,
                               indices=[[0, 2], [1, 1], [2, 0]],
                               updates=[-6, -5, -4])

print(t15)'''),
    ('izJu0nXi0GDq', '''\
t16 = tf.tensor_scatter_nd_max(t14,
                               indices=[[0, 2], [1, 1], [2, 0]],
                               updates=[6, 5, 4])

print(t16)'''),
]

TENSORFLOW = {'m6uvewqi0jso': '',
 'wZep0cjs0Oai': 'tf.Tensor([1 2 3], shape=(3,), dtype=int32)\n',
 'P1MtEyKuWuDD': 'tf.Tensor([1 2 3], shape=(3,), dtype=int32)\n',
 'UunuLTIuwDA-': 'tf.Tensor([5 6 7], shape=(3,), dtype=int32)\n',
 'kThZhmpAVAQw': 'tf.Tensor(\n[[ 1  2]\n [ 6  7]\n [11 12]], shape=(3, 2), dtype=int32)\n',
 'Re5eX1OXnKOZ': 'tf.Tensor([[[25 27]]], shape=(1, 1, 2), dtype=int32)\n',
 'TwviZrrIj2h7': 'tf.Tensor([0 3 6], shape=(3,), dtype=int32)\n'
                 '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([0, 3, 6], dtype=int32)>\n',
 'LjJcwcZ0druw': "tf.Tensor([b'c' b'a' b't' b's'], shape=(4,), dtype=string)\n",
 'mT52NFWVdiTe': 'tf.Tensor(\n[[2 7]\n [3 8]\n [0 5]], shape=(3, 2), dtype=int32)\n',
 '_z6F2WcPJ9Rh': 'tf.Tensor([ 0 16], shape=(2,), dtype=int64)\n',
 'gyIjhm7cV2N0': 'tf.Tensor(\n'
                 '[[[ 0  1  2]\n'
                 '  [ 6  7  8]]\n'
                 '\n'
                 ' [[ 9 10 11]\n'
                 '  [15 16 17]]], shape=(2, 2, 3), dtype=int64)\n',
 '368D4ciDWB3r': 'tf.Tensor(\n'
                 '[[ 0  1  2]\n'
                 ' [ 6  7  8]\n'
                 ' [ 9 10 11]\n'
                 ' [15 16 17]], shape=(4, 3), dtype=int64)\n',
 'jlALYLWm1KhN': 'tf.Tensor([ 0  2  0  4  0  6  0  8  0 10], shape=(10,), dtype=int32)\n',
 'xyK69QgRmrlW': '',
 'QWT1E1Weqjx2': 'tf.Tensor(\n'
                 '[[ 0  0  2  0  0]\n'
                 ' [ 0  0  0  0  0]\n'
                 ' [ 0 11  0  0  0]\n'
                 ' [ 0  0  0 18  0]], shape=(4, 5), dtype=int32)\n',
 'LeqFwUgroE4j': 'SparseTensor(indices=tf.Tensor(\n'
                 '[[0 2]\n'
                 ' [2 1]\n'
                 ' [3 3]], shape=(3, 2), dtype=int64), values=tf.Tensor([ 2 11 18], shape=(3,), '
                 'dtype=int32), dense_shape=tf.Tensor([4 5], shape=(2,), dtype=int64))\n',
 '5MaF6RlJot33': 'tf.Tensor(\n'
                 '[[ 0  0  2  0  0]\n'
                 ' [ 0  0  0  0  0]\n'
                 ' [ 0 11  0  0  0]\n'
                 ' [ 0  0  0 18  0]], shape=(4, 5), dtype=int32)\n',
 'mte2ifOb6sQO': 'tf.Tensor(\n[[2 7 6]\n [9 5 1]\n [4 3 8]], shape=(3, 3), dtype=int32)\n',
 'ac6_i6uK1EI6': 'tf.Tensor(\n[[1 0 0]\n [0 1 0]\n [0 0 1]], shape=(3, 3), dtype=int32)\n',
 'T_4FrHrHlkHK': 'tf.Tensor(\n[[-2 -7 -6]\n [-9 -5  1]\n [-4 -3 -8]], shape=(3, 3), dtype=int32)\n',
 'izJu0nXi0GDq': 'tf.Tensor(\n[[-2 -7  6]\n [-9  5  1]\n [ 4 -3 -8]], shape=(3, 3), dtype=int32)\n'}
