# ruff: noqa: E501  (TENSORFLOW is recorded output, printed by pprint)
"""Shapes of ragged tensors (`DynamicRaggedShape`, `RowPartition`, uniform row lengths), each
run with `import tensorflow as tf` and with `import autograph as tf`: `TENSORFLOW` is what
TensorFlow 2.21 showed for each (the repr of its value, or `ErrorType: first line of the
message`), recorded by

    cd "$(mktemp -d)" && PYTHONPATH=/path/to/repo /path/to/tensorflow/python \\
        -m tests.ragged.shape_cases > recorded.txt

`test_ragged_shape_cases.py` runs them here and compares.
"""

SETUP = """\
D = tf.experimental.DynamicRaggedShape
R = tf.experimental.RowPartition
rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
s = tf.shape(rt)
deep = D.from_lengths([2, (1, 2), 3, 4])
mixed = D.from_lengths([2, 3, (1, 2, 0, 1, 2, 0), 5])
inner = tf.shape(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1))
grouped = tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1], [2, 3], [], [4]]), 2)
"""

CASES = [
    # tf.shape of a ragged tensor
    "s",
    "s.rank, s.num_row_partitions, s.dtype",
    "s.inner_shape",
    "s.static_lengths()",
    "tf.shape(rt, out_type=tf.int64)",
    "tf.shape(rt, out_type=tf.int64).dtype",
    "tf.shape(tf.ragged.constant([[1]], row_splits_dtype=tf.int32)).dtype",
    "tf.shape(grouped)",
    "inner",
    "inner.inner_shape",
    # indexing
    "s[0]",
    "s[1]",
    "s[-1]",
    "s[:1]",
    "s[0:2]",
    "s[1:]",
    "inner[2]",
    "inner[-1]",
    "inner[3]",
    "inner[::2]",
    "inner['a']",
    "deep[0:3]",
    "deep[0:2]",
    "deep[0:-1]",
    "deep[-2:]",
    "deep[3:1]",
    "deep[0:10]",
    "deep[-9]",
    "mixed[1]",
    "mixed[-1]",
    "mixed[2]",
    "mixed[0:2]",
    "mixed[1:2]",
    "mixed.is_uniform(1), mixed.is_uniform(2), mixed.is_uniform(3)",
    # factories
    "D.from_lengths([4, (2, 1, 0, 8), 12])",
    "D.from_lengths([2, 3])",
    "D.from_lengths([])",
    "D.from_lengths([2, (1, 2), (3, 0, 1)])",
    "D.from_lengths([2, 3, (1, 2, 0, 1, 2, 0)]).row_partitions[0]",
    "D.from_lengths([4, (1, 2)])",
    "D.from_lengths([(1, 2)])",
    "D.from_lengths([2, 3]).inner_shape",
    "D.from_lengths([2, 3])[1]",
    "D.from_tensor(tf.zeros([2, 3]))",
    "D.from_tensor(rt)",
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[10, 8])",
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[10, 8]).inner_shape",
    "D(row_partitions=[], inner_shape=[3])",
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[9, 8])",
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[])",
    "s.row_partitions[0]",
    # row partitions
    "R.from_row_lengths([5, 3, 2])",
    "R.from_row_lengths([5, 3, 2]).nrows(), R.from_row_lengths([5, 3, 2]).nvals()",
    "R.from_row_lengths([5, 3, 2]).is_uniform(), R.from_row_lengths([5, 3, 2]).uniform_row_length()",
    "R.from_uniform_row_length(2, nvals=6)",
    "R.from_uniform_row_length(2, nvals=6).uniform_row_length()",
    "R.from_row_splits([0, 2, 5]).row_lengths()",
    "R.from_value_rowids([0, 0, 2], nrows=4)",
    "R.from_value_rowids([0, 0, 2])",
    "R.from_value_rowids([])",
    "R.from_row_splits([0, 2, 5])",
    "R.from_row_splits([0, 2, 5]).dtype",
    "D.from_row_partitions([R.from_row_lengths([2, 1])])",
    "s.with_dtype(tf.int64).dtype",
    "s.with_dtype(tf.int64).row_partitions[0].row_splits()",
    "inner.inner_rank, s.inner_rank",
    # ops given a ragged shape
    "tf.reshape(tf.constant(['a', 'b', 'c', 'd', 'e', 'f']), s)",
    "tf.reshape(tf.constant([[1, 2, 3], [4, 5, 6]]), s)",
    "tf.reshape(tf.ragged.constant([[1, 2], [3]]), tf.shape(tf.ragged.constant([[1], [2, 3]])))",
    "tf.reshape(tf.range(8), D.from_lengths([2, (1, 3), 2]))",
    "tf.reshape(tf.range(7), tf.shape(tf.ragged.constant([[1], [2, 3]])))",
    "tf.reshape(tf.constant(['a', 'b', 'c', 'd', 'e', 'f']), s).row_splits.dtype",
    "tf.zeros(s)",
    "tf.zeros(s, dtype=tf.int32)",
    "tf.ones(s)",
    "tf.ones(D.from_lengths([2, 3]))",
    "tf.ones(D.from_lengths([2, 3, (1, 2, 0, 1, 2, 0)]))",
    "tf.zeros(D.from_lengths([2, 2, (1, 0, 0, 2)]), tf.int32)",
    "tf.fill(s, 'x')",
    "tf.fill(s, 9)",
    "tf.fill(D.from_lengths([2, (1, 0), 2]), 1.5)",
    "tf.fill(D.from_lengths([2, 3]), 1)",
    # uniform row lengths
    "grouped",
    "grouped.shape",
    "grouped.uniform_row_length",
    "grouped.row_splits",
    "grouped + 1",
    "(grouped + 1).shape",
    "grouped.with_values(grouped.values * 2).shape",
    "grouped[0]",
    "grouped.to_tensor().shape",
    "tf.ragged.constant([[1], [2, 3]]).uniform_row_length",
    "tf.RaggedTensor.from_uniform_row_length([1, 2, 3], 2)",
    "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2)",
    "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2).shape",
    "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 0)",
    "tf.RaggedTensor.from_uniform_row_length([], 0, nrows=3)",
    "tf.RaggedTensor.from_uniform_row_length([], 0, nrows=3).shape",
    "tf.RaggedTensor.from_uniform_row_length([[1, 2], [3, 4]], 1).shape",
    "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], tf.constant(2, tf.int32)).row_splits.dtype",
    "tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1], [2, 3], [], [4]]), 2, nrows=2).shape",
]

TENSORFLOW = {'s': '<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>',
 's.rank, s.num_row_partitions, s.dtype': '(2, 1, tf.int32)',
 's.inner_shape': '<tf.Tensor: shape=(1,), dtype=int32, numpy=array([6], dtype=int32)>',
 's.static_lengths()': '[4, (1, 3, 0, 2)]',
 'tf.shape(rt, out_type=tf.int64)': '<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] '
                                    'num_row_partitions=1>',
 'tf.shape(rt, out_type=tf.int64).dtype': 'tf.int64',
 'tf.shape(tf.ragged.constant([[1]], row_splits_dtype=tf.int32)).dtype': 'tf.int32',
 'tf.shape(grouped)': '<DynamicRaggedShape lengths=[2, 2, (1, 2, 0, 1)] num_row_partitions=2>',
 'inner': '<DynamicRaggedShape lengths=[2, (1, 2), 2] num_row_partitions=1>',
 'inner.inner_shape': '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([3, 2], dtype=int32)>',
 's[0]': '<tf.Tensor: shape=(), dtype=int32, numpy=4>',
 's[1]': 'ValueError: Index 1 is not uniform',
 's[-1]': 'ValueError: Index 1 is not uniform',
 's[:1]': '<DynamicRaggedShape lengths=[4] num_row_partitions=0>',
 's[0:2]': '<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>',
 's[1:]': 'ValueError: All relevant dimensions must be uniform',
 'inner[2]': '<tf.Tensor: shape=(), dtype=int32, numpy=2>',
 'inner[-1]': '<tf.Tensor: shape=(), dtype=int32, numpy=2>',
 'inner[3]': 'IndexError: Index is too big: 3>=3',
 'inner[::2]': 'IndexError: Cannot stride through a shape',
 "inner['a']": 'TypeError: Argument is not an int or a slice',
 'deep[0:3]': '<DynamicRaggedShape lengths=[2, (1, 2), 3] num_row_partitions=1>',
 'deep[0:2]': '<DynamicRaggedShape lengths=[2, (1, 2)] num_row_partitions=1>',
 'deep[0:-1]': '<DynamicRaggedShape lengths=[2, (1, 2), 3] num_row_partitions=1>',
 'deep[-2:]': 'ValueError: All relevant dimensions must be uniform',
 'deep[3:1]': '<DynamicRaggedShape lengths=[] num_row_partitions=0>',
 'deep[0:10]': '<DynamicRaggedShape lengths=[2, (1, 2), 3, 4] num_row_partitions=1>',
 'deep[-9]': 'IndexError: Index must be non-negative: -5',
 'mixed[1]': '<tf.Tensor: shape=(), dtype=int64, numpy=3>',
 'mixed[-1]': '<tf.Tensor: shape=(), dtype=int64, numpy=5>',
 'mixed[2]': 'ValueError: Index 2 is not uniform',
 'mixed[0:2]': '<DynamicRaggedShape lengths=[2, 3] num_row_partitions=1>',
 'mixed[1:2]': '<DynamicRaggedShape lengths=[3] num_row_partitions=0>',
 'mixed.is_uniform(1), mixed.is_uniform(2), mixed.is_uniform(3)': '(True, False, True)',
 'D.from_lengths([4, (2, 1, 0, 8), 12])': '<DynamicRaggedShape lengths=[4, (2, 1, 0, 8), 12] '
                                          'num_row_partitions=1>',
 'D.from_lengths([2, 3])': '<DynamicRaggedShape lengths=[2, 3] num_row_partitions=0>',
 'D.from_lengths([])': '<DynamicRaggedShape lengths=[] num_row_partitions=0>',
 'D.from_lengths([2, (1, 2), (3, 0, 1)])': '<DynamicRaggedShape lengths=[2, (1, 2), (3, 0, 1)] '
                                           'num_row_partitions=2>',
 'D.from_lengths([2, 3, (1, 2, 0, 1, 2, 0)]).row_partitions[0]': 'tf.RowPartition(nrows=2, '
                                                                 'uniform_row_length=3)',
 'D.from_lengths([4, (1, 2)])': 'ValueError: Shape not consistent.',
 'D.from_lengths([(1, 2)])': 'ValueError: Shape (1, 2) must have rank 1',
 'D.from_lengths([2, 3]).inner_shape': '<tf.Tensor: shape=(2,), dtype=int64, numpy=array([2, 3])>',
 'D.from_lengths([2, 3])[1]': '<tf.Tensor: shape=(), dtype=int64, numpy=3>',
 'D.from_tensor(tf.zeros([2, 3]))': '<DynamicRaggedShape lengths=[2, 3] num_row_partitions=0>',
 'D.from_tensor(rt)': '<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>',
 'D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[10, 8])': '<DynamicRaggedShape '
                                                                           'lengths=[3, (5, 3, 2), '
                                                                           '8] '
                                                                           'num_row_partitions=1>',
 'D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[10, 8]).inner_shape': '<tf.Tensor: '
                                                                                       'shape=(2,), '
                                                                                       'dtype=int64, '
                                                                                       'numpy=array([10,  '
                                                                                       '8])>',
 'D(row_partitions=[], inner_shape=[3])': '<DynamicRaggedShape lengths=[3] num_row_partitions=0>',
 'D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[9, 8])': '<DynamicRaggedShape '
                                                                          'lengths=[3, (5, 3, 2), '
                                                                          '8] '
                                                                          'num_row_partitions=1>',
 'D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[])': 'IndexError: tuple index out '
                                                                      'of range',
 's.row_partitions[0]': 'tf.RowPartition(row_splits=[0 1 4 4 6])',
 'R.from_row_lengths([5, 3, 2])': 'tf.RowPartition(row_splits=[ 0  5  8 10])',
 'R.from_row_lengths([5, 3, 2]).nrows(), R.from_row_lengths([5, 3, 2]).nvals()': '(<tf.Tensor: '
                                                                                 'shape=(), '
                                                                                 'dtype=int64, '
                                                                                 'numpy=3>, '
                                                                                 '<tf.Tensor: '
                                                                                 'shape=(), '
                                                                                 'dtype=int64, '
                                                                                 'numpy=10>)',
 'R.from_row_lengths([5, 3, 2]).is_uniform(), R.from_row_lengths([5, 3, 2]).uniform_row_length()': '(False, '
                                                                                                   'None)',
 'R.from_uniform_row_length(2, nvals=6)': 'tf.RowPartition(nrows=3, uniform_row_length=2)',
 'R.from_uniform_row_length(2, nvals=6).uniform_row_length()': '<tf.Tensor: shape=(), dtype=int64, '
                                                               'numpy=2>',
 'R.from_row_splits([0, 2, 5]).row_lengths()': '<tf.Tensor: shape=(2,), dtype=int64, '
                                               'numpy=array([2, 3])>',
 'R.from_value_rowids([0, 0, 2], nrows=4)': 'tf.RowPartition(row_splits=[0 2 2 3 3])',
 'R.from_value_rowids([0, 0, 2])': 'tf.RowPartition(row_splits=[0 2 2 3])',
 'R.from_value_rowids([])': 'tf.RowPartition(row_splits=[0])',
 'R.from_row_splits([0, 2, 5])': 'tf.RowPartition(row_splits=[0 2 5])',
 'R.from_row_splits([0, 2, 5]).dtype': 'tf.int64',
 'D.from_row_partitions([R.from_row_lengths([2, 1])])': '<DynamicRaggedShape lengths=[2, (2, 1)] '
                                                        'num_row_partitions=1>',
 's.with_dtype(tf.int64).dtype': 'tf.int64',
 's.with_dtype(tf.int64).row_partitions[0].row_splits()': '<tf.Tensor: shape=(5,), dtype=int64, '
                                                          'numpy=array([0, 1, 4, 4, 6])>',
 'inner.inner_rank, s.inner_rank': '(2, 1)',
 "tf.reshape(tf.constant(['a', 'b', 'c', 'd', 'e', 'f']), s)": "<tf.RaggedTensor [[b'a'], [b'b', "
                                                               "b'c', b'd'], [], [b'e', b'f']]>",
 'tf.reshape(tf.constant([[1, 2, 3], [4, 5, 6]]), s)': '<tf.RaggedTensor [[1], [2, 3, 4], [], [5, '
                                                       '6]]>',
 'tf.reshape(tf.ragged.constant([[1, 2], [3]]), tf.shape(tf.ragged.constant([[1], [2, 3]])))': '<tf.RaggedTensor '
                                                                                               '[[1], '
                                                                                               '[2, '
                                                                                               '3]]>',
 'tf.reshape(tf.range(8), D.from_lengths([2, (1, 3), 2]))': '<tf.RaggedTensor [[[0, 1]], [[2, 3],\n'
                                                            '            [4, 5],\n'
                                                            '            [6, 7]]]>',
 'tf.reshape(tf.range(7), tf.shape(tf.ragged.constant([[1], [2, 3]])))': 'InvalidArgumentError: '
                                                                         '{{function_node '
                                                                         '__wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                                                         'Input to reshape is a '
                                                                         'tensor with 7 values, '
                                                                         'but the requested shape '
                                                                         'has 3 [Op:Reshape] '
                                                                         'name: ',
 "tf.reshape(tf.constant(['a', 'b', 'c', 'd', 'e', 'f']), s).row_splits.dtype": 'tf.int32',
 'tf.zeros(s)': '<tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>',
 'tf.zeros(s, dtype=tf.int32)': '<tf.RaggedTensor [[0], [0, 0, 0], [], [0, 0]]>',
 'tf.ones(s)': '<tf.RaggedTensor [[1.0], [1.0, 1.0, 1.0], [], [1.0, 1.0]]>',
 'tf.ones(D.from_lengths([2, 3]))': '<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\n'
                                    'array([[1., 1., 1.],\n'
                                    '       [1., 1., 1.]], dtype=float32)>',
 'tf.ones(D.from_lengths([2, 3, (1, 2, 0, 1, 2, 0)]))': '<tf.RaggedTensor [[[1.0], [1.0, 1.0], '
                                                        '[]],\n'
                                                        ' [[1.0], [1.0, 1.0], []]]>',
 'tf.zeros(D.from_lengths([2, 2, (1, 0, 0, 2)]), tf.int32)': '<tf.RaggedTensor [[[0], []],\n'
                                                             ' [[], [0, 0]]]>',
 "tf.fill(s, 'x')": "<tf.RaggedTensor [[b'x'], [b'x', b'x', b'x'], [], [b'x', b'x']]>",
 'tf.fill(s, 9)': '<tf.RaggedTensor [[9], [9, 9, 9], [], [9, 9]]>',
 'tf.fill(D.from_lengths([2, (1, 0), 2]), 1.5)': '<tf.RaggedTensor [[[1.5, 1.5]], []]>',
 'tf.fill(D.from_lengths([2, 3]), 1)': '<tf.Tensor: shape=(2, 3), dtype=int32, numpy=\n'
                                       'array([[1, 1, 1],\n'
                                       '       [1, 1, 1]], dtype=int32)>',
 'grouped': '<tf.RaggedTensor [[[1], [2, 3]],\n [[], [4]]]>',
 'grouped.shape': 'TensorShape([2, 2, None])',
 'grouped.uniform_row_length': '<tf.Tensor: shape=(), dtype=int64, numpy=2>',
 'grouped.row_splits': '<tf.Tensor: shape=(3,), dtype=int64, numpy=array([0, 2, 4])>',
 'grouped + 1': '<tf.RaggedTensor [[[2], [3, 4]],\n [[], [5]]]>',
 '(grouped + 1).shape': 'TensorShape([2, 2, None])',
 'grouped.with_values(grouped.values * 2).shape': 'TensorShape([2, 2, None])',
 'grouped[0]': '<tf.RaggedTensor [[1], [2, 3]]>',
 'grouped.to_tensor().shape': 'TensorShape([2, 2, 2])',
 'tf.ragged.constant([[1], [2, 3]]).uniform_row_length': 'None',
 'tf.RaggedTensor.from_uniform_row_length([1, 2, 3], 2)': 'ValueError: uniform_row_length=2 times '
                                                          'nrows=1 must equal nvals=3',
 'tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2)': '<tf.RaggedTensor [[1, 2],\n [3, 4]]>',
 'tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2).shape': 'TensorShape([2, 2])',
 'tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 0)': 'ValueError: uniform_row_length=0 '
                                                             'times nrows=0 must equal nvals=4',
 'tf.RaggedTensor.from_uniform_row_length([], 0, nrows=3)': '<tf.RaggedTensor [[], [], []]>',
 'tf.RaggedTensor.from_uniform_row_length([], 0, nrows=3).shape': 'TensorShape([3, 0])',
 'tf.RaggedTensor.from_uniform_row_length([[1, 2], [3, 4]], 1).shape': 'TensorShape([2, 1, 2])',
 'tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], tf.constant(2, tf.int32)).row_splits.dtype': 'tf.int32',
 'tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1], [2, 3], [], [4]]), 2, nrows=2).shape': 'TensorShape([2, '
                                                                                                          '2, '
                                                                                                          'None])'}

if __name__ == "__main__":
    from tests.ragged.showing import record

    record(SETUP, CASES)
