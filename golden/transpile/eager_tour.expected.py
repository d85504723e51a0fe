# section (examples/eager_tour.py:14)
def section(title: str) -> None:
    ag__.print(f'\n== {title}')

# rounded (examples/eager_tour.py:18)
def rounded(t, digits: int=3) -> list:
    result_ = []

    def loop_body(v, result_):
        result_ = ag__.list_append(result_, round(v, digits))
        return result_
    result_ = ag__.for_stmt(ag__.converted_call(ag__.converted_call(t.numpy).tolist), loop_body, (result_,), ('result_',))
    return result_

# tensors_and_dtypes (examples/eager_tour.py:22)
def tensors_and_dtypes() -> None:
    ag__.converted_call(section, 'tensors and dtypes')
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    ag__.print(x)
    ag__.print('python int ->', ag.constant(7).dtype.name, '| python float ->', ag.constant(7.0).dtype.name, '| str ->', ag.constant('hi').dtype.name)
    try:
        ag.constant([1, 2]) + ag.constant([1.0, 2.0])
    except ag.errors.InvalidArgumentError as e:
        ag__.reraise_traced(e)
        ag__.print('int32 + float32 ->', type(e).__name__ + ':', ag__.converted_call(str(e).split, ';')[0])

# math_and_reductions (examples/eager_tour.py:34)
def math_and_reductions() -> None:
    ag__.converted_call(section, 'math, broadcasting, reductions')
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    ag__.print('x * 10 + [1, 2] =', ag__.converted_call(ag__.converted_call((x * 10 + [1.0, 2.0]).numpy).tolist))
    ag__.print('x @ x =', ag__.converted_call(ag__.converted_call((x @ x).numpy).tolist))
    ag__.print('reduce_sum(x, axis=0) =', ag__.converted_call(ag__.converted_call(ag.reduce_sum(x, axis=0).numpy).tolist))
    ag__.print('reduce_mean(x) =', ag__.float(ag.reduce_mean(x)))
    ag__.print('softmax([1, 2, 3]) =', ag__.converted_call(rounded, ag.math.softmax([1.0, 2.0, 3.0])))
    ag__.print('argmax(x, axis=1) =', ag__.converted_call(ag__.converted_call(ag.argmax(x, axis=1).numpy).tolist))

# shapes_and_indexing (examples/eager_tour.py:45)
def shapes_and_indexing() -> None:
    ag__.converted_call(section, 'shapes and indexing')
    t = ag.reshape(ag.range(12), [3, 4])
    ag__.print('t =', ag__.converted_call(ag__.converted_call(t.numpy).tolist), 'shape', t.shape)
    ag__.print('t[1] =', ag__.converted_call(ag__.converted_call(t[1].numpy).tolist), '| t[:, -1] =', ag__.converted_call(ag__.converted_call(t[:, -1].numpy).tolist), '| t[::2, 1:3] =', ag__.converted_call(ag__.converted_call(t[::2, 1:3].numpy).tolist))
    ag__.print('transpose(t).shape =', ag.transpose(t).shape, '| concat([t, t], 0).shape =', ag.concat([t, t], axis=0).shape)
    ag__.print('gather(t, [2, 0]) =', ag__.converted_call(ag__.converted_call(ag.gather(t, [2, 0]).numpy).tolist))
    ag__.print('boolean_mask(t, t % 5 == 0) =', ag__.converted_call(ag__.converted_call(ag.boolean_mask(t, t % 5 == 0).numpy).tolist))

# random_and_strings (examples/eager_tour.py:57)
def random_and_strings() -> None:
    ag__.converted_call(section, 'random numbers and strings')
    ag.random.set_seed(42)
    first = ag.random.uniform([3], seed=1)
    ag.random.set_seed(42)
    again = ag.random.uniform([3], seed=1)
    ag__.print('uniform([3]) =', ag__.converted_call(rounded, first), '| reproducible:', bool(ag.reduce_all(first == again)))
    words = ag.constant(['graph', 'mode'])
    ag__.print('strings.join =', ag__.converted_call(ag__.converted_call(ag.strings.join([words, 's'], separator='-').numpy).tolist), '| length =', ag__.converted_call(ag__.converted_call(ag.strings.length(words).numpy).tolist))

# devices (examples/eager_tour.py:70)
def devices() -> None:
    ag__.converted_call(section, 'devices')
    ag__.print('physical devices:', [d.name for d in ag.config.list_physical_devices()])
    with ag.device('/CPU:0'):
        y = ag.constant([1.0, 2.0]) * 2
    ag__.print('placed on', y.device)

# custom_op (examples/eager_tour.py:78)
def custom_op() -> None:
    ag__.converted_call(section, 'a custom op: declaration, kernel, front-end')
    ag__.converted_call(ag__.converted_call(ag__.converted_call(ag__.converted_call(ag__.converted_call(ag__.converted_call(ag__.converted_call(register_op('Hypot').input, 'x: T').input, 'y: T').output, 'z: T').attr, 'T: {float32, float64}').set_is_commutative).set_shape_fn, broadcast).doc, 'Returns sqrt(x**2 + y**2) elementwise, with broadcasting.')

    @register_kernel('Hypot', device=('CPU', 'GPU'))
    def hypot_kernel(ctx, x, y):
        return ag__.converted_call(ctx.xp.hypot, x, y)
    hypot = op_function('Hypot')
    ag__.print('hypot([3, 5], 4) =', ag__.converted_call(rounded, ag__.converted_call(hypot, [3.0, 5.0], 4.0)))
    try:
        with ag__.handling(ag.errors.InvalidArgumentError):
            ag__.converted_call(hypot, [1, 2], 3)
    except ag.errors.InvalidArgumentError as e:
        ag__.reraise_traced(e)
        ag__.print('hypot on int32 ->', ag__.converted_call(str(e).split, ';')[0])

# main (examples/eager_tour.py:96)
def main() -> None:
    ag__.converted_call(tensors_and_dtypes)
    ag__.converted_call(math_and_reductions)
    ag__.converted_call(shapes_and_indexing)
    ag__.converted_call(random_and_strings)
    ag__.converted_call(devices)
    ag__.converted_call(custom_op)
