"""How the kernel modules import each other: `kernels/__init__.py` imports every family module,
the families share helpers through `autograph.kernels.common` only, and no import hides in a
function."""

import ast
import pathlib

import pytest

from autograph import kernels

KERNELS = pathlib.Path(kernels.__file__).parent
FAMILIES = sorted(p.stem for p in KERNELS.glob("*_kernels.py"))


def _tree(name: str) -> ast.Module:
    return ast.parse((KERNELS / f"{name}.py").read_text(encoding="utf-8"))


PACKAGE = "autograph.kernels"


def _imported_kernel_modules(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(PACKAGE)}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
            if node.module == PACKAGE:
                found |= {f"{PACKAGE}.{a.name}" for a in node.names}
            else:
                found.add(node.module)
    return found


def test_the_package_imports_every_family():
    assert _imported_kernel_modules(_tree("__init__")) == {f"{PACKAGE}.{f}" for f in FAMILIES}


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_imports_no_other_kernel_module_than_common(family):
    assert _imported_kernel_modules(_tree(family)) <= {f"{PACKAGE}.common"}


def test_common_imports_no_family():
    assert _imported_kernel_modules(_tree("common")) == set()


@pytest.mark.parametrize("name", ["__init__", "common"] + FAMILIES)
def test_every_import_is_at_the_top_level_of_its_module(name):
    tree = _tree(name)
    top = {id(node) for node in tree.body}
    nested = [node.lineno for node in ast.walk(tree)
              if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top]
    assert nested == [], f"kernels/{name}.py imports inside a function or block at {nested}"
