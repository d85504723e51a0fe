"""The chained `OpDefBuilder` and the parser for TensorFlow's op spec grammar.

Specs are strings, as in `REGISTER_OP`:
  attrs   `"T: numbertype"`, `"Tidx: {int32, int64} = DT_INT32"`, `"N: int >= 2"`,
          `"mode: {'fast', 'exact'} = 'fast'"`, `"shape: shape = [-1, 3]"`, `"Tlist: list(type)"`
  args    `"x: T"`, `"x: int32"`, `"xs: N * T"`, `"xs: Tlist"`, `"ref: Ref(T)"`
`finalize()` parses every spec and validates the whole op, then raises *one*
`InvalidArgumentError` that lists every problem it found, so a registration is fixed in one go.

>>> b = OpDefBuilder("Scale").input("x: T").output("y: T").attr("T: {float32, float64}")
>>> b.attr("factor: float = 2.0").finalize().op_def.attr[1].default_value
2.0
"""

from __future__ import annotations

import re
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.op_def import (
    SCALAR_ATTR_TYPES,
    ArgDef,
    AttrDef,
    OpDef,
    OpRegistration,
    check_attr_value,
)

OP_NAME_RE = re.compile(r"^_?[A-Z][a-zA-Z0-9_]*$")
ARG_NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
ATTR_NAME_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*$")
_SPEC_RE = re.compile(r"^\s*([^:\s]*)\s*:\s*(.*?)\s*$", re.S)
_MINIMUM_RE = re.compile(r"^(.*?)\s*>=\s*(-?\d+)$", re.S)
_NUMBER_ARG_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*\*\s*([A-Za-z_][A-Za-z0-9_]*)$")
_REF_RE = re.compile(r"^Ref\(\s*(.*?)\s*\)$")


class SpecError(ValueError):
    """One problem in one spec string (collected, then reported together)."""


class OpDefBuilder:
    """Collects an op's specs and flags; `finalize()` turns them into an `OpRegistration`."""

    def __init__(self, name: str):
        self._name = name
        self._attrs: list[str] = []
        self._inputs: list[str] = []
        self._outputs: list[str] = []
        self._flags: dict[str, bool] = {}
        self._deprecation: tuple[Any, Any] | None = None
        self._doc = ""
        self._shape_fn: Callable | None = None
        self._errors: list[str] = []
        self.site: tuple[str, int] | None = None  # where it was declared (file, line)

    @property
    def name(self) -> str:
        return self._name

    def input(self, spec: str) -> OpDefBuilder:
        self._inputs.append(spec)
        return self

    def output(self, spec: str) -> OpDefBuilder:
        self._outputs.append(spec)
        return self

    def attr(self, spec: str) -> OpDefBuilder:
        self._attrs.append(spec)
        return self

    def set_is_commutative(self) -> OpDefBuilder:
        self._flags["is_commutative"] = True
        return self

    def set_is_aggregate(self) -> OpDefBuilder:
        self._flags["is_aggregate"] = True
        return self

    def set_is_stateful(self) -> OpDefBuilder:
        self._flags["is_stateful"] = True
        return self

    def set_allows_uninitialized_input(self) -> OpDefBuilder:
        self._flags["allows_uninitialized_input"] = True
        return self

    def deprecated(self, version: int, explanation: str) -> OpDefBuilder:
        if self._deprecation is not None:
            self._errors.append(f"deprecated() called twice (versions {self._deprecation[0]} "
                                f"and {version})")
        self._deprecation = (version, explanation)
        return self

    def doc(self, text: str) -> OpDefBuilder:
        self._doc = text
        return self

    def set_shape_fn(self, fn: Callable) -> OpDefBuilder:
        if not callable(fn):
            self._errors.append(f"set_shape_fn() needs a callable, got {fn!r}")
        self._shape_fn = fn
        return self

    def finalize(self) -> OpRegistration:
        """Parses and validates everything; raises one InvalidArgumentError listing all problems."""
        errors = list(self._errors)
        if not isinstance(self._name, str) or not OP_NAME_RE.match(self._name):
            errors.append(f"op name {self._name!r} is invalid: it must be CamelCase and match "
                          f"'{OP_NAME_RE.pattern}' (a leading '_' marks an internal op)")
        attrs = []
        for spec in self._attrs:
            try:
                attrs.append(parse_attr_spec(spec))
            except SpecError as e:
                errors.append(f"attr spec {spec!r}: {e}")
        attr_by_name = {a.name: a for a in attrs}
        inputs = _parse_args(self._inputs, "input", attr_by_name, errors)
        outputs = _parse_args(self._outputs, "output", attr_by_name, errors)
        _check_names(attrs, inputs, outputs, errors)
        summary, description, arg_docs = _parse_doc(self._doc)
        known = set(attr_by_name) | {a.name for a in inputs} | {a.name for a in outputs}
        for name in arg_docs:
            if name not in known:
                errors.append(f"doc() describes {name!r}, which is no input, output or attr")
        if self._deprecation is not None:
            version, explanation = self._deprecation
            if not isinstance(version, int) or isinstance(version, bool) or version < 0:
                errors.append(f"deprecated() needs a version >= 0, got {version!r}")
            if not isinstance(explanation, str) or not explanation.strip():
                errors.append("deprecated() needs an explanation saying what to use instead")
        if errors:
            problems = "\n".join(f"  - {e}" for e in errors)
            where = f" at {self.site[0]}:{self.site[1]}" if self.site else ""
            raise InvalidArgumentError(
                f"Op {self._name!r}{where} is declared incorrectly ({len(errors)} problem"
                f"{'s' if len(errors) > 1 else ''}):\n{problems}")

        def described(items):
            import dataclasses
            return tuple(dataclasses.replace(x, description=arg_docs.get(x.name, ""))
                         for x in items)

        op_def = OpDef(
            name=self._name, input_arg=described(inputs), output_arg=described(outputs),
            attr=described(attrs), summary=summary, description=description,
            deprecation=self._deprecation, **self._flags)
        return OpRegistration(op_def=op_def, shape_fn=self._shape_fn)


# Attr specs --------------------------------------------------------------------------------------
def parse_attr_spec(spec: str) -> AttrDef:
    """Parses `"name: type [>= min] [= default]"` into an `AttrDef` (SpecError when malformed)."""
    if not isinstance(spec, str):
        raise SpecError(f"must be a string, not {type(spec).__name__}")
    m = _SPEC_RE.match(spec)
    if not m:
        raise SpecError("must look like 'name: type' (for example 'T: numbertype')")
    name, rest = m.groups()
    if not ATTR_NAME_RE.match(name):
        raise SpecError(f"attr name {name!r} must match '{ATTR_NAME_RE.pattern}'")
    type_part, default_text = _split_default(rest)
    has_minimum, minimum = False, 0
    mm = _MINIMUM_RE.match(type_part)
    if mm:
        type_part, has_minimum, minimum = mm.group(1).strip(), True, int(mm.group(2))
    attr_type, allowed = _parse_attr_type(type_part)
    if has_minimum and attr_type != "int" and not attr_type.startswith("list("):
        raise SpecError(f"a minimum ('>= {minimum}') only applies to int and list attrs, "
                        f"not {attr_type}")
    if has_minimum and attr_type.startswith("list(") and minimum < 0:
        raise SpecError(f"a list's minimum length must be >= 0, got {minimum}")
    attr = AttrDef(name=name, type=attr_type, allowed_values=allowed, has_minimum=has_minimum,
                   minimum=minimum)
    if default_text is None:
        return attr
    default = _parse_default(attr_type, default_text)
    try:
        default = check_attr_value(attr, default)
    except (TypeError, ValueError) as e:
        raise SpecError(f"default {default_text!r} is invalid: {e}") from None
    return AttrDef(name=name, type=attr_type, default_value=default, allowed_values=allowed,
                   has_minimum=has_minimum, minimum=minimum)


def _split_default(text: str) -> tuple[str, str | None]:
    quote = None
    depth = 0
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == "=" and depth == 0 and (i == 0 or text[i - 1] != ">"):
            return text[:i].strip(), text[i + 1:].strip()
    return text.strip(), None


def _parse_attr_type(text: str) -> tuple[str, tuple | None]:
    if text.startswith("list(") and text.endswith(")"):
        inner, allowed = _parse_attr_type(text[5:-1].strip())
        if inner.startswith("list("):
            raise SpecError("lists of lists are not supported")
        return f"list({inner})", allowed
    if text.startswith("{") and text.endswith("}"):
        items = [t.strip() for t in text[1:-1].split(",") if t.strip()]
        if not items:
            raise SpecError("an allowed-values set '{...}' must not be empty")
        if all(_is_quoted(t) for t in items):
            return "string", tuple(t[1:-1] for t in items)
        if any(_is_quoted(t) for t in items):
            raise SpecError(f"set {text} mixes quoted strings and type names")
        types: list = []
        for t in items:
            types.extend(_type_names(t))
        return "type", tuple(dict.fromkeys(types))
    if text in dtypes.NAMED_TYPE_SETS:
        return "type", dtypes.NAMED_TYPE_SETS[text]
    if text in SCALAR_ATTR_TYPES:
        return text, None
    raise SpecError(f"unknown attr type {text!r}; use one of "
                    f"{', '.join(SCALAR_ATTR_TYPES)}, list(...), a set {{a, b}}, or "
                    f"{', '.join(sorted(dtypes.NAMED_TYPE_SETS))}")


def _type_names(text: str) -> tuple[dtypes.DType, ...]:
    if text in dtypes.NAMED_TYPE_SETS:
        return dtypes.NAMED_TYPE_SETS[text]
    try:
        return (dtypes.as_dtype(text),)
    except TypeError:
        raise SpecError(f"{text!r} is not a dtype name") from None


def _is_quoted(text: str) -> bool:
    return len(text) >= 2 and text[0] == text[-1] and text[0] in "'\""


def _parse_default(attr_type: str, text: str) -> Any:
    if attr_type.startswith("list("):
        inner = attr_type[5:-1]
        if not (text.startswith("[") and text.endswith("]")):
            raise SpecError(f"default {text!r} of a list attr must look like [a, b]")
        body = text[1:-1].strip()
        if inner == "shape":
            return [_parse_default("shape", t) for t in _split_top_level(body)]
        return [_parse_default(inner, t.strip()) for t in body.split(",") if t.strip()]
    try:
        if attr_type == "int":
            return int(text)
        if attr_type == "float":
            return float(text)
        if attr_type == "bool":
            if text not in ("true", "false", "True", "False"):
                raise ValueError
            return text.lower() == "true"
        if attr_type == "string":
            if not _is_quoted(text):
                raise ValueError
            return text[1:-1]
        if attr_type == "type":
            return _type_names(text)[0] if text not in dtypes.NAMED_TYPE_SETS else _bad()
        if attr_type == "shape":
            if text in ("unknown", "?"):
                return None
            if not (text.startswith("[") and text.endswith("]")):
                raise ValueError
            dims = [int(t) for t in text[1:-1].split(",") if t.strip()]
            return [None if d == -1 else d for d in dims]
    except (ValueError, SpecError):
        raise SpecError(f"default {text!r} is not a valid {attr_type}") from None
    raise SpecError(f"attrs of type {attr_type} cannot have a default")


def _bad():
    raise ValueError


def _split_top_level(body: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            parts.append(body[start:i].strip())
            start = i + 1
    if body[start:].strip():
        parts.append(body[start:].strip())
    return parts


# Input/output specs ------------------------------------------------------------------------------
def _parse_args(specs: list[str], kind: str, attrs: dict[str, AttrDef],
                errors: list[str]) -> list[ArgDef]:
    args = []
    for spec in specs:
        try:
            args.append(_parse_arg_spec(spec, attrs))
        except SpecError as e:
            errors.append(f"{kind} spec {spec!r}: {e}")
    return args


def _parse_arg_spec(spec: str, attrs: dict[str, AttrDef]) -> ArgDef:
    if not isinstance(spec, str):
        raise SpecError(f"must be a string, not {type(spec).__name__}")
    m = _SPEC_RE.match(spec)
    if not m:
        raise SpecError("must look like 'name: type' (for example 'x: T' or 'xs: N * T')")
    name, type_text = m.groups()
    if not ARG_NAME_RE.match(name):
        raise SpecError(f"name {name!r} must match '{ARG_NAME_RE.pattern}'")
    is_ref = False
    rm = _REF_RE.match(type_text)
    if rm:
        is_ref, type_text = True, rm.group(1)
    nm = _NUMBER_ARG_RE.match(type_text)
    if nm:
        number_attr, elem = nm.groups()
        _require_attr(attrs, number_attr, "int", f"as the length of {name!r}")
        number = attrs[number_attr]
        if not number.has_minimum or number.minimum < 0:
            raise SpecError(f"attr {number_attr!r} is a length, so declare it with a minimum, "
                            f"such as '{number_attr}: int >= 1'")
        fixed, type_attr = _arg_type(elem, attrs, name, allow_list=False)
        return ArgDef(name=name, type=fixed, type_attr=type_attr, number_attr=number_attr,
                      is_ref=is_ref)
    if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", type_text):
        raise SpecError(f"type {type_text!r} must be a dtype, a type attr, 'N * T', or a "
                        f"list(type) attr")
    fixed, type_attr = _arg_type(type_text, attrs, name, allow_list=True)
    if type_attr and attrs[type_attr].type == "list(type)":
        return ArgDef(name=name, type_list_attr=type_attr, is_ref=is_ref)
    return ArgDef(name=name, type=fixed, type_attr=type_attr, is_ref=is_ref)


def _arg_type(text: str, attrs: dict[str, AttrDef], arg: str, allow_list: bool):
    if text in attrs:
        kinds = ("type", "list(type)") if allow_list else ("type",)
        if attrs[text].type not in kinds:
            raise SpecError(f"attr {text!r} gives the type of {arg!r}, so it must be declared "
                            f"as {' or '.join(kinds)}, not {attrs[text].type}")
        return None, text
    if text not in ("T", "N") and text[:1].islower():
        try:
            return dtypes.as_dtype(text), ""
        except TypeError:
            pass
    raise SpecError(f"{text!r} is neither a dtype nor a declared attr; add "
                    f".attr('{text}: type') (or a type set such as numbertype)")


def _require_attr(attrs: dict[str, AttrDef], name: str, attr_type: str, why: str) -> None:
    if name not in attrs:
        raise SpecError(f"attr {name!r} is used {why} but not declared; add "
                        f".attr('{name}: {attr_type} >= 1')")
    if attrs[name].type != attr_type:
        raise SpecError(f"attr {name!r} is used {why}, so it must be an {attr_type}, "
                        f"not {attrs[name].type}")


def _check_names(attrs: list[AttrDef], inputs: list[ArgDef], outputs: list[ArgDef],
                 errors: list[str]) -> None:
    # Attrs and inputs share one namespace: both become keyword arguments of the op function.
    seen: dict[str, str] = {}
    for kind, items in (("attr", attrs), ("input", inputs)):
        for item in items:
            if item.name in seen:
                errors.append(f"duplicate name {item.name!r} ({seen[item.name]} and {kind})")
            seen[item.name] = kind
    outs: set[str] = set()
    for item in outputs:
        if item.name in outs:
            errors.append(f"duplicate output name {item.name!r}")
        outs.add(item.name)


def _parse_doc(text: str) -> tuple[str, str, dict[str, str]]:
    """Splits TensorFlow-style op docs: a summary line, a description, then `name: text` lines."""
    lines = [ln.rstrip() for ln in (text or "").strip().splitlines()]
    if not lines:
        return "", "", {}
    summary, body = lines[0].strip(), lines[1:]
    description: list[str] = []
    arg_docs: dict[str, str] = {}
    current = None
    for line in body:
        m = re.match(r"^([a-zA-Z][a-zA-Z0-9_]*): (.*)$", line)
        if m:
            current = m.group(1)
            arg_docs[current] = m.group(2).strip()
        elif current is not None and line.startswith(" ") and line.strip():
            arg_docs[current] += " " + line.strip()
        elif current is None:
            description.append(line)
        elif line.strip():
            arg_docs[current] += " " + line.strip()
    return summary, "\n".join(description).strip(), arg_docs
