# collatz_steps (examples/collatz.py:16)
def collatz_steps(n):
    steps = 0

    def loop_test(n, steps):
        return n != 1

    def loop_body(n, steps):

        def if_body(n):
            n = n // 2
            return n

        def else_body(n):
            n = 3 * n + 1
            return n
        n = ag__.if_stmt(n % 2 == 0, if_body, else_body, (n,), ('n',))
        steps += 1
        return (n, steps)
    n, steps = ag__.while_stmt(loop_test, loop_body, (n, steps), ('n', 'steps'))
    return steps

# python_collatz_steps (examples/collatz.py:27)
def python_collatz_steps(n: int) -> int:
    """The same count in plain Python, to check the graph against."""
    steps = 0

    def loop_test(n, steps):
        return n != 1

    def loop_body(n, steps):
        n = ag__.if_exp(n % 2 == 0, lambda: n // 2, lambda: 3 * n + 1, 'n // 2 if n % 2 == 0 else 3 * n + 1')
        steps += 1
        return (n, steps)
    n, steps = ag__.while_stmt(loop_test, loop_body, (n, steps), ('n', 'steps'))
    return steps

# main (examples/collatz.py:36)
def main() -> None:
    ag__.print('start  steps  plain Python')

    def loop_body(start):
        steps = ag__.int(ag__.converted_call(collatz_steps, ag.constant(start)))
        expected = ag__.converted_call(python_collatz_steps, start)
        ag__.print(f"""{start:5}  {steps:5}  {expected:5}  {ag__.if_exp(steps == expected, lambda: 'ok', lambda: 'MISMATCH', "'ok' if steps == expected else 'MISMATCH'")}""")
    ag__.for_stmt((1, 6, 7, 27, 97, 871), loop_body, (), ())
    ag__.print('collatz_steps(27) with a Python int:', ag__.int(ag__.converted_call(collatz_steps, 27)))
    ag__.print('tracing count:', ag__.converted_call(collatz_steps.experimental_get_tracing_count))
    concrete = ag__.converted_call(collatz_steps.get_concrete_function)
    types = []

    def loop_body_1(op, types):
        types = ag__.list_append(types, op.type)
        return types
    types = ag__.for_stmt(ag__.converted_call(concrete.graph.get_operations), loop_body_1, (types,), ('types',))
    ag__.print('ops in the graph:', ag__.converted_call(', '.join, types), f"({ag__.converted_call(types.count, 'While')} While)")
    ag__.print()
    ag__.print(concrete)
