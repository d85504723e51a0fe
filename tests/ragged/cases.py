# ruff: noqa: E501  (TENSORFLOW is recorded output, printed by pprint)
"""Ragged tensor expressions, each run with `import tensorflow as tf` and with
`import autograph as tf`: `TENSORFLOW` is what TensorFlow 2.21 showed for each (the repr of
its value, or `ErrorType: first line of the message`), recorded by

    cd "$(mktemp -d)" && PYTHONPATH=/path/to/repo /path/to/tensorflow/python \\
        -m tests.ragged.cases > recorded.txt

`test_ragged_cases.py` runs them here and compares.
"""

SETUP = """\
rt = tf.ragged.constant([[1., 2.], [], [3., 4., 5.]])
it = tf.ragged.constant([[1, 2], [3]])
rows = tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]])
nested = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
uniform = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
deep = tf.ragged.constant([[[[1, 2], [3]], [[7]]], [], [[[4, 5, 6]], [[8, 9], [], [10]]]])
"""

CASES = [
    # constructing
    "tf.ragged.constant([[1, 2], [3]])",
    "tf.ragged.constant([[1, 2], [3, 4]])",
    "tf.ragged.constant([[1.5], [2.25, 3.0]])",
    "tf.ragged.constant([[]])",
    "tf.ragged.constant([])",
    "tf.ragged.constant([[[1, 2], [3]], [[4]]])",
    "tf.ragged.constant([['a', 'b'], []])",
    "tf.ragged.constant([[True], [False, True]])",
    "tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1)",
    "tf.ragged.constant([[[1], [2, 3]], [[3]]], ragged_rank=1)",
    "tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], inner_shape=(2,))",
    "tf.ragged.constant(5)",
    "tf.ragged.constant([[1, 2], [3.5]])",
    "tf.ragged.constant([[], [[]]])",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=2)",
    "tf.ragged.constant([[1], [[2]]])",
    "tf.ragged.constant([[1, 2], [3]], dtype=tf.float64)",
    "tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits",
    "tf.RaggedTensor.from_row_splits([1, 2, 3, 4, 5], [0, 2, 2, 5])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 2, 3])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [[0, 3]])",
    "tf.RaggedTensor.from_row_lengths([1, 2, 3], [1, 0, 2])",
    "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4)",
    "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2])",
    "tf.RaggedTensor.from_row_starts([1, 2, 3], [0, 1])",
    "tf.RaggedTensor.from_row_limits([1, 2, 3], [1, 3])",
    "tf.RaggedTensor.from_nested_row_splits([1, 2, 3, 4], [[0, 2, 3], [0, 1, 3, 4]])",
    "tf.RaggedTensor.from_nested_row_lengths([1, 2, 3, 4], [[2, 1], [1, 2, 1]])",
    "tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0)",
    "tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], lengths=[1, 3])",
    "tf.RaggedTensor.from_tensor([[1, 2, 3], [4, 5, 6]])",
    "tf.RaggedTensor.from_tensor([[[1, 2], [0, 0]], [[3, 4], [5, 6]]], padding=[0, 0])",
    "tf.RaggedTensor.from_tensor(tf.zeros([2, 3, 2], tf.int32), ragged_rank=2)",
    "tf.RaggedTensor.from_tensor([[1, 2], [3, 4]], lengths=[1, 2], padding=0)",
    "tf.RaggedTensor([1], [0, 1])",
    "tf.ragged.range([3, 5, 2])",
    "tf.ragged.range([0, 5, 8], [3, 3, 12])",
    "tf.ragged.range(0, [3, 3, 12], 2)",
    "tf.ragged.range([0., 1.], 3., 0.5)",
    "tf.ragged.range(3)",
    "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2], num_segments=4)",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2])",
    # accessors
    "rt.shape", "rt.dtype", "rt.ragged_rank", "rt._type_spec", "nested._type_spec",
    "uniform.shape", "uniform._type_spec", "rt.values", "rt.row_splits", "rt.flat_values",
    "rt.row_lengths()", "rt.value_rowids()", "rt.nrows()", "rt.bounding_shape()",
    "rows.row_starts()", "rows.row_limits()", "rows.nested_row_lengths()",
    "nested.row_lengths(axis=2)", "rows.bounding_shape(axis=1)", "nested.nested_row_splits",
    "nested.flat_values", "nested.bounding_shape()",
    "rt.to_list()", "nested.to_list()", "rt.numpy()", "it.numpy()", "uniform.numpy()",
    "tf.ragged.constant([[1, 2], [3, 4]]).numpy()",
    "rt.to_tensor()", "nested.to_tensor(default_value=-1)", "rows.to_tensor(shape=[2, 5])",
    "rows.to_tensor(default_value=7, shape=[None, 2])", "uniform.to_tensor()",
    "rows.with_values(rows.values * 10)",
    "rows.with_flat_values(tf.cast(rows.flat_values, tf.float32))",
    "nested.merge_dims(0, 1)", "nested.merge_dims(1, 2)", "nested.merge_dims(0, -1)",
    "tf.RaggedTensorSpec([None, None], tf.float32)",
    "tf.RaggedTensorSpec([2, None, None], tf.float32, ragged_rank=1)",
    "tf.RaggedTensorSpec([2, None, 3])", "tf.RaggedTensorSpec([2, None], ragged_rank=2)",
    "tf.type_spec_from_value(tf.ragged.constant([[1]]))",
    # elementwise
    "rt + 1", "1 + rt", "rt * 2", "rt - rt", "rt / 2", "it // 2", "it % 2", "-rt", "rt ** 2",
    "rt > 2", "rt == 2", "it == it", "rt != 2", "tf.add(rt, 1.)", "tf.math.abs(-rt)",
    "tf.math.sqrt(rt)", "tf.cast(it, tf.float32)", "tf.math.maximum(rt, 2.)",
    "tf.math.square(it)", "tf.where(rt > 2., rt, 0.)", "tf.logical_not(it > 1)",
    "rt + tf.ragged.constant([[1.], [], [1., 1., 1.]])", "it + tf.constant([[10], [20]])",
    "it + tf.constant([10, 20])", "tf.zeros_like(it)", "tf.ones_like(rt)",
    "uniform * tf.constant([1, 10])", "tf.strings.length(tf.ragged.constant([['ab'], []]))",
    "tf.ragged.map_flat_values(tf.math.square, rows)",
    "tf.ragged.map_flat_values(tf.add, rows, 1)",
    "tf.ragged.map_flat_values(lambda x, y: x * y, rows, rows)",
    # reductions
    "tf.math.reduce_sum(rt)", "tf.reduce_sum(rt, axis=0)", "tf.reduce_sum(rt, axis=1)",
    "tf.reduce_mean(rt, axis=1)", "tf.reduce_max(rt, axis=1)", "tf.reduce_min(rt, axis=1)",
    "tf.reduce_prod(rt, axis=1)", "tf.reduce_mean(rt, axis=0)", "tf.reduce_max(rt, axis=0)",
    "tf.reduce_sum(it, axis=1)", "tf.reduce_mean(it, axis=1)", "tf.reduce_any(it > 1, axis=1)",
    "tf.reduce_all(it > 1, axis=1)", "tf.reduce_sum(rt, axis=-1)",
    "tf.reduce_sum(rt, axis=[0, 1])", "tf.reduce_sum(rt, axis=1, keepdims=True)",
    "tf.reduce_sum(nested, axis=2)", "tf.reduce_sum(uniform, axis=2)",
    "tf.reduce_sum(uniform, axis=1)",
    # combining
    "tf.concat([it, it], axis=0)", "tf.concat([it, it], axis=1)", "tf.stack([it, it], axis=0)",
    "tf.stack([it, it], axis=1)", "tf.concat([it, tf.constant([[7, 8]])], axis=0)",
    "tf.concat([it, tf.ragged.constant([[1]])], axis=1)", "tf.ragged.stack([rows, rows])",
    "tf.ragged.stack([rows[:2], rows], axis=0)",
    "tf.ragged.boolean_mask(rows, rows > 2)",
    "tf.ragged.boolean_mask(rows, [True, False, True, False])",
    # indexing
    "rows[0]", "rows[1]", "rows[-1]", "rows[1:3]", "rows[::2]", "rows[-2:]", "rows[:, :2]",
    "rows[:, 1:]", "rows[:, -1:]", "rows[1:, :1]", "rows[:, 0]", "rows[0, 1]", "rows[2, -1]",
    "rows[4]", "rows[tf.constant(2)]", "rows[...]", "nested[0]", "nested[0, 1]",
    "nested[:, :1]", "nested[1:]", "uniform[0]", "uniform[:, :, 0]", "list(it)",
    # strings
    "tf.strings.split(['a b', 'c', ''])", "tf.strings.split(['a,b,,c', 'd'], sep=',')",
    "tf.strings.split([['a b'], ['c']])", "tf.strings.split(tf.constant(['a b c', 'd e']), maxsplit=1)",
    "tf.strings.split('a b')", "tf.strings.bytes_split(['ab', 'c'])",
    "tf.strings.unicode_split(['hé', '🦆'], 'UTF-8')", "tf.strings.unicode_decode(['hé', '🦆'], 'UTF-8')",
    "tf.strings.unicode_decode('hé', 'UTF-8')", "tf.strings.unicode_decode([['a'], ['bc']], 'UTF-8')",
    "tf.strings.unicode_decode(['a\\xff'], 'UTF-8')",
    "tf.strings.unicode_decode([b'a\\xff'], 'UTF-8', errors='strict')",
    "tf.strings.unicode_decode([b'a\\xff'], 'UTF-8', errors='ignore')",
    "tf.strings.ngrams(['a', 'b', 'c'], 2)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2)",
    "tf.strings.ngrams(tf.strings.split(['a b c', 'd e']), 2, separator='-')",
    "tf.strings.length(tf.strings.split(['a bc', 'd']))",
    "tf.strings.split(tf.strings.split(['a,b c', 'd']), sep=',')",
    # reductions of the outer axes of two ragged dimensions
    "tf.reduce_sum(nested, axis=1)", "tf.reduce_sum(nested, axis=0)",
    "tf.reduce_mean(tf.ragged.constant([[[1., 2.], [3.]], [[4.], [5., 6., 7.]]]), axis=1)",
    "tf.reduce_max(tf.ragged.constant([[[1., 2.], [3.]], [[4.], [5., 6., 7.]]]), axis=0)",
    "tf.reduce_sum(nested, axis=1, keepdims=True)", "tf.reduce_sum(nested, axis=0, keepdims=True)",
    "tf.reduce_sum(tf.ragged.constant([[[[1]]]]), axis=1)",
    "tf.tile(nested, [2, 2, 1])", "tf.tile(deep, [1, 2, 1, 2])", "tf.tile(uniform, [1, 2, 2])",
    "tf.reduce_sum(deep, axis=0)", "tf.reduce_mean(deep, axis=1)", "tf.reduce_max(deep, axis=2)",
    "tf.reduce_sum(deep, axis=0, keepdims=True)", "tf.reduce_min(deep, axis=1, keepdims=True)",
    "tf.reduce_sum(deep, axis=[0, 1])", "tf.reduce_any(deep > 4, axis=0)",
    "tf.math.reduce_variance(rt)", "tf.math.reduce_variance(rt, axis=0)",
    "tf.math.reduce_variance(rt, axis=1)", "tf.math.reduce_std(nested, axis=1)",
    "tf.math.reduce_std(rt, axis=1, keepdims=True)", "tf.math.reduce_variance(it, axis=1)",
    "tf.math.reduce_variance(tf.ragged.constant([[1j]]), axis=1)",
    # sparse
    "it.to_sparse()", "nested.to_sparse()", "uniform.to_sparse()",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [4, 5]))",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))",
    "tf.ragged.stack_dynamic_partitions(['a', 'b', 'c', 'd', 'e'], [3, 0, 2, 2, 3], 5)",
    "tf.ragged.stack_dynamic_partitions([1., 2., 3.], [1, 1, 0], 2)",
    "tf.ragged.stack_dynamic_partitions(it.with_values(it.values), [1, 0], 2)",
    "tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1], [2, 3], [4]]), [1, 0, 1], 2)",
    "tf.ragged.stack_dynamic_partitions([1, 2], [0, 5], 2)",
    # tiling and reversing
    "tf.tile(rows, [1, 2])",
    "tf.tile(rows, [2, 1])",
    "tf.tile(rows, [2, 3])",
    "tf.tile(uniform, [1, 1, 2])",
    "tf.reverse(rows, [1])",
    "tf.reverse(rows, [0])",
    "tf.reverse(rows, [0, 1])",
    "tf.reverse(uniform, [-1])",
    "tf.tile(nested, [1, 1, 2])",
    # dense operands of the ragged tensor's rank
    "tf.ragged.constant([[1, 2], [3, 4]]) + tf.constant([[10, 20], [30, 40]])",
    "tf.ragged.constant([[1, 2], [3, 4, 5]]) + tf.constant([[10, 20], [30, 40]])",
    "rows * tf.constant([[2], [3], [4], [5]])",
    "tf.ragged.constant([['one', 'two'], [3, 4]])",
]

TENSORFLOW = {'tf.ragged.constant([[1, 2], [3]])': '<tf.RaggedTensor [[1, 2], [3]]>',
 'tf.ragged.constant([[1, 2], [3, 4]])': '<tf.RaggedTensor [[1, 2],\n [3, 4]]>',
 'tf.ragged.constant([[1.5], [2.25, 3.0]])': '<tf.RaggedTensor [[1.5], [2.25, 3.0]]>',
 'tf.ragged.constant([[]])': '<tf.RaggedTensor [[]]>',
 'tf.ragged.constant([])': '<tf.Tensor: shape=(0,), dtype=float32, numpy=array([], dtype=float32)>',
 'tf.ragged.constant([[[1, 2], [3]], [[4]]])': '<tf.RaggedTensor [[[1, 2], [3]], [[4]]]>',
 "tf.ragged.constant([['a', 'b'], []])": "<tf.RaggedTensor [[b'a', b'b'], []]>",
 'tf.ragged.constant([[True], [False, True]])': '<tf.RaggedTensor [[True], [False, True]]>',
 'tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1)': '<tf.RaggedTensor [[[1],\n'
                                                           '  [2]], [[3]]]>',
 'tf.ragged.constant([[[1], [2, 3]], [[3]]], ragged_rank=1)': 'ValueError: inner values have '
                                                              'inconsistent shape',
 'tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], inner_shape=(2,))': '<tf.RaggedTensor [[[1, '
                                                                       '2]], [[3, 4],\n'
                                                                       '            [5, 6]]]>',
 'tf.ragged.constant(5)': '<tf.Tensor: shape=(), dtype=int32, numpy=5>',
 'tf.ragged.constant([[1, 2], [3.5]])': '<tf.RaggedTensor [[1.0, 2.0], [3.5]]>',
 'tf.ragged.constant([[], [[]]])': '<tf.RaggedTensor [[], [[]]]>',
 'tf.ragged.constant([[1, 2], [3]], ragged_rank=2)': 'ValueError: pylist has scalar values depth '
                                                     '2, but ragged_rank=2 requires scalar value '
                                                     'depth greater than 2',
 'tf.ragged.constant([[1], [[2]]])': 'ValueError: all scalar values must have the same nesting '
                                     'depth',
 'tf.ragged.constant([[1, 2], [3]], dtype=tf.float64)': '<tf.RaggedTensor [[1.0, 2.0], [3.0]]>',
 'tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits': '<tf.Tensor: '
                                                                            'shape=(3,), '
                                                                            'dtype=int32, '
                                                                            'numpy=array([0, 2, '
                                                                            '3], dtype=int32)>',
 'tf.RaggedTensor.from_row_splits([1, 2, 3, 4, 5], [0, 2, 2, 5])': '<tf.RaggedTensor [[1, 2], [], '
                                                                   '[3, 4, 5]]>',
 'tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1])': 'InvalidArgumentError: Arguments to '
                                                          'from_row_splits do not form a valid '
                                                          'RaggedTensor:monotonic.  ',
 'tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 2, 3])': 'InvalidArgumentError: Arguments to '
                                                          'from_row_splits do not form a valid '
                                                          'RaggedTensor:zero',
 'tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2])': 'InvalidArgumentError: Arguments to '
                                                       '_from_row_partition do not form a valid '
                                                       'RaggedTensor',
 'tf.RaggedTensor.from_row_splits([1, 2, 3], [[0, 3]])': 'ValueError: Shape (1, 2) must have rank '
                                                         '1',
 'tf.RaggedTensor.from_row_lengths([1, 2, 3], [1, 0, 2])': '<tf.RaggedTensor [[1], [], [2, 3]]>',
 'tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4)': '<tf.RaggedTensor [[1, 2], '
                                                                     '[], [3], []]>',
 'tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2])': '<tf.RaggedTensor [[1, 2], [], [3]]>',
 'tf.RaggedTensor.from_row_starts([1, 2, 3], [0, 1])': '<tf.RaggedTensor [[1], [2, 3]]>',
 'tf.RaggedTensor.from_row_limits([1, 2, 3], [1, 3])': '<tf.RaggedTensor [[1], [2, 3]]>',
 'tf.RaggedTensor.from_nested_row_splits([1, 2, 3, 4], [[0, 2, 3], [0, 1, 3, 4]])': '<tf.RaggedTensor '
                                                                                    '[[[1], [2, '
                                                                                    '3]], [[4]]]>',
 'tf.RaggedTensor.from_nested_row_lengths([1, 2, 3, 4], [[2, 1], [1, 2, 1]])': '<tf.RaggedTensor '
                                                                               '[[[1], [2, 3]], '
                                                                               '[[4]]]>',
 'tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0)': '<tf.RaggedTensor [[1], [2, '
                                                                   '3]]>',
 'tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], lengths=[1, 3])': '<tf.RaggedTensor [[1], '
                                                                        '[2, 3, 0]]>',
 'tf.RaggedTensor.from_tensor([[1, 2, 3], [4, 5, 6]])': '<tf.RaggedTensor [[1, 2, 3],\n'
                                                        ' [4, 5, 6]]>',
 'tf.RaggedTensor.from_tensor([[[1, 2], [0, 0]], [[3, 4], [5, 6]]], padding=[0, 0])': '<tf.RaggedTensor '
                                                                                      '[[[1, 2]], '
                                                                                      '[[3, 4],\n'
                                                                                      '            '
                                                                                      '[5, 6]]]>',
 'tf.RaggedTensor.from_tensor(tf.zeros([2, 3, 2], tf.int32), ragged_rank=2)': '<tf.RaggedTensor '
                                                                              '[[[0, 0],\n'
                                                                              '  [0, 0],\n'
                                                                              '  [0, 0]],\n'
                                                                              '\n'
                                                                              ' [[0, 0],\n'
                                                                              '  [0, 0],\n'
                                                                              '  [0, 0]]]>',
 'tf.RaggedTensor.from_tensor([[1, 2], [3, 4]], lengths=[1, 2], padding=0)': 'ValueError: Specify '
                                                                             'argument `lengths` '
                                                                             'or `padding`, but '
                                                                             'not both.',
 'tf.RaggedTensor([1], [0, 1])': 'ValueError: RaggedTensor constructor is private; please use one '
                                 'of the factory methods instead (e.g., '
                                 'RaggedTensor.from_row_lengths())',
 'tf.ragged.range([3, 5, 2])': '<tf.RaggedTensor [[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]>',
 'tf.ragged.range([0, 5, 8], [3, 3, 12])': '<tf.RaggedTensor [[0, 1, 2], [], [8, 9, 10, 11]]>',
 'tf.ragged.range(0, [3, 3, 12], 2)': '<tf.RaggedTensor [[0, 2], [0, 2], [0, 2, 4, 6, 8, 10]]>',
 'tf.ragged.range([0., 1.], 3., 0.5)': '<tf.RaggedTensor [[0.0, 0.5, 1.0, 1.5, 2.0, 2.5], [1.0, '
                                       '1.5, 2.0, 2.5]]>',
 'tf.ragged.range(3)': '<tf.RaggedTensor [[0, 1, 2]]>',
 'tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])': '<tf.Tensor: shape=(5,), dtype=int64, '
                                                      'numpy=array([0, 0, 2, 2, 2])>',
 'tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2], num_segments=4)': '<tf.Tensor: shape=(5,), '
                                                                         'dtype=int64, '
                                                                         'numpy=array([0, 2, 2, 5, '
                                                                         '5])>',
 'tf.ragged.segment_ids_to_row_splits([0, 0, 2])': '<tf.Tensor: shape=(4,), dtype=int64, '
                                                   'numpy=array([0, 2, 2, 3])>',
 'rt.shape': 'TensorShape([3, None])',
 'rt.dtype': 'tf.float32',
 'rt.ragged_rank': '1',
 'rt._type_spec': 'RaggedTensorSpec(TensorShape([3, None]), tf.float32, 1, tf.int64)',
 'nested._type_spec': 'RaggedTensorSpec(TensorShape([3, None, None]), tf.int32, 2, tf.int64)',
 'uniform.shape': 'TensorShape([2, None, 2])',
 'uniform._type_spec': 'RaggedTensorSpec(TensorShape([2, None, 2]), tf.int32, 1, tf.int64)',
 'rt.values': '<tf.Tensor: shape=(5,), dtype=float32, numpy=array([1., 2., 3., 4., 5.], '
              'dtype=float32)>',
 'rt.row_splits': '<tf.Tensor: shape=(4,), dtype=int64, numpy=array([0, 2, 2, 5])>',
 'rt.flat_values': '<tf.Tensor: shape=(5,), dtype=float32, numpy=array([1., 2., 3., 4., 5.], '
                   'dtype=float32)>',
 'rt.row_lengths()': '<tf.Tensor: shape=(3,), dtype=int64, numpy=array([2, 0, 3])>',
 'rt.value_rowids()': '<tf.Tensor: shape=(5,), dtype=int64, numpy=array([0, 0, 2, 2, 2])>',
 'rt.nrows()': '<tf.Tensor: shape=(), dtype=int64, numpy=3>',
 'rt.bounding_shape()': '<tf.Tensor: shape=(2,), dtype=int64, numpy=array([3, 3])>',
 'rows.row_starts()': '<tf.Tensor: shape=(4,), dtype=int64, numpy=array([0, 3, 3, 5])>',
 'rows.row_limits()': '<tf.Tensor: shape=(4,), dtype=int64, numpy=array([3, 3, 5, 6])>',
 'rows.nested_row_lengths()': '(<tf.Tensor: shape=(4,), dtype=int64, numpy=array([3, 0, 2, 1])>,)',
 'nested.row_lengths(axis=2)': '<tf.RaggedTensor [[2, 1], [1], []]>',
 'rows.bounding_shape(axis=1)': '<tf.Tensor: shape=(), dtype=int64, numpy=3>',
 'nested.nested_row_splits': '(<tf.Tensor: shape=(4,), dtype=int64, numpy=array([0, 2, 3, 3])>, '
                             '<tf.Tensor: shape=(4,), dtype=int64, numpy=array([0, 2, 3, 4])>)',
 'nested.flat_values': '<tf.Tensor: shape=(4,), dtype=int32, numpy=array([1, 2, 3, 4], '
                       'dtype=int32)>',
 'nested.bounding_shape()': '<tf.Tensor: shape=(3,), dtype=int64, numpy=array([3, 2, 2])>',
 'rt.to_list()': '[[1.0, 2.0], [], [3.0, 4.0, 5.0]]',
 'nested.to_list()': '[[[1, 2], [3]], [[4]], []]',
 'rt.numpy()': 'array([array([1., 2.], dtype=float32), array([], dtype=float32),\n'
               '       array([3., 4., 5.], dtype=float32)], dtype=object)',
 'it.numpy()': 'array([array([1, 2], dtype=int32), array([3], dtype=int32)], dtype=object)',
 'uniform.numpy()': 'array([array([[1, 2],\n'
                    '              [3, 4]], dtype=int32), array([[5, 6]], dtype=int32)],\n'
                    '      dtype=object)',
 'tf.ragged.constant([[1, 2], [3, 4]]).numpy()': 'array([[1, 2],\n       [3, 4]], dtype=int32)',
 'rt.to_tensor()': '<tf.Tensor: shape=(3, 3), dtype=float32, numpy=\n'
                   'array([[1., 2., 0.],\n'
                   '       [0., 0., 0.],\n'
                   '       [3., 4., 5.]], dtype=float32)>',
 'nested.to_tensor(default_value=-1)': '<tf.Tensor: shape=(3, 2, 2), dtype=int32, numpy=\n'
                                       'array([[[ 1,  2],\n'
                                       '        [ 3, -1]],\n'
                                       '\n'
                                       '       [[ 4, -1],\n'
                                       '        [-1, -1]],\n'
                                       '\n'
                                       '       [[-1, -1],\n'
                                       '        [-1, -1]]], dtype=int32)>',
 'rows.to_tensor(shape=[2, 5])': '<tf.Tensor: shape=(2, 5), dtype=int32, numpy=\n'
                                 'array([[1, 2, 3, 0, 0],\n'
                                 '       [0, 0, 0, 0, 0]], dtype=int32)>',
 'rows.to_tensor(default_value=7, shape=[None, 2])': '<tf.Tensor: shape=(4, 2), dtype=int32, '
                                                     'numpy=\n'
                                                     'array([[1, 2],\n'
                                                     '       [7, 7],\n'
                                                     '       [4, 5],\n'
                                                     '       [6, 7]], dtype=int32)>',
 'uniform.to_tensor()': '<tf.Tensor: shape=(2, 2, 2), dtype=int32, numpy=\n'
                        'array([[[1, 2],\n'
                        '        [3, 4]],\n'
                        '\n'
                        '       [[5, 6],\n'
                        '        [0, 0]]], dtype=int32)>',
 'rows.with_values(rows.values * 10)': '<tf.RaggedTensor [[10, 20, 30], [], [40, 50], [60]]>',
 'rows.with_flat_values(tf.cast(rows.flat_values, tf.float32))': '<tf.RaggedTensor [[1.0, 2.0, '
                                                                 '3.0], [], [4.0, 5.0], [6.0]]>',
 'nested.merge_dims(0, 1)': '<tf.RaggedTensor [[1, 2], [3], [4]]>',
 'nested.merge_dims(1, 2)': '<tf.RaggedTensor [[1, 2, 3], [4], []]>',
 'nested.merge_dims(0, -1)': '<tf.Tensor: shape=(4,), dtype=int32, numpy=array([1, 2, 3, 4], '
                             'dtype=int32)>',
 'tf.RaggedTensorSpec([None, None], tf.float32)': 'RaggedTensorSpec(TensorShape([None, None]), '
                                                  'tf.float32, 1, tf.int64)',
 'tf.RaggedTensorSpec([2, None, None], tf.float32, ragged_rank=1)': 'RaggedTensorSpec(TensorShape([2, '
                                                                    'None, None]), tf.float32, 1, '
                                                                    'tf.int64)',
 'tf.RaggedTensorSpec([2, None, 3])': 'RaggedTensorSpec(TensorShape([2, None, 3]), tf.float32, 2, '
                                      'tf.int64)',
 'tf.RaggedTensorSpec([2, None], ragged_rank=2)': 'ValueError: Argument `ragged_rank` (2) must be '
                                                  'less than rank (2).',
 'tf.type_spec_from_value(tf.ragged.constant([[1]]))': 'RaggedTensorSpec(TensorShape([1, None]), '
                                                       'tf.int32, 1, tf.int64)',
 'rt + 1': '<tf.RaggedTensor [[2.0, 3.0], [], [4.0, 5.0, 6.0]]>',
 '1 + rt': '<tf.RaggedTensor [[2.0, 3.0], [], [4.0, 5.0, 6.0]]>',
 'rt * 2': '<tf.RaggedTensor [[2.0, 4.0], [], [6.0, 8.0, 10.0]]>',
 'rt - rt': '<tf.RaggedTensor [[0.0, 0.0], [], [0.0, 0.0, 0.0]]>',
 'rt / 2': '<tf.RaggedTensor [[0.5, 1.0], [], [1.5, 2.0, 2.5]]>',
 'it // 2': '<tf.RaggedTensor [[0, 1], [1]]>',
 'it % 2': '<tf.RaggedTensor [[1, 0], [1]]>',
 '-rt': '<tf.RaggedTensor [[-1.0, -2.0], [], [-3.0, -4.0, -5.0]]>',
 'rt ** 2': '<tf.RaggedTensor [[1.0, 4.0], [], [9.0, 16.0, 25.0]]>',
 'rt > 2': '<tf.RaggedTensor [[False, False], [], [True, True, True]]>',
 'rt == 2': '<tf.RaggedTensor [[False, True], [], [False, False, False]]>',
 'it == it': '<tf.RaggedTensor [[True, True], [True]]>',
 'rt != 2': '<tf.RaggedTensor [[True, False], [], [True, True, True]]>',
 'tf.add(rt, 1.)': '<tf.RaggedTensor [[2.0, 3.0], [], [4.0, 5.0, 6.0]]>',
 'tf.math.abs(-rt)': '<tf.RaggedTensor [[1.0, 2.0], [], [3.0, 4.0, 5.0]]>',
 'tf.math.sqrt(rt)': '<tf.RaggedTensor [[1.0, 1.4142135], [], [1.7320508, 2.0, 2.236068]]>',
 'tf.cast(it, tf.float32)': '<tf.RaggedTensor [[1.0, 2.0], [3.0]]>',
 'tf.math.maximum(rt, 2.)': '<tf.RaggedTensor [[2.0, 2.0], [], [3.0, 4.0, 5.0]]>',
 'tf.math.square(it)': '<tf.RaggedTensor [[1, 4], [9]]>',
 'tf.where(rt > 2., rt, 0.)': '<tf.RaggedTensor [[0.0, 0.0], [], [3.0, 4.0, 5.0]]>',
 'tf.logical_not(it > 1)': '<tf.RaggedTensor [[True, False], [False]]>',
 'rt + tf.ragged.constant([[1.], [], [1., 1., 1.]])': 'InvalidArgumentError: Condition x == y did '
                                                      'not hold.',
 'it + tf.constant([[10], [20]])': '<tf.RaggedTensor [[11, 12], [23]]>',
 'it + tf.constant([10, 20])': 'InvalidArgumentError: Condition x == y did not hold.',
 'tf.zeros_like(it)': '<tf.RaggedTensor [[0, 0], [0]]>',
 'tf.ones_like(rt)': '<tf.RaggedTensor [[1.0, 1.0], [], [1.0, 1.0, 1.0]]>',
 'uniform * tf.constant([1, 10])': '<tf.RaggedTensor [[[1, 20],\n  [3, 40]], [[5, 60]]]>',
 "tf.strings.length(tf.ragged.constant([['ab'], []]))": '<tf.RaggedTensor [[2], []]>',
 'tf.ragged.map_flat_values(tf.math.square, rows)': '<tf.RaggedTensor [[1, 4, 9], [], [16, 25], '
                                                    '[36]]>',
 'tf.ragged.map_flat_values(tf.add, rows, 1)': '<tf.RaggedTensor [[2, 3, 4], [], [5, 6], [7]]>',
 'tf.ragged.map_flat_values(lambda x, y: x * y, rows, rows)': '<tf.RaggedTensor [[1, 4, 9], [], '
                                                              '[16, 25], [36]]>',
 'tf.math.reduce_sum(rt)': '<tf.Tensor: shape=(), dtype=float32, numpy=15.0>',
 'tf.reduce_sum(rt, axis=0)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([4., 6., 5.], '
                              'dtype=float32)>',
 'tf.reduce_sum(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 3.,  0., 12.], '
                              'dtype=float32)>',
 'tf.reduce_mean(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1.5, nan, 4. '
                               '], dtype=float32)>',
 'tf.reduce_max(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 2.0000000e+00, '
                              '-3.4028235e+38,  5.0000000e+00], dtype=float32)>',
 'tf.reduce_min(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1.0000000e+00, '
                              '3.4028235e+38, 3.0000000e+00], dtype=float32)>',
 'tf.reduce_prod(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 2.,  1., '
                               '60.], dtype=float32)>',
 'tf.reduce_mean(rt, axis=0)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 3., 5.], '
                               'dtype=float32)>',
 'tf.reduce_max(rt, axis=0)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([3., 4., 5.], '
                              'dtype=float32)>',
 'tf.reduce_sum(it, axis=1)': '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([3, 3], '
                              'dtype=int32)>',
 'tf.reduce_mean(it, axis=1)': '<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1.5, 3. ])>',
 'tf.reduce_any(it > 1, axis=1)': '<tf.Tensor: shape=(2,), dtype=bool, numpy=array([ True,  '
                                  'True])>',
 'tf.reduce_all(it > 1, axis=1)': '<tf.Tensor: shape=(2,), dtype=bool, numpy=array([False,  '
                                  'True])>',
 'tf.reduce_sum(rt, axis=-1)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 3.,  0., '
                               '12.], dtype=float32)>',
 'tf.reduce_sum(rt, axis=[0, 1])': '<tf.Tensor: shape=(), dtype=float32, numpy=15.0>',
 'tf.reduce_sum(rt, axis=1, keepdims=True)': '<tf.Tensor: shape=(3, 1), dtype=float32, numpy=\n'
                                             'array([[ 3.],\n'
                                             '       [ 0.],\n'
                                             '       [12.]], dtype=float32)>',
 'tf.reduce_sum(nested, axis=2)': '<tf.RaggedTensor [[3, 3], [4], []]>',
 'tf.reduce_sum(uniform, axis=2)': '<tf.RaggedTensor [[3, 7], [11]]>',
 'tf.reduce_sum(uniform, axis=1)': '<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\n'
                                   'array([[4, 6],\n'
                                   '       [5, 6]], dtype=int32)>',
 'tf.concat([it, it], axis=0)': '<tf.RaggedTensor [[1, 2], [3], [1, 2], [3]]>',
 'tf.concat([it, it], axis=1)': '<tf.RaggedTensor [[1, 2, 1, 2], [3, 3]]>',
 'tf.stack([it, it], axis=0)': '<tf.RaggedTensor [[[1, 2], [3]],\n [[1, 2], [3]]]>',
 'tf.stack([it, it], axis=1)': '<tf.RaggedTensor [[[1, 2], [1, 2]],\n [[3], [3]]]>',
 'tf.concat([it, tf.constant([[7, 8]])], axis=0)': '<tf.RaggedTensor [[1, 2], [3], [7, 8]]>',
 'tf.concat([it, tf.ragged.constant([[1]])], axis=1)': 'InvalidArgumentError: Input tensors at '
                                                       'index 0 (=x) and 1 (=y) have incompatible '
                                                       'shapes.',
 'tf.ragged.stack([rows, rows])': '<tf.RaggedTensor [[[1, 2, 3], [], [4, 5], [6]],\n'
                                  ' [[1, 2, 3], [], [4, 5], [6]]]>',
 'tf.ragged.stack([rows[:2], rows], axis=0)': '<tf.RaggedTensor [[[1, 2, 3], []], [[1, 2, 3], [], '
                                              '[4, 5], [6]]]>',
 'tf.ragged.boolean_mask(rows, rows > 2)': '<tf.RaggedTensor [[3], [], [4, 5], [6]]>',
 'tf.ragged.boolean_mask(rows, [True, False, True, False])': '<tf.RaggedTensor [[1, 2, 3], [4, '
                                                             '5]]>',
 'rows[0]': '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>',
 'rows[1]': '<tf.Tensor: shape=(0,), dtype=int32, numpy=array([], dtype=int32)>',
 'rows[-1]': '<tf.Tensor: shape=(1,), dtype=int32, numpy=array([6], dtype=int32)>',
 'rows[1:3]': '<tf.RaggedTensor [[], [4, 5]]>',
 'rows[::2]': '<tf.RaggedTensor [[1, 2, 3], [4, 5]]>',
 'rows[-2:]': '<tf.RaggedTensor [[4, 5], [6]]>',
 'rows[:, :2]': '<tf.RaggedTensor [[1, 2], [], [4, 5], [6]]>',
 'rows[:, 1:]': '<tf.RaggedTensor [[2, 3], [], [5], []]>',
 'rows[:, -1:]': '<tf.RaggedTensor [[3], [], [5], [6]]>',
 'rows[1:, :1]': '<tf.RaggedTensor [[], [4], [6]]>',
 'rows[:, 0]': 'ValueError: Cannot index into an inner ragged dimension.',
 'rows[0, 1]': '<tf.Tensor: shape=(), dtype=int32, numpy=2>',
 'rows[2, -1]': '<tf.Tensor: shape=(), dtype=int32, numpy=5>',
 'rows[4]': 'IndexError: Row key 4 out of bounds',
 'rows[tf.constant(2)]': '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([4, 5], dtype=int32)>',
 'rows[...]': '<tf.RaggedTensor [[1, 2, 3], [], [4, 5], [6]]>',
 'nested[0]': '<tf.RaggedTensor [[1, 2], [3]]>',
 'nested[0, 1]': '<tf.Tensor: shape=(1,), dtype=int32, numpy=array([3], dtype=int32)>',
 'nested[:, :1]': '<tf.RaggedTensor [[[1, 2]], [[4]], []]>',
 'nested[1:]': '<tf.RaggedTensor [[[4]], []]>',
 'uniform[0]': '<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\n'
               'array([[1, 2],\n'
               '       [3, 4]], dtype=int32)>',
 'uniform[:, :, 0]': '<tf.RaggedTensor [[1, 3], [5]]>',
 'list(it)': '[<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>, <tf.Tensor: '
             'shape=(1,), dtype=int32, numpy=array([3], dtype=int32)>]',
 "tf.strings.split(['a b', 'c', ''])": "<tf.RaggedTensor [[b'a', b'b'], [b'c'], []]>",
 "tf.strings.split(['a,b,,c', 'd'], sep=',')": "<tf.RaggedTensor [[b'a', b'b', b'', b'c'], "
                                               "[b'd']]>",
 "tf.strings.split([['a b'], ['c']])": "<tf.RaggedTensor [[[b'a', b'b']],\n [[b'c']]]>",
 "tf.strings.split(tf.constant(['a b c', 'd e']), maxsplit=1)": "<tf.RaggedTensor [[b'a', b'b "
                                                                "c'],\n"
                                                                " [b'd', b'e']]>",
 "tf.strings.split('a b')": "<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'a', b'b'], "
                            'dtype=object)>',
 "tf.strings.bytes_split(['ab', 'c'])": "<tf.RaggedTensor [[b'a', b'b'], [b'c']]>",
 "tf.strings.unicode_split(['hé', '🦆'], 'UTF-8')": "<tf.RaggedTensor [[b'h', b'\\xc3\\xa9'], "
                                                   "[b'\\xf0\\x9f\\xa6\\x86']]>",
 "tf.strings.unicode_decode(['hé', '🦆'], 'UTF-8')": '<tf.RaggedTensor [[104, 233], [129414]]>',
 "tf.strings.unicode_decode('hé', 'UTF-8')": '<tf.Tensor: shape=(2,), dtype=int32, '
                                             'numpy=array([104, 233], dtype=int32)>',
 "tf.strings.unicode_decode([['a'], ['bc']], 'UTF-8')": '<tf.RaggedTensor [[[97]],\n [[98, 99]]]>',
 "tf.strings.unicode_decode(['a\\xff'], 'UTF-8')": '<tf.RaggedTensor [[97, 255]]>',
 "tf.strings.unicode_decode([b'a\\xff'], 'UTF-8', errors='strict')": 'InvalidArgumentError: '
                                                                     '{{function_node '
                                                                     '__wrapped__UnicodeDecode_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                                                     'Invalid formatting on input '
                                                                     'string [Op:UnicodeDecode] '
                                                                     'name: ',
 "tf.strings.unicode_decode([b'a\\xff'], 'UTF-8', errors='ignore')": '<tf.RaggedTensor [[97]]>',
 "tf.strings.ngrams(['a', 'b', 'c'], 2)": "<tf.Tensor: shape=(2,), dtype=string, numpy=array([b'a "
                                          "b', b'b c'], dtype=object)>",
 "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2)": "<tf.RaggedTensor [[b'a b', "
                                                                       "b'b c'], []]>",
 "tf.strings.ngrams(tf.strings.split(['a b c', 'd e']), 2, separator='-')": '<tf.RaggedTensor '
                                                                            "[[b'a-b', b'b-c'], "
                                                                            "[b'd-e']]>",
 "tf.strings.length(tf.strings.split(['a bc', 'd']))": '<tf.RaggedTensor [[1, 2], [1]]>',
 "tf.strings.split(tf.strings.split(['a,b c', 'd']), sep=',')": "<tf.RaggedTensor [[[b'a', b'b'], "
                                                                "[b'c']], [[b'd']]]>",
 'tf.reduce_sum(nested, axis=1)': '<tf.RaggedTensor [[4, 2], [4], []]>',
 'tf.reduce_sum(nested, axis=0)': '<tf.RaggedTensor [[5, 2], [3]]>',
 'tf.reduce_mean(tf.ragged.constant([[[1., 2.], [3.]], [[4.], [5., 6., 7.]]]), axis=1)': '<tf.RaggedTensor '
                                                                                         '[[2.0, '
                                                                                         '2.0], '
                                                                                         '[4.5, '
                                                                                         '6.0, '
                                                                                         '7.0]]>',
 'tf.reduce_max(tf.ragged.constant([[[1., 2.], [3.]], [[4.], [5., 6., 7.]]]), axis=0)': '<tf.RaggedTensor '
                                                                                        '[[4.0, '
                                                                                        '2.0], '
                                                                                        '[5.0, '
                                                                                        '6.0, '
                                                                                        '7.0]]>',
 'tf.reduce_sum(nested, axis=1, keepdims=True)': '<tf.RaggedTensor [[[4, 2]],\n [[4]],\n [[]]]>',
 'tf.reduce_sum(nested, axis=0, keepdims=True)': '<tf.RaggedTensor [[[5, 2], [3]]]>',
 'tf.reduce_sum(tf.ragged.constant([[[[1]]]]), axis=1)': '<tf.RaggedTensor [[[1]]]>',
 'tf.tile(nested, [2, 2, 1])': '<tf.RaggedTensor [[[1, 2], [3], [1, 2], [3]], [[4], [4]], [], [[1, '
                               '2], [3], [1, 2], [3]],\n'
                               ' [[4], [4]], []]>',
 'tf.tile(deep, [1, 2, 1, 2])': '<tf.RaggedTensor [[[[1, 2, 1, 2], [3, 3]], [[7, 7]], [[1, 2, 1, '
                                '2], [3, 3]], [[7, 7]]], [],\n'
                                ' [[[4, 5, 6, 4, 5, 6]], [[8, 9, 8, 9], [], [10, 10]], [[4, 5, 6, '
                                '4, 5, 6]],\n'
                                '  [[8, 9, 8, 9], [], [10, '
                                '10]]]                                            ]>',
 'tf.tile(uniform, [1, 2, 2])': '<tf.RaggedTensor [[[1, 2, 1, 2],\n'
                                '  [3, 4, 3, 4],\n'
                                '  [1, 2, 1, 2],\n'
                                '  [3, 4, 3, 4]], [[5, 6, 5, 6],\n'
                                '                  [5, 6, 5, 6]]]>',
 'tf.reduce_sum(deep, axis=0)': '<tf.RaggedTensor [[[5, 7, 6], [3]], [[15, 9], [], [10]]]>',
 'tf.reduce_mean(deep, axis=1)': '<tf.RaggedTensor [[[4.0, 2.0], [3.0]], [], [[6.0, 7.0, 6.0], [], '
                                 '[10.0]]]>',
 'tf.reduce_max(deep, axis=2)': '<tf.RaggedTensor [[[3, 2], [7]], [], [[4, 5, 6], [10, 9]]]>',
 'tf.reduce_sum(deep, axis=0, keepdims=True)': '<tf.RaggedTensor [[[[5, 7, 6], [3]], [[15, 9], [], '
                                               '[10]]]]>',
 'tf.reduce_min(deep, axis=1, keepdims=True)': '<tf.RaggedTensor [[[[1, 2], [3]]],\n'
                                               ' [[]],\n'
                                               ' [[[4, 5, 6], [], [10]]]]>',
 'tf.reduce_sum(deep, axis=[0, 1])': '<tf.RaggedTensor [[20, 16, 6], [3], [10]]>',
 'tf.reduce_any(deep > 4, axis=0)': '<tf.RaggedTensor [[[False, True, True], [False]], [[True, '
                                    'True], [], [True]]]>',
 'tf.math.reduce_variance(rt)': '<tf.Tensor: shape=(), dtype=float32, numpy=2.0>',
 'tf.math.reduce_variance(rt, axis=0)': '<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1., '
                                        '1., 0.], dtype=float32)>',
 'tf.math.reduce_variance(rt, axis=1)': '<tf.Tensor: shape=(3,), dtype=float32, '
                                        'numpy=array([0.25      ,        nan, 0.66666603], '
                                        'dtype=float32)>',
 'tf.math.reduce_std(nested, axis=1)': '<tf.RaggedTensor [[1.0, 0.0], [0.0], []]>',
 'tf.math.reduce_std(rt, axis=1, keepdims=True)': '<tf.Tensor: shape=(3, 1), dtype=float32, '
                                                  'numpy=\n'
                                                  'array([[0.5      ],\n'
                                                  '       [      nan],\n'
                                                  '       [0.8164962]], dtype=float32)>',
 'tf.math.reduce_variance(it, axis=1)': '<tf.Tensor: shape=(2,), dtype=float64, numpy=array([0.25, '
                                        '0.  ])>',
 'tf.math.reduce_variance(tf.ragged.constant([[1j]]), axis=1)': 'ValueError: reduce_variance is '
                                                                'not supported for RaggedTensors '
                                                                'with complex dtypes.',
 'it.to_sparse()': 'SparseTensor(indices=tf.Tensor(\n'
                   '[[0 0]\n'
                   ' [0 1]\n'
                   ' [1 0]], shape=(3, 2), dtype=int64), values=tf.Tensor([1 2 3], shape=(3,), '
                   'dtype=int32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))',
 'nested.to_sparse()': 'SparseTensor(indices=tf.Tensor(\n'
                       '[[0 0 0]\n'
                       ' [0 0 1]\n'
                       ' [0 1 0]\n'
                       ' [1 0 0]], shape=(4, 3), dtype=int64), values=tf.Tensor([1 2 3 4], '
                       'shape=(4,), dtype=int32), dense_shape=tf.Tensor([3 2 2], shape=(3,), '
                       'dtype=int64))',
 'uniform.to_sparse()': 'SparseTensor(indices=tf.Tensor(\n'
                        '[[0 0 0]\n'
                        ' [0 0 1]\n'
                        ' [0 1 0]\n'
                        ' [0 1 1]\n'
                        ' [1 0 0]\n'
                        ' [1 0 1]], shape=(6, 3), dtype=int64), values=tf.Tensor([1 2 3 4 5 6], '
                        'shape=(6,), dtype=int32), dense_shape=tf.Tensor([2 2 2], shape=(3,), '
                        'dtype=int64))',
 'tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [4, 5]))': '<tf.RaggedTensor '
                                                                                                     '[[1, '
                                                                                                     '2], '
                                                                                                     '[], '
                                                                                                     '[3], '
                                                                                                     '[]]>',
 'tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))': 'ValueError: '
                                                                                     'rank(st_input) '
                                                                                     'must be 2.',
 "tf.ragged.stack_dynamic_partitions(['a', 'b', 'c', 'd', 'e'], [3, 0, 2, 2, 3], 5)": '<tf.RaggedTensor '
                                                                                      "[[b'b'], "
                                                                                      "[], [b'c', "
                                                                                      "b'd'], "
                                                                                      "[b'a', "
                                                                                      "b'e'], []]>",
 'tf.ragged.stack_dynamic_partitions([1., 2., 3.], [1, 1, 0], 2)': '<tf.RaggedTensor [[3.0], [1.0, '
                                                                   '2.0]]>',
 'tf.ragged.stack_dynamic_partitions(it.with_values(it.values), [1, 0], 2)': '<tf.RaggedTensor '
                                                                             '[[[3]],\n'
                                                                             ' [[1, 2]]]>',
 'tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1], [2, 3], [4]]), [1, 0, 1], 2)': '<tf.RaggedTensor '
                                                                                             '[[[2, '
                                                                                             '3]], '
                                                                                             '[[1], '
                                                                                             '[4]]]>',
 'tf.ragged.stack_dynamic_partitions([1, 2], [0, 5], 2)': 'InvalidArgumentError: partitions must '
                                                          'be less than num_partitions',
 'tf.tile(rows, [1, 2])': '<tf.RaggedTensor [[1, 2, 3, 1, 2, 3], [], [4, 5, 4, 5], [6, 6]]>',
 'tf.tile(rows, [2, 1])': '<tf.RaggedTensor [[1, 2, 3], [], [4, 5], [6], [1, 2, 3], [], [4, 5], '
                          '[6]]>',
 'tf.tile(rows, [2, 3])': '<tf.RaggedTensor [[1, 2, 3, 1, 2, 3, 1, 2, 3], [], [4, 5, 4, 5, 4, 5], '
                          '[6, 6, 6],\n'
                          ' [1, 2, 3, 1, 2, 3, 1, 2, 3], [], [4, 5, 4, 5, 4, 5], [6, 6, 6]]>',
 'tf.tile(uniform, [1, 1, 2])': '<tf.RaggedTensor [[[1, 2, 1, 2],\n'
                                '  [3, 4, 3, 4]], [[5, 6, 5, 6]]]>',
 'tf.reverse(rows, [1])': '<tf.RaggedTensor [[3, 2, 1], [], [5, 4], [6]]>',
 'tf.reverse(rows, [0])': '<tf.RaggedTensor [[6], [4, 5], [], [1, 2, 3]]>',
 'tf.reverse(rows, [0, 1])': '<tf.RaggedTensor [[6], [5, 4], [], [3, 2, 1]]>',
 'tf.reverse(uniform, [-1])': '<tf.RaggedTensor [[[2, 1],\n  [4, 3]], [[6, 5]]]>',
 'tf.tile(nested, [1, 1, 2])': '<tf.RaggedTensor [[[1, 2, 1, 2], [3, 3]], [[4, 4]], []]>',
 'tf.ragged.constant([[1, 2], [3, 4]]) + tf.constant([[10, 20], [30, 40]])': '<tf.RaggedTensor '
                                                                             '[[11, 22],\n'
                                                                             ' [33, 44]]>',
 'tf.ragged.constant([[1, 2], [3, 4, 5]]) + tf.constant([[10, 20], [30, 40]])': 'InvalidArgumentError: '
                                                                                'Condition x == y '
                                                                                'did not hold.',
 'rows * tf.constant([[2], [3], [4], [5]])': '<tf.RaggedTensor [[2, 4, 6], [], [16, 20], [30]]>',
 "tf.ragged.constant([['one', 'two'], [3, 4]])": "ValueError: Can't convert Python sequence with "
                                                 'mixed types to Tensor.'}


if __name__ == "__main__":
    from tests.ragged.showing import record

    record(SETUP, CASES)
