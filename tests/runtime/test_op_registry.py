"""The op registry and builder: spec grammar, validation, modes, watcher, lookups (seed 003)."""

import threading

import pytest

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import AlreadyExistsError, InvalidArgumentError, NotFoundError
from autograph.runtime.registry.op_def import NO_DEFAULT, OpDef, OpRegistration
from autograph.runtime.registry.op_registry import OpRegistry, RegistrationWarning, op_registry


@pytest.fixture
def reg():
    registry = OpRegistry()
    registry.process_registrations()  # immediate mode, like the global registry after startup
    return registry


def argmax(reg):
    return (reg.register_op("ArgMax")
            .input("input: T").input("dimension: Tidx").output("output: output_type")
            .attr("T: numbertype").attr("Tidx: {int32, int64} = DT_INT32")
            .attr("output_type: {int32, int64} = DT_INT64"))


# Spec grammar ------------------------------------------------------------------------------------
def test_argmax_spec_from_the_seed_parses(reg):
    argmax(reg)
    op = reg.lookup_op_def("ArgMax")
    assert [a.name for a in op.input_arg] == ["input", "dimension"]
    assert op.input_arg[1].type_attr == "Tidx"
    tidx = op.attr_def("Tidx")
    assert tidx.type == "type"
    assert tidx.allowed_values == (dtypes.int32, dtypes.int64)
    assert tidx.default_value is dtypes.int32
    assert op.attr_def("output_type").default_value is dtypes.int64
    assert op.attr_def("T").allowed_values == dtypes.NAMED_TYPE_SETS["numbertype"]


def test_attr_scalar_types_and_defaults(reg):
    (reg.register_op("Attrs").attr("i: int = -3").attr("f: float = 2.5").attr("b: bool = true")
     .attr("s: string = 'hi'").attr("sh: shape = [-1, 3]").attr("t: type = DT_FLOAT")
     .attr("nodefault: int"))
    op = reg.lookup_op_def("Attrs")
    values = {a.name: a.default_value for a in op.attr}
    assert values == {"i": -3, "f": 2.5, "b": True, "s": "hi", "sh": (None, 3),
                      "t": dtypes.float32, "nodefault": NO_DEFAULT}


def test_attr_list_types_minimum_and_defaults(reg):
    (reg.register_op("Lists").attr("ints: list(int) >= 2 = [1, 2]")
     .attr("types: list({float32, int32}) = []").attr("shapes: list(shape) = [[2], [-1, 1]]"))
    op = reg.lookup_op_def("Lists")
    ints, types, shapes = op.attr
    assert (ints.type, ints.has_minimum, ints.minimum, ints.default_value) == (
        "list(int)", True, 2, (1, 2))
    assert types.type == "list(type)" and types.allowed_values == (dtypes.float32, dtypes.int32)
    assert shapes.default_value == ((2,), (None, 1))


def test_string_attr_with_allowed_values(reg):
    reg.register_op("Mode").attr("mode: {'fast', 'exact'} = 'fast'")
    attr = reg.lookup_op_def("Mode").attr[0]
    assert (attr.type, attr.allowed_values, attr.default_value) == (
        "string", ("fast", "exact"), "fast")


def test_int_attr_minimum(reg):
    reg.register_op("Min").attr("N: int >= 2")
    attr = reg.lookup_op_def("Min").attr[0]
    assert attr.has_minimum and attr.minimum == 2


def test_number_and_list_args(reg):
    (reg.register_op("Packs").input("values: N * T").input("fixed: M * int32")
     .input("mixed: Tlist").output("out: T").attr("N: int >= 1").attr("M: int >= 0")
     .attr("T: type").attr("Tlist: list(type)"))
    values, fixed, mixed = reg.lookup_op_def("Packs").input_arg
    assert (values.number_attr, values.type_attr) == ("N", "T")
    assert (fixed.number_attr, fixed.type) == ("M", dtypes.int32)
    assert mixed.type_list_attr == "Tlist" and mixed.is_list


def test_ref_and_fixed_type_args(reg):
    reg.register_op("Assign").input("ref: Ref(T)").input("value: float").output("out: T") \
        .attr("T: type")
    ref, value = reg.lookup_op_def("Assign").input_arg
    assert ref.is_ref and ref.type_attr == "T"
    assert value.type is dtypes.float32 and not value.is_ref


# Flags, deprecation, docs, shape functions --------------------------------------------------------
def test_flags_are_recorded(reg):
    (reg.register_op("Flags").set_is_commutative().set_is_aggregate().set_is_stateful()
     .set_allows_uninitialized_input())
    op = reg.lookup_op_def("Flags")
    assert op.is_commutative and op.is_aggregate and op.is_stateful
    assert op.allows_uninitialized_input


def test_flags_default_to_false(reg):
    reg.register_op("NoFlags")
    op = reg.lookup_op_def("NoFlags")
    assert not (op.is_commutative or op.is_aggregate or op.is_stateful
                or op.allows_uninitialized_input)


def test_deprecation_is_recorded(reg):
    reg.register_op("Old").deprecated(7, "Use New instead.")
    assert reg.lookup_op_def("Old").deprecation == (7, "Use New instead.")


def test_doc_gives_summary_description_and_arg_docs(reg):
    (reg.register_op("Documented").input("x: T").output("y: T").attr("T: type")
     .doc("Doubles x.\n\nMore words here.\n\nx: the input.\n  Continued.\ny: twice x."))
    op = reg.lookup_op_def("Documented")
    assert op.summary == "Doubles x."
    assert op.description == "More words here."
    assert op.input_arg[0].description == "the input. Continued."
    assert op.output_arg[0].description == "twice x."


def test_shape_fn_is_kept_with_the_registration(reg):
    def shape_fn(c):
        return [c.shape(0)]
    reg.register_op("WithShape").input("x: T").output("y: T").attr("T: type") \
        .set_shape_fn(shape_fn)
    assert reg.lookup("WithShape").shape_fn is shape_fn


# Validation: every problem of one registration in one error -------------------------------------
def test_all_problems_are_reported_together(reg):
    (reg.register_op("Broken").input("x: T").input("Bad: T").output("y: U")
     .attr("T: sometype").attr("k: int = 'no'"))
    with pytest.raises(InvalidArgumentError) as info:
        reg.lookup("Broken")
    message = str(info.value)
    assert "5 problems" in message
    for part in ("unknown attr type 'sometype'", "'Bad' must match", "'U' is neither",
                 "input spec 'x: T': 'T' is neither",
                 "default \"'no'\" is not a valid int"):
        assert part in message


@pytest.mark.parametrize("name", ["lowercase", "9Lives", "Has-Dash", "", "Has Space"])
def test_invalid_op_names_are_rejected(reg, name):
    reg.register_op(name)
    with pytest.raises(InvalidArgumentError, match="op name .* is invalid"):
        reg.process_registrations()


def test_internal_op_names_are_allowed(reg):
    reg.register_op("_Internal")
    assert reg.lookup_op_def("_Internal").is_internal


@pytest.mark.parametrize("spec, message", [
    ("x T", "must look like 'name: type'"),
    ("X: T", "'X' must match"),
    ("x: N * T", "attr 'N' is used as the length of 'x' but not declared"),
    ("x: Ref(", "must be a dtype, a type attr"),
])
def test_invalid_input_specs_are_rejected(reg, spec, message):
    reg.register_op("BadInput").input(spec).attr("T: type")
    with pytest.raises(InvalidArgumentError, match=message):
        reg.process_registrations()


def test_length_attr_needs_a_minimum(reg):
    reg.register_op("NoMin").input("xs: N * T").attr("N: int").attr("T: type")
    with pytest.raises(InvalidArgumentError, match="declare it with a minimum"):
        reg.process_registrations()


def test_type_attr_of_wrong_kind_is_rejected(reg):
    reg.register_op("WrongKind").input("x: T").attr("T: int")
    with pytest.raises(InvalidArgumentError, match="must be declared as type or list"):
        reg.process_registrations()


def test_duplicate_names_are_rejected(reg):
    (reg.register_op("Dupes").input("x: T").input("x: T").output("y: T").output("y: T")
     .attr("T: type").attr("T: type"))
    with pytest.raises(InvalidArgumentError) as info:
        reg.process_registrations()
    assert "duplicate name 'x'" in str(info.value)
    assert "duplicate name 'T'" in str(info.value)
    assert "duplicate output name 'y'" in str(info.value)


@pytest.mark.parametrize("spec, message", [
    ("a: int = 1.5", "not a valid int"),
    ("a: {int32, int64} = DT_FLOAT", "not in the allowed values"),
    ("a: int >= 3 = 1", "must be >= 3"),
    ("a: list(int) >= 2 = [1]", "at least 2 items"),
    ("a: float >= 1", "only applies to int and list"),
    ("a: list(list(int))", "lists of lists"),
    ("a: {}", "must not be empty"),
    ("a: {'x', int32}", "mixes quoted strings"),
])
def test_invalid_attr_specs_are_rejected(reg, spec, message):
    reg.register_op("BadAttr").attr(spec)
    with pytest.raises(InvalidArgumentError, match=message):
        reg.process_registrations()


def test_doc_naming_an_unknown_arg_is_rejected(reg):
    reg.register_op("BadDoc").input("x: float").doc("Summary.\n\nz: no such arg.")
    with pytest.raises(InvalidArgumentError, match="describes 'z'"):
        reg.process_registrations()


def test_bad_deprecation_is_rejected(reg):
    reg.register_op("BadDep").deprecated(-1, "")
    with pytest.raises(InvalidArgumentError) as info:
        reg.process_registrations()
    assert "version >= 0" in str(info.value) and "needs an explanation" in str(info.value)


def test_duplicate_op_is_already_exists_error(reg):
    reg.register_op("Twice")
    reg.process_registrations()
    reg.register_op("Twice")
    with pytest.raises(AlreadyExistsError, match="Twice"):
        reg.process_registrations()
    assert reg.lookup_op_def("Twice").name == "Twice"


# Deferred and immediate modes ------------------------------------------------------------------
def test_new_registry_defers_until_first_read():
    reg = OpRegistry()
    calls = []

    def factory():
        calls.append(1)
        return OpRegistration(OpDef(name="Lazy"))
    reg.register(factory)
    assert calls == []
    assert reg.lookup_op_def("Lazy").name == "Lazy"
    assert calls == [1]


def test_factory_registers_at_once_in_immediate_mode(reg):
    calls = []

    def factory():
        calls.append(1)
        return OpRegistration(OpDef(name="Now"))
    reg.register(factory)
    assert calls == [1]


def test_defer_registrations_queues_until_processed(reg):
    reg.defer_registrations()
    reg.register_op("Later")
    reg.register(lambda: OpRegistration(OpDef(name="Later2")))
    assert reg._registry.get("Later") is None
    reg.process_registrations()
    assert {"Later", "Later2"} <= {d.name for d in reg.export()}


def test_deferred_group_registers_all_or_nothing(reg):
    reg.defer_registrations()
    reg.register_op("GoodOne")
    reg.register_op("bad_one")
    with pytest.raises(InvalidArgumentError, match="No op of this deferred group"):
        reg.process_registrations()
    assert reg.get("GoodOne") is None


def test_clear_deferred_registrations_drops_the_queue(reg):
    reg.defer_registrations()
    reg.register_op("Dropped")
    reg.clear_deferred_registrations()
    reg.process_registrations()
    assert reg.get("Dropped") is None


def test_failed_group_can_be_cleared_and_replaced(reg):
    reg.defer_registrations()
    reg.register_op("bad_name")
    with pytest.raises(InvalidArgumentError):
        reg.process_registrations()
    reg.clear_deferred_registrations()
    reg.defer_registrations()
    reg.register_op("Fixed")
    reg.process_registrations()
    assert reg.get("Fixed") is not None


# Registrations made on their own -----------------------------------------------------------------
def test_a_failed_declaration_is_warned_about_at_another_ops_lookup(reg):
    reg.register_op("Good")
    reg.register_op("bad_name")
    with pytest.warns(RegistrationWarning, match="'bad_name' at .*test_op_registry.py:"):
        assert reg.lookup_op_def("Good").name == "Good"


def test_a_failed_declaration_is_raised_at_its_own_lookup(reg):
    reg.register_op("bad_name")
    with pytest.warns(RegistrationWarning):
        reg.export()
    with pytest.raises(InvalidArgumentError, match="'bad_name' at .*test_op_registry.py:"):
        reg.lookup("bad_name")


def test_a_new_registry_registers_its_queue_each_op_on_its_own():
    reg = OpRegistry()
    reg.register_op("bad_name")
    reg.register_op("Fine")
    with pytest.warns(RegistrationWarning, match="bad_name"):
        assert reg.lookup_op_def("Fine").name == "Fine"


def test_processing_a_queue_raises_its_failure_and_registers_the_others():
    reg = OpRegistry()
    reg.register_op("bad_name")
    reg.register_op("Fine")
    with pytest.raises(InvalidArgumentError, match="bad_name"):
        reg.process_registrations()
    assert reg.get("Fine") is not None


def test_a_group_registers_ahead_of_what_was_queued_before_it():
    reg = OpRegistry()
    reg.register_op("Shared").attr("queued_first: int = 1")
    with reg.group():
        reg.register_op("Shared").attr("from_group: int = 1")
    with pytest.warns(RegistrationWarning, match="Shared is registered already"):
        assert reg.lookup_op_def("Shared").attr[0].name == "from_group"


def test_a_group_with_a_failure_registers_none_of_it():
    reg = OpRegistry()
    with pytest.raises(InvalidArgumentError, match="No op of this deferred group"):
        with reg.group():
            reg.register_op("InGroup")
            reg.register_op("bad_name")
    assert reg.get("InGroup") is None


# Watcher ---------------------------------------------------------------------------------------
def test_watcher_sees_every_registration(reg):
    seen = []
    reg.set_watcher(lambda error, op_def: seen.append((error, op_def.name)) or error)
    reg.register_op("Watched")
    reg.process_registrations()
    assert seen == [(None, "Watched")]


def test_watcher_result_replaces_the_status(reg):
    reg.set_watcher(lambda error, op_def: None)  # accept everything, failures included
    reg.register_op("Dup")
    reg.process_registrations()
    reg.register_op("Dup")
    reg.process_registrations()  # the AlreadyExistsError was swallowed by the watcher
    reg.set_watcher(None)
    reg.set_watcher(lambda error, op_def: InvalidArgumentError("vetoed"))
    reg.register_op("Vetoed")
    with pytest.raises(InvalidArgumentError, match="vetoed"):
        reg.process_registrations()
    assert reg.get("Vetoed") is None


def test_watcher_cannot_be_overwritten_by_another(reg):
    reg.set_watcher(lambda e, d: e)
    with pytest.raises(AlreadyExistsError, match="set_watcher\\(None\\) first"):
        reg.set_watcher(lambda e, d: e)
    reg.set_watcher(None)
    reg.set_watcher(lambda e, d: e)


# Lookups, export, debug string ------------------------------------------------------------------
def test_lookup_of_unknown_op_suggests_near_names(reg):
    argmax(reg)
    with pytest.raises(NotFoundError, match="Did you mean ArgMax"):
        reg.lookup("Argmax")


def test_lookup_of_unknown_op_without_near_names(reg):
    with pytest.raises(NotFoundError, match="Op type not registered: 'Zzz'"):
        reg.lookup("Zzz")


def test_export_is_sorted_and_hides_internal_ops(reg):
    for name in ("Zeta", "_Hidden", "Alpha", "Mid"):
        reg.register_op(name)
    assert [d.name for d in reg.export()] == ["Alpha", "Mid", "Zeta"]
    assert [d.name for d in reg.export(include_internal=True)] == [
        "Alpha", "Mid", "Zeta", "_Hidden"]


def test_debug_string_lists_ops_and_their_specs(reg):
    argmax(reg)
    reg.register_op("_Hidden")
    text = reg.debug_string()
    assert text.startswith("op {\n  name: 'ArgMax'")
    assert "input_arg { name: 'dimension' type: 'Tidx' }" in text
    assert "attr { name: 'Tidx' type: 'type' default_value: int32 " in text
    assert "_Hidden" not in text and "_Hidden" in reg.debug_string(include_internal=True)


def test_registered_ops_includes_internal_ones(reg):
    reg.register_op("_Internal2")
    assert "_Internal2" in [d.name for d in reg.registered_ops()]


def test_concurrent_registration_and_lookup_is_safe(reg):
    errors = []

    def work(i):
        try:
            reg.register_op(f"Thread{i}").attr("T: type = DT_FLOAT")
            reg.lookup(f"Thread{i}")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len([d for d in reg.export() if d.name.startswith("Thread")]) == 32


def test_global_registry_is_a_singleton():
    assert op_registry() is op_registry()
