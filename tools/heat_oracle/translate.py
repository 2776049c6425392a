#!/usr/bin/env python3
"""What Heat's translation rules make of the resources of a template.

Run it with a Python where Heat imports (``.venv/bin/python`` after
``cargo xtask catalog``). For each resource of the template it prints the
resource's type and its properties as Heat sees them once its translation
rules (REPLACE, ADD, DELETE) have run: the template is parsed by Heat's own
parser, a Stack is built around it, and each resource is constructed as Heat
constructs it (``Resource(name, definition, stack)``), its own
``translation_rules()`` included. Nothing is contacted: no cloud, no
database.

    translate.py TEMPLATE [-e ENVIRONMENT ...]
    translate.py --batch LIST_FILE --out DIR

The output format, the batch list format and what is kept as written
(intrinsic functions) are described in README.md next to this file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
import warnings
from pathlib import Path

OUTPUT_FORMAT = "heatwise-heat-oracle"
OUTPUT_FORMAT_VERSION = 1

# Values given to parameters that have neither a default nor a value in the
# environments, so that what Heat resolves while it reads the template
# (conditions, `if`) is the same on every run. A parameter with allowed
# values gets the first one instead.
PLACEHOLDER_BY_PARAMETER_TYPE = {
    "string": "heat-oracle-placeholder",
    "number": 0,
    "comma_delimited_list": "",
    "commadelimitedlist": "",
    "json": {},
    "boolean": False,
}
PLACEHOLDER_STRING = PLACEHOLDER_BY_PARAMETER_TYPE["string"]

# Where the properties of the resource that a group builds live, by group type.
GROUP_MEMBER_DEFINITIONS = {
    "OS::Heat::ResourceGroup": "resource_def",
    "OS::Heat::AutoScalingGroup": "resource",
}


class CloudAccess(Exception):
    """Heat tried to talk to a cloud service; the oracle has none."""


class DatabaseAccess(Exception):
    """Heat tried to store something; the oracle has no database."""


class PropertyError(Exception):
    """Heat failed on one property; says which, with Heat's own error."""

    def __init__(self, key: str, error: Exception):
        super().__init__(f"property {key}: {error_text(error)}")


# --------------------------------------------------------------------------
# Heat without a cloud


class Heat:
    """Heat imported and configured once, patched so that it cannot reach out."""

    def __init__(self, verbose: bool = False):
        # Heat logs a warning for every HIDDEN type it loads, among others.
        logging.basicConfig(level=logging.INFO if verbose else logging.CRITICAL)
        if not verbose:
            logging.getLogger().setLevel(logging.CRITICAL)
            warnings.simplefilter("ignore")
        from oslo_config import cfg

        cfg.CONF([], project="heat", default_config_files=[])
        cfg.CONF.import_opt("environment_dir", "heat.common.config")
        bundled = Path(sys.prefix) / "etc" / "heat" / "environment.d"
        if not os.path.isdir(cfg.CONF.environment_dir) and bundled.is_dir():
            # pip installs Heat's global environment (the aliases) under the
            # installation prefix rather than /etc.
            cfg.CONF.set_override("environment_dir", str(bundled))

        from heat.common import context, environment_format, template_format
        from heat.engine import (
            environment,
            function,
            properties,
            resource,
            resources,
            rsrc_defn,
            stack,
            template,
        )
        from heat.engine.clients import client_plugin
        from heat.engine.resources import template_resource
        from heat.version import version_info

        resources.initialise()
        self.context_module = context
        self.environment_format = environment_format
        self.template_format = template_format
        self.environment = environment
        self.function = function
        self.properties = properties
        self.resource = resource
        self.rsrc_defn = rsrc_defn
        self.stack = stack
        self.template = template
        self.template_resource = template_resource
        self.version = version_info.release_string()
        self._patch(client_plugin)

    def _patch(self, client_plugin) -> None:
        if getattr(self.properties.Property.get_value, "keeps_functions", False):
            return  # Heat was already patched in this process

        def no_client(plugin, version=None):
            raise CloudAccess(f"{type(plugin).__module__}: client needed")

        def no_store(obj, *args, **kwargs):
            raise DatabaseAccess(f"{type(obj).__name__}.store() called")

        client_plugin.ClientPlugin.client = no_client
        self.stack.Stack.store = no_store
        self.resource.Resource.store = no_store
        self.resource.Resource._store = no_store

        # A value that is an intrinsic function stays as written: the
        # translation moves it as it is, and no type conversion applies to it
        # (Heat would convert the function's result, which needs the stack to
        # exist).
        original_get_value = self.properties.Property.get_value
        function_class = self.function.Function

        def get_value(prop, value, validate=False, translation=None):
            if isinstance(value, function_class):
                return value
            return original_get_value(prop, value, validate, translation)

        get_value.keeps_functions = True
        self.properties.Property.get_value = get_value

    def context(self):
        return self.context_module.RequestContext(
            user_id="heat-oracle",
            project_id="heat-oracle",
            is_admin=False,
            overwrite=False,
        )

    def stack_as_created(self, name: str, root: Path, environments: list[Path],
                         parameters: dict | None = None):
        """The stack `openstack stack create -t ROOT -e ENV...` makes.

        python-heatclient gathers the files and names the environment files
        in order; the API then ignores the environment heatclient merged
        (`InstantiationData.environment`), and the engine merges the named
        files itself, parameter_merge_strategies included
        (`_parse_template_and_validate_stack`). `parameters` are `-P`'s.
        """
        from heat.common import environment_util
        from heatclient.common import template_utils

        files, template = template_utils.get_template_contents(template_file=str(root))
        environment_files: list[str] = []
        env_files, _merged = template_utils.process_multiple_environments_and_files(
            env_paths=[str(e) for e in environments], env_list_tracker=environment_files)
        files.update(env_files)
        params: dict = {}
        self.environment_format.default_for_missing(params)
        params["parameters"].update(parameters or {})
        tmpl = self.template.Template(template, files=files)
        environment_util.merge_environments(
            environment_files, files, params, tmpl.all_param_schemata(files))
        tmpl.env = self.environment.Environment(params)
        return template, self.stack.Stack(self.context(), name, tmpl)


# --------------------------------------------------------------------------
# JSON


def keep_functions(heat: Heat, snippet: object, nullable: bool = False) -> object:
    """Heat's ``function.resolve``, except that only macros are resolved.

    Macros (``if``) are what Heat decides while it reads the template: their
    chosen branch takes their place, as in Heat's own copies of a template.
    Other functions stay as they are; an omitted ``if`` branch (Ellipsis)
    drops the item, as Heat does.
    """
    if isinstance(snippet, heat.function.Macro):
        result = keep_functions(heat, snippet.parsed, nullable=True)
        return result if nullable or result is not Ellipsis else None
    if isinstance(snippet, heat.function.Function):
        return snippet
    if isinstance(snippet, dict):
        items = ((key, keep_functions(heat, value, True)) for key, value in snippet.items())
        return {key: value for key, value in items if value is not Ellipsis}
    if isinstance(snippet, (list, tuple)):
        values = (keep_functions(heat, value, True) for value in snippet)
        return [value for value in values if value is not Ellipsis]
    return snippet


def to_json(heat: Heat, value: object) -> object:
    """A value of Heat's properties as JSON; a function as its template form."""
    if isinstance(value, heat.function.Macro):
        parsed = value.parsed
        return None if parsed is Ellipsis else to_json(heat, parsed)
    if isinstance(value, heat.function.Function):
        return {value.fn_name: to_json(heat, value.args)}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {
            str(key): to_json(heat, item)
            for key, item in value.items()
            if item is not None
        }
    if isinstance(value, (list, tuple)):
        return [to_json(heat, item) for item in value if item is not Ellipsis]
    return str(value)


def error_text(error: BaseException) -> str:
    # Heat's validation errors carry the message apart from their path.
    text = str(getattr(error, "error_message", None) or error).strip()
    # A message that prints a Python object names its address: not Heat's
    # verdict, and different on every run.
    text = re.sub(r" at 0x[0-9a-f]+>", ">", text)
    return f"{type(error).__name__}: {text or 'no message'}"


# --------------------------------------------------------------------------
# Templates and environments


def merge_environments(documents: list[dict]) -> dict:
    """Environments given in order: later ones override earlier ones, maps merge."""

    def merge(base: dict, override: dict) -> dict:
        merged = dict(base)
        for key, value in override.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = merge(merged[key], value)
            else:
                merged[key] = value
        return merged

    result: dict = {}
    for document in documents:
        result = merge(result, document)
    return result


def parameter_placeholders(parsed: dict, env: dict) -> dict:
    """Values for the parameters that would otherwise have none."""
    section = parsed.get("parameters")
    if section is None:
        section = parsed.get("Parameters")
    if not isinstance(section, dict):
        return {}
    given = set(env.get("parameters") or {}) | set(env.get("parameter_defaults") or {})
    placeholders = {}
    for name, schema in section.items():
        if name in given or not isinstance(schema, dict):
            continue
        if "default" in schema or "Default" in schema:
            continue
        allowed = first_allowed_value(schema)
        if allowed is not None:
            placeholders[name] = allowed
            continue
        kind = str(schema.get("type", schema.get("Type", "string"))).lower()
        placeholders[name] = PLACEHOLDER_BY_PARAMETER_TYPE.get(kind, PLACEHOLDER_STRING)
    return placeholders


def first_allowed_value(schema: dict) -> object:
    """The first allowed value of a HOT or CFN parameter, or None."""
    allowed = schema.get("AllowedValues")
    if isinstance(allowed, list) and allowed:
        return allowed[0]
    for constraint in schema.get("constraints") or []:
        if isinstance(constraint, dict):
            values = constraint.get("allowed_values")
            if isinstance(values, list) and values:
                return values[0]
    return None


class TemplateTranslation:
    """One template: its stack, and what Heat's translation makes of each resource."""

    def __init__(self, heat: Heat, template_path: Path, environment_paths: list[Path]):
        self.heat = heat
        self.template_path = template_path
        self.environment_paths = environment_paths
        self.resources: dict[str, dict] = {}
        self.skipped: dict[str, str] = {}
        self.placeholders: dict[str, object] = {}

    def build_stack(self):
        heat = self.heat
        parsed = heat.template_format.parse(
            self.template_path.read_text(encoding="utf-8")
        )
        env = merge_environments(
            [
                heat.environment_format.parse(path.read_text(encoding="utf-8"))
                for path in self.environment_paths
            ]
        )
        placeholders = parameter_placeholders(parsed, env)
        self.placeholders = placeholders
        if placeholders:
            env.setdefault("parameters", {})
            env["parameters"] = {**placeholders, **env["parameters"]}
        tmpl = heat.template.Template(parsed, env=heat.environment.Environment(env))
        return heat.stack.Stack(heat.context(), "heat-oracle", tmpl)

    def definitions(self, stack) -> dict:  # name -> (stack, definition)
        """The enabled resources' definitions. When Heat cannot read them
        all, each is read on its own so that one bad resource does not hide
        the others."""
        tmpl = stack.t
        try:
            return {
                name: (stack, definition)
                for name, definition in tmpl.resource_definitions(stack.defn).items()
            }
        except Exception:  # noqa: BLE001 - retried resource by resource below
            pass
        section = tmpl.t.get(tmpl.RESOURCES) or {}
        definitions = {}
        for name, snippet in section.items():
            # A fresh stack each time: a condition that failed to evaluate
            # stays marked as "in progress" and would read as circular.
            stack = self.build_stack()
            tmpl = stack.t
            try:
                data = dict(tmpl._rsrc_defn_args(stack.defn, name, snippet))
                definition = self.heat.rsrc_defn.ResourceDefinition(name, **data)
                condition = definition.condition()
                if condition is not None and not tmpl.conditions(stack.defn).is_enabled(
                    condition
                ):
                    continue
                definitions[name] = (stack, definition)
            except Exception as error:  # noqa: BLE001 - reported for that resource
                self.resources[name] = {
                    "type": snippet.get("type", snippet.get("Type"))
                    if isinstance(snippet, dict)
                    else None,
                    "error": error_text(error),
                }
        return definitions

    def run(self) -> dict:
        stack = self.build_stack()
        definitions = self.definitions(stack)
        tmpl = stack.t
        for name in tmpl.t.get(tmpl.RESOURCES) or {}:
            if name not in definitions and name not in self.resources:
                self.skipped[name] = "disabled by its condition"
        for name, (its_stack, definition) in definitions.items():
            self.translate_resource(its_stack, name, definition)
        return {
            "format": OUTPUT_FORMAT,
            "format_version": OUTPUT_FORMAT_VERSION,
            "heat_version": self.heat.version,
            "template": str(self.template_path),
            "environments": [str(path) for path in self.environment_paths],
            "parameter_placeholders": self.placeholders,
            "resources": self.resources,
            "skipped": self.skipped,
        }

    def skip_reason(self, stack, name: str, resource_type: object) -> str | None:
        heat = self.heat
        if not isinstance(resource_type, str):
            return "the type is not a string"
        try:
            info = stack.env.registry.get_resource_info(resource_type, resource_name=name)
        except Exception as error:  # noqa: BLE001 - Heat's own lookup failure
            return f"unknown resource type ({error_text(error)})"
        if info is None:
            return "unknown resource type"
        if isinstance(info, heat.environment.TemplateResourceInfo):
            return f"template resource ({info.value})"
        cls = info.get_class()
        if issubclass(cls, heat.template_resource.TemplateResource):
            return f"template resource ({info.value})"
        return None

    def translate_resource(self, stack, name: str, definition, report_as: str | None = None):
        report_as = report_as or name
        resource_type = definition.resource_type
        reason = self.skip_reason(stack, name, resource_type)
        if reason is not None:
            self.skipped[report_as] = reason
            return
        try:
            entry = self.translated(stack, name, definition)
        except CloudAccess as error:
            self.skipped[report_as] = f"needs the cloud to be constructed ({error})"
            return
        except Exception as error:  # noqa: BLE001 - one resource's failure
            self.resources[report_as] = {"type": resource_type, "error": error_text(error)}
            return
        self.resources[report_as] = entry
        member_key = GROUP_MEMBER_DEFINITIONS.get(resource_type)
        if member_key is not None:
            try:
                self.translate_member(stack, report_as, member_key, definition)
            except Exception as error:  # noqa: BLE001 - a malformed member definition
                self.resources[f"{report_as}/{member_key}"] = {
                    "type": None,
                    "error": error_text(error),
                }

    def translated(self, stack, name: str, definition) -> dict:
        values, unknown = self.translated_values(stack, name, definition)
        entry = {
            "type": definition.resource_type,
            "properties": {key: to_json(self.heat, value) for key, value in values.items()},
        }
        if unknown:
            # Heat's validation rejects them ("Unknown Property"), except on
            # placeholders, which accept and ignore anything: their values
            # as written are what a migration must carry over.
            entry["unknown_properties"] = unknown
            data = definition._properties or {}
            entry["unknown_values"] = {
                key: to_json(self.heat, keep_functions(self.heat, data[key])) for key in unknown
            }
        return entry

    def translated_values(self, stack, name: str, definition) -> tuple[dict, list[str]]:
        """The translated properties (functions as Heat's objects), and the
        names the template sets that the type does not have."""
        heat = self.heat
        rsrc = heat.resource.Resource(name, definition, stack)
        data = definition._properties or {}
        if isinstance(data, heat.function.Function):
            raise ValueError("the properties are an intrinsic function as a whole")
        # Heat's Properties, reading the values as written (see Heat._patch
        # and keep_functions) instead of resolving them, with the resource's
        # own rules; RESOLVE rules are left out as Heat leaves them out when
        # it constructs a resource (reparse(client_resolve=False)).
        props = heat.properties.Properties(
            rsrc.properties_schema,
            data,
            resolver=lambda value, nullable=False: keep_functions(heat, value, nullable),
            context=stack.context,
            section="Properties",
            rsrc_description=definition.description,
        )
        rules = rsrc.translation_rules(props) or []
        props.update_translation(rules, client_resolve=False)
        translation = props.translation
        result = {}
        for key, prop in props.props.items():
            set_by_template = key in data and not (
                translation.is_deleted(prop.path) or translation.is_replaced(prop.path)
            )
            if not set_by_template and not translation.has_translation(prop.path):
                continue
            try:
                value = props[key]
            except Exception as error:
                raise PropertyError(key, error) from error
            if value is not None:
                result[key] = value
        return result, sorted(key for key in data if key not in props.props)

    def translate_member(self, stack, group_name: str, member_key: str, group_definition):
        """The resource a group builds, translated on its own: Heat translates
        it only when it builds the group's nested stack."""
        heat = self.heat
        report_as = f"{group_name}/{member_key}"
        member = (group_definition._properties or {}).get(member_key)
        if not isinstance(member, dict):
            self.skipped[report_as] = "the member definition is not written out in the template"
            return
        member_type = member.get("type")
        if isinstance(member_type, heat.function.Function):
            self.skipped[report_as] = "the member type is an intrinsic function"
            return
        member_properties = member.get("properties")
        if isinstance(member_properties, heat.function.Function):
            self.skipped[report_as] = "the member properties are an intrinsic function"
            return
        definition = heat.rsrc_defn.ResourceDefinition(
            "0", member_type, properties=member_properties
        )
        self.translate_resource(stack, "0", definition, report_as=report_as)


# --------------------------------------------------------------------------
# Running


def translate_template(heat: Heat, template: Path, environments: list[Path]) -> dict:
    run = TemplateTranslation(heat, template, environments)
    try:
        return run.run()
    except Exception as error:  # noqa: BLE001 - the template as a whole failed
        return {
            "format": OUTPUT_FORMAT,
            "format_version": OUTPUT_FORMAT_VERSION,
            "heat_version": heat.version,
            "template": str(template),
            "environments": [str(path) for path in environments],
            "error": error_text(error),
            "parameter_placeholders": run.placeholders,
            "resources": run.resources,
            "skipped": run.skipped,
        }


def render(result: dict) -> str:
    return json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def is_template(path: Path) -> bool:
    """A HOT or CFN template rather than an environment file or other YAML."""
    import yaml

    # Dates stay text, as with Heat's own loader: `2015-04-31` is no date,
    # yet a template whose version Heat rejects is still a template.
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("tag:yaml.org,2002:timestamp", yaml.SafeLoader.construct_yaml_str)
    try:
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    if not isinstance(document, dict):
        return False
    keys = ("heat_template_version", "AWSTemplateFormatVersion", "resources", "Resources")
    return any(key in document for key in keys)


def find_templates(root: Path) -> list[Path]:
    suffixes = {".yaml", ".yml", ".json", ".template"}
    return [
        path
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.suffix in suffixes and is_template(path)
    ]


def read_batch_list(path: str) -> list[tuple[Path, list[Path]]]:
    """Lines of TEMPLATE, then its environment files, separated by tabs."""
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    jobs = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field for field in line.split("\t") if field]
        jobs.append((Path(fields[0]), [Path(field) for field in fields[1:]]))
    return jobs


def output_name(template: Path, environments: list[Path]) -> str:
    """A file name of its own for each job, readable and stable."""
    key = "\t".join(str(path) for path in [template, *environments])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]
    return f"{digest}-{template.name}.json"


def run_batch(heat: Heat, list_path: str, out_dir: Path) -> int:
    jobs = read_batch_list(list_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    index = []
    started = time.monotonic()
    for template, environments in jobs:
        job_started = time.monotonic()
        result = translate_template(heat, template, environments)
        name = output_name(template, environments)
        (out_dir / name).write_text(render(result), encoding="utf-8")
        index.append(
            {
                "template": str(template),
                "environments": [str(path) for path in environments],
                "output": name,
                "error": result.get("error"),
                "resources": len(result["resources"]),
                "errors": sum(1 for r in result["resources"].values() if "error" in r),
                "skipped": len(result["skipped"]),
                "seconds": round(time.monotonic() - job_started, 3),
            }
        )
    (out_dir / "index.json").write_text(
        render({"format": OUTPUT_FORMAT + "-index", "heat_version": heat.version, "jobs": index}),
        encoding="utf-8",
    )
    print(summary(out_dir, index), file=sys.stderr)
    print(
        f"{len(jobs)} templates in {time.monotonic() - started:.1f} s; "
        f"results and index.json in {out_dir}",
        file=sys.stderr,
    )
    return 0


def summary(out_dir: Path, index: list[dict]) -> str:
    """Counts of a batch: translated resources, skipped and failed ones by kind."""
    from collections import Counter

    translated, skipped, errors, template_errors = 0, Counter(), Counter(), Counter()
    for job in index:
        result = json.loads((out_dir / job["output"]).read_text(encoding="utf-8"))
        if result.get("error"):
            template_errors[result["error"].split(":")[0]] += 1
        for entry in result["resources"].values():
            if "error" in entry:
                errors[entry["error"].split(":")[0]] += 1
            else:
                translated += 1
        for reason in result["skipped"].values():
            skipped[reason.split(" (")[0]] += 1

    def by_kind(counter: Counter) -> str:
        return ", ".join(f"{n} {kind}" for kind, n in counter.most_common()) or "none"

    return "\n".join(
        [
            f"templates: {len(index)} ({sum(template_errors.values())} failed as a whole: "
            f"{by_kind(template_errors)})",
            f"resources translated: {translated}",
            f"resources skipped: {sum(skipped.values())} ({by_kind(skipped)})",
            f"resources failed: {sum(errors.values())} ({by_kind(errors)})",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("template", nargs="?", type=Path, help="a Heat template (HOT or CFN)")
    parser.add_argument(
        "-e",
        "--environment",
        action="append",
        type=Path,
        default=[],
        help="an environment file; may be repeated, later ones override earlier ones",
    )
    parser.add_argument(
        "--batch",
        metavar="LIST_FILE",
        help="translate every template listed (one per line; '-' reads standard input)",
    )
    parser.add_argument("--out", type=Path, help="with --batch: where the results go")
    parser.add_argument(
        "--find",
        metavar="DIR",
        type=Path,
        help="list the templates under DIR (a batch list) and exit",
    )
    parser.add_argument("--verbose", action="store_true", help="show Heat's own log")
    args = parser.parse_args(argv)
    if args.find is not None:
        for path in find_templates(args.find):
            print(path)
        return 0
    if (args.batch is None) == (args.template is None):
        parser.error("give either a TEMPLATE or --batch LIST_FILE")
    if args.batch is not None and args.out is None:
        parser.error("--batch needs --out DIR")

    try:
        heat = Heat(verbose=args.verbose)
    except ImportError as error:
        print(f"error: Heat is not importable by {sys.executable}: {error}", file=sys.stderr)
        return 1
    if args.batch is not None:
        return run_batch(heat, args.batch, args.out)
    result = translate_template(heat, args.template, args.environment)
    sys.stdout.write(render(result))
    return 0 if "error" not in result else 1


if __name__ == "__main__":
    sys.exit(main())
