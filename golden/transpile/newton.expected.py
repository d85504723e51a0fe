# newton_sqrt (examples/newton.py:21)
def newton_sqrt(a, tol):
    x = a / 2.0 + 0.5
    i = 0

    def loop_test(i, x):
        return ag__.and_(ag.abs(x * x - a) > tol, lambda: i < MAX_ITER)

    def loop_body(i, x):
        x = x - (x * x - a) / (2.0 * x)
        i += 1
        return (i, x)
    i, x = ag__.while_stmt(loop_test, loop_body, (i, x), ('i', 'x'))
    return (x, i)

# main (examples/newton.py:30)
def main() -> None:
    ag__.print(f"{'a':>9}  {'tol':>6}  {'newton_sqrt':<11}  {'iterations':>10}  math.sqrt")

    def loop_body(itr):
        a, tol = itr
        root, iterations = ag__.converted_call(newton_sqrt, a, tol)
        root, iterations = (ag__.float(root), ag__.int(iterations))
        close = math.isclose(root, math.sqrt(a), rel_tol=1e-05)
        ag__.print(f"""{a:9g}  {tol:6g}  {root:<11.7g}  {iterations:10}  {math.sqrt(a):<11.7g}  {ag__.if_exp(close, lambda: 'ok', lambda: 'MISMATCH', "'ok' if close else 'MISMATCH'")}""")
    ag__.for_stmt(((2.0, 1e-06), (10.0, 1e-06), (81.0, 0.0001), (1000000.0, 0.1), (0.25, 1e-06)), loop_body, (), ())
    ag__.print('tracing count:', ag__.converted_call(newton_sqrt.experimental_get_tracing_count))
    graph = ag__.converted_call(newton_sqrt.get_concrete_function).graph
    types = []

    def loop_body_1(op, types):
        types = ag__.list_append(types, op.type)
        return types
    types = ag__.for_stmt(ag__.converted_call(graph.get_operations), loop_body_1, (types,), ('types',))
    ag__.print('ops in the graph:', ag__.converted_call(', '.join, types), f"({ag__.converted_call(types.count, 'While')} While)")
    ag__.print('\nthe converted source:')
    ag__.print(ag.to_code(newton_sqrt.python_function))
