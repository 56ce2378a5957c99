"""A small JSON Schema (draft 2020-12) validator for the keywords rummykit's schemas use.

It refuses a schema that uses any other keyword, so a schema cannot say more than the tests
check. Errors are listed with the JSON path of the value that breaks them.
"""

from __future__ import annotations

import re
from typing import Any

#: Keywords that only annotate (never checked).
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
#: Keywords this validator checks.
CHECKED = {
    "type",
    "const",
    "enum",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minimum",
    "minLength",
    "pattern",
    "anyOf",
    "$ref",
}
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None) -> list[str]:
    """Everything wrong with ``value`` under ``schema`` (empty: valid)."""
    out: list[str] = []
    _check(value, schema, root or schema, "$", out)
    return out


def _check(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str, out: list[str]):
    unknown = set(schema) - CHECKED - ANNOTATIONS
    if unknown:
        raise ValueError(
            f"schema at {path} uses keywords this validator does not check: {unknown}"
        )
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        _check(value, root["$defs"][ref.removeprefix("#/$defs/")], root, path, out)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            out.append(f"{path}: {value!r} is not of type {kinds}")
            return
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "anyOf" in schema and all(errors(value, option, root) for option in schema["anyOf"]):
        out.append(f"{path}: {value!r} matches none of anyOf")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                _check(item, properties[key], root, f"{path}.{key}", out)
            elif schema.get("additionalProperties") is False:
                out.append(f"{path}: unexpected {key!r}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            out.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{path}: more than {schema['maxItems']} items")
        prefix = schema.get("prefixItems", [])
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else schema.get("items")
            if sub is not None:
                _check(item, sub, root, f"{path}[{index}]", out)
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            out.append(f"{path}: shorter than {schema['minLength']}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if (
        "minimum" in schema
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value < schema["minimum"]
    ):
        out.append(f"{path}: {value} is less than {schema['minimum']}")
