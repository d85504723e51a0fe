# swish_kernel (examples/custom_op.py:28)
def swish_kernel(ctx, x, beta):
    return ag__.converted_call((x / (1 + ag__.converted_call(ctx.xp.exp, -beta * x))).astype, x.dtype)

# swish_energy (examples/custom_op.py:36)
def swish_energy(x):
    return ag.reduce_sum(ag.square(ag__.converted_call(swish, x, beta=2.0)))

# main (examples/custom_op.py:40)
def main() -> None:
    ag__.print('== the declaration, as the registry holds it')
    ag__.print(format_op_def(ag__.converted_call(op_registry().lookup_op_def, 'Swish')), end='')
    ag__.print('\n== eagerly')
    x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], np.float32)
    y = ag__.converted_call(ag__.converted_call(swish, x).numpy)
    expected = x / (1 + np.exp(-x))
    ag__.print('swish(x) =', [round(ag__.float(v), 4) for v in y], '| matches NumPy:', bool(np.allclose(y, expected)))
    ag__.print('swish(x, beta=2.0) =', [round(ag__.float(v), 4) for v in ag__.converted_call(ag__.converted_call(swish, x, beta=2.0).numpy)])
    try:
        with ag__.handling(ag.errors.InvalidArgumentError):
            ag__.converted_call(swish, [1, 2])
    except ag.errors.InvalidArgumentError as e:
        ag__.reraise_traced(e)
        ag__.print('swish on int32 ->', ag__.converted_call(str(e).split, ';')[0])
    ag__.print('\n== inside an ag.function')
    energy = ag__.float(ag__.converted_call(swish_energy, x))
    ag__.print(f'swish_energy(x) = {energy:.4f} | NumPy: {np.sum((x / (1 + np.exp(-2 * x))) ** 2):.4f}')
    graph = ag__.converted_call(swish_energy.get_concrete_function).graph
    ag__.print('ops in the graph:', ag__.converted_call(', '.join, (op.type for op in ag__.converted_call(graph.get_operations))))
    ag__.print('\n== a malformed declaration is reported whole')
    try:
        with ag__.handling(ag.errors.InvalidArgumentError):
            ag__.converted_call(ag__.converted_call(ag__.converted_call(register_op('BadSwish').input, 'x: T').output, 'y: T').attr, 'beta: flaot = 1.0')
            ag__.converted_call(op_registry().lookup_op_def, 'BadSwish')
    except ag.errors.InvalidArgumentError as e:
        ag__.reraise_traced(e)
        ag__.print(e)
