def f(words):
    lengths = []

    def loop_body(word, lengths):
        lengths = ag__.list_append(lengths, ag__.len(word))
        return lengths
    lengths = ag__.for_stmt(words, loop_body, (lengths,), ('lengths',))
    return lengths
