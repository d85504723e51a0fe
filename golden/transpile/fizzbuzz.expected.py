# fizzbuzz (examples/fizzbuzz.py:18)
def fizzbuzz(n):

    def loop_body(i):
        ag__.print('Tracing for loop')

        def if_body():
            ag__.print('Tracing fizzbuzz branch')
            ag.print('fizzbuzz')

        def else_body():

            def if_body_1():
                ag__.print('Tracing fizz branch')
                ag.print('fizz')

            def else_body_1():

                def if_body_2():
                    ag__.print('Tracing buzz branch')
                    ag.print('buzz')

                def else_body_2():
                    ag__.print('Tracing default branch')
                    ag.print(i)
                ag__.if_stmt(i % 5 == 0, if_body_2, else_body_2, (), ())
            ag__.if_stmt(i % 3 == 0, if_body_1, else_body_1, (), ())
        ag__.if_stmt(i % 15 == 0, if_body, else_body, (), ())
    ag__.for_stmt(ag.range(1, n + 1), loop_body, (), ())

# fizzbuzz_words (examples/fizzbuzz.py:35)
def fizzbuzz_words(n: int) -> list[str]:
    """The same sequence in plain Python, to check the graph against."""
    result_ = []

    def loop_body(i, result_):
        result_ = ag__.list_append(result_, ag__.if_exp(i % 15 == 0, lambda: 'fizzbuzz', lambda: ag__.if_exp(i % 3 == 0, lambda: 'fizz', lambda: ag__.if_exp(i % 5 == 0, lambda: 'buzz', lambda: str(i), "'buzz' if i % 5 == 0 else str(i)"), "'fizz' if i % 3 == 0 else 'buzz' if i % 5 == 0 else str(i)"), "'fizzbuzz' if i % 15 == 0 else 'fizz' if i % 3 == 0 else 'buzz' if i % 5 == 0 else str(i)"))
        return result_
    result_ = ag__.for_stmt(ag__.range(1, n + 1), loop_body, (result_,), ('result_',))
    return result_

# main (examples/fizzbuzz.py:41)
def main() -> None:
    ag__.print('== fizzbuzz(5): the first call traces, then runs')
    ag__.converted_call(fizzbuzz, ag.constant(5))
    ag__.print('\n== fizzbuzz(15): the same trace runs again, with a different n')
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        ag__.converted_call(fizzbuzz, ag.constant(15))
    lines = ag__.converted_call(ag__.converted_call(printed.getvalue).splitlines)
    ag__.print(ag__.converted_call(' '.join, lines))
    ag__.print('same as plain Python:', lines == ag__.converted_call(fizzbuzz_words, 15))
    ag__.print('tracing count after two calls:', ag__.converted_call(fizzbuzz.experimental_get_tracing_count))
    graph = ag__.converted_call(fizzbuzz.get_concrete_function, ag.constant(1)).graph
    types = []

    def loop_body(op, types):
        types = ag__.list_append(types, op.type)
        return types
    types = ag__.for_stmt(ag__.converted_call(graph.get_operations), loop_body, (types,), ('types',))
    ag__.print('ops in the graph:', ag__.converted_call(', '.join, types), f"({ag__.converted_call(types.count, 'While')} While)")
