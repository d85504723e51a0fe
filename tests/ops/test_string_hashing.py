"""Tests of ag.strings.to_hash_bucket_fast: the buckets are TensorFlow 2.21's for the same
strings (FarmHash Fingerprint64 modulo the number of buckets)."""

import sys

import numpy as np
import pytest

import autograph as ag

pytest.importorskip("farmhash", reason="ag.strings.to_hash_bucket_fast needs pyfarmhash")


def test_buckets_are_tensorflows_for_short_empty_utf8_and_long_strings():
    result = ag.strings.to_hash_bucket_fast(["Who", "", "é", "a" * 300], 1024)
    assert result.dtype == ag.int64
    np.testing.assert_array_equal(result.numpy(), [633, 79, 193, 597])


def test_a_scalar_gives_a_scalar():
    result = ag.strings.to_hash_bucket_fast("hello", 10)
    assert result.shape == ()
    np.testing.assert_array_equal(result.numpy(), 6)


def test_the_shape_is_kept():
    result = ag.strings.to_hash_bucket_fast([["a", "b"], ["c", "d"]], 3)
    np.testing.assert_array_equal(result.numpy(), [[0, 1], [1, 2]])


def test_a_ragged_tensor_gives_ragged_buckets_of_its_partition():
    result = ag.strings.to_hash_bucket_fast(ag.ragged.constant([["a", "b"], ["c"]]), 7)
    assert isinstance(result, ag.RaggedTensor)
    assert result.to_list() == [[5, 2], [5]]


def test_the_buckets_are_the_same_in_a_graph():
    fn = ag.function(lambda s: ag.strings.to_hash_bucket_fast(s, 1024))
    np.testing.assert_array_equal(fn(ag.constant(["Who", "é"])).numpy(), [633, 193])


def test_fewer_than_one_bucket_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="num_buckets"):
        ag.strings.to_hash_bucket_fast(["a"], 0)


def test_numbers_are_not_strings():
    with pytest.raises(TypeError, match="Cannot convert \\[1\\] to a tensor of dtype string"):
        ag.strings.to_hash_bucket_fast([1], 3)


def test_the_guides_bigram_embeddings_are_tensorflows_for_a_fixed_table():
    queries = ag.ragged.constant([["Who", "is", "Dan", "Smith"], ["Pause"],
                                  ["Will", "it", "rain", "later", "today"]])
    table = ag.reshape(ag.cos(ag.range(1024 * 4, dtype=ag.float32)), [1024, 4])
    words = ag.nn.embedding_lookup(table, ag.strings.to_hash_bucket_fast(queries, 1024))
    marker = ag.fill([queries.nrows(), 1], "#")
    padded = ag.concat([marker, queries, marker], axis=1)
    bigrams = ag.strings.join([padded[:, :-1], padded[:, 1:]], separator="+")
    assert ag.strings.to_hash_bucket_fast(bigrams, 1024).to_list() == [
        [939, 196, 147, 281, 176], [597, 723], [853, 293, 853, 704, 749, 372]]
    pairs = ag.nn.embedding_lookup(table, ag.strings.to_hash_bucket_fast(bigrams, 1024))
    mean = ag.reduce_mean(ag.concat([words, pairs], axis=1), axis=1)
    np.testing.assert_allclose(mean.numpy(), [
        [0.40555477, 0.6926777, 0.34295595, -0.3220779],
        [0.4059359, 0.08570377, -0.31332403, -0.42428318],
        [0.1748104, -0.07360307, -0.25434616, -0.2012446]], rtol=1e-5, atol=1e-6)


def test_without_pyfarmhash_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "farmhash", None)  # an import of it fails
    with pytest.raises(ImportError, match="pip install pyfarmhash"):
        ag.strings.to_hash_bucket_fast(["a"], 3)
