"""Requests checked against Discord's own OpenAPI specification (spec/openapi.json, vendored).

Every REST call the fake receives is matched to its operation in the spec (method + path
template, literal segments preferred over parameters: ``.../messages/bulk-delete`` before
``.../messages/{message_id}``). Its JSON body (or the ``payload_json`` part of a multipart body)
is validated against the operation's ``application/json`` request-body schema, and its query
string against the operation's query parameters, with JSON Schema Draft 2020-12 (the dialect of
OpenAPI 3.1). A failure is answered as Discord does: 400, code 50035 "Invalid Form Body" and the
nested ``errors`` object.

Two leniencies of Discord's API are applied, so that discord.py's ordinary requests pass:
integer fields also take strings that parse as integers (the spec's README says so; discord.py
sends ``default_member_permissions`` as a string), and snowflakes, which the spec types as digit
strings, may be sent as JSON integers (Discord accepts them, and discord.py sends
``allowed_mentions.users`` and attachment ids as integers). The spec's ``oneOf`` unions are read
as ``anyOf``, as its README says they mean, and unions told apart by a ``type`` field are
validated by dispatching on that field (see spec() and _by_type).

The spec is loaded once per process, one validator per operation is built lazily and cached,
and the verdicts on bodies already seen are remembered (see _body_verdict). A body is first
asked of jsonschema-rs (a compiled validator of the same draft, on the same spec with its unions
as plain `anyOf` and no leniency): the bodies it accepts, nearly all, the spec accepts too, in
microseconds where jsonschema took milliseconds (it was the largest CPU cost of the e2e tests).
Whatever it refuses goes through jsonschema with the leniencies, which says why, as Discord
does, or lets it pass.
"""

from __future__ import annotations

import functools
import json
import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .models import JSON
from .validation import FormErrors
from .validation import Path as ErrorPath

SPEC_FILE = Path(__file__).with_name("spec") / "openapi.json"
SPEC_URI = "urn:discord-api-spec:openapi.json"
METHODS = ("get", "put", "post", "patch", "delete")
_INT = re.compile(r"^-?[0-9]+$")

#: snowflakes: the spec's digit string, or (as Discord accepts) a non-negative JSON integer
SNOWFLAKE = {
    "anyOf": [
        {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
        {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
    ]
}


def _is_integer(checker: Any, instance: Any) -> bool:
    if isinstance(instance, str):
        return bool(_INT.match(instance))
    return Draft202012Validator.TYPE_CHECKER.is_type(instance, "integer")


def _as_number(instance: Any) -> Any:
    if isinstance(instance, str) and _INT.match(instance):
        return int(instance)
    return instance


def _bound(keyword: str) -> Any:
    original = Draft202012Validator.VALIDATORS[keyword]

    def check(validator: Any, bound: Any, instance: Any, schema: Any) -> Any:
        return original(validator, bound, _as_number(instance), schema)

    return check


#: Draft 2020-12 with Discord's "integers may come as strings" leniency (ranges included)
DiscordValidator = jsonschema.validators.extend(
    Draft202012Validator,
    validators={
        **{k: _bound(k) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")},
        "x-dispatch": lambda *args: _dispatch(*args),
    },
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


@functools.cache
def spec() -> JSON:
    """The vendored spec, with the leniencies above and every ``oneOf`` read as ``anyOf``.

    The spec's README: "Even though we define anyOf and oneOf unions, they all mean that only
    one type from the list can be used" (its unions are told apart by a ``type`` field).
    ``anyOf`` stops at the first matching branch, which makes validation several times faster,
    and a digit-string nonce (string or integer) is not refused for matching both."""
    document: JSON = _any_of(json.loads(SPEC_FILE.read_text(encoding="utf-8")))
    document["components"]["schemas"]["SnowflakeType"] = SNOWFLAKE
    return document


def _any_of(node: Any) -> Any:
    if isinstance(node, dict):
        return {("anyOf" if k == "oneOf" else k): _any_of(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_any_of(v) for v in node]
    return node


@functools.cache
def registry() -> Registry[Any]:
    resource = Resource.from_contents(spec(), default_specification=DRAFT202012)
    return Registry().with_resource(SPEC_URI, resource)


def _pointer(*parts: str) -> str:
    escaped = (part.replace("~", "~0").replace("/", "~1") for part in parts)
    return "#/" + "/".join(escaped)


def _inline(node: Any, seen: tuple[str, ...] = ()) -> Any:
    """The schema with its $refs replaced by their targets (a cycle keeps an absolute $ref):
    jsonschema's reference lookups were most of the validation time."""
    if isinstance(node, list):
        return [_inline(v, seen) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        ref = node["$ref"]
        if ref in seen:
            return {**node, "$ref": SPEC_URI + ref}
        target = _inline(_resolve({"$ref": ref}), (*seen, ref))
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return {"allOf": [target, _inline(rest, seen)]} if rest else target
    inlined = {k: _inline(v, seen) for k, v in node.items()}
    if isinstance(inlined.get("anyOf"), list):
        dispatched = _by_type(inlined["anyOf"])
        if dispatched is not None:
            del inlined["anyOf"]
            inlined.setdefault("allOf", []).append(dispatched)
    return inlined


def _by_type(branches: list[Any]) -> JSON | None:
    """A union of objects told apart by their ``type`` field, as a dispatch on that field
    (the ``x-dispatch`` keyword below).

    Same verdict as the union (every branch requires ``type`` and no two share a value), but
    only the branch the value names is validated, and its errors are reported directly."""
    table: dict[Any, JSON] = {}
    for branch in branches:
        if not isinstance(branch, dict) or "type" not in (branch.get("required") or []):
            return None
        prop = (branch.get("properties") or {}).get("type") or {}
        values = prop.get("enum") or ([prop["const"]] if "const" in prop else None)
        if not values or any(value in table for value in values):
            return None
        table.update((value, branch) for value in values)
    return {"type": "object", DISPATCH: table}


DISPATCH = "x-dispatch"


def _dispatch(validator: Any, table: dict[Any, JSON], instance: Any, schema: JSON) -> Any:
    if not isinstance(instance, dict):
        return  # the "type": "object" beside it reports that
    if "type" not in instance:
        yield from validator.descend(instance, {"required": ["type"]})
        return
    kind = instance["type"]
    try:
        branch = table.get(kind) if not isinstance(kind, bool) else None
    except TypeError:  # an unhashable "type"
        branch = None
    if branch is None:
        yield from validator.descend(kind, {"enum": list(table)}, path="type")
    else:
        yield from validator.descend(instance, branch)


@functools.cache
def _validator(pointer: str) -> Any:
    return DiscordValidator(_inline({"$ref": pointer}), registry=registry())


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    regex: re.Pattern[str]
    #: number of literal path segments (more is more specific)
    literals: int
    #: pointer of the application/json request-body schema, or None
    body: str | None
    #: query parameter name -> (pointer of its schema, the schema with $refs resolved one level)
    query: dict[str, tuple[str, JSON]]


def _resolve(schema: JSON) -> JSON:
    while "$ref" in schema:
        ref = schema["$ref"]
        node: Any = spec()
        for part in ref.removeprefix("#/").split("/"):
            key = part.replace("~1", "/").replace("~0", "~")
            node = node[int(key)] if isinstance(node, list) else node[key]
        schema = node
    return schema


@functools.cache
def operations() -> dict[str, list[Operation]]:
    """Operations by upper-case method, most specific path first."""
    found: dict[str, list[Operation]] = {m.upper(): [] for m in METHODS}
    for template, item in spec()["paths"].items():
        segments = template.strip("/").split("/")
        regex = "/".join("[^/]+" if seg.startswith("{") else re.escape(seg) for seg in segments)
        literals = sum(1 for seg in segments if not seg.startswith("{"))
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            body = None
            content = (operation.get("requestBody") or {}).get("content") or {}
            if "application/json" in content:
                body = _pointer(
                    "paths",
                    template,
                    method,
                    "requestBody",
                    "content",
                    "application/json",
                    "schema",
                )
            query: dict[str, tuple[str, JSON]] = {}
            for i, parameter in enumerate(operation.get("parameters") or []):
                parameter = _resolve(parameter)
                if parameter.get("in") == "query":
                    pointer = _pointer("paths", template, method, "parameters", str(i), "schema")
                    query[parameter["name"]] = (pointer, _resolve(parameter.get("schema") or {}))
            found[method.upper()].append(
                Operation(
                    method.upper(), template, re.compile(f"^/{regex}$"), literals, body, query
                )
            )
    for ops in found.values():
        ops.sort(key=lambda op: -op.literals)
    return found


def find_operation(method: str, path: str) -> Operation | None:
    for operation in operations().get(method.upper(), []):
        if operation.regex.match(path):
            return operation
    return None


def _query_value(raw: str, schema: JSON) -> Any:
    """A query string value as the JSON value its schema expects (Discord parses them so)."""
    types = schema.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    if "boolean" in types:
        lowered = raw.lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0"):
            return False
    if ("integer" in types or "number" in types) and _INT.match(raw):
        return int(raw)
    if "number" in types:
        try:
            return float(raw)
        except ValueError:
            return raw
    return raw


def check_request(method: str, path: str, query: dict[str, str], body: Any) -> FormErrors:
    """The spec's verdict on one request; an empty FormErrors when it is valid (or unknown)."""
    errors = FormErrors()
    operation = find_operation(method, path)
    if operation is None:
        return errors
    for name, raw in query.items():
        if name not in operation.query:
            continue
        pointer, schema = operation.query[name]
        value = _query_value(raw, schema)
        for error in _validator(pointer).iter_errors(value):
            _add(errors, (name,), error)
    if operation.body is not None and body is not None:
        errors.items.extend(_body_verdict(operation.body, body))
    return errors


#: verdicts by (schema, canonical JSON of the body): the bot sends the same command list at
#: every start and many identical messages, and validating a command list takes ~20 ms
_verdicts: dict[tuple[str, str], tuple[tuple[ErrorPath, str, str], ...]] = {}
MAX_VERDICTS = 4096


@functools.cache
def strict(pointer: str) -> Any:
    """The compiled validator of the schema at `pointer`: the spec as it is (its unions plain
    `anyOf`), none of the leniencies, so what it accepts the lenient validator accepts too."""
    reference = SPEC_URI + urllib.parse.quote(pointer, safe="/~#")
    return jsonschema_rs.validator_for({"$ref": reference}, registry=_strict_registry())


@functools.cache
def _strict_registry() -> Any:
    return jsonschema_rs.Registry([(SPEC_URI, spec())])


def _body_verdict(pointer: str, body: Any) -> tuple[tuple[ErrorPath, str, str], ...]:
    if strict(pointer).is_valid(body):
        return ()
    key = (pointer, json.dumps(body, sort_keys=True, separators=(",", ":")))
    verdict = _verdicts.get(key)
    if verdict is None:
        errors = FormErrors()
        for error in _validator(pointer).iter_errors(body):
            _add(errors, (), error)
        verdict = tuple(errors.items)
        if len(_verdicts) >= MAX_VERDICTS:
            _verdicts.clear()
        _verdicts[key] = verdict
    return verdict


#: Discord's error codes for the JSON Schema keywords
_CODES = {
    "required": "BASE_TYPE_REQUIRED",
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "maxProperties": "BASE_TYPE_MAX_LENGTH",
    "minProperties": "BASE_TYPE_MIN_LENGTH",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
    "exclusiveMaximum": "NUMBER_TYPE_MAX",
    "exclusiveMinimum": "NUMBER_TYPE_MIN",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "pattern": "STRING_TYPE_REGEX",
    "uniqueItems": "BASE_TYPE_DUPLICATES",
    "oneOf": "UNION_TYPE_CHOICES",
    "anyOf": "UNION_TYPE_CHOICES",
}

_TYPE_CODES = {
    "object": "MODEL_TYPE_CONVERT",
    "array": "LIST_TYPE_CONVERT",
    "string": "STRING_TYPE_CONVERT",
    "boolean": "BOOLEAN_TYPE_CONVERT",
    "integer": "NUMBER_TYPE_COERCE",
    "number": "NUMBER_TYPE_COERCE",
}


def _add(errors: FormErrors, prefix: ErrorPath, error: ValidationError) -> None:
    branch = _chosen_branch(error)
    if branch is not None:
        for inner in branch:
            _add(errors, prefix, inner)
        return
    path: ErrorPath = prefix + tuple(error.absolute_path)
    if error.validator in ("anyOf", "oneOf") and _only_type_errors(error):
        wanted = [t for inner in error.context for t in _types(inner.validator_value)]
        first = next((t for t in wanted if t != "null"), "object")
        code = _TYPE_CODES.get(first, "BASE_TYPE_BAD_TYPE")
        message = f"Value {_short(error.instance)} is not of type {' or '.join(wanted)}."
        errors.add(path, code, f"{message} [spec: type]")
        return
    if error.validator == "required":
        missing = re.match(r"'([^']+)'", error.message)
        if missing:
            path += (missing.group(1),)
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    if error.validator == "type":
        wanted = error.validator_value
        first = (
            wanted
            if isinstance(wanted, str)
            else next((t for t in wanted if t != "null"), "object")
        )
        code = _TYPE_CODES.get(first, "BASE_TYPE_BAD_TYPE")
    elif error.validator in ("anyOf", "oneOf") and all("const" in b for b in error.validator_value):
        code = "BASE_TYPE_CHOICES"
    else:
        code = _CODES.get(str(error.validator), "BASE_TYPE_INVALID")
    errors.add(path, code, _message(error))


def _message(error: ValidationError) -> str:
    """Discord's wording for the keyword (the spec's keyword in brackets)."""
    keyword, bound = str(error.validator), error.validator_value
    if keyword in ("maxLength", "maxItems", "maxProperties"):
        text = f"Must be {bound} or fewer in length."
    elif keyword in ("minLength", "minItems", "minProperties"):
        text = f"Must be {bound} or more in length."
    elif keyword in ("maximum", "exclusiveMaximum"):
        text = f"int value should be less than or equal to {bound}."
    elif keyword in ("minimum", "exclusiveMinimum"):
        text = f"int value should be greater than or equal to {bound}."
    elif keyword == "enum":
        text = f"Value must be one of {tuple(bound)}."
    elif keyword == "const":
        text = f"Value must be one of ({bound!r},)."
    elif keyword == "type":
        text = f"Value {_short(error.instance)} is not of type {bound}."
    elif keyword in ("anyOf", "oneOf") and all("const" in branch for branch in bound):
        text = f"Value must be one of {tuple(branch['const'] for branch in bound)}."
    elif keyword in ("anyOf", "oneOf") and isinstance(error.instance, dict) and _kinds(bound):
        text = f'Value of field "type" must be one of {_kinds(bound)}.'
    elif keyword in ("anyOf", "oneOf"):
        text = f"Value {_short(error.instance)} matches none of the accepted forms."
    else:
        text = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"{text} [spec: {keyword}]"


def _kinds(branches: list[JSON]) -> tuple[Any, ...]:
    """The ``type`` values a union's branches accept."""
    kinds: list[Any] = []
    for branch in branches:
        prop = (_resolve(branch).get("properties") or {}).get("type") or {}
        kinds += prop.get("enum") or ([prop["const"]] if "const" in prop else [])
    return tuple(kinds)


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _types(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _only_type_errors(error: ValidationError) -> bool:
    """A union failed only because the value's JSON type fits none of its branches."""
    return (
        bool(error.context)
        and all(inner.validator == "type" and not inner.relative_path for inner in error.context)
        and len({inner.relative_schema_path[0] for inner in error.context})
        == len(error.validator_value)
    )


def _chosen_branch(error: ValidationError) -> list[ValidationError] | None:
    """For a failed anyOf/oneOf, the errors of the one branch the value was meant for.

    Discord's unions are told apart by a ``type`` field (or null against the rest): a branch is
    a candidate when its own ``type`` check passed. With exactly one candidate, its errors are
    what Discord reports; otherwise the union error itself is reported."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return None
    branches: dict[Any, list[ValidationError]] = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).append(inner)
    n_branches = len(error.validator_value)
    candidates = [
        branch
        for branch in branches.values()
        if not any(_discriminator_failed(inner) for inner in branch)
    ]
    if len(branches) == n_branches and len(candidates) == 1:
        return candidates[0]
    return None


def _discriminator_failed(error: ValidationError) -> bool:
    relative = list(error.relative_path)
    if not relative:
        return error.validator in ("type", "enum", "const")
    return relative == ["type"] and error.validator in ("type", "enum", "const", "allOf", "oneOf")
