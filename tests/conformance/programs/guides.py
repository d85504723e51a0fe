"""Programs in the idiom of TensorFlow's guides (function, autograph, basics, tensor,
variable, intro_to_graphs, intro_to_modules)."""
import numpy as np


def prog_guide_function_add(tf):
    @tf.function
    def add(a, b):
        return a + b
    return add(tf.ones([2, 2]), tf.ones([2, 2]))


def prog_guide_function_dense_layer(tf):
    @tf.function
    def dense_layer(x, w, b):
        return add_fn(tf.matmul(x, w), b)

    @tf.function
    def add_fn(a, b):
        return a + b
    return dense_layer(tf.ones([3, 2]), tf.ones([2, 2]), tf.ones([2]))


def prog_guide_function_double_polymorphic(tf):
    @tf.function
    def double(a):
        return a + a
    return double(tf.constant(1)), double(tf.constant(1.1)), double(tf.constant("a"))


def prog_guide_function_concrete_function_wrong_dtype(tf):
    @tf.function
    def double(a):
        return a + a
    cf = double.get_concrete_function(tf.constant("a"))
    return cf(tf.constant(1))


def prog_guide_function_input_signature_mismatch(tf):
    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
    def next_collatz(x):
        return tf.where(x % 2 == 0, x // 2, 3 * x + 1)
    return next_collatz(tf.constant([1.0, 2.0]))


def prog_guide_function_input_signature_ok(tf):
    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
    def next_collatz(x):
        return tf.where(x % 2 == 0, x // 2, 3 * x + 1)
    return next_collatz(tf.constant([1, 2, 3]))


def prog_guide_function_python_side_effect_once(tf):
    external_list = []

    @tf.function
    def side_effect(x):
        external_list.append(x)
    side_effect(tf.constant(1))
    side_effect(tf.constant(1))
    side_effect(tf.constant(1))
    return len(external_list)


def prog_guide_function_variable_counter(tf):
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(0)
            self.counter = 0

        @tf.function
        def __call__(self):
            if self.counter == 0:
                self.counter += 1
                self.v.assign_add(1)
            return self.v

    m = Model()
    out = [m().numpy().item() for _ in range(3)]
    return out


def prog_guide_function_collatz_while(tf):
    @tf.function
    def collatz(x):
        steps = tf.constant(0)
        while x != 1:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            steps += 1
        return steps
    return collatz(tf.constant(27))


def prog_guide_function_iterate_tensor_relu_sum(tf):
    @tf.function
    def sum_even(items):
        s = 0
        for c in items:
            if c % 2 > 0:
                continue
            s += c
        return s
    return sum_even(tf.constant([10, 12, 15, 20]))


def prog_guide_autograph_fizzbuzz_count(tf):
    @tf.function
    def fizzbuzz(n):
        count = tf.constant(0)
        for i in tf.range(1, n + 1):
            if i % 15 == 0:
                count += 100
            elif i % 3 == 0:
                count += 10
            elif i % 5 == 0:
                count += 1
        return count
    return fizzbuzz(tf.constant(15))


def prog_guide_autograph_square_if_positive(tf):
    @tf.function
    def square_if_positive(x):
        if tf.reduce_sum(x) > 0:
            x = x * x
        else:
            x = 0.0
        return x
    return square_if_positive(tf.range(-5.0, 5.0)), square_if_positive(tf.constant([-1.0]))


def prog_guide_autograph_rnn_loop(tf):
    @tf.function
    def dynamic_rnn(input_data, initial_state):
        states = tf.TensorArray(tf.float32, size=tf.shape(input_data)[0])
        state = initial_state
        for i in tf.range(tf.shape(input_data)[0]):
            state = tf.tanh(input_data[i] + state)
            states = states.write(i, state)
        return states.stack()
    data = tf.constant(np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(3, 2))
    return dynamic_rnn(data, tf.zeros([2]))


def prog_guide_autograph_train_loop_break(tf):
    @tf.function
    def train(limit):
        loss = tf.constant(100.0)
        steps = tf.constant(0)
        for _ in tf.range(50):
            loss = loss * 0.5
            steps += 1
            if loss < limit:
                break
        return steps, loss
    return train(tf.constant(1.0))


def prog_guide_basics_matmul_and_ops(tf):
    x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return x @ tf.transpose(x), tf.reduce_sum(x), tf.nn.softmax(x, axis=-1)


def prog_guide_basics_concat(tf):
    x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return tf.concat([x, x, x], axis=0)


def prog_guide_tensor_broadcasting(tf):
    x = tf.reshape(tf.constant([1, 2, 3]), [3, 1])
    y = tf.range(1, 5)
    return tf.multiply(x, y)


def prog_guide_tensor_reshape_order(tf):
    rank_3 = tf.constant([[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]],
                          [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19]],
                          [[20, 21, 22, 23, 24], [25, 26, 27, 28, 29]]])
    return tf.reshape(rank_3, [3 * 2, 5]), tf.reshape(rank_3, [3, -1])


def prog_guide_tensor_bad_reshape_raises(tf):
    return tf.reshape(tf.range(30), [7, -1])


def prog_guide_tensor_indexing(tf):
    rank_2 = tf.constant([[1, 2], [3, 4], [5, 6]], dtype=tf.float16)
    return rank_2[1, 1], rank_2[1, :], rank_2[:, 1], rank_2[1:, :]


def prog_guide_tensor_cast_chain(tf):
    the_f64 = tf.constant([2.2, 3.3, 4.4], dtype=tf.float64)
    the_f16 = tf.cast(the_f64, dtype=tf.float16)
    return tf.cast(the_f16, dtype=tf.uint8)


def prog_guide_tensor_ragged_to_tensor_raises(tf):
    return tf.constant([[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]])


def prog_guide_tensor_shape_properties(tf):
    rank_4 = tf.zeros([3, 2, 4, 5])
    return rank_4.ndim, rank_4.shape.as_list(), tf.size(rank_4)


def prog_guide_variable_assign_and_copy(tf):
    a = tf.Variable([2.0, 3.0])
    b = tf.Variable(a)
    a.assign([5, 6])
    return a.numpy(), b.numpy(), a.assign_add([2, 3]).numpy()


def prog_guide_variable_assign_wrong_shape_raises(tf):
    a = tf.Variable([2.0, 3.0])
    a.assign([1.0, 2.0, 3.0])
    return a


def prog_guide_variable_ops(tf):
    my_variable = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    return tf.math.argmax(my_variable), tf.reshape(my_variable, [1, 4])


def prog_guide_intro_graphs_relu(tf):
    def my_relu(x):
        return tf.maximum(0.0, x)
    tf_my_relu = tf.function(my_relu)
    return tf_my_relu(tf.constant(5.5)), tf_my_relu(tf.constant([1.0, -1.0]))


def prog_guide_intro_graphs_mse(tf):
    @tf.function
    def get_mse(y_true, y_pred):
        sq_diff = tf.pow(y_true - y_pred, 2)
        return tf.reduce_mean(sq_diff)
    y_true = tf.constant([1, 2, 3, 4, 5], tf.float32)
    y_pred = tf.constant([2, 2, 3, 1, 5], tf.float32)
    return get_mse(y_true, y_pred)


def prog_guide_intro_graphs_unused_op_pruned(tf):
    @tf.function
    def unused_return(x):
        tf.gather(x, [1])
        return x
    return unused_return(tf.constant([0.0]))


def prog_guide_intro_graphs_outer_function(tf):
    x = tf.constant([[1.0, 2.0]])
    y = tf.constant([[2.0], [3.0]])
    b = tf.constant(4.0)

    def inner_function(x, y, b):
        return tf.matmul(x, y) + b

    @tf.function
    def outer_function(x):
        return inner_function(x, y, b) + 2.0
    return outer_function(x)


def prog_guide_modules_simple_module(tf):
    class SimpleModule(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.a_variable = tf.Variable(5.0, name="train_me")
            self.non_trainable_variable = tf.Variable(5.0, trainable=False, name="do_not")

        def __call__(self, x):
            return self.a_variable * x + self.non_trainable_variable

    simple_module = SimpleModule(name="simple")
    return simple_module(tf.constant(5.0)), len(simple_module.trainable_variables)


def prog_guide_modules_sequential(tf):
    class Dense(tf.Module):
        def __init__(self, in_features, out_features, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(tf.ones([in_features, out_features]) * 0.5, name="w")
            self.b = tf.Variable(tf.zeros([out_features]), name="b")

        def __call__(self, x):
            return tf.nn.relu(tf.matmul(x, self.w) + self.b)

    class SequentialModule(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.dense_1 = Dense(in_features=3, out_features=3)
            self.dense_2 = Dense(in_features=3, out_features=2)

        @tf.function
        def __call__(self, x):
            return self.dense_2(self.dense_1(x))

    m = SequentialModule(name="the_model")
    return m(tf.constant([[2.0, 2.0, 2.0]])), len(m.submodules)


def prog_guide_modules_tf_function_retrace_shapes(tf):
    class MySequentialModule(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(2.0)

        @tf.function
        def __call__(self, x):
            return x * self.w

    m = MySequentialModule()
    m(tf.constant([1.0, 2.0]))
    m(tf.constant([[1.0], [2.0]]))
    return m.__call__.experimental_get_tracing_count()
