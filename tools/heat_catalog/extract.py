#!/usr/bin/env python3
"""Write the heatwise catalog of the Heat installation this Python can import.

Run it with the Python of a Heat installation (heat-engine's virtualenv, or
the system Python where heat-engine is installed). It builds Heat's global
resource registry the way heat-engine does -- resource plugins of the
installation included -- and reads Heat's own classes: every registered type
(HIDDEN ones too), the aliases of the global environment, properties and
attributes schemas, support-status chains, and every translation rule.

Nothing is contacted: no cloud, no database, no message queue. The output
follows docs/catalog-format.md; it has no release history (``available`` is
null and ``source.history`` empty) -- history.py adds that.

    python3 extract.py --output heat-catalog.json [--config-file /etc/heat/heat.conf]
"""

from __future__ import annotations

import argparse
import inspect
import json
import logging
import os
import re
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

FORMAT_NAME = "heatwise-catalog"
FORMAT_VERSION = 1
GENERATOR = "tools/heat_catalog/extract.py"
KNOWN_STATUSES = ("SUPPORTED", "DEPRECATED", "HIDDEN", "UNSUPPORTED")

# Type names as Heat writes them in messages: "OS::Neutron::FloatingIP",
# "AWS::EC2::Instance", and any vendor prefix of the same shape.
TYPE_NAME_PATTERN = re.compile(r"\b[A-Z][A-Za-z0-9_]*(?:::[A-Za-z0-9_]+)+(?:::\*)?")


class ExtractionError(Exception):
    """Something about a resource type that this tool cannot read faithfully."""


# --------------------------------------------------------------------------
# Heat start-up


def initialise_heat(config_files: list[str]) -> None:
    """Configure oslo.config and build Heat's global environment, as heat-engine does."""
    from oslo_config import cfg

    cfg.CONF([], project="heat", default_config_files=config_files)
    cfg.CONF.import_opt("environment_dir", "heat.common.config")
    environment_dir = cfg.CONF.environment_dir
    if not os.path.isdir(environment_dir):
        # pip installs Heat's default environment (the aliases) under the
        # installation prefix rather than /etc.
        bundled = Path(sys.prefix) / "etc" / "heat" / "environment.d"
        if bundled.is_dir():
            print(
                f"note: {environment_dir} does not exist; using {bundled}",
                file=sys.stderr,
            )
            cfg.CONF.set_override("environment_dir", str(bundled))
        else:
            print(
                f"warning: no global environment directory ({environment_dir}); "
                "aliases such as OS::Quantum* will be missing",
                file=sys.stderr,
            )

    from heat.engine import resources

    resources.initialise()


def heat_version() -> str:
    from heat import version

    return version.version_info.release_string()


# --------------------------------------------------------------------------
# JSON values


class PropertyReference:
    """Stands for "the value of property NAME" inside a translation rule."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"PropertyReference({self.name!r})"


class ClientPluginReference:
    """What a resource's ``client_plugin(name)`` returns while its rules are read.

    Translation rules only keep the plugin and read its constants (such as
    ``RES_TYPE_NETWORK``); a real plugin would need a request context.
    """

    def __init__(self, name: str, plugin_class: type | None):
        self.name = name
        self._plugin_class = plugin_class

    def __getattr__(self, attribute: str):
        if attribute.startswith("__") or self._plugin_class is None:
            raise AttributeError(attribute)
        value = getattr(self._plugin_class, attribute)
        if callable(value):
            raise ExtractionError(
                f"translation rules call client plugin {self.name!r} method {attribute!r}, "
                "which needs a cloud"
            )
        return value


def to_json(value: object, where: str) -> object:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        # str() also turns oslo.i18n's lazy messages into plain strings.
        return str(value)
    if isinstance(value, PropertyReference):
        return {"$prop": value.name}
    if isinstance(value, ClientPluginReference):
        return value.name
    if isinstance(value, (list, tuple)):
        return [to_json(item, where) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item, where) for key, item in value.items()}
    raise ExtractionError(
        f"{where}: cannot write {type(value).__name__} value {value!r} as JSON"
    )


def text_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def class_path(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


# --------------------------------------------------------------------------
# Statuses, properties, attributes


class Describer:
    def __init__(self, types_by_class: dict[type, list[str]]):
        self.types_by_class = types_by_class

    def status(self, support_status: object, where: str) -> dict | None:
        if support_status is None:
            return None
        if support_status.status not in KNOWN_STATUSES:
            # Heat turns a status it does not know into UNKNOWN.
            raise ExtractionError(
                f"{where}: support status {support_status.status!r} ({support_status.message})"
            )
        message = text_or_none(support_status.message)
        substitute = support_status.substitute_class
        if substitute is not None:
            substitute = {
                "class": class_path(substitute),
                "types": sorted(self.types_by_class.get(substitute, [])),
            }
        return {
            "status": support_status.status,
            "version": text_or_none(support_status.version),
            "message": message,
            "substitute_class": substitute,
            "mentions": mentions(message),
            "previous": self.status(
                support_status.previous_status, where + ".previous"
            ),
        }

    def constraint(self, constraint: object, where: str) -> dict:
        described = {
            key: to_json(value, where) for key, value in dict(constraint).items()
        }
        described["kind"] = type(constraint).__name__
        return described

    def property(self, schema: object, where: str) -> dict:
        from heat.engine import constraints

        nested = schema.schema
        if nested is None:
            described_nested = None
        elif isinstance(nested, constraints.AnyIndexDict):
            described_nested = {
                "*": self.property(as_property_schema(nested.value), where + ".*")
            }
        else:
            described_nested = self.properties(nested, where)
        described = {
            "type": schema.type,
            "required": bool(schema.required),
            "update_allowed": bool(schema.update_allowed),
            "immutable": bool(schema.immutable),
            "default": to_json(schema.default, where + ".default"),
            "description": text_or_none(schema.description),
            "constraints": [self.constraint(c, where) for c in schema.constraints],
            "status": self.status(schema.support_status, where),
            "available": None,
            "schema": described_nested,
        }
        # Heat refuses a property it marks as not implemented when a
        # template sets it; written only then, as most are.
        if not schema.implemented:
            described["implemented"] = False
        return described

    def properties(self, schemata: dict, where: str) -> dict:
        return {
            str(name): self.property(as_property_schema(schema), f"{where}.{name}")
            for name, schema in schemata.items()
        }

    def attributes(self, resource_class: type, where: str) -> dict:
        from heat.engine import attributes

        # The attributes Heat resolves for the type: its own and those every
        # resource has (show), as heat-engine's resource_schema lists them.
        merged = dict(resource_class.attributes_schema)
        for name, schema in resource_class.base_attributes_schema.items():
            merged.setdefault(name, schema)
        described = {}
        for name, schema_data in merged.items():
            schema = attributes.Schema.from_attribute(schema_data)
            described[str(name)] = {
                "type": text_or_none(schema.type),
                "description": text_or_none(schema.description),
                "status": self.status(schema.support_status, f"{where}.{name}"),
                "available": None,
            }
        return described


def as_property_schema(schema: object) -> object:
    from heat.engine import properties

    if isinstance(schema, properties.Schema):
        return schema
    return properties.Schema.from_legacy(schema)


def mentions(message: str | None) -> list[str]:
    if not message:
        return []
    return list(dict.fromkeys(TYPE_NAME_PATTERN.findall(message)))


# --------------------------------------------------------------------------
# Translation rules


def probing_properties_class():
    from heat.engine import properties

    class ProbingProperties(properties.Properties):
        """Heat's Properties with no user data, where every read is recorded.

        With ``all_set`` each property reads as a PropertyReference, as if
        the template set it; otherwise it reads as Heat reads an unset
        property (its default).
        """

        def __init__(self, schema: dict, all_set: bool):
            super().__init__(schema, {})
            self.all_set = all_set
            self.read: list[str] = []

        def _get_property_value(self, key, validate=False):
            if key not in self:
                if not self.all_set:
                    raise KeyError(key)
                # A rule may read a property the schema no longer has
                # (OS::Magnum::BayModel deletes ssh_authorized_key): the
                # rule is still Heat's, so it is read as if the key were set.
                self.read.append(key)
                return PropertyReference(key)
            self.read.append(key)
            # A required property without default is set in every template
            # Heat accepts, so it never makes a rule conditional.
            prop = self.props[key]
            if self.all_set or (prop.required() and not prop.has_default()):
                return PropertyReference(key)
            return super()._get_property_value(key, validate)

    return ProbingProperties


def client_plugin_classes() -> dict[str, type]:
    from heat.engine import clients

    manager = clients._mgr
    if manager is None:
        return {}
    return {name: manager[name].plugin for name in manager.names()}


def rule_to_json(rule: object, where: str) -> dict:
    described = {
        "rule": rule.rule,
        "path": to_json(rule.translation_path, where),
        "value": to_json(rule.value, where),
        "value_name": to_json(rule.value_name, where),
        "value_path": to_json(rule.value_path, where),
        "custom_value_path": to_json(rule.custom_value_path, where),
    }
    if rule.rule == "Resolve":
        described["client_plugin"] = to_json(rule.client_plugin, where)
        described["finder"] = to_json(rule.finder, where)
        described["entity"] = to_json(rule.entity, where)
    return described


class RuleReader:
    """Calls a resource class's ``translation_rules`` without a stack or a cloud.

    The method runs on a bare instance of the class whose ``client_plugin()``
    answers with ClientPluginReference, once with every property unset and
    once with every property set. A rule produced by only one of the two runs
    is one that Heat adds depending on the template: ``conditional``.
    """

    def __init__(self):
        from heat.engine import properties

        self.schemata = properties.schemata
        self.probing_properties = probing_properties_class()
        self.plugin_classes = client_plugin_classes()

    def bare_instance(self, resource_class: type, props: object) -> object:
        instance = object.__new__(resource_class)
        default_client = getattr(resource_class, "default_client_name", None)

        def client_plugin(name=None):
            name = name or default_client
            return ClientPluginReference(name, self.plugin_classes.get(name))

        instance.client_plugin = client_plugin
        instance.properties = props
        return instance

    def run(self, resource_class: type, all_set: bool, where: str) -> list[dict]:
        schema = self.schemata(resource_class.properties_schema)
        props = self.probing_properties(schema, all_set=all_set)
        instance = self.bare_instance(resource_class, props)
        try:
            rules = resource_class.translation_rules(instance, props)
        except ExtractionError:
            raise
        except Exception as error:  # any failure is reported with its cause
            mode = "all properties set" if all_set else "no property set"
            raise ExtractionError(
                f"{where}: translation_rules() failed with {mode}: {type(error).__name__}: {error}"
            ) from error
        return [rule_to_json(rule, where) for rule in rules or []]

    def rules(self, resource_class: type, where: str) -> list[dict]:
        when_set = self.run(resource_class, all_set=True, where=where)
        when_unset = self.run(resource_class, all_set=False, where=where)
        unmatched = Counter(rule_identity(rule) for rule in when_unset)
        result = []
        for rule in when_set:
            identity = rule_identity(rule)
            rule["conditional"] = unmatched[identity] == 0
            if unmatched[identity]:
                unmatched[identity] -= 1
            result.append(rule)
        # Rules Heat adds only while a property is unset.
        for rule in when_unset:
            identity = rule_identity(rule)
            if unmatched[identity]:
                unmatched[identity] -= 1
                rule["conditional"] = True
                result.append(rule)
        return result


def rule_identity(rule: dict) -> tuple:
    return (rule["rule"], json.dumps(rule["path"]))


# --------------------------------------------------------------------------
# The registry


ALIAS_KINDS = {
    "MapResourceInfo": "type",
    "GlobResourceInfo": "glob",
    "TemplateResourceInfo": "template",
}


def registry_entries() -> tuple[dict[str, type], list[dict]]:
    """Heat's global registry: type name -> class, and the aliases."""
    from heat.engine import environment, resources

    registry = resources.global_env().registry._registry
    types, aliases = {}, []
    for name, info in registry.items():
        if not isinstance(info, environment.ResourceInfo):
            continue  # per-resource-name sections ("resources"), not type names
        kind = type(info).__name__
        if isinstance(info, environment.ClassResourceInfo):
            types[name] = info.value
        elif kind in ALIAS_KINDS:
            aliases.append(
                {"name": name, "target": str(info.value), "kind": ALIAS_KINDS[kind]}
            )
        else:
            raise ExtractionError(f"{name}: unknown registry entry kind {kind}")
    return types, sorted(aliases, key=lambda alias: alias["name"])


def is_placeholder(resource_class: type) -> bool:
    from heat.engine.resources.openstack.heat import none_resource

    base = none_resource.NoneResource
    return issubclass(resource_class, base) and resource_class is not base


def type_description(resource_class: type) -> str | None:
    """The first paragraph of the class's own docstring.

    A docstring inherited from a base class or mixin describes that class
    (CooldownMixin, NoneResource...), not the type, so it is not used:
    Heat itself says "No description available" then.
    """
    own = resource_class.__dict__.get("__doc__")
    if not own or not own.strip():
        return None
    return inspect.cleandoc(own).split("\n\n")[0]


def accepts_any_attribute(resource_class: type) -> bool:
    """Whether ``get_attr``/``Fn::GetAtt`` accepts names outside the schema.

    While Heat validates a stack, every resource is still in INIT, and
    ``Resource.node_data`` offers a referenced attribute name to the
    validation of ``get_attr`` (``GetAttThenSelect.validate``: "not in
    attributes_schema") if it is in the schema or if the class overrides
    ``get_attribute`` or ``FnGetAtt``: ResourceGroup's ``resource.<n>``, a
    deployment's outputs, anything on a placeholder. An override is
    inherited, so a subclass of such a class accepts any name too.
    """
    from heat.engine import resource

    base = resource.Resource
    return (
        resource_class.get_attribute is not base.get_attribute
        or resource_class.FnGetAtt is not base.FnGetAtt
    )


def describe_type(
    name: str, cls: type, describer: Describer, rule_reader: RuleReader
) -> dict:
    return {
        "status": describer.status(cls.support_status, name),
        "description": type_description(cls),
        "placeholder": is_placeholder(cls),
        "placeholder_since": None,
        "available": None,
        "properties": describer.properties(cls.properties_schema, name),
        "attributes": describer.attributes(cls, name),
        "dynamic_attributes": accepts_any_attribute(cls),
        "translation_rules": rule_reader.rules(cls, name),
    }


def extract() -> tuple[dict, list[str]]:
    types, aliases = registry_entries()
    types_by_class: dict[type, list[str]] = {}
    for name, cls in types.items():
        types_by_class.setdefault(cls, []).append(name)
    describer = Describer(types_by_class)
    rule_reader = RuleReader()
    described, failures = {}, []
    for name in sorted(types):
        try:
            described[name] = describe_type(name, types[name], describer, rule_reader)
        except ExtractionError as error:
            failures.append(str(error))
        except Exception as error:  # noqa: BLE001 - a plugin Heat could not use: say which
            failures.append(
                f"{name} ({class_path(types[name])}): {type(error).__name__}: {error}"
            )
    catalog = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "source": {
            "heat_version": heat_version(),
            "generator": GENERATOR,
            "history": [],
        },
        "releases": {},
        "aliases": aliases,
        "resource_types": described,
    }
    return catalog, failures


def summary(catalog: dict) -> str:
    types = catalog["resource_types"].values()
    statuses = Counter(t["status"]["status"] for t in types)

    def count_properties(props: dict) -> int:
        return sum(1 + count_properties(p["schema"] or {}) for p in props.values())

    properties = sum(count_properties(t["properties"]) for t in types)
    attributes = sum(len(t["attributes"]) for t in types)
    rules = [r for t in types for r in t["translation_rules"]]
    conditional = sum(1 for r in rules if r["conditional"])
    dynamic = sum(1 for t in types if t["dynamic_attributes"])
    return (
        f"{len(catalog['resource_types'])} resource types "
        f"({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}), "
        f"{properties} properties, {attributes} attributes "
        f"({dynamic} types accept any attribute name), "
        f"{len(rules)} translation rules ({conditional} conditional), "
        f"{len(catalog['aliases'])} aliases"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--output", "-o", type=Path, required=True, help="where to write the catalog"
    )
    parser.add_argument(
        "--config-file",
        action="append",
        default=[],
        help="Heat configuration file (plugin_dirs, environment_dir); may be repeated",
    )
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="write the catalog even if some resource types could not be read",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="show Heat's own log messages"
    )
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR)
    if not args.verbose:
        # Heat's dependencies warn about their own deprecations on import.
        warnings.simplefilter("ignore")
    started = time.monotonic()
    try:
        initialise_heat(args.config_file)
    except ImportError as error:
        print(
            f"error: Heat is not importable by {sys.executable}: {error}",
            file=sys.stderr,
        )
        return 1
    catalog, failures = extract()
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    if failures and not args.keep_going:
        print(
            f"error: {len(failures)} resource type(s) could not be read; nothing written "
            "(--keep-going writes the others)",
            file=sys.stderr,
        )
        return 1
    text = json.dumps(catalog, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"Heat {catalog['source']['heat_version']}: {summary(catalog)}")
    print(
        f"wrote {args.output} ({len(text.encode('utf-8')):,} bytes, {time.monotonic() - started:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
