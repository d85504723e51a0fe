"""TensorFlow 2.21.0's public names by namespace (Keras 3.15.1 for tf.keras), which the
coverage table compares autograph's namespaces with.

Written by tests/record_tensorflow_names.py; do not edit by hand. Its length is
TensorFlow's API (one tuple of names per namespace), not code to split.
"""

VERSION = '2.21.0'
NAMES: dict[str, tuple[str, ...]] = {
    "tf": (
        "AggregationMethod", "Assert", "CriticalSection", "DType", "DeviceSpec", "GradientTape",
        "Graph", "IndexedSlices", "IndexedSlicesSpec", "Module", "NoneTensorSpec", "Operation",
        "OptionalSpec", "RaggedTensor", "RaggedTensorSpec", "RegisterGradient", "SparseTensor",
        "SparseTensorSpec", "Tensor", "TensorArray", "TensorArraySpec", "TensorShape",
        "TensorSpec", "TypeSpec", "UnconnectedGradients", "Variable", "VariableAggregation",
        "VariableSynchronization", "abs", "acos", "acosh", "add", "add_n", "approx_top_k",
        "argmax", "argmin", "argsort", "as_dtype", "as_string", "asin", "asinh", "assert_equal",
        "assert_greater", "assert_less", "assert_rank", "atan", "atan2", "atanh", "batch_to_space",
        "bfloat16", "bitcast", "bool", "boolean_mask", "broadcast_dynamic_shape",
        "broadcast_static_shape", "broadcast_to", "case", "cast", "check_pinned",
        "clip_by_global_norm", "clip_by_norm", "clip_by_value", "complex", "complex128",
        "complex64", "concat", "cond", "constant", "constant_initializer", "control_dependencies",
        "conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2", "convert_to_tensor",
        "cos", "cosh", "cumsum", "custom_gradient", "device", "divide", "double",
        "dynamic_partition", "dynamic_stitch", "edit_distance", "eig", "eigvals", "einsum",
        "ensure_shape", "equal", "executing_eagerly", "exp", "expand_dims",
        "extract_volume_patches", "eye", "fftnd", "fill", "fingerprint", "float16", "float32",
        "float64", "floor", "foldl", "foldr", "function", "gather", "gather_nd",
        "get_current_name_scope", "get_logger", "get_static_value", "grad_pass_through",
        "gradients", "greater", "greater_equal", "group", "guarantee_const", "half", "hessians",
        "histogram_fixed_width", "histogram_fixed_width_bins", "identity", "identity_n", "ifftnd",
        "import_graph_def", "init_scope", "inside_function", "int16", "int32", "int64", "int8",
        "irfftnd", "is_symbolic_tensor", "is_tensor", "less", "less_equal", "linspace",
        "load_library", "load_op_library", "logical_and", "logical_not", "logical_or",
        "make_ndarray", "make_tensor_proto", "map_fn", "matmul", "matrix_square_root", "maximum",
        "meshgrid", "minimum", "multiply", "name_scope", "negative", "newaxis", "no_gradient",
        "no_op", "nondifferentiable_batch_function", "norm", "not_equal", "numpy_function",
        "one_hot", "ones", "ones_initializer", "ones_like", "pad", "parallel_stack", "pow",
        "print", "py_function", "qint16", "qint32", "qint8", "quint16", "quint8",
        "ragged_fill_empty_rows", "ragged_fill_empty_rows_grad", "random_index_shuffle",
        "random_normal_initializer", "random_uniform_initializer", "range", "rank", "realdiv",
        "recompute_grad", "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max",
        "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum",
        "register_tensor_conversion_function", "repeat", "required_space_to_batch_paddings",
        "reshape", "resource", "reverse", "reverse_sequence", "rfftnd", "roll", "round",
        "saturate_cast", "scalar_mul", "scan", "scatter_nd", "searchsorted", "sequence_mask",
        "shape", "shape_n", "sigmoid", "sign", "sin", "sinh", "size", "slice", "sort",
        "space_to_batch", "space_to_batch_nd", "split", "sqrt", "square", "squeeze", "stack",
        "stop_gradient", "strided_slice", "string", "subtract", "switch_case", "tan", "tanh",
        "tensor_scatter_nd_add", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
        "tensor_scatter_nd_sub", "tensor_scatter_nd_update", "tensordot", "tile", "timestamp",
        "transpose", "truediv", "truncatediv", "truncatemod", "tuple", "type_spec_from_value",
        "uint16", "uint32", "uint64", "uint8", "unique", "unique_with_counts", "unravel_index",
        "unstack", "variable_creator_scope", "variant", "vectorized_map", "where", "while_loop",
        "zeros", "zeros_initializer", "zeros_like",
    ),
    "tf.audio": (
        "decode_wav", "encode_wav",
    ),
    "tf.autodiff": (
        "ForwardAccumulator", "GradientTape",
    ),
    "tf.autograph": (
        "set_verbosity", "to_code", "to_graph", "trace",
    ),
    "tf.autograph.experimental": (
        "Feature", "do_not_convert", "set_loop_options",
    ),
    "tf.bitwise": (
        "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift", "right_shift",
    ),
    "tf.compat": (
        "as_bytes", "as_str", "as_str_any", "as_text", "bytes_or_text_types", "complex_types",
        "dimension_at_index", "dimension_value", "forward_compatibility_horizon",
        "forward_compatible", "integral_types", "path_to_str", "real_types",
    ),
    "tf.compat.v1": (
        "AUTO_REUSE", "AggregationMethod", "Assert", "AttrValue", "COMPILER_VERSION",
        "CXX11_ABI_FLAG", "CXX_VERSION", "ConditionalAccumulator", "ConditionalAccumulatorBase",
        "ConfigProto", "CriticalSection", "DType", "DeviceSpec", "Dimension", "Event", "FIFOQueue",
        "FixedLenFeature", "FixedLenSequenceFeature", "FixedLengthRecordReader", "GIT_VERSION",
        "GPUOptions", "GRAPH_DEF_VERSION", "GRAPH_DEF_VERSION_MIN_CONSUMER",
        "GRAPH_DEF_VERSION_MIN_PRODUCER", "GradientTape", "Graph", "GraphDef", "GraphKeys",
        "GraphOptions", "HistogramProto", "IdentityReader", "IndexedSlices", "IndexedSlicesSpec",
        "InteractiveSession", "LMDBReader", "LogMessage", "MONOLITHIC_BUILD", "MetaGraphDef",
        "Module", "NameAttrList", "NoGradient", "NodeDef", "NoneTensorSpec", "NotDifferentiable",
        "OpError", "Operation", "OptimizerOptions", "OptionalSpec", "PaddingFIFOQueue", "Print",
        "PriorityQueue", "QUANTIZED_DTYPES", "QueueBase", "RaggedTensor", "RaggedTensorSpec",
        "RandomShuffleQueue", "ReaderBase", "RegisterGradient", "RunMetadata", "RunOptions",
        "Session", "SessionLog", "SparseConditionalAccumulator", "SparseFeature", "SparseTensor",
        "SparseTensorSpec", "SparseTensorValue", "Summary", "SummaryMetadata", "TFRecordReader",
        "Tensor", "TensorArray", "TensorArraySpec", "TensorInfo", "TensorShape", "TensorSpec",
        "TextLineReader", "TypeSpec", "UnconnectedGradients", "VERSION", "VarLenFeature",
        "Variable", "VariableAggregation", "VariableScope", "VariableSynchronization",
        "WholeFileReader", "abs", "accumulate_n", "acos", "acosh", "add", "add_check_numerics_ops",
        "add_n", "add_to_collection", "add_to_collections", "all_variables", "angle",
        "approx_top_k", "arg_max", "arg_min", "argmax", "argmin", "argsort", "as_dtype",
        "as_string", "asin", "asinh", "assert_equal", "assert_greater", "assert_greater_equal",
        "assert_integer", "assert_less", "assert_less_equal", "assert_near", "assert_negative",
        "assert_non_negative", "assert_non_positive", "assert_none_equal", "assert_positive",
        "assert_proper_iterable", "assert_rank", "assert_rank_at_least", "assert_rank_in",
        "assert_same_float_dtype", "assert_scalar", "assert_type", "assert_variables_initialized",
        "assign", "assign_add", "assign_sub", "atan", "atan2", "atanh", "batch_gather",
        "batch_scatter_update", "batch_to_space", "batch_to_space_nd", "betainc", "bfloat16",
        "bincount", "bitcast", "bool", "boolean_mask", "broadcast_dynamic_shape",
        "broadcast_static_shape", "broadcast_to", "case", "cast", "ceil", "check_numerics",
        "check_pinned", "cholesky", "cholesky_solve", "clip_by_average_norm",
        "clip_by_global_norm", "clip_by_norm", "clip_by_value", "colocate_with", "complex",
        "complex128", "complex64", "concat", "cond", "confusion_matrix", "conj", "constant",
        "constant_initializer", "container", "control_dependencies", "control_flow_v2_enabled",
        "conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2", "convert_to_tensor",
        "convert_to_tensor_or_indexed_slices", "convert_to_tensor_or_sparse_tensor", "cos", "cosh",
        "count_nonzero", "count_up_to", "create_partitioned_variables", "cross", "cumprod",
        "cumsum", "custom_gradient", "decode_base64", "decode_compressed", "decode_csv",
        "decode_json_example", "decode_raw", "delete_session_tensor", "depth_to_space",
        "dequantize", "deserialize_many_sparse", "device", "diag", "diag_part", "digamma",
        "dimension_at_index", "dimension_value", "disable_control_flow_v2",
        "disable_eager_execution", "disable_resource_variables", "disable_tensor_equality",
        "disable_v2_behavior", "disable_v2_tensorshape", "div", "div_no_nan", "divide", "double",
        "dynamic_partition", "dynamic_stitch", "edit_distance", "einsum", "enable_control_flow_v2",
        "enable_eager_execution", "enable_resource_variables", "enable_tensor_equality",
        "enable_v2_behavior", "enable_v2_tensorshape", "encode_base64", "ensure_shape", "equal",
        "erf", "erfc", "executing_eagerly", "executing_eagerly_outside_functions", "exp",
        "expand_dims", "expm1", "extract_image_patches", "extract_volume_patches", "eye",
        "fake_quant_with_min_max_args", "fake_quant_with_min_max_args_gradient",
        "fake_quant_with_min_max_vars", "fake_quant_with_min_max_vars_gradient",
        "fake_quant_with_min_max_vars_per_channel",
        "fake_quant_with_min_max_vars_per_channel_gradient", "fft", "fft2d", "fft3d", "fftnd",
        "fill", "fingerprint", "fixed_size_partitioner", "float16", "float32", "float64", "floor",
        "floor_div", "floordiv", "floormod", "foldl", "foldr", "function", "gather", "gather_nd",
        "get_collection", "get_collection_ref", "get_default_graph", "get_default_session",
        "get_local_variable", "get_logger", "get_seed", "get_session_handle", "get_session_tensor",
        "get_static_value", "get_variable", "get_variable_scope", "global_norm",
        "global_variables", "global_variables_initializer", "glorot_normal_initializer",
        "glorot_uniform_initializer", "grad_pass_through", "gradients", "greater", "greater_equal",
        "group", "guarantee_const", "half", "hessians", "histogram_fixed_width",
        "histogram_fixed_width_bins", "identity", "identity_n", "ifft", "ifft2d", "ifft3d",
        "ifftnd", "igamma", "igammac", "imag", "import_graph_def", "init_scope",
        "initialize_all_tables", "initialize_all_variables", "initialize_local_variables",
        "initialize_variables", "int16", "int32", "int64", "int8", "invert_permutation", "irfftnd",
        "is_finite", "is_inf", "is_nan", "is_non_decreasing", "is_numeric_tensor",
        "is_strictly_increasing", "is_symbolic_tensor", "is_tensor", "is_variable_initialized",
        "lbeta", "less", "less_equal", "lgamma", "lin_space", "linspace",
        "load_file_system_library", "load_library", "load_op_library", "local_variables",
        "local_variables_initializer", "log", "log1p", "log_sigmoid", "logical_and", "logical_not",
        "logical_or", "logical_xor", "make_ndarray", "make_template", "make_tensor_proto",
        "map_fn", "matching_files", "matmul", "matrix_band_part", "matrix_determinant",
        "matrix_diag", "matrix_diag_part", "matrix_inverse", "matrix_set_diag", "matrix_solve",
        "matrix_solve_ls", "matrix_square_root", "matrix_transpose", "matrix_triangular_solve",
        "maximum", "meshgrid", "min_max_variable_partitioner", "minimum", "mod", "model_variables",
        "moving_average_variables", "multinomial", "multiply", "name_scope", "negative", "newaxis",
        "no_gradient", "no_op", "no_regularizer", "nondifferentiable_batch_function", "norm",
        "not_equal", "numpy_function", "one_hot", "ones", "ones_initializer", "ones_like",
        "op_scope", "orthogonal_initializer", "pad", "parallel_stack", "parse_example",
        "parse_single_example", "parse_single_sequence_example", "parse_tensor", "placeholder",
        "placeholder_with_default", "polygamma", "pow", "print", "py_func", "py_function",
        "qint16", "qint32", "qint8", "qr", "quantize", "quantize_v2", "quantized_concat",
        "quint16", "quint8", "ragged_fill_empty_rows", "ragged_fill_empty_rows_grad",
        "random_crop", "random_gamma", "random_index_shuffle", "random_normal",
        "random_normal_initializer", "random_poisson", "random_shuffle", "random_uniform",
        "random_uniform_initializer", "range", "rank", "read_file", "real", "realdiv",
        "reciprocal", "recompute_grad", "reduce_all", "reduce_any", "reduce_join",
        "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum",
        "regex_replace", "register_tensor_conversion_function", "repeat",
        "report_uninitialized_variables", "required_space_to_batch_paddings",
        "reset_default_graph", "reshape", "resource", "resource_variables_enabled", "reverse",
        "reverse_sequence", "reverse_v2", "rfftnd", "rint", "roll", "round", "rsqrt",
        "saturate_cast", "scalar_mul", "scan", "scatter_add", "scatter_div", "scatter_max",
        "scatter_min", "scatter_mul", "scatter_nd", "scatter_nd_add", "scatter_nd_sub",
        "scatter_nd_update", "scatter_sub", "scatter_update", "searchsorted", "segment_max",
        "segment_mean", "segment_min", "segment_prod", "segment_sum", "self_adjoint_eig",
        "self_adjoint_eigvals", "sequence_mask", "serialize_many_sparse", "serialize_sparse",
        "serialize_tensor", "set_random_seed", "setdiff1d", "shape", "shape_n", "sigmoid", "sign",
        "sin", "sinh", "size", "slice", "sort", "space_to_batch", "space_to_batch_nd",
        "space_to_depth", "sparse_add", "sparse_concat", "sparse_fill_empty_rows", "sparse_mask",
        "sparse_matmul", "sparse_maximum", "sparse_merge", "sparse_minimum", "sparse_placeholder",
        "sparse_reduce_max", "sparse_reduce_max_sparse", "sparse_reduce_sum",
        "sparse_reduce_sum_sparse", "sparse_reorder", "sparse_reset_shape", "sparse_reshape",
        "sparse_retain", "sparse_segment_mean", "sparse_segment_sqrt_n", "sparse_segment_sum",
        "sparse_slice", "sparse_softmax", "sparse_split", "sparse_tensor_dense_matmul",
        "sparse_tensor_to_dense", "sparse_to_dense", "sparse_to_indicator", "sparse_transpose",
        "split", "sqrt", "square", "squared_difference", "squeeze", "stack", "stop_gradient",
        "strided_slice", "string", "string_join", "string_split", "string_strip",
        "string_to_hash_bucket", "string_to_hash_bucket_fast", "string_to_hash_bucket_strong",
        "string_to_number", "substr", "subtract", "svd", "switch_case", "tables_initializer",
        "tan", "tanh", "tensor_scatter_add", "tensor_scatter_nd_add", "tensor_scatter_nd_max",
        "tensor_scatter_nd_min", "tensor_scatter_nd_sub", "tensor_scatter_nd_update",
        "tensor_scatter_sub", "tensor_scatter_update", "tensordot", "tile", "timestamp",
        "to_bfloat16", "to_complex128", "to_complex64", "to_double", "to_float", "to_int32",
        "to_int64", "trace", "trainable_variables", "transpose", "truediv", "truncated_normal",
        "truncated_normal_initializer", "truncatediv", "truncatemod", "tuple",
        "type_spec_from_value", "uint16", "uint32", "uint64", "uint8",
        "uniform_unit_scaling_initializer", "unique", "unique_with_counts", "unravel_index",
        "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min",
        "unsorted_segment_prod", "unsorted_segment_sqrt_n", "unsorted_segment_sum", "unstack",
        "variable_axis_size_partitioner", "variable_creator_scope", "variable_op_scope",
        "variable_scope", "variables_initializer", "variance_scaling_initializer", "variant",
        "vectorized_map", "verify_tensor_all_finite", "where", "where_v2", "while_loop",
        "wrap_function", "write_file", "zeros", "zeros_initializer", "zeros_like", "zeta",
    ),
    "tf.compat.v1.app": (
    ),
    "tf.compat.v1.audio": (
    ),
    "tf.compat.v1.autograph": (
    ),
    "tf.compat.v1.bitwise": (
    ),
    "tf.compat.v1.compat": (
    ),
    "tf.compat.v1.config": (
    ),
    "tf.compat.v1.data": (
    ),
    "tf.compat.v1.debugging": (
    ),
    "tf.compat.v1.distribute": (
    ),
    "tf.compat.v1.distributions": (
    ),
    "tf.compat.v1.dtypes": (
    ),
    "tf.compat.v1.errors": (
    ),
    "tf.compat.v1.experimental": (
    ),
    "tf.compat.v1.feature_column": (
    ),
    "tf.compat.v1.flags": (
    ),
    "tf.compat.v1.gfile": (
    ),
    "tf.compat.v1.graph_util": (
    ),
    "tf.compat.v1.image": (
    ),
    "tf.compat.v1.initializers": (
    ),
    "tf.compat.v1.io": (
    ),
    "tf.compat.v1.keras": (
    ),
    "tf.compat.v1.layers": (
    ),
    "tf.compat.v1.linalg": (
    ),
    "tf.compat.v1.lite": (
    ),
    "tf.compat.v1.logging": (
    ),
    "tf.compat.v1.lookup": (
    ),
    "tf.compat.v1.losses": (
    ),
    "tf.compat.v1.manip": (
    ),
    "tf.compat.v1.math": (
    ),
    "tf.compat.v1.metrics": (
    ),
    "tf.compat.v1.mixed_precision": (
    ),
    "tf.compat.v1.mlir": (
    ),
    "tf.compat.v1.nest": (
    ),
    "tf.compat.v1.nn": (
    ),
    "tf.compat.v1.profiler": (
    ),
    "tf.compat.v1.python_io": (
    ),
    "tf.compat.v1.quantization": (
    ),
    "tf.compat.v1.queue": (
    ),
    "tf.compat.v1.ragged": (
    ),
    "tf.compat.v1.random": (
    ),
    "tf.compat.v1.raw_ops": (
    ),
    "tf.compat.v1.resource_loader": (
    ),
    "tf.compat.v1.saved_model": (
    ),
    "tf.compat.v1.sets": (
    ),
    "tf.compat.v1.signal": (
    ),
    "tf.compat.v1.sparse": (
    ),
    "tf.compat.v1.spectral": (
    ),
    "tf.compat.v1.strings": (
    ),
    "tf.compat.v1.summary": (
    ),
    "tf.compat.v1.sysconfig": (
    ),
    "tf.compat.v1.test": (
    ),
    "tf.compat.v1.tpu": (
    ),
    "tf.compat.v1.train": (
    ),
    "tf.compat.v1.types": (
    ),
    "tf.compat.v1.user_ops": (
    ),
    "tf.compat.v1.version": (
    ),
    "tf.compat.v1.xla": (
    ),
    "tf.compat.v2": (
    ),
    "tf.config": (
        "LogicalDevice", "LogicalDeviceConfiguration", "PhysicalDevice",
        "experimental_connect_to_cluster", "experimental_connect_to_host",
        "experimental_functions_run_eagerly", "experimental_run_functions_eagerly",
        "functions_run_eagerly", "get_logical_device_configuration", "get_soft_device_placement",
        "get_visible_devices", "list_logical_devices", "list_physical_devices",
        "run_functions_eagerly", "set_logical_device_configuration", "set_soft_device_placement",
        "set_visible_devices",
    ),
    "tf.config.experimental": (
        "ClusterDeviceFilters", "VirtualDeviceConfiguration", "disable_mlir_bridge",
        "enable_mlir_bridge", "enable_op_determinism", "enable_tensor_float_32_execution",
        "get_device_details", "get_device_policy", "get_memory_growth", "get_memory_info",
        "get_memory_usage", "get_synchronous_execution", "get_virtual_device_configuration",
        "get_visible_devices", "list_logical_devices", "list_physical_devices",
        "reset_memory_stats", "set_device_policy", "set_memory_growth",
        "set_synchronous_execution", "set_virtual_device_configuration", "set_visible_devices",
        "tensor_float_32_execution_enabled",
    ),
    "tf.config.optimizer": (
        "get_experimental_options", "get_jit", "set_experimental_options", "set_jit",
    ),
    "tf.config.threading": (
        "get_inter_op_parallelism_threads", "get_intra_op_parallelism_threads",
        "set_inter_op_parallelism_threads", "set_intra_op_parallelism_threads",
    ),
    "tf.data": (
        "AUTOTUNE", "Dataset", "DatasetSpec", "FixedLengthRecordDataset", "INFINITE_CARDINALITY",
        "Iterator", "IteratorSpec", "NumpyIterator", "Options", "TFRecordDataset",
        "TextLineDataset", "ThreadingOptions", "UNKNOWN_CARDINALITY",
    ),
    "tf.data.experimental": (
        "AUTOTUNE", "AutoShardPolicy", "AutotuneAlgorithm", "AutotuneOptions", "Counter",
        "CsvDataset", "DatasetInitializer", "DistributeOptions", "ExternalStatePolicy",
        "INFINITE_CARDINALITY", "OptimizationOptions", "Optional", "RandomDataset", "Reducer",
        "SHARD_HINT", "ServiceOptions", "SqlDataset", "TFRecordWriter", "ThreadingOptions",
        "UNKNOWN_CARDINALITY", "assert_cardinality", "at", "bucket_by_sequence_length",
        "cardinality", "choose_from_datasets", "copy_to_device", "dense_to_ragged_batch",
        "dense_to_sparse_batch", "distributed_save", "enable_debug_mode", "enumerate_dataset",
        "from_list", "from_variant", "get_model_proto", "get_next_as_optional",
        "get_single_element", "get_structure", "group_by_reducer", "group_by_window",
        "ignore_errors", "index_table_from_dataset", "load", "make_batched_features_dataset",
        "make_csv_dataset", "make_saveable_from_iterator", "map_and_batch", "pad_to_cardinality",
        "parallel_interleave", "parse_example_dataset", "prefetch_to_device", "rejection_resample",
        "sample_from_datasets", "save", "scan", "shuffle_and_repeat", "snapshot",
        "table_from_dataset", "take_while", "to_variant", "unbatch", "unique",
    ),
    "tf.data.experimental.service": (
        "CrossTrainerCache", "DispatchServer", "DispatcherConfig", "ShardingPolicy",
        "WorkerConfig", "WorkerServer", "distribute", "from_dataset_id", "register_dataset",
    ),
    "tf.debugging": (
        "Assert", "assert_all_finite", "assert_equal", "assert_greater", "assert_greater_equal",
        "assert_integer", "assert_less", "assert_less_equal", "assert_near", "assert_negative",
        "assert_non_negative", "assert_non_positive", "assert_none_equal", "assert_positive",
        "assert_proper_iterable", "assert_rank", "assert_rank_at_least", "assert_rank_in",
        "assert_same_float_dtype", "assert_scalar", "assert_shapes", "assert_type",
        "check_numerics", "disable_check_numerics", "disable_traceback_filtering",
        "enable_check_numerics", "enable_traceback_filtering", "get_log_device_placement",
        "is_numeric_tensor", "is_traceback_filtering_enabled", "set_log_device_placement",
    ),
    "tf.debugging.experimental": (
        "disable_dump_debug_info", "enable_dump_debug_info",
    ),
    "tf.distribute": (
        "CrossDeviceOps", "DistributedDataset", "DistributedIterator", "DistributedValues",
        "HierarchicalCopyAllReduce", "InputContext", "InputOptions", "InputReplicationMode",
        "MirroredStrategy", "MultiWorkerMirroredStrategy", "NcclAllReduce", "OneDeviceStrategy",
        "ParameterServerStrategy", "ReduceOp", "ReductionToOneDevice", "ReplicaContext",
        "RunOptions", "Server", "Strategy", "StrategyExtended", "TPUStrategy",
        "experimental_set_strategy", "get_replica_context", "get_strategy", "has_strategy",
        "in_cross_replica_context",
    ),
    "tf.distribute.cluster_resolver": (
        "ClusterResolver", "GCEClusterResolver", "KubernetesClusterResolver",
        "KubernetesExecutableLocation", "SimpleClusterResolver", "SlurmClusterResolver",
        "TFConfigClusterResolver", "TPUClusterResolver", "UnionResolver",
    ),
    "tf.distribute.coordinator": (
        "ClusterCoordinator", "PerWorkerValue", "RemoteValue",
        "experimental_get_current_worker_index",
    ),
    "tf.distribute.experimental": (
        "CentralStorageStrategy", "CollectiveCommunication", "CollectiveHints",
        "CommunicationImplementation", "CommunicationOptions", "MultiWorkerMirroredStrategy",
        "ParameterServerStrategy", "PreemptionCheckpointHandler", "PreemptionWatcher",
        "TPUStrategy", "TerminationConfig", "ValueContext",
    ),
    "tf.distribute.experimental.coordinator": (
        "ClusterCoordinator", "PerWorkerValues", "RemoteValue",
    ),
    "tf.distribute.experimental.partitioners": (
        "FixedShardsPartitioner", "MaxSizePartitioner", "MinSizePartitioner", "Partitioner",
    ),
    "tf.distribute.experimental.rpc": (
        "Client", "Server",
    ),
    "tf.dtensor": (
    ),
    "tf.dtensor.proto": (
    ),
    "tf.dtensor.proto.layout_pb2": (
        "DESCRIPTOR", "LayoutProto", "MeshDimensionProto", "MeshProto", "ShardingSpec",
    ),
    "tf.dtensor.python": (
    ),
    "tf.dtensor.python.accelerator_util": (
        "List", "Optional", "initialize_accelerator_system", "initialize_multi_client_cluster",
        "is_initialized", "set_initialized", "shutdown_accelerator_system", "tf_export",
    ),
    "tf.dtensor.python.accelerator_util.cluster_pb2": (
    ),
    "tf.dtensor.python.accelerator_util.config": (
    ),
    "tf.dtensor.python.accelerator_util.context": (
    ),
    "tf.dtensor.python.accelerator_util.logging": (
    ),
    "tf.dtensor.python.accelerator_util.remote_utils": (
    ),
    "tf.dtensor.python.accelerator_util.tensorflow_server_pb2": (
    ),
    "tf.dtensor.python.accelerator_util.tf_config": (
    ),
    "tf.dtensor.python.accelerator_util.tpu_util": (
    ),
    "tf.dtensor.python.api": (
        "Any", "Callable", "Optional", "Sequence", "call_with_layout", "check_layout",
        "copy_to_mesh", "default_mesh", "device_name", "fetch_layout", "get_default_mesh",
        "is_dtensor", "pack", "relayout", "relayout_like", "reset_dtensor_device", "run_on",
        "tf_export", "unpack",
    ),
    "tf.dtensor.python.api.context": (
    ),
    "tf.dtensor.python.api.contextlib": (
    ),
    "tf.dtensor.python.api.deprecation": (
    ),
    "tf.dtensor.python.api.dtensor_device": (
    ),
    "tf.dtensor.python.api.gen_dtensor_ops": (
    ),
    "tf.dtensor.python.api.layout_lib": (
    ),
    "tf.dtensor.python.api.ops": (
    ),
    "tf.dtensor.python.api.tensor_lib": (
    ),
    "tf.dtensor.python.api.threading": (
    ),
    "tf.dtensor.python.config": (
        "List", "Optional", "Union", "client_id", "full_job_name", "gpu_use_nccl_communication",
        "heartbeat_enabled", "is_gpu_present", "is_local_mode", "is_tpu_present", "job_name",
        "jobs", "local_devices", "num_clients", "num_global_devices", "num_local_devices",
        "preferred_device_type", "tf_export", "use_multi_device_mode",
    ),
    "tf.dtensor.python.config.context": (
    ),
    "tf.dtensor.python.config.os": (
    ),
    "tf.dtensor.python.config.tf_config": (
    ),
    "tf.dtensor.python.config.tf_device": (
    ),
    "tf.dtensor.python.d_checkpoint": (
        "DTensorCheckpoint", "DTrackableSaver", "Dict", "List", "Optional", "tf_export",
    ),
    "tf.dtensor.python.d_checkpoint.api": (
    ),
    "tf.dtensor.python.d_checkpoint.array_ops": (
    ),
    "tf.dtensor.python.d_checkpoint.base": (
    ),
    "tf.dtensor.python.d_checkpoint.checkpoint_options": (
    ),
    "tf.dtensor.python.d_checkpoint.constant_op": (
    ),
    "tf.dtensor.python.d_checkpoint.context": (
    ),
    "tf.dtensor.python.d_checkpoint.d_variable": (
    ),
    "tf.dtensor.python.d_checkpoint.data_structures": (
    ),
    "tf.dtensor.python.d_checkpoint.deprecation": (
    ),
    "tf.dtensor.python.d_checkpoint.errors_impl": (
    ),
    "tf.dtensor.python.d_checkpoint.gen_dtensor_ops": (
    ),
    "tf.dtensor.python.d_checkpoint.graph_view_lib": (
    ),
    "tf.dtensor.python.d_checkpoint.layout": (
    ),
    "tf.dtensor.python.d_checkpoint.nest": (
    ),
    "tf.dtensor.python.d_checkpoint.ops": (
    ),
    "tf.dtensor.python.d_checkpoint.py_checkpoint_reader": (
    ),
    "tf.dtensor.python.d_checkpoint.restore_lib": (
    ),
    "tf.dtensor.python.d_checkpoint.save_restore": (
    ),
    "tf.dtensor.python.d_checkpoint.saveable_object": (
    ),
    "tf.dtensor.python.d_checkpoint.saveable_object_util": (
    ),
    "tf.dtensor.python.d_checkpoint.trackable_object_graph_pb2": (
    ),
    "tf.dtensor.python.d_checkpoint.util": (
    ),
    "tf.dtensor.python.d_checkpoint.weakref": (
    ),
    "tf.dtensor.python.d_variable": (
        "DSaveSpec", "DVariable", "tf_export",
    ),
    "tf.dtensor.python.d_variable.api": (
    ),
    "tf.dtensor.python.d_variable.context": (
    ),
    "tf.dtensor.python.d_variable.def_function": (
    ),
    "tf.dtensor.python.d_variable.dtypes": (
    ),
    "tf.dtensor.python.d_variable.errors_impl": (
    ),
    "tf.dtensor.python.d_variable.functools": (
    ),
    "tf.dtensor.python.d_variable.layout_lib": (
    ),
    "tf.dtensor.python.d_variable.math_ops": (
    ),
    "tf.dtensor.python.d_variable.ops": (
    ),
    "tf.dtensor.python.d_variable.resource_variable_ops": (
    ),
    "tf.dtensor.python.d_variable.saveable_object": (
    ),
    "tf.dtensor.python.d_variable.trackable": (
    ),
    "tf.dtensor.python.dtensor_device": (
        "Any", "DTensorDevice", "List", "Sequence", "Set",
    ),
    "tf.dtensor.python.dtensor_device.attr_value_pb2": (
    ),
    "tf.dtensor.python.dtensor_device.config": (
    ),
    "tf.dtensor.python.dtensor_device.context": (
    ),
    "tf.dtensor.python.dtensor_device.contextlib": (
    ),
    "tf.dtensor.python.dtensor_device.core": (
    ),
    "tf.dtensor.python.dtensor_device.dtypes": (
    ),
    "tf.dtensor.python.dtensor_device.layout_lib": (
    ),
    "tf.dtensor.python.dtensor_device.logging": (
    ),
    "tf.dtensor.python.dtensor_device.np": (
    ),
    "tf.dtensor.python.dtensor_device.ops": (
    ),
    "tf.dtensor.python.dtensor_device.sparse_tensor": (
    ),
    "tf.dtensor.python.dtensor_device.tensor_util": (
    ),
    "tf.dtensor.python.dtensor_device.tf_device": (
    ),
    "tf.dtensor.python.dtensor_device.threading": (
    ),
    "tf.dtensor.python.gen_dtensor_ops": (
        "Annotated", "Any", "ConfigureAndInitializeGlobalTPU", "CopyToMesh", "CopyToMeshGrad",
        "DTensorRestoreV2", "DTensorSetGlobalTPUArray", "List", "Relayout", "RelayoutLike",
        "ShutdownTPUSystem", "TV_CopyToMeshGrad_T", "TV_CopyToMesh_T", "TV_RelayoutLike_T",
        "TV_RelayoutLike_U", "TV_Relayout_T", "TypeVar", "configure_and_initialize_global_tpu",
        "configure_and_initialize_global_tpu_eager_fallback", "copy_to_mesh",
        "copy_to_mesh_eager_fallback", "copy_to_mesh_grad", "copy_to_mesh_grad_eager_fallback",
        "d_tensor_restore_v2", "d_tensor_restore_v2_eager_fallback",
        "d_tensor_set_global_tpu_array", "d_tensor_set_global_tpu_array_eager_fallback",
        "deprecated_endpoints", "relayout", "relayout_eager_fallback", "relayout_like",
        "relayout_like_eager_fallback", "shutdown_tpu_system",
        "shutdown_tpu_system_eager_fallback", "tf_export",
    ),
    "tf.dtensor.python.gen_dtensor_ops.collections": (
    ),
    "tf.dtensor.python.gen_dtensor_ops.pywrap_tfe": (
    ),
    "tf.dtensor.python.input_util": (
        "Any", "DTensorDataset", "List", "Optional", "Sequence", "TFDataServiceConfig", "Tuple",
        "tf_export",
    ),
    "tf.dtensor.python.input_util.api": (
    ),
    "tf.dtensor.python.input_util.array_ops": (
    ),
    "tf.dtensor.python.input_util.config": (
    ),
    "tf.dtensor.python.input_util.constant_op": (
    ),
    "tf.dtensor.python.input_util.context": (
    ),
    "tf.dtensor.python.input_util.data_service_ops": (
    ),
    "tf.dtensor.python.input_util.data_types": (
    ),
    "tf.dtensor.python.input_util.dataclasses": (
    ),
    "tf.dtensor.python.input_util.dataset_ops": (
    ),
    "tf.dtensor.python.input_util.distribute": (
    ),
    "tf.dtensor.python.input_util.dtypes": (
    ),
    "tf.dtensor.python.input_util.errors": (
    ),
    "tf.dtensor.python.input_util.iterator_ops": (
    ),
    "tf.dtensor.python.input_util.layout_lib": (
    ),
    "tf.dtensor.python.input_util.math_ops": (
    ),
    "tf.dtensor.python.input_util.nest": (
    ),
    "tf.dtensor.python.input_util.operator": (
    ),
    "tf.dtensor.python.input_util.ops": (
    ),
    "tf.dtensor.python.input_util.tensor": (
    ),
    "tf.dtensor.python.input_util.tensor_shape": (
    ),
    "tf.dtensor.python.input_util.tensor_spec": (
    ),
    "tf.dtensor.python.layout": (
        "Dict", "Layout", "LayoutType", "List", "MATCH", "Mesh", "MeshDimension", "Optional",
        "UNSHARDED", "USE_XLA_SPMD", "Union", "tf_export",
    ),
    "tf.dtensor.python.layout.collections": (
    ),
    "tf.dtensor.python.layout.functools": (
    ),
    "tf.dtensor.python.layout.itertools": (
    ),
    "tf.dtensor.python.layout.layout_pb2": (
    ),
    "tf.dtensor.python.layout.np": (
    ),
    "tf.dtensor.python.layout.ops": (
    ),
    "tf.dtensor.python.layout.tensor": (
    ),
    "tf.dtensor.python.layout.tf_device": (
    ),
    "tf.dtensor.python.mesh_util": (
        "Dict", "List", "Optional", "Tuple", "Union", "barrier", "create_distributed_mesh",
        "create_mesh", "tf_export",
    ),
    "tf.dtensor.python.mesh_util.accelerator_util": (
    ),
    "tf.dtensor.python.mesh_util.api": (
    ),
    "tf.dtensor.python.mesh_util.array_ops": (
    ),
    "tf.dtensor.python.mesh_util.config": (
    ),
    "tf.dtensor.python.mesh_util.context": (
    ),
    "tf.dtensor.python.mesh_util.layout": (
    ),
    "tf.dtensor.python.mesh_util.logging": (
    ),
    "tf.dtensor.python.mesh_util.math_ops": (
    ),
    "tf.dtensor.python.mesh_util.np": (
    ),
    "tf.dtensor.python.mesh_util.tf_device": (
    ),
    "tf.dtensor.python.mesh_util.tpu_util": (
    ),
    "tf.dtensor.python.save_restore": (
        "Dict", "List", "Union", "enable_save_as_bf16", "name_based_restore", "name_based_save",
        "sharded_save", "tf_export",
    ),
    "tf.dtensor.python.save_restore.api": (
    ),
    "tf.dtensor.python.save_restore.collections": (
    ),
    "tf.dtensor.python.save_restore.context": (
    ),
    "tf.dtensor.python.save_restore.d_variable": (
    ),
    "tf.dtensor.python.save_restore.errors_impl": (
    ),
    "tf.dtensor.python.save_restore.gen_dtensor_ops": (
    ),
    "tf.dtensor.python.save_restore.io_ops": (
    ),
    "tf.dtensor.python.save_restore.layout_lib": (
    ),
    "tf.dtensor.python.save_restore.mesh_util": (
    ),
    "tf.dtensor.python.save_restore.ops": (
    ),
    "tf.dtensor.python.save_restore.tensor_lib": (
    ),
    "tf.dtensor.python.save_restore.tf_variables": (
    ),
    "tf.dtensor.python.tpu_util": (
        "Dict", "List", "Optional", "create_tpu_mesh", "dtensor_initialize_tpu_system",
        "dtensor_shutdown_tpu_system", "get_device_ids", "get_device_locations",
        "initialize_tpu_system", "shutdown_tpu_system", "tf_export", "tpu_system_init_helper",
    ),
    "tf.dtensor.python.tpu_util.array_ops": (
    ),
    "tf.dtensor.python.tpu_util.config": (
    ),
    "tf.dtensor.python.tpu_util.constant_op": (
    ),
    "tf.dtensor.python.tpu_util.context": (
    ),
    "tf.dtensor.python.tpu_util.def_function": (
    ),
    "tf.dtensor.python.tpu_util.dtensor_device": (
    ),
    "tf.dtensor.python.tpu_util.errors": (
    ),
    "tf.dtensor.python.tpu_util.functools": (
    ),
    "tf.dtensor.python.tpu_util.gen_dtensor_ops": (
    ),
    "tf.dtensor.python.tpu_util.layout_lib": (
    ),
    "tf.dtensor.python.tpu_util.logging": (
    ),
    "tf.dtensor.python.tpu_util.math_ops": (
    ),
    "tf.dtensor.python.tpu_util.np": (
    ),
    "tf.dtensor.python.tpu_util.numpy_compat": (
    ),
    "tf.dtensor.python.tpu_util.ops": (
    ),
    "tf.dtensor.python.tpu_util.time": (
    ),
    "tf.dtensor.python.tpu_util.topology": (
    ),
    "tf.dtypes": (
        "DType", "QUANTIZED_DTYPES", "as_dtype", "bfloat16", "bool", "cast", "complex",
        "complex128", "complex64", "double", "float16", "float32", "float64", "half", "int16",
        "int32", "int64", "int8", "qint16", "qint32", "qint8", "quint16", "quint8", "resource",
        "saturate_cast", "string", "uint16", "uint32", "uint64", "uint8", "variant",
    ),
    "tf.dtypes.experimental": (
        "float4_e2m1fn", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
        "float8_e5m2fnuz", "int2", "int4", "uint2", "uint4",
    ),
    "tf.errors": (
        "ABORTED", "ALREADY_EXISTS", "AbortedError", "AlreadyExistsError", "CANCELLED",
        "CancelledError", "DATA_LOSS", "DEADLINE_EXCEEDED", "DataLossError",
        "DeadlineExceededError", "FAILED_PRECONDITION", "FailedPreconditionError", "INTERNAL",
        "INVALID_ARGUMENT", "InternalError", "InvalidArgumentError", "NOT_FOUND", "NotFoundError",
        "OK", "OUT_OF_RANGE", "OpError", "OperatorNotAllowedInGraphError", "OutOfRangeError",
        "PERMISSION_DENIED", "PermissionDeniedError", "RESOURCE_EXHAUSTED",
        "ResourceExhaustedError", "UNAUTHENTICATED", "UNAVAILABLE", "UNIMPLEMENTED", "UNKNOWN",
        "UnauthenticatedError", "UnavailableError", "UnimplementedError", "UnknownError",
    ),
    "tf.experimental": (
        "BatchableExtensionType", "DynamicRaggedShape", "ExtensionType",
        "ExtensionTypeBatchEncoder", "ExtensionTypeSpec", "Optional", "RowPartition",
        "StructuredTensor", "async_clear_error", "async_scope", "dispatch_for_api",
        "dispatch_for_binary_elementwise_apis", "dispatch_for_binary_elementwise_assert_apis",
        "dispatch_for_unary_elementwise_apis", "enable_strict_mode", "float4_e2m1fn",
        "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
        "function_executor_type", "int2", "int4", "register_filesystem_plugin", "uint2", "uint4",
        "unregister_dispatch_for",
    ),
    "tf.experimental.dlpack": (
        "from_dlpack", "to_dlpack",
    ),
    "tf.experimental.dtensor": (
        "DTensorCheckpoint", "DTensorDataset", "DVariable", "Layout", "MATCH", "Mesh", "UNSHARDED",
        "barrier", "call_with_layout", "check_layout", "client_id", "copy_to_mesh",
        "create_distributed_mesh", "create_mesh", "create_tpu_mesh", "default_mesh", "device_name",
        "enable_save_as_bf16", "fetch_layout", "full_job_name", "get_default_mesh",
        "heartbeat_enabled", "initialize_accelerator_system", "initialize_multi_client",
        "initialize_tpu_system", "is_dtensor", "job_name", "jobs", "local_devices",
        "name_based_restore", "name_based_save", "num_clients", "num_global_devices",
        "num_local_devices", "pack", "preferred_device_type", "relayout", "relayout_like",
        "run_on", "sharded_save", "shutdown_accelerator_system", "shutdown_tpu_system", "unpack",
    ),
    "tf.experimental.extension_type": (
        "as_dict",
    ),
    "tf.experimental.numpy": (
        "abs", "absolute", "add", "all", "allclose", "amax", "amin", "angle", "any", "append",
        "arange", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
        "argmax", "argmin", "argsort", "around", "array", "array_equal", "asanyarray", "asarray",
        "ascontiguousarray", "atleast_1d", "atleast_2d", "atleast_3d", "average", "bitwise_and",
        "bitwise_not", "bitwise_or", "bitwise_xor", "bool_", "broadcast_arrays", "broadcast_to",
        "cbrt", "ceil", "clip", "complex128", "complex64", "complex_", "compress", "concatenate",
        "conj", "conjugate", "copy", "cos", "cosh", "count_nonzero", "cross", "cumprod", "cumsum",
        "deg2rad", "diag", "diag_indices", "diagflat", "diagonal", "diff", "divide", "divmod",
        "dot", "dsplit", "dstack", "e", "einsum", "empty", "empty_like", "equal", "exp", "exp2",
        "expand_dims", "experimental_enable_numpy_behavior", "expm1", "eye", "fabs", "finfo",
        "fix", "flatten", "flip", "fliplr", "flipud", "float16", "float32", "float64", "float_",
        "float_power", "floor", "floor_divide", "full", "full_like", "gcd", "geomspace", "greater",
        "greater_equal", "heaviside", "hsplit", "hstack", "hypot", "identity", "iinfo", "imag",
        "inexact", "inf", "inner", "int16", "int32", "int64", "int8", "int_", "isclose",
        "iscomplex", "iscomplexobj", "isfinite", "isinf", "isnan", "isneginf", "isposinf",
        "isreal", "isrealobj", "isscalar", "issubdtype", "ix_", "kron", "lcm", "less",
        "less_equal", "linspace", "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2",
        "logical_and", "logical_not", "logical_or", "logical_xor", "logspace", "matmul", "max",
        "maximum", "mean", "meshgrid", "min", "minimum", "mod", "moveaxis", "multiply", "nanmean",
        "nanprod", "nansum", "ndarray", "ndim", "negative", "newaxis", "nextafter", "nonzero",
        "not_equal", "object_", "ones", "ones_like", "outer", "pad", "pi", "polyval", "positive",
        "power", "prod", "promote_types", "ptp", "rad2deg", "ravel", "real", "reciprocal",
        "remainder", "repeat", "reshape", "result_type", "roll", "rot90", "round", "select",
        "shape", "sign", "signbit", "sin", "sinc", "sinh", "size", "sort", "split", "sqrt",
        "square", "squeeze", "stack", "std", "string_", "subtract", "sum", "swapaxes", "take",
        "take_along_axis", "tan", "tanh", "tensordot", "tile", "trace", "transpose", "tri", "tril",
        "triu", "true_divide", "uint16", "uint32", "uint64", "uint8", "unicode_", "vander", "var",
        "vdot", "vsplit", "vstack", "where", "zeros", "zeros_like",
    ),
    "tf.experimental.numpy.random": (
        "poisson", "rand", "randint", "randn", "random", "seed", "standard_normal", "uniform",
    ),
    "tf.experimental.tensorrt": (
        "ConversionParams", "Converter",
    ),
    "tf.feature_column": (
        "bucketized_column", "categorical_column_with_hash_bucket",
        "categorical_column_with_identity", "categorical_column_with_vocabulary_file",
        "categorical_column_with_vocabulary_list", "crossed_column", "embedding_column",
        "indicator_column", "make_parse_example_spec", "numeric_column",
        "sequence_categorical_column_with_hash_bucket",
        "sequence_categorical_column_with_identity",
        "sequence_categorical_column_with_vocabulary_file",
        "sequence_categorical_column_with_vocabulary_list", "sequence_numeric_column",
        "shared_embeddings", "weighted_categorical_column",
    ),
    "tf.graph_util": (
        "import_graph_def",
    ),
    "tf.image": (
        "ResizeMethod", "adjust_brightness", "adjust_contrast", "adjust_gamma", "adjust_hue",
        "adjust_jpeg_quality", "adjust_saturation", "central_crop", "combined_non_max_suppression",
        "convert_image_dtype", "crop_and_resize", "crop_to_bounding_box", "decode_and_crop_jpeg",
        "decode_bmp", "decode_gif", "decode_image", "decode_jpeg", "decode_jxl", "decode_png",
        "decode_webp", "draw_bounding_boxes", "encode_jpeg", "encode_png", "extract_glimpse",
        "extract_jpeg_shape", "extract_patches", "flip_left_right", "flip_up_down",
        "generate_bounding_box_proposals", "grayscale_to_rgb", "hsv_to_rgb", "image_gradients",
        "is_jpeg", "non_max_suppression", "non_max_suppression_overlaps",
        "non_max_suppression_padded", "non_max_suppression_with_scores", "pad_to_bounding_box",
        "per_image_standardization", "psnr", "random_brightness", "random_contrast", "random_crop",
        "random_flip_left_right", "random_flip_up_down", "random_hue", "random_jpeg_quality",
        "random_saturation", "resize", "resize_with_crop_or_pad", "resize_with_pad",
        "rgb_to_grayscale", "rgb_to_hsv", "rgb_to_yiq", "rgb_to_yuv", "rot90",
        "sample_distorted_bounding_box", "sobel_edges", "ssim", "ssim_multiscale",
        "stateless_random_brightness", "stateless_random_contrast", "stateless_random_crop",
        "stateless_random_flip_left_right", "stateless_random_flip_up_down",
        "stateless_random_hue", "stateless_random_jpeg_quality", "stateless_random_saturation",
        "stateless_sample_distorted_bounding_box", "total_variation", "transpose", "yiq_to_rgb",
        "yuv_to_rgb",
    ),
    "tf.initializers": (
        "Constant", "GlorotNormal", "GlorotUniform", "HeNormal", "HeUniform", "Identity",
        "IdentityInitializer", "Initializer", "LecunNormal", "LecunUniform", "Ones", "Orthogonal",
        "OrthogonalInitializer", "RandomNormal", "RandomUniform", "STFT", "STFTInitializer",
        "TruncatedNormal", "VarianceScaling", "Zeros", "constant", "deserialize", "get",
        "glorot_normal", "glorot_uniform", "he_normal", "he_uniform", "identity", "lecun_normal",
        "lecun_uniform", "ones", "orthogonal", "random_normal", "random_uniform", "serialize",
        "stft", "truncated_normal", "variance_scaling", "zeros",
    ),
    "tf.io": (
        "FixedLenFeature", "FixedLenSequenceFeature", "RaggedFeature", "SparseFeature",
        "TFRecordOptions", "TFRecordWriter", "VarLenFeature", "decode_and_crop_jpeg",
        "decode_base64", "decode_bmp", "decode_compressed", "decode_csv", "decode_gif",
        "decode_image", "decode_jpeg", "decode_json_example", "decode_jxl", "decode_png",
        "decode_proto", "decode_raw", "decode_webp", "deserialize_many_sparse", "encode_base64",
        "encode_jpeg", "encode_png", "encode_proto", "extract_jpeg_shape", "is_jpeg",
        "match_filenames_once", "matching_files", "parse_example", "parse_sequence_example",
        "parse_single_example", "parse_single_sequence_example", "parse_tensor", "read_file",
        "serialize_many_sparse", "serialize_sparse", "serialize_tensor", "write_file",
        "write_graph",
    ),
    "tf.io.gfile": (
        "GFile", "copy", "exists", "get_registered_schemes", "glob", "isdir", "join", "listdir",
        "makedirs", "mkdir", "remove", "rename", "rmtree", "stat", "walk",
    ),
    "tf.keras": (
        "DTypePolicy", "FloatDTypePolicy", "Function", "Initializer", "Input", "InputSpec",
        "KerasTensor", "Layer", "Loss", "Metric", "Model", "Operation", "Optimizer", "Quantizer",
        "Regularizer", "RematScope", "Sequential", "StatelessScope", "SymbolicScope", "Variable",
        "device", "name_scope", "remat", "version",
    ),
    "tf.keras.activations": (
        "celu", "deserialize", "elu", "exponential", "gelu", "get", "glu", "hard_shrink",
        "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "leaky_relu", "linear",
        "log_sigmoid", "log_softmax", "mish", "relu", "relu6", "selu", "serialize", "sigmoid",
        "silu", "soft_shrink", "softmax", "softplus", "softsign", "sparse_plus", "sparse_sigmoid",
        "sparsemax", "squareplus", "swish", "tanh", "tanh_shrink", "threshold",
    ),
    "tf.keras.applications": (
        "ConvNeXtBase", "ConvNeXtLarge", "ConvNeXtSmall", "ConvNeXtTiny", "ConvNeXtXLarge",
        "DenseNet121", "DenseNet169", "DenseNet201", "EfficientNetB0", "EfficientNetB1",
        "EfficientNetB2", "EfficientNetB3", "EfficientNetB4", "EfficientNetB5", "EfficientNetB6",
        "EfficientNetB7", "EfficientNetV2B0", "EfficientNetV2B1", "EfficientNetV2B2",
        "EfficientNetV2B3", "EfficientNetV2L", "EfficientNetV2M", "EfficientNetV2S",
        "InceptionResNetV2", "InceptionV3", "MobileNet", "MobileNetV2", "MobileNetV3Large",
        "MobileNetV3Small", "NASNetLarge", "NASNetMobile", "ResNet101", "ResNet101V2", "ResNet152",
        "ResNet152V2", "ResNet50", "ResNet50V2", "VGG16", "VGG19", "Xception",
    ),
    "tf.keras.applications.convnext": (
        "ConvNeXtBase", "ConvNeXtLarge", "ConvNeXtSmall", "ConvNeXtTiny", "ConvNeXtXLarge",
        "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.densenet": (
        "DenseNet121", "DenseNet169", "DenseNet201", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.efficientnet": (
        "EfficientNetB0", "EfficientNetB1", "EfficientNetB2", "EfficientNetB3", "EfficientNetB4",
        "EfficientNetB5", "EfficientNetB6", "EfficientNetB7", "decode_predictions",
        "preprocess_input",
    ),
    "tf.keras.applications.efficientnet_v2": (
        "EfficientNetV2B0", "EfficientNetV2B1", "EfficientNetV2B2", "EfficientNetV2B3",
        "EfficientNetV2L", "EfficientNetV2M", "EfficientNetV2S", "decode_predictions",
        "preprocess_input",
    ),
    "tf.keras.applications.imagenet_utils": (
        "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.inception_resnet_v2": (
        "InceptionResNetV2", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.inception_v3": (
        "InceptionV3", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.mobilenet": (
        "MobileNet", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.mobilenet_v2": (
        "MobileNetV2", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.mobilenet_v3": (
        "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.nasnet": (
        "NASNetLarge", "NASNetMobile", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.resnet": (
        "ResNet101", "ResNet152", "ResNet50", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.resnet50": (
        "ResNet50", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.resnet_v2": (
        "ResNet101V2", "ResNet152V2", "ResNet50V2", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.vgg16": (
        "VGG16", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.vgg19": (
        "VGG19", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.applications.xception": (
        "Xception", "decode_predictions", "preprocess_input",
    ),
    "tf.keras.backend": (
        "abs", "all", "any", "arange", "argmax", "argmin", "backend", "batch_dot", "batch_flatten",
        "batch_get_value", "batch_normalization", "batch_set_value", "bias_add",
        "binary_crossentropy", "binary_focal_crossentropy", "cast", "cast_to_floatx",
        "categorical_crossentropy", "categorical_focal_crossentropy", "clear_session", "clip",
        "concatenate", "constant", "conv1d", "conv2d", "conv2d_transpose", "conv3d", "cos",
        "count_params", "ctc_batch_cost", "ctc_decode", "ctc_label_dense_to_sparse", "cumprod",
        "cumsum", "depthwise_conv2d", "dot", "dropout", "dtype", "elu", "epsilon", "equal", "eval",
        "exp", "expand_dims", "eye", "flatten", "floatx", "foldl", "foldr", "gather", "get_uid",
        "get_value", "gradients", "greater", "greater_equal", "hard_sigmoid", "image_data_format",
        "in_top_k", "int_shape", "is_float_dtype", "is_int_dtype", "is_keras_tensor", "is_sparse",
        "l2_normalize", "less", "less_equal", "log", "map_fn", "max", "maximum", "mean", "min",
        "minimum", "moving_average_update", "name_scope", "ndim", "not_equal", "one_hot", "ones",
        "ones_like", "permute_dimensions", "pool2d", "pool3d", "pow", "prod", "random_bernoulli",
        "random_normal", "random_normal_variable", "random_uniform", "random_uniform_variable",
        "relu", "repeat", "repeat_elements", "reshape", "resize_images", "resize_volumes",
        "result_type", "reverse", "rnn", "round", "separable_conv2d", "set_epsilon", "set_floatx",
        "set_image_data_format", "set_value", "shape", "sigmoid", "sign", "sin", "softmax",
        "softplus", "softsign", "sparse_categorical_crossentropy", "spatial_2d_padding",
        "spatial_3d_padding", "sqrt", "square", "squeeze", "stack", "standardize_dtype", "std",
        "stop_gradient", "sum", "switch", "tanh", "temporal_padding", "tile", "to_dense",
        "transpose", "truncated_normal", "update", "update_add", "update_sub", "var", "variable",
        "zeros", "zeros_like",
    ),
    "tf.keras.callbacks": (
        "BackupAndRestore", "CSVLogger", "Callback", "CallbackList", "EarlyStopping", "History",
        "LambdaCallback", "LearningRateScheduler", "ModelCheckpoint", "OrbaxCheckpoint",
        "ProgbarLogger", "ReduceLROnPlateau", "RemoteMonitor", "SwapEMAWeights", "TensorBoard",
        "TerminateOnNaN",
    ),
    "tf.keras.config": (
        "backend", "disable_flash_attention", "disable_interactive_logging",
        "disable_traceback_filtering", "dtype_policy", "enable_flash_attention",
        "enable_interactive_logging", "enable_traceback_filtering",
        "enable_unsafe_deserialization", "epsilon", "floatx", "image_data_format",
        "is_flash_attention_enabled", "is_interactive_logging_enabled", "is_nnx_enabled",
        "is_traceback_filtering_enabled", "max_epochs", "max_steps_per_epoch", "set_backend",
        "set_dtype_policy", "set_epsilon", "set_floatx", "set_image_data_format", "set_max_epochs",
        "set_max_steps_per_epoch",
    ),
    "tf.keras.constraints": (
        "Constraint", "MaxNorm", "MinMaxNorm", "NonNeg", "UnitNorm", "deserialize", "get",
        "max_norm", "min_max_norm", "non_neg", "serialize", "unit_norm",
    ),
    "tf.keras.datasets": (
    ),
    "tf.keras.datasets.boston_housing": (
        "load_data",
    ),
    "tf.keras.datasets.california_housing": (
        "load_data",
    ),
    "tf.keras.datasets.cifar10": (
        "load_data",
    ),
    "tf.keras.datasets.cifar100": (
        "load_data",
    ),
    "tf.keras.datasets.fashion_mnist": (
        "load_data",
    ),
    "tf.keras.datasets.imdb": (
        "get_word_index", "load_data",
    ),
    "tf.keras.datasets.mnist": (
        "load_data",
    ),
    "tf.keras.datasets.reuters": (
        "get_label_names", "get_word_index", "load_data",
    ),
    "tf.keras.distillation": (
        "DistillationLoss", "Distiller", "FeatureDistillation", "LogitsDistillation",
    ),
    "tf.keras.distribution": (
        "DataParallel", "DeviceMesh", "LayoutMap", "ModelParallel", "TensorLayout",
        "distribute_tensor", "distribution", "get_device_count", "initialize", "list_devices",
        "set_distribution",
    ),
    "tf.keras.dtype_policies": (
        "AWQDTypePolicy", "DTypePolicy", "DTypePolicyMap", "FloatDTypePolicy", "GPTQDTypePolicy",
        "Int4DTypePolicy", "QuantizedDTypePolicy", "QuantizedFloat8DTypePolicy", "deserialize",
        "get", "serialize",
    ),
    "tf.keras.export": (
        "ExportArchive",
    ),
    "tf.keras.initializers": (
        "Constant", "GlorotNormal", "GlorotUniform", "HeNormal", "HeUniform", "Identity",
        "IdentityInitializer", "Initializer", "LecunNormal", "LecunUniform", "Ones", "Orthogonal",
        "OrthogonalInitializer", "RandomNormal", "RandomUniform", "STFT", "STFTInitializer",
        "TruncatedNormal", "VarianceScaling", "Zeros", "constant", "deserialize", "get",
        "glorot_normal", "glorot_uniform", "he_normal", "he_uniform", "identity", "lecun_normal",
        "lecun_uniform", "ones", "orthogonal", "random_normal", "random_uniform", "serialize",
        "stft", "truncated_normal", "variance_scaling", "zeros",
    ),
    "tf.keras.layers": (
        "Activation", "ActivityRegularization", "AdaptiveAveragePooling1D",
        "AdaptiveAveragePooling2D", "AdaptiveAveragePooling3D", "AdaptiveMaxPooling1D",
        "AdaptiveMaxPooling2D", "AdaptiveMaxPooling3D", "Add", "AdditiveAttention", "AlphaDropout",
        "Attention", "AugMix", "AutoContrast", "Average", "AveragePooling1D", "AveragePooling2D",
        "AveragePooling3D", "AvgPool1D", "AvgPool2D", "AvgPool3D", "BatchNormalization",
        "Bidirectional", "CategoryEncoding", "CenterCrop", "Concatenate",
        "ContrastLimitedAdaptiveHistogramEqualization", "Conv1D", "Conv1DTranspose", "Conv2D",
        "Conv2DTranspose", "Conv3D", "Conv3DTranspose", "ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D",
        "Convolution1D", "Convolution1DTranspose", "Convolution2D", "Convolution2DTranspose",
        "Convolution3D", "Convolution3DTranspose", "Cropping1D", "Cropping2D", "Cropping3D",
        "CutMix", "Dense", "DepthwiseConv1D", "DepthwiseConv2D", "Discretization", "Dot",
        "Dropout", "ELU", "EinsumDense", "Embedding", "Equalization", "Flatten", "FlaxLayer",
        "GRU", "GRUCell", "GaussianDropout", "GaussianNoise", "GlobalAveragePooling1D",
        "GlobalAveragePooling2D", "GlobalAveragePooling3D", "GlobalAvgPool1D", "GlobalAvgPool2D",
        "GlobalAvgPool3D", "GlobalMaxPool1D", "GlobalMaxPool2D", "GlobalMaxPool3D",
        "GlobalMaxPooling1D", "GlobalMaxPooling2D", "GlobalMaxPooling3D", "GroupNormalization",
        "GroupQueryAttention", "HashedCrossing", "Hashing", "Identity", "Input", "InputLayer",
        "InputSpec", "IntegerLookup", "JaxLayer", "LSTM", "LSTMCell", "Lambda", "Layer",
        "LayerNormalization", "LeakyReLU", "Masking", "MaxNumBoundingBoxes", "MaxPool1D",
        "MaxPool2D", "MaxPool3D", "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "Maximum",
        "MelSpectrogram", "Minimum", "MixUp", "MultiHeadAttention", "Multiply", "Normalization",
        "PReLU", "Permute", "Pipeline", "RMSNormalization", "RNN", "RandAugment",
        "RandomBrightness", "RandomColorDegeneration", "RandomColorJitter", "RandomContrast",
        "RandomCrop", "RandomElasticTransform", "RandomErasing", "RandomFlip",
        "RandomGaussianBlur", "RandomGrayscale", "RandomHeight", "RandomHue", "RandomInvert",
        "RandomPerspective", "RandomPosterization", "RandomRotation", "RandomSaturation",
        "RandomSharpness", "RandomShear", "RandomTranslation", "RandomWidth", "RandomZoom", "ReLU",
        "RepeatVector", "Rescaling", "Reshape", "Resizing", "ReversibleEmbedding",
        "STFTSpectrogram", "SeparableConv1D", "SeparableConv2D", "SeparableConvolution1D",
        "SeparableConvolution2D", "SimpleRNN", "SimpleRNNCell", "Softmax", "Solarization",
        "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D", "SpectralNormalization",
        "StackedRNNCells", "StringLookup", "Subtract", "TFSMLayer", "TextVectorization",
        "ThresholdedReLU", "TimeDistributed", "TorchModuleWrapper", "UnitNormalization",
        "UpSampling1D", "UpSampling2D", "UpSampling3D", "Wrapper", "ZeroPadding1D",
        "ZeroPadding2D", "ZeroPadding3D", "add", "average", "concatenate", "deserialize", "dot",
        "maximum", "minimum", "multiply", "serialize", "subtract",
    ),
    "tf.keras.legacy": (
    ),
    "tf.keras.legacy.saving": (
        "deserialize_keras_object", "serialize_keras_object",
    ),
    "tf.keras.losses": (
        "BinaryCrossentropy", "BinaryFocalCrossentropy", "CTC", "CategoricalCrossentropy",
        "CategoricalFocalCrossentropy", "CategoricalGeneralizedCrossEntropy", "CategoricalHinge",
        "Circle", "CosineSimilarity", "Dice", "Hinge", "Huber", "KLD", "KLDivergence", "LogCosh",
        "Loss", "MAE", "MAPE", "MSE", "MSLE", "MeanAbsoluteError", "MeanAbsolutePercentageError",
        "MeanSquaredError", "MeanSquaredLogarithmicError", "Poisson", "Reduction",
        "SparseCategoricalCrossentropy", "SquaredHinge", "Tversky", "binary_crossentropy",
        "binary_focal_crossentropy", "categorical_crossentropy", "categorical_focal_crossentropy",
        "categorical_generalized_cross_entropy", "categorical_hinge", "circle",
        "cosine_similarity", "ctc", "deserialize", "dice", "get", "hinge", "huber", "kld",
        "kullback_leibler_divergence", "logcosh", "mae", "mape", "mse", "msle", "poisson",
        "serialize", "sparse_categorical_crossentropy", "squared_hinge", "tversky",
    ),
    "tf.keras.metrics": (
        "AUC", "Accuracy", "BinaryAccuracy", "BinaryCrossentropy", "BinaryIoU",
        "CategoricalAccuracy", "CategoricalCrossentropy", "CategoricalHinge",
        "ConcordanceCorrelation", "CosineSimilarity", "F1Score", "FBetaScore", "FalseNegatives",
        "FalsePositives", "Hinge", "IoU", "KLD", "KLDivergence", "LogCoshError", "MAE", "MAPE",
        "MSE", "MSLE", "Mean", "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanIoU",
        "MeanMetricWrapper", "MeanSquaredError", "MeanSquaredLogarithmicError", "Metric",
        "OneHotIoU", "OneHotMeanIoU", "PearsonCorrelation", "Poisson", "Precision",
        "PrecisionAtRecall", "R2Score", "Recall", "RecallAtPrecision", "RootMeanSquaredError",
        "SensitivityAtSpecificity", "SparseCategoricalAccuracy", "SparseCategoricalCrossentropy",
        "SparseTopKCategoricalAccuracy", "SpecificityAtSensitivity", "SquaredHinge", "Sum",
        "TopKCategoricalAccuracy", "TrueNegatives", "TruePositives", "binary_accuracy",
        "binary_crossentropy", "binary_focal_crossentropy", "categorical_accuracy",
        "categorical_crossentropy", "categorical_focal_crossentropy", "categorical_hinge",
        "concordance_correlation", "deserialize", "get", "hinge", "huber", "kld",
        "kullback_leibler_divergence", "logcosh", "mae", "mape", "mse", "msle",
        "pearson_correlation", "poisson", "serialize", "sparse_categorical_accuracy",
        "sparse_categorical_crossentropy", "sparse_top_k_categorical_accuracy", "squared_hinge",
        "top_k_categorical_accuracy",
    ),
    "tf.keras.mixed_precision": (
        "DTypePolicy", "LossScaleOptimizer", "Policy", "dtype_policy", "global_policy",
        "set_dtype_policy", "set_global_policy",
    ),
    "tf.keras.models": (
        "Model", "Sequential", "clone_model", "load_model", "model_from_json", "save_model",
    ),
    "tf.keras.ops": (
        "abs", "absolute", "adaptive_average_pool", "adaptive_max_pool", "add", "all", "allclose",
        "amax", "amin", "angle", "any", "append", "arange", "arccos", "arccosh", "arcsin",
        "arcsinh", "arctan", "arctan2", "arctanh", "argmax", "argmin", "argpartition", "argsort",
        "array", "array_split", "associative_scan", "average", "average_pool", "bartlett",
        "batch_normalization", "binary_crossentropy", "bincount", "bitwise_and", "bitwise_invert",
        "bitwise_left_shift", "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
        "blackman", "broadcast_to", "cast", "categorical_crossentropy", "cbrt", "cdist", "ceil",
        "celu", "cholesky", "cholesky_inverse", "clip", "concatenate", "cond", "conj", "conjugate",
        "conv", "conv_transpose", "convert_to_numpy", "convert_to_tensor", "copy", "corrcoef",
        "correlate", "cos", "cosh", "count_nonzero", "cross", "ctc_decode", "ctc_loss", "cumprod",
        "cumsum", "custom_gradient", "deg2rad", "depth_to_space", "depthwise_conv", "det", "diag",
        "diagflat", "diagonal", "diff", "digitize", "divide", "divide_no_nan", "dot",
        "dot_product_attention", "dsplit", "dstack", "dtype", "eig", "eigh", "einsum", "elu",
        "empty", "empty_like", "equal", "erf", "erfc", "erfinv", "exp", "exp2", "expand_dims",
        "expm1", "extract_sequences", "eye", "fabs", "fft", "fft2", "flip", "fliplr", "flipud",
        "floor", "floor_divide", "fmax", "fmin", "fmod", "fold", "fori_loop", "full", "full_like",
        "gcd", "gelu", "geomspace", "get_item", "glu", "greater", "greater_equal", "hamming",
        "hanning", "hard_shrink", "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh",
        "heaviside", "histogram", "hsplit", "hstack", "hypot", "i0", "identity", "ifft2", "imag",
        "in_top_k", "inner", "inv", "irfft", "is_tensor", "isclose", "isfinite", "isin", "isinf",
        "isnan", "isneginf", "isposinf", "isreal", "istft", "jvp", "kaiser", "kron",
        "layer_normalization", "lcm", "ldexp", "leaky_relu", "left_shift", "less", "less_equal",
        "linspace", "log", "log10", "log1p", "log2", "log_sigmoid", "log_softmax", "logaddexp",
        "logaddexp2", "logdet", "logical_and", "logical_not", "logical_or", "logical_xor",
        "logspace", "logsumexp", "lstsq", "lu_factor", "map", "matmul", "matrix_rank", "max",
        "max_pool", "maximum", "mean", "median", "meshgrid", "min", "minimum", "mod", "moments",
        "moveaxis", "multi_hot", "multiply", "nan_to_num", "nanargmax", "nanargmin", "nancumprod",
        "nancumsum", "nanmax", "nanmean", "nanmedian", "nanmin", "nanpercentile", "nanprod",
        "nanquantile", "nanstd", "nansum", "nanvar", "ndim", "negative", "nextafter", "nonzero",
        "norm", "normalize", "not_equal", "one_hot", "ones", "ones_like", "outer", "pad",
        "percentile", "pinv", "polar", "power", "prod", "psnr", "ptp", "qr", "quantile", "rad2deg",
        "ravel", "real", "rearrange", "reciprocal", "relu", "relu6", "repeat", "reshape", "rfft",
        "right_shift", "rms_normalization", "roll", "rot90", "round", "rsqrt", "saturate_cast",
        "scan", "scatter", "scatter_update", "searchsorted", "segment_max", "segment_min",
        "segment_prod", "segment_sum", "select", "selu", "separable_conv", "shape", "sigmoid",
        "sign", "signbit", "silu", "sin", "sinc", "sinh", "size", "slice", "slice_update",
        "slogdet", "soft_shrink", "softmax", "softplus", "softsign", "solve", "solve_triangular",
        "sort", "space_to_depth", "sparse_categorical_crossentropy", "sparse_plus",
        "sparse_sigmoid", "sparsemax", "split", "sqrt", "square", "squareplus", "squeeze", "stack",
        "std", "stft", "stop_gradient", "subtract", "sum", "svd", "swapaxes", "swish", "switch",
        "take", "take_along_axis", "tan", "tanh", "tanh_shrink", "tensordot", "threshold", "tile",
        "top_k", "trace", "transpose", "trapezoid", "tri", "tril", "triu", "true_divide", "trunc",
        "unfold", "unique", "unravel_index", "unstack", "vander", "var", "vdot", "vectorize",
        "vectorized_map", "view", "view_as_complex", "view_as_real", "vsplit", "vstack", "where",
        "while_loop", "zeros", "zeros_like",
    ),
    "tf.keras.ops.image": (
        "affine_transform", "crop_images", "elastic_transform", "extract_patches",
        "extract_patches_3d", "gaussian_blur", "hsv_to_rgb", "map_coordinates", "pad_images",
        "perspective_transform", "resize", "rgb_to_grayscale", "rgb_to_hsv", "scale_and_translate",
        "sobel_edges", "ssim",
    ),
    "tf.keras.ops.linalg": (
        "cholesky", "cholesky_inverse", "det", "eig", "eigh", "inv", "jvp", "lstsq", "lu_factor",
        "matrix_rank", "norm", "pinv", "qr", "solve", "solve_triangular", "svd",
    ),
    "tf.keras.ops.nn": (
        "adaptive_average_pool", "adaptive_max_pool", "average_pool", "batch_normalization",
        "binary_crossentropy", "categorical_crossentropy", "celu", "conv", "conv_transpose",
        "ctc_decode", "ctc_loss", "depth_to_space", "depthwise_conv", "dot_product_attention",
        "elu", "fold", "gelu", "glu", "hard_shrink", "hard_sigmoid", "hard_silu", "hard_swish",
        "hard_tanh", "layer_normalization", "leaky_relu", "log_sigmoid", "log_softmax", "max_pool",
        "moments", "multi_hot", "normalize", "one_hot", "polar", "psnr", "relu", "relu6",
        "rms_normalization", "selu", "separable_conv", "sigmoid", "silu", "soft_shrink", "softmax",
        "softplus", "softsign", "space_to_depth", "sparse_categorical_crossentropy", "sparse_plus",
        "sparse_sigmoid", "sparsemax", "squareplus", "swish", "tanh_shrink", "threshold", "unfold",
    ),
    "tf.keras.ops.numpy": (
        "abs", "absolute", "add", "all", "allclose", "amax", "amin", "angle", "any", "append",
        "arange", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
        "argmax", "argmin", "argpartition", "argsort", "array", "array_split", "average",
        "bartlett", "bincount", "bitwise_and", "bitwise_invert", "bitwise_left_shift",
        "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor", "blackman",
        "broadcast_to", "cbrt", "ceil", "clip", "concatenate", "conj", "conjugate", "copy",
        "corrcoef", "correlate", "cos", "cosh", "count_nonzero", "cross", "cumprod", "cumsum",
        "deg2rad", "diag", "diagflat", "diagonal", "diff", "digitize", "divide", "divide_no_nan",
        "dot", "dsplit", "dstack", "einsum", "empty", "empty_like", "equal", "exp", "exp2",
        "expand_dims", "expm1", "eye", "fabs", "flip", "fliplr", "flipud", "floor", "floor_divide",
        "fmax", "fmin", "fmod", "full", "full_like", "gcd", "geomspace", "get_item", "greater",
        "greater_equal", "hamming", "hanning", "heaviside", "histogram", "hsplit", "hstack",
        "hypot", "i0", "identity", "imag", "inner", "isclose", "isfinite", "isin", "isinf",
        "isnan", "isneginf", "isposinf", "isreal", "kaiser", "kron", "lcm", "ldexp", "left_shift",
        "less", "less_equal", "linspace", "log", "log10", "log1p", "log2", "logaddexp",
        "logaddexp2", "logical_and", "logical_not", "logical_or", "logical_xor", "logspace",
        "matmul", "max", "maximum", "mean", "median", "meshgrid", "min", "minimum", "mod",
        "moveaxis", "multiply", "nan_to_num", "nanargmax", "nanargmin", "nancumprod", "nancumsum",
        "nanmax", "nanmean", "nanmedian", "nanmin", "nanpercentile", "nanprod", "nanquantile",
        "nanstd", "nansum", "nanvar", "ndim", "negative", "nextafter", "nonzero", "not_equal",
        "ones", "ones_like", "outer", "pad", "percentile", "power", "prod", "ptp", "quantile",
        "rad2deg", "ravel", "real", "reciprocal", "repeat", "reshape", "right_shift", "roll",
        "rot90", "round", "searchsorted", "select", "sign", "signbit", "sin", "sinc", "sinh",
        "size", "slogdet", "sort", "split", "sqrt", "square", "squeeze", "stack", "std",
        "subtract", "sum", "swapaxes", "take", "take_along_axis", "tan", "tanh", "tensordot",
        "tile", "trace", "transpose", "trapezoid", "tri", "tril", "triu", "true_divide", "trunc",
        "unique", "unravel_index", "vander", "var", "vdot", "vectorize", "view", "vsplit",
        "vstack", "where", "zeros", "zeros_like",
    ),
    "tf.keras.optimizers": (
        "Adadelta", "Adafactor", "Adagrad", "Adam", "AdamW", "Adamax", "Ftrl", "Lamb", "Lion",
        "LossScaleOptimizer", "MultiOptimizer", "Muon", "Nadam", "Optimizer", "OptimizerMap",
        "RMSprop", "SGD", "ScheduleFreeAdamW", "deserialize", "get", "serialize",
    ),
    "tf.keras.optimizers.legacy": (
        "Adagrad", "Adam", "Ftrl", "Optimizer", "RMSprop", "SGD",
    ),
    "tf.keras.optimizers.schedules": (
        "CosineDecay", "CosineDecayRestarts", "ExponentialDecay", "InverseTimeDecay",
        "LearningRateSchedule", "PiecewiseConstantDecay", "PolynomialDecay", "deserialize",
        "serialize",
    ),
    "tf.keras.preprocessing": (
        "image_dataset_from_directory", "text_dataset_from_directory",
        "timeseries_dataset_from_array",
    ),
    "tf.keras.preprocessing.image": (
        "DirectoryIterator", "ImageDataGenerator", "Iterator", "NumpyArrayIterator",
        "apply_affine_transform", "apply_brightness_shift", "apply_channel_shift", "array_to_img",
        "img_to_array", "load_img", "random_brightness", "random_channel_shift", "random_rotation",
        "random_shear", "random_shift", "random_zoom", "save_img", "smart_resize",
    ),
    "tf.keras.preprocessing.sequence": (
        "TimeseriesGenerator", "make_sampling_table", "pad_sequences", "skipgrams",
    ),
    "tf.keras.preprocessing.text": (
        "Tokenizer", "hashing_trick", "one_hot", "text_to_word_sequence", "tokenizer_from_json",
    ),
    "tf.keras.quantizers": (
        "AWQConfig", "AbsMaxQuantizer", "Float8QuantizationConfig", "GPTQConfig",
        "Int4QuantizationConfig", "Int8QuantizationConfig", "QuantizationConfig", "Quantizer",
        "abs_max_quantize", "abs_max_quantize_grouped_with_zero_point",
        "compute_float8_amax_history", "compute_float8_scale", "deserialize",
        "fake_quant_with_min_max_vars", "get", "pack_int4", "quantize_and_dequantize", "serialize",
        "unpack_int4",
    ),
    "tf.keras.random": (
        "SeedGenerator", "beta", "binomial", "categorical", "dropout", "gamma", "normal",
        "randint", "shuffle", "truncated_normal", "uniform",
    ),
    "tf.keras.regularizers": (
        "L1", "L1L2", "L2", "OrthogonalRegularizer", "Regularizer", "deserialize", "get", "l1",
        "l1_l2", "l2", "orthogonal_regularizer", "serialize",
    ),
    "tf.keras.tree": (
        "MAP_TO_NONE", "assert_same_paths", "assert_same_structure", "flatten",
        "flatten_with_path", "is_nested", "lists_to_tuples", "map_shape_structure",
        "map_structure", "map_structure_up_to", "pack_sequence_as", "traverse",
    ),
    "tf.keras.utils": (
        "Config", "CustomObjectScope", "FeatureSpace", "Progbar", "PyDataset", "Sequence",
        "array_to_img", "audio_dataset_from_directory", "clear_session", "custom_object_scope",
        "deserialize_keras_object", "disable_interactive_logging", "enable_interactive_logging",
        "get_custom_objects", "get_file", "get_registered_name", "get_registered_object",
        "get_source_inputs", "image_dataset_from_directory", "img_to_array",
        "is_interactive_logging_enabled", "is_keras_tensor", "load_img", "model_to_dot",
        "normalize", "pack_x_y_sample_weight", "pad_sequences", "plot_model",
        "register_keras_serializable", "save_img", "serialize_keras_object", "set_random_seed",
        "split_dataset", "standardize_dtype", "text_dataset_from_directory",
        "timeseries_dataset_from_array", "to_categorical", "unpack_x_y_sample_weight",
    ),
    "tf.keras.utils.bounding_boxes": (
        "affine_transform", "clip_to_image_size", "compute_ciou", "compute_iou", "convert_format",
        "crop", "decode_deltas_to_boxes", "encode_box_to_deltas", "pad",
    ),
    "tf.keras.utils.legacy": (
        "deserialize_keras_object", "serialize_keras_object",
    ),
    "tf.keras.visualization": (
        "draw_bounding_boxes", "draw_segmentation_masks", "plot_bounding_box_gallery",
        "plot_image_gallery", "plot_segmentation_mask_gallery",
    ),
    "tf.keras.wrappers": (
        "SKLearnClassifier", "SKLearnRegressor", "SKLearnTransformer",
    ),
    "tf.linalg": (
        "LinearOperator", "LinearOperatorAdjoint", "LinearOperatorBlockDiag",
        "LinearOperatorBlockLowerTriangular", "LinearOperatorCirculant",
        "LinearOperatorCirculant2D", "LinearOperatorCirculant3D", "LinearOperatorComposition",
        "LinearOperatorDiag", "LinearOperatorFullMatrix", "LinearOperatorHouseholder",
        "LinearOperatorIdentity", "LinearOperatorInversion", "LinearOperatorKronecker",
        "LinearOperatorLowRankUpdate", "LinearOperatorLowerTriangular",
        "LinearOperatorPermutation", "LinearOperatorScaledIdentity", "LinearOperatorToeplitz",
        "LinearOperatorTridiag", "LinearOperatorZeros", "adjoint", "band_part",
        "banded_triangular_solve", "cholesky", "cholesky_solve", "cross", "det", "diag",
        "diag_part", "eig", "eigh", "eigh_tridiagonal", "eigvals", "eigvalsh", "einsum", "expm",
        "eye", "global_norm", "inv", "l2_normalize", "logdet", "logm", "lstsq", "lu",
        "lu_matrix_inverse", "lu_reconstruct", "lu_solve", "matmul", "matrix_rank",
        "matrix_transpose", "matvec", "norm", "normalize", "pinv", "qr", "set_diag", "slogdet",
        "solve", "sqrtm", "svd", "tensor_diag", "tensor_diag_part", "tensordot", "trace",
        "triangular_solve", "tridiagonal_matmul", "tridiagonal_solve",
    ),
    "tf.linalg.experimental": (
        "conjugate_gradient",
    ),
    "tf.lite": (
        "Interpreter", "OpsSet", "Optimize", "RepresentativeDataset", "TFLiteConverter",
        "TargetSpec",
    ),
    "tf.lite.experimental": (
        "Analyzer", "OpResolverType", "QuantizationDebugOptions", "QuantizationDebugger",
        "load_delegate",
    ),
    "tf.lite.experimental.authoring": (
        "compatible",
    ),
    "tf.lookup": (
        "KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable", "TextFileIndex",
        "TextFileInitializer",
    ),
    "tf.lookup.experimental": (
        "DenseHashTable", "MutableHashTable",
    ),
    "tf.losses": (
        "BinaryCrossentropy", "BinaryFocalCrossentropy", "CTC", "CategoricalCrossentropy",
        "CategoricalFocalCrossentropy", "CategoricalGeneralizedCrossEntropy", "CategoricalHinge",
        "Circle", "CosineSimilarity", "Dice", "Hinge", "Huber", "KLD", "KLDivergence", "LogCosh",
        "Loss", "MAE", "MAPE", "MSE", "MSLE", "MeanAbsoluteError", "MeanAbsolutePercentageError",
        "MeanSquaredError", "MeanSquaredLogarithmicError", "Poisson", "Reduction",
        "SparseCategoricalCrossentropy", "SquaredHinge", "Tversky", "binary_crossentropy",
        "binary_focal_crossentropy", "categorical_crossentropy", "categorical_focal_crossentropy",
        "categorical_generalized_cross_entropy", "categorical_hinge", "circle",
        "cosine_similarity", "ctc", "deserialize", "dice", "get", "hinge", "huber", "kld",
        "kullback_leibler_divergence", "logcosh", "mae", "mape", "mse", "msle", "poisson",
        "serialize", "sparse_categorical_crossentropy", "squared_hinge", "tversky",
    ),
    "tf.math": (
        "abs", "accumulate_n", "acos", "acosh", "add", "add_n", "angle", "approx_max_k",
        "approx_min_k", "argmax", "argmin", "asin", "asinh", "atan", "atan2", "atanh", "bessel_i0",
        "bessel_i0e", "bessel_i1", "bessel_i1e", "betainc", "bincount", "ceil", "confusion_matrix",
        "conj", "cos", "cosh", "count_nonzero", "cumprod", "cumsum", "cumulative_logsumexp",
        "digamma", "divide", "divide_no_nan", "equal", "erf", "erfc", "erfcinv", "erfinv", "exp",
        "expm1", "floor", "floordiv", "floormod", "greater", "greater_equal", "igamma", "igammac",
        "imag", "in_top_k", "invert_permutation", "is_finite", "is_inf", "is_nan",
        "is_non_decreasing", "is_strictly_increasing", "l2_normalize", "lbeta", "less",
        "less_equal", "lgamma", "log", "log1p", "log_sigmoid", "log_softmax", "logical_and",
        "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "mod", "multiply",
        "multiply_no_nan", "ndtri", "negative", "nextafter", "not_equal", "polygamma", "polyval",
        "pow", "real", "reciprocal", "reciprocal_no_nan", "reduce_all", "reduce_any",
        "reduce_euclidean_norm", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min",
        "reduce_prod", "reduce_std", "reduce_sum", "reduce_variance", "rint", "round", "rsqrt",
        "scalar_mul", "segment_max", "segment_mean", "segment_min", "segment_prod", "segment_sum",
        "sigmoid", "sign", "sin", "sinh", "sobol_sample", "softmax", "softplus", "softsign",
        "sqrt", "square", "squared_difference", "subtract", "tan", "tanh", "top_k", "truediv",
        "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min",
        "unsorted_segment_prod", "unsorted_segment_sqrt_n", "unsorted_segment_sum", "xdivy",
        "xlog1py", "xlogy", "zero_fraction", "zeta",
    ),
    "tf.math.special": (
        "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1",
        "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1", "dawsn",
        "expint", "fresnel_cos", "fresnel_sin", "spence",
    ),
    "tf.metrics": (
        "AUC", "Accuracy", "BinaryAccuracy", "BinaryCrossentropy", "BinaryIoU",
        "CategoricalAccuracy", "CategoricalCrossentropy", "CategoricalHinge",
        "ConcordanceCorrelation", "CosineSimilarity", "F1Score", "FBetaScore", "FalseNegatives",
        "FalsePositives", "Hinge", "IoU", "KLD", "KLDivergence", "LogCoshError", "MAE", "MAPE",
        "MSE", "MSLE", "Mean", "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanIoU",
        "MeanMetricWrapper", "MeanSquaredError", "MeanSquaredLogarithmicError", "Metric",
        "OneHotIoU", "OneHotMeanIoU", "PearsonCorrelation", "Poisson", "Precision",
        "PrecisionAtRecall", "R2Score", "Recall", "RecallAtPrecision", "RootMeanSquaredError",
        "SensitivityAtSpecificity", "SparseCategoricalAccuracy", "SparseCategoricalCrossentropy",
        "SparseTopKCategoricalAccuracy", "SpecificityAtSensitivity", "SquaredHinge", "Sum",
        "TopKCategoricalAccuracy", "TrueNegatives", "TruePositives", "binary_accuracy",
        "binary_crossentropy", "binary_focal_crossentropy", "categorical_accuracy",
        "categorical_crossentropy", "categorical_focal_crossentropy", "categorical_hinge",
        "concordance_correlation", "deserialize", "get", "hinge", "huber", "kld",
        "kullback_leibler_divergence", "logcosh", "mae", "mape", "mse", "msle",
        "pearson_correlation", "poisson", "serialize", "sparse_categorical_accuracy",
        "sparse_categorical_crossentropy", "sparse_top_k_categorical_accuracy", "squared_hinge",
        "top_k_categorical_accuracy",
    ),
    "tf.mlir": (
    ),
    "tf.mlir.experimental": (
        "convert_function", "convert_graph_def", "convert_saved_model", "convert_saved_model_v1",
        "run_pass_pipeline", "tflite_to_tosa_bytecode", "write_bytecode",
    ),
    "tf.nest": (
        "assert_same_structure", "flatten", "is_nested", "map_structure", "pack_sequence_as",
    ),
    "tf.nn": (
        "RNNCellDeviceWrapper", "RNNCellDropoutWrapper", "RNNCellResidualWrapper",
        "all_candidate_sampler", "approx_max_k", "approx_min_k", "atrous_conv2d",
        "atrous_conv2d_transpose", "avg_pool", "avg_pool1d", "avg_pool2d", "avg_pool3d",
        "batch_norm_with_global_normalization", "batch_normalization", "bias_add",
        "collapse_repeated", "compute_accidental_hits", "compute_average_loss", "conv1d",
        "conv1d_transpose", "conv2d", "conv2d_transpose", "conv3d", "conv3d_transpose",
        "conv_transpose", "convolution", "crelu", "ctc_beam_search_decoder", "ctc_greedy_decoder",
        "ctc_loss", "ctc_unique_labels", "depth_to_space", "depthwise_conv2d",
        "depthwise_conv2d_backprop_filter", "depthwise_conv2d_backprop_input", "dilation2d",
        "dropout", "elu", "embedding_lookup", "embedding_lookup_sparse", "erosion2d",
        "fixed_unigram_candidate_sampler", "fractional_avg_pool", "fractional_max_pool", "gelu",
        "in_top_k", "isotonic_regression", "l2_loss", "l2_normalize", "leaky_relu",
        "learned_unigram_candidate_sampler", "local_response_normalization", "log_poisson_loss",
        "log_softmax", "lrn", "max_pool", "max_pool1d", "max_pool2d", "max_pool3d",
        "max_pool_with_argmax", "moments", "nce_loss", "normalize_moments", "pool", "relu",
        "relu6", "safe_embedding_lookup_sparse", "sampled_softmax_loss",
        "scale_regularization_loss", "selu", "separable_conv2d", "sigmoid",
        "sigmoid_cross_entropy_with_logits", "silu", "softmax",
        "softmax_cross_entropy_with_logits", "softplus", "softsign", "space_to_batch",
        "space_to_depth", "sparse_softmax_cross_entropy_with_logits", "sufficient_statistics",
        "swish", "tanh", "top_k", "weighted_cross_entropy_with_logits", "weighted_moments",
        "with_space_to_batch", "zero_fraction",
    ),
    "tf.nn.experimental": (
        "general_dropout", "stateless_dropout",
    ),
    "tf.optimizers": (
        "Adadelta", "Adafactor", "Adagrad", "Adam", "AdamW", "Adamax", "Ftrl", "Lamb", "Lion",
        "LossScaleOptimizer", "MultiOptimizer", "Muon", "Nadam", "Optimizer", "OptimizerMap",
        "RMSprop", "SGD", "ScheduleFreeAdamW", "deserialize", "get", "serialize",
    ),
    "tf.optimizers.legacy": (
        "Adagrad", "Adam", "Ftrl", "Optimizer", "RMSprop", "SGD",
    ),
    "tf.optimizers.schedules": (
        "CosineDecay", "CosineDecayRestarts", "ExponentialDecay", "InverseTimeDecay",
        "LearningRateSchedule", "PiecewiseConstantDecay", "PolynomialDecay", "deserialize",
        "serialize",
    ),
    "tf.profiler": (
    ),
    "tf.profiler.experimental": (
        "Profile", "ProfilerOptions", "Trace", "start", "stop",
    ),
    "tf.profiler.experimental.client": (
        "monitor", "trace",
    ),
    "tf.profiler.experimental.server": (
        "start",
    ),
    "tf.quantization": (
        "dequantize", "fake_quant_with_min_max_args", "fake_quant_with_min_max_args_gradient",
        "fake_quant_with_min_max_vars", "fake_quant_with_min_max_vars_gradient",
        "fake_quant_with_min_max_vars_per_channel",
        "fake_quant_with_min_max_vars_per_channel_gradient", "quantize", "quantize_and_dequantize",
        "quantize_and_dequantize_v2", "quantized_concat",
    ),
    "tf.quantization.experimental": (
        "QuantizationComponentSpec", "QuantizationMethod", "QuantizationOptions",
        "TfRecordRepresentativeDatasetSaver", "UnitWiseQuantizationSpec", "quantize_saved_model",
    ),
    "tf.queue": (
        "FIFOQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueBase", "RandomShuffleQueue",
    ),
    "tf.ragged": (
        "boolean_mask", "constant", "cross", "cross_hashed", "map_flat_values", "range",
        "row_splits_to_segment_ids", "segment_ids_to_row_splits", "stack",
        "stack_dynamic_partitions",
    ),
    "tf.random": (
        "Algorithm", "Generator", "all_candidate_sampler", "categorical", "create_rng_state",
        "fixed_unigram_candidate_sampler", "fold_in", "gamma", "get_global_generator",
        "learned_unigram_candidate_sampler", "log_uniform_candidate_sampler", "normal", "poisson",
        "set_global_generator", "set_seed", "shuffle", "split", "stateless_binomial",
        "stateless_categorical", "stateless_gamma", "stateless_normal",
        "stateless_parameterized_truncated_normal", "stateless_poisson",
        "stateless_truncated_normal", "stateless_uniform", "truncated_normal", "uniform",
        "uniform_candidate_sampler",
    ),
    "tf.random.experimental": (
        "Algorithm", "Generator", "create_rng_state", "get_global_generator", "index_shuffle",
        "set_global_generator", "stateless_fold_in", "stateless_shuffle", "stateless_split",
    ),
    "tf.raw_ops": (
    ),
    "tf.saved_model": (
        "ASSETS_DIRECTORY", "ASSETS_KEY", "Asset", "CLASSIFY_INPUTS", "CLASSIFY_METHOD_NAME",
        "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES", "DEBUG_DIRECTORY",
        "DEBUG_INFO_FILENAME_PB", "DEFAULT_SERVING_SIGNATURE_DEF_KEY", "GPU", "LoadOptions",
        "PREDICT_INPUTS", "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_INPUTS",
        "REGRESS_METHOD_NAME", "REGRESS_OUTPUTS", "SAVED_MODEL_FILENAME_PB",
        "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION", "SERVING", "SaveOptions",
        "TPU", "TRAINING", "VARIABLES_DIRECTORY", "VARIABLES_FILENAME", "contains_saved_model",
        "load", "save",
    ),
    "tf.saved_model.experimental": (
        "Fingerprint", "TrackableResource", "VariablePolicy", "read_fingerprint",
    ),
    "tf.security": (
    ),
    "tf.security.fuzzing": (
    ),
    "tf.security.fuzzing.py": (
    ),
    "tf.security.fuzzing.py.annotation_types": (
    ),
    "tf.sets": (
        "difference", "intersection", "size", "union",
    ),
    "tf.signal": (
        "dct", "fft", "fft2d", "fft3d", "fftnd", "fftshift", "frame", "hamming_window",
        "hann_window", "idct", "ifft", "ifft2d", "ifft3d", "ifftnd", "ifftshift", "inverse_mdct",
        "inverse_stft", "inverse_stft_window_fn", "irfft", "irfft2d", "irfft3d", "irfftnd",
        "kaiser_bessel_derived_window", "kaiser_window", "linear_to_mel_weight_matrix", "mdct",
        "mfccs_from_log_mel_spectrograms", "overlap_and_add", "rfft", "rfft2d", "rfft3d", "rfftnd",
        "stft", "vorbis_window",
    ),
    "tf.sparse": (
        "SparseTensor", "add", "bincount", "concat", "cross", "cross_hashed", "expand_dims", "eye",
        "fill_empty_rows", "from_dense", "map_values", "mask", "maximum", "minimum", "reduce_max",
        "reduce_sum", "reorder", "reset_shape", "reshape", "retain", "sampled_addmm",
        "segment_mean", "segment_sqrt_n", "segment_sum", "slice", "softmax", "sparse_dense_matmul",
        "split", "to_dense", "to_indicator", "transpose",
    ),
    "tf.strings": (
        "as_string", "bytes_split", "format", "join", "length", "lower", "ngrams", "reduce_join",
        "regex_full_match", "regex_replace", "split", "strip", "substr", "to_hash_bucket",
        "to_hash_bucket_fast", "to_hash_bucket_strong", "to_number", "unicode_decode",
        "unicode_decode_with_offsets", "unicode_encode", "unicode_script", "unicode_split",
        "unicode_split_with_offsets", "unicode_transcode", "unsorted_segment_join", "upper",
    ),
    "tf.summary": (
        "SummaryWriter", "audio", "create_file_writer", "create_noop_writer", "flush", "graph",
        "histogram", "image", "record_if", "scalar", "should_record_summaries", "text",
        "trace_export", "trace_off", "trace_on", "write",
    ),
    "tf.summary.experimental": (
        "get_step", "set_step", "summary_scope", "write_raw_pb",
    ),
    "tf.sysconfig": (
        "CXX11_ABI_FLAG", "CXX_VERSION", "MONOLITHIC_BUILD", "get_build_info", "get_compile_flags",
        "get_include", "get_lib", "get_link_flags",
    ),
    "tf.test": (
        "Benchmark", "TestCase", "assert_equal_graph_def", "benchmark_config", "compute_gradient",
        "create_local_cluster", "disable_with_predicate", "gpu_device_name", "is_built_with_cuda",
        "is_built_with_gpu_support", "is_built_with_rocm", "is_built_with_xla",
        "is_cpu_target_available", "is_gpu_available", "main", "with_eager_op_as_function",
    ),
    "tf.test.experimental": (
        "sync_devices",
    ),
    "tf.tools": (
    ),
    "tf.tools.compatibility": (
    ),
    "tf.tools.compatibility.all_renames_v2": (
        "add_contrib_direct_import_support", "addons_symbol_mappings", "manual_symbol_renames",
        "symbol_renames",
    ),
    "tf.tools.compatibility.all_renames_v2.renames_v2": (
    ),
    "tf.tools.compatibility.renames_v2": (
        "renames",
    ),
    "tf.tools.docs": (
    ),
    "tf.tools.docs.doc_controls": (
        "Optional", "T", "TypeVar", "do_not_doc_in_subclasses", "do_not_doc_inheritable",
        "do_not_generate_docs", "doc_in_current_and_subclasses", "doc_private",
        "for_subclass_implementers", "get_header", "get_inheritable_header", "header",
        "inheritable_header", "set_deprecated",
    ),
    "tf.tpu": (
        "XLAOptions",
    ),
    "tf.tpu.experimental": (
        "DeviceAssignment", "DeviceOrderMode", "HardwareFeature", "TPUSystemMetadata", "Topology",
        "initialize_tpu_system", "shutdown_tpu_system",
    ),
    "tf.tpu.experimental.embedding": (
        "Adagrad", "AdagradMomentum", "Adam", "CustomCombiner", "CustomOptimizer", "FTRL",
        "FeatureConfig", "QuantizationConfig", "RowIdInitializer", "SGD",
        "SparseCoreEmbeddingConfig", "TPUEmbedding", "TPUEmbeddingForServing", "TPUEmbeddingV0",
        "TPUEmbeddingV2", "TableConfig", "serving_embedding_lookup",
    ),
    "tf.train": (
        "BytesList", "Checkpoint", "CheckpointManager", "CheckpointOptions", "CheckpointView",
        "ClusterDef", "ClusterSpec", "Coordinator", "Example", "ExponentialMovingAverage",
        "Feature", "FeatureList", "FeatureLists", "Features", "FloatList", "Int64List", "JobDef",
        "SequenceExample", "ServerDef", "TrackableView", "checkpoints_iterator",
        "get_checkpoint_state", "latest_checkpoint", "list_variables", "load_checkpoint",
        "load_variable",
    ),
    "tf.train.experimental": (
        "MaxShardSizePolicy", "PythonState", "ShardByTaskPolicy", "ShardableTensor",
        "ShardingCallback",
    ),
    "tf.types": (
    ),
    "tf.types.experimental": (
        "AtomicFunction", "Callable", "ConcreteFunction", "FunctionType", "GenericFunction",
        "PolymorphicFunction", "SupportsTracingProtocol", "TensorLike", "TraceType",
    ),
    "tf.types.experimental.distributed": (
        "Mirrored", "PerReplica",
    ),
    "tf.version": (
        "COMPILER_VERSION", "GIT_VERSION", "GRAPH_DEF_VERSION", "GRAPH_DEF_VERSION_MIN_CONSUMER",
        "GRAPH_DEF_VERSION_MIN_PRODUCER", "VERSION",
    ),
    "tf.xla": (
    ),
    "tf.xla.experimental": (
        "compile", "jit_scope",
    ),
}
