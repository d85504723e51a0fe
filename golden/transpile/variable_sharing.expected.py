# scaled (examples/variable_sharing.py:13)
def scaled(x):
    w = ag.get_variable(name='w', shape=(), dtype=ag.float32, initializer=ag.random_uniform_initializer(minval=0.0, maxval=1.0))
    return w * x + 0.0

# main (examples/variable_sharing.py:19)
def main() -> None:
    ag.random.set_seed(0)
    graph = ag.Graph()
    with ag__.converted_call(graph.as_default):
        fn = ag.make_template(name_='fn', func_=scaled)
        x = ag.placeholder(name='x', shape=(), dtype=ag.float32)
        with ag.variable_scope('abc'):
            y1 = ag__.converted_call(fn, x)
        with ag.variable_scope('def'):
            y2 = ag__.converted_call(fn, x)
        ag__.print('variables:', [v.name for v in ag.get_collection(ag.GraphKeys.GLOBAL_VARIABLES)])
        with ag.Session() as sess:
            ag__.converted_call(sess.run, ag.global_variables_initializer())
            y1_val, y2_val = ag__.converted_call(sess.run, [y1, y2], feed_dict={x: 0.5})
    ag__.print('y1 == y2:', y1_val == y2_val, f'({y1_val:.4f})')
    ag__.print('\nthe graph, one op per line:')
    ag__.print(graph)
