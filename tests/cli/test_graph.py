"""`autograph graph`: text, DOT, SVG/PNG and JSON forms of a traced function's graph."""

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

import autograph as ag
from autograph.cli import graph as graph_command
from autograph.cli.common import UserError
from autograph.cli.dot import to_dot
from autograph.cli.signature import bind_signature, parse_signature

SOURCE = textwrap.dedent('''\
    import autograph as ag

    def collatz_steps(n):
        steps = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        return steps

    def scale(x, n, factor=2.0):
        return ag.reduce_sum(x * factor, axis=1) + ag.cast(n, ag.float32)

    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def double(x):
        return x * 2.0

    def broken(x):
        return ag.reshape(x, [7, 7])

    def chatty(x):
        print("Tracing with", x)
        return x + 1.0
''')


@pytest.fixture(scope="module")
def module_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("graph") / "funcs.py"
    path.write_text(SOURCE)
    return str(path)


def run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "autograph", "graph", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def check_dot_syntax(text):
    """A small checker of the DOT subset the writer uses: a digraph of node, edge, attribute
    and subgraph statements, every edge between declared nodes. Returns (nodes, edges)."""
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|->|[{}\[\];,=]|[A-Za-z_][\w.]*|-?\d+(?:\.\d+)?|\S',
                        text)
    pos = 0
    nodes, edges = set(), []

    def take(expected=None):
        nonlocal pos
        token = tokens[pos]
        assert expected is None or token == expected, f"expected {expected!r} at {token!r}"
        pos += 1
        return token

    def identifier():
        token = take()
        assert re.fullmatch(r'"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*|-?\d+(?:\.\d+)?', token), token
        return token

    def attr_list():
        take("[")
        while tokens[pos] != "]":
            identifier()
            take("=")
            identifier()
            if tokens[pos] == ",":
                take(",")
        take("]")

    def statements():
        take("{")
        while tokens[pos] != "}":
            if tokens[pos] == "subgraph":
                take()
                identifier()
                statements()
                continue
            if tokens[pos] in ("node", "edge", "graph"):
                take()
                attr_list()
            else:
                first = identifier()
                if tokens[pos] == "=":
                    take()
                    identifier()
                elif tokens[pos] == "->":
                    take()
                    edges.append((first, identifier()))
                    if tokens[pos] == "[":
                        attr_list()
                else:
                    nodes.add(first)
                    if tokens[pos] == "[":
                        attr_list()
            take(";")
        take("}")

    take("digraph")
    identifier()
    statements()
    assert pos == len(tokens), f"trailing tokens: {tokens[pos:]}"
    for source, target in edges:
        assert source in nodes and target in nodes, (source, target)
    return nodes, edges


def test_text_form_nests_subgraphs_and_counts_every_op(module_file):
    result = run(f"{module_file}:collatz_steps", "--signature", "n: int32[]")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "  while, while:1 = While(n, Const)" in out
    assert "\n    body: while_body(loop_var: int32[], loop_var_1: int32[]) {" in out
    assert "\n        then_branch: cond_true(loop_var: int32[]) {" in out
    listing = out.split("ops (sub-graphs included):")[1]
    counts = {name: n for n, name in re.findall(r"^ +(\d+)  (\w+)$", listing, re.M)}
    assert (counts["While"], counts["If"], counts["FloorMod"]) == ("1", "1", "1")
    assert int(counts.pop("total")) == sum(int(n) for n in counts.values())


def test_dot_form_parses_with_clusters_for_loop_and_branches(module_file):
    result = run(f"{module_file}:collatz_steps", "--signature", "n: int32[]", "--format", "dot")
    assert result.returncode == 0, result.stderr
    nodes, edges = check_dot_syntax(result.stdout)
    assert '"while"' in nodes and '"while/body/cond/then_branch/floordiv"' in nodes
    assert ('"n"', '"while"') in edges
    assert 'subgraph "cluster_' in result.stdout and 'label="while\\nWhile"' in result.stdout


def test_dot_draws_control_edges_dashed():
    def with_control(x):
        first = ag.identity(x)
        with ag.control_dependencies([first]):
            return x + 1.0

    concrete = ag.function(with_control).get_concrete_function(ag.TensorSpec([], ag.float32))
    text = to_dot(concrete.graph)
    check_dot_syntax(text)
    assert re.search(r'"Identity" -> "add" \[style=dashed\];', text)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_dot_output_is_accepted_by_graphviz(module_file, tmp_path):
    svg = tmp_path / "collatz.svg"
    result = run(f"{module_file}:collatz_steps", "-s", "n: int32[]", "--format", "svg",
                 "-o", str(svg))
    assert result.returncode == 0, result.stderr
    assert "<svg" in svg.read_text()


def test_svg_without_graphviz_says_what_to_install(module_file, tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # no `dot` there
    result = run(f"{module_file}:collatz_steps", "-s", "n: int32[]", "--format", "svg",
                 env=env)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "apt install graphviz / brew install graphviz / conda install graphviz" in \
        result.stderr


def test_png_is_refused_on_a_terminal(monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    with pytest.raises(UserError, match="-o PATH"):
        graph_command._check_output("png", None)


def test_json_form_is_valid_with_nested_functions(module_file, tmp_path):
    out = tmp_path / "graph.json"
    result = run(f"{module_file}:collatz_steps", "-s", "n: int32[]", "--format", "json",
                 "-o", str(out))
    assert (result.returncode, result.stdout) == (0, "")
    doc = json.loads(out.read_text())
    nodes = {n["name"]: n for n in doc["node"]}
    assert nodes["n"]["op"] == "Placeholder" and nodes["n"]["attr"]["dtype"] == "int32"
    body = nodes["while"]["attr"]["body"]["function"]
    assert body["name"] == "while_body" and any(n["op"] == "If" for n in body["node"])
    assert doc["output"] == ["Identity"]


def test_default_parameter_may_be_left_out_and_unknown_dims_print_as_question_marks(
        module_file):
    result = run(f"{module_file}:scale", "--signature", "x: float32[?, 3], n: int32[]")
    assert result.returncode == 0, result.stderr
    assert "mul = Mul(x, Const) : float32[?, 3]" in result.stdout


def test_input_signature_of_the_function_replaces_the_option(module_file):
    result = run(f"{module_file}:double")
    assert result.returncode == 0, result.stderr
    assert "mul = Mul(x, Const) : float32[?]" in result.stdout


def test_missing_parameter_is_one_line_naming_it(module_file):
    result = run(f"{module_file}:scale", "--signature", "x: float32[None, 3]")
    assert result.returncode == 1
    assert result.stderr == ("autograph: error: --signature: parameter 'n' of scale has no "
                             "default and is missing; give it as e.g. 'n: float32[]'\n")


def test_error_while_tracing_is_reported_in_user_code(module_file):
    result = run(f"{module_file}:broken", "--signature", "x: float32[3]")
    assert result.returncode == 1
    assert "tracing broken failed: in user code:" in result.stderr
    assert f'File "{module_file}", line 21, in broken' in result.stderr


def test_help_shows_an_example_and_warns_that_the_module_runs():
    result = run("--help")
    assert result.returncode == 0
    assert "example:\n  autograph graph examples/collatz.py:collatz_steps" in result.stdout
    assert "top-level code runs" in result.stdout


def test_missing_target_is_a_usage_error():
    result = run()
    assert result.returncode == 2
    assert "the following arguments are required: FILE.py:FUNC" in result.stderr


def test_signature_reads_scalars_unknown_dims_and_unknown_rank():
    specs = parse_signature("x: float32[None, 3], n: int32[], s: float64[*], t: bool, u: int8[?]")
    assert [(s.dtype.name, s.shape.rank) for s in specs.values()] == [
        ("float32", 2), ("int32", 0), ("float64", None), ("bool", None), ("int8", 1)]
    assert specs["x"].shape.as_list() == [None, 3]


@pytest.mark.parametrize("text, message", [
    ("x float32", "cannot read 'x float32'"),
    ("x: float33[]", "parameter 'x': Cannot convert 'float33'"),
    ("x: float32[3, k]", "bad dimension 'k'"),
    ("x: float32[], x: int32[]", "'x' is given twice"),
    ("x: resource[]", "a resource cannot be passed in"),
])
def test_signature_errors_name_the_entry(text, message):
    with pytest.raises(UserError, match=re.escape(message)):
        parse_signature(text)


def test_signature_name_that_is_not_a_parameter_lists_the_parameters():
    def f(x, n):
        return x

    with pytest.raises(UserError, match=r"'y' is not a parameter of f \(its parameters: x, n\)"):
        bind_signature(f, parse_signature("x: float32[], y: int32[]"))


def test_what_the_function_prints_while_tracing_goes_to_stderr(module_file):
    result = run(f"{module_file}:chatty", "--signature", "x: float32[]", "--format", "dot")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("digraph")
    assert 'Tracing with Tensor("x:0"' in result.stderr
    check_dot_syntax(result.stdout)
