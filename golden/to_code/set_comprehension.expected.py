def f(words):
    initials = set()

    def loop_body(word):

        def if_body():
            ag__.converted_call(initials.add, word[0])
        ag__.if_stmt(word, if_body, None, (), ())
    ag__.for_stmt(words, loop_body, (), ())
    return sorted(initials)
