"""The packages' layers: every `import` points down, and no modules import each other in a circle.

Every import statement counts, at module level or inside a function (an import hidden in a
function is a circle all the same), except those under `if TYPE_CHECKING:`, which never run. The
order, lowest first, is DESIGN.md's:

- packages: `runtime` < `kernels` < `autograph` < `cli` (installed as `autograph.runtime`,
  `autograph.kernels` and `autograph.cli`), below them all `autograph._layout`, which makes them
  importable from a checkout;
- inside `runtime`: the sub-packages in `RUNTIME_LAYERS`; a package's `__init__` (a facade) may
  import anything inside it, and `__main__` (`python -m autograph`, a script) anything at all.
"""

import ast
import collections
import functools
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("runtime", "kernels", "autograph", "cli")
INSIDE = ("runtime", "kernels", "cli")  # sub-packages of `autograph` once installed
BELOW_ALL = "autograph._layout"
RUNTIME_LAYERS = ("core", "registry", "graph", "eager", "exec", "ops", "state", "function",
                  "gradients", "data", "train", "saving", "distribute", "summary")


@functools.lru_cache(maxsize=None)
def modules() -> dict[str, pathlib.Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            if package in INSIDE:
                name = f"autograph.{name}"
            found[name.removesuffix(".__init__")] = path
    return found


@functools.lru_cache(maxsize=None)
def imports() -> dict[str, set[str]]:
    """module -> the project modules it imports (`from a.b import c` counts `a.b.c` when that
    is a module, else `a.b`)."""
    known = modules()
    edges = collections.defaultdict(set)
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _runtime_imports(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                           for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def _runtime_imports(tree: ast.AST) -> list[ast.AST]:
    """The import statements of `tree` that run: those under `if TYPE_CHECKING:` do not."""
    found, pending = [], [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            pending.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found


def rank(module: str) -> tuple:
    if module == BELOW_ALL:
        return -1, -1
    parts = module.split(".")[1:]
    package = parts[0] if parts and parts[0] in INSIDE else "autograph"
    layer = RUNTIME_LAYERS.index(parts[1]) if package == "runtime" and len(parts) > 1 else -1
    return PACKAGES.index(package), layer


def test_no_import_points_up_the_layers():
    upward = []
    for module, targets in imports().items():
        if module.endswith(".__main__"):
            continue  # `python -m package`: a script, which no module imports
        facade = modules()[module].name == "__init__.py"
        for target in targets:
            inside = target.startswith(module + ".")
            if facade and inside:
                continue
            if rank(target) > rank(module):
                upward.append(f"{module} -> {target}")
    assert sorted(upward) == []


def test_every_runtime_module_sits_in_a_layer():
    loose = [name for name in modules() if name.startswith("autograph.runtime.")
             and name.split(".")[2] not in RUNTIME_LAYERS]
    assert loose == []


def test_no_modules_import_each_other_in_a_circle():
    edges = imports()
    circles, state = [], {}

    def visit(module, path):
        state[module] = "open"
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                circles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in sorted(modules()):
        if module not in state:
            visit(module, [module])
    assert circles == []
