"""mkdocs hooks (mkdocs.yml): the API reference, one page per namespace of `ag`.

Before a build this lays the checkout out as installed under `.docs-layout/`
(tests/installed_layout.py; griffe, which mkdocstrings uses, finds modules on disk), and makes
one page per namespace (`ag`, `ag.math`, `ag.keras.layers`, ...) from the namespaces the
coverage table knows (autograph/impl/coverage.py), so a new namespace gets its page.
"""

from __future__ import annotations

import pathlib
import sys
import types

# mkdocs loads a hook by its path and then restores sys.path: the checkout's modules are
# imported now, while the checkout is on it.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from autograph.impl import coverage  # noqa: E402
from tests.installed_layout import ROOT, lay_out  # noqa: E402

SECTION = "API reference"


def api_pages() -> dict[str, tuple[str, str]]:
    """Page path (`api/ag.math.md`) -> its title and Markdown, for every namespace but
    `ag.compat` (the same objects again)."""
    pages = {}
    for path, module in sorted(coverage.namespaces().items()):
        if not path.startswith("tf.compat"):
            shown = path.replace("tf", "ag", 1)
            pages[f"api/{shown}.md"] = shown, f"# {shown}\n\n" + _members(module)
    return pages


def _members(module: types.ModuleType) -> str:
    if sys.modules.get(module.__name__) is module:  # importable: mkdocstrings reads it whole
        return f"::: {module.__name__}\n    options:\n      show_root_heading: false\n"
    blocks = []  # a namespace made in code: each of its members by the path it is defined at
    for name in sorted(getattr(module, "__all__", None) or
                       [n for n in vars(module) if not n.startswith("_")]):
        value = getattr(module, name)
        blocks.append(f"::: {value.__module__}.{value.__qualname__}\n")
    return "\n".join(blocks)


def on_config(config):
    lay_out(ROOT / ".docs-layout")
    pages = api_pages()
    config["nav"] = [entry for entry in config["nav"] if SECTION not in entry]
    config["nav"].append({SECTION: [{title: page} for page, (title, _) in pages.items()]})
    config["_api_pages"] = pages
    return config


def on_files(files, config):
    from mkdocs.structure.files import File

    for page, (_, text) in config["_api_pages"].items():
        files.append(File.generated(config, page, content=text))
    return files
