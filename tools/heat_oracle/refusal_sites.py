#!/usr/bin/env python3
"""Where in Heat's code a stack is refused, and which cases get there.

    .venv/bin/python tools/heat_oracle/refusal_sites.py --out RECORD.json

A *refusal site* is a `raise` statement of Heat 27.0.1 that can refuse a
stack before it is created:

- every `raise` in the code that reads and checks a template: the template,
  parameter, property, constraint, function, condition, output, environment
  and resource-definition modules of `heat/engine`, `heat/engine/hot/`,
  `heat/engine/cfn/`, and the template and environment loaders of
  `heat/common/`;
- in `heat/engine/stack.py` and `heat/engine/resource.py`, those of the
  functions that build and validate a stack (`__init__`, `__new__`, and each
  function whose name says it validates);
- in every resource type (`heat/engine/resources/`), those of the functions
  whose name says they validate (`validate`, `_validate_…`, …) and of the
  constructors.

A `ValueError`, `TypeError` or `KeyError` raised by Python itself becomes a
refusal only where Heat catches it and raises its own exception: that
`raise` is the site.

A site inside a function that asks the cloud (a client, a client plugin, the
RPC client, the database) is marked `cloud`: whether it refuses depends on
the cloud's answer, and no offline judgement can decide it. A site that no
template reaches, because Heat's own definitions decide it (a schema, a
translation rule, a plugin; `HEATS_OWN`), is marked `heats_own` with why;
one that another check always refuses first, or that reads what only the
created resource has (`UNREACHED`, each judged with a case written for
it), is marked `unreached` with why.

Every case the test command replays is judged as `judge.py` judges it, under
coverage.py with one dynamic context per case:

- `generated`: core/tests/fixtures/validation/generated.json;
- `validation`: core/tests/fixtures/validation/*.yaml;
- `tht`: each template of the pinned rendered tripleo-heat-templates tree
  (`target/corpus/`, installed by `cargo xtask setup`) as a stack's root;
- `tht-mutation`: tests/fixtures/heat-verdicts/tht-mutations.json, each
  edit applied;
- `stack`: the stacks of core/tests/fixtures/stack/nested.json, with their
  environment files;
- `environment`: tests/fixtures/heat-verdicts/environment-cases.json,
  small stacks (a template, its nested templates, its environment files)
  written for the refusal sites of environments and nested templates;
- `create`: the stacks cli/tests/verdicts.rs creates on the real Heat
  server (cli/tests/fixtures/verdicts/create/ and differential/), created
  the same way here, with the server's code measured (serve.py's
  `measure`): the refusals that come only while Heat creates a resource
  or a nested stack.

For each case the record keeps Heat's verdict, the site whose exception
refused it (the innermost exception of the refusal's chain raised at a
site), and every site it raised at (a `raise` Heat may catch). Cases whose
input is absent are left out, and counted on standard error.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judge import Judge, with_fixed_hash_seed  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "heat_server"))
from exception_chain import exception_chain  # noqa: E402

FORMAT = "heatwise-heat-refusal-sites"
ROOT = Path(__file__).resolve().parents[2]
THT = ROOT / "target" / "corpus" / "tripleo-heat-templates-18.0.0-rendered"

# Modules whose every `raise` is a site (relative to the heat package).
WHOLE_MODULES = [
    "heatclient/common/template_utils.py",
    "heatclient/common/template_format.py",
    "heatclient/common/environment_format.py",
    "common/template_format.py",
    "common/environment_format.py",
    "engine/attributes.py",
    "engine/conditions.py",
    "engine/constraints.py",
    "engine/constraint/common_constraints.py",
    "engine/dependencies.py",
    "engine/environment.py",
    "engine/function.py",
    "engine/output.py",
    "engine/parameter_groups.py",
    "engine/parameters.py",
    "engine/properties.py",
    "engine/properties_group.py",
    "engine/rsrc_defn.py",
    "engine/support.py",
    "engine/template.py",
    "engine/template_common.py",
    "engine/template_files.py",
    "engine/translation.py",
    "engine/hot/functions.py",
    "engine/hot/parameters.py",
    "engine/hot/template.py",
    "engine/cfn/functions.py",
    "engine/cfn/parameters.py",
    "engine/cfn/template.py",
]
# Modules where only the functions that build or validate count.
BUILDING_MODULES = ["engine/stack.py", "engine/resource.py"]
RESOURCES = "engine/resources"

# Sites no template reaches: Heat's own definitions decide them (a schema,
# a translation rule, a plugin), or the command line does. (file, function)
# → why; a `raise` of NotImplementedError, and a bare `raise` (the site
# that raised first is the one that counts), are Heat's own too.
HEATS_OWN = {
    ("heatclient/common/template_utils.py", "get_template_contents", 80):
        "the command line: exactly one of a template file, URL or object",
    ("heat/engine/constraints.py", "__getitem__", None): "a schema Heat defines, read by key",
    ("heat/engine/constraints.py", "__iter__", None): "a schema Heat defines",
    ("heat/engine/dependencies.py", None, None): "Heat's own graph, looked up by its own keys",
    ("heat/engine/properties.py", "validate", 84): "a property schema Heat defines",
    ("heat/engine/properties.py", "from_legacy", None): "a property schema Heat defines",
    ("heat/engine/properties_group.py", "validate_schema", None):
        "a property group Heat defines",
    ("heat/engine/support.py", None, None): "a support status Heat defines",
    ("heat/engine/template.py", "raise_extension_exception", None):
        "a template plugin Heat fails to load",
    ("heat/engine/template_files.py", "__setitem__", None): "Heat's own file cache",
    ("heat/engine/template_files.py", "__init__", None): "Heat's own file cache",
    ("heat/engine/template_files.py", "update", None): "Heat's own file cache",
    ("heat/engine/translation.py", "validate", None): "a translation rule Heat defines",
    ("heat/engine/rsrc_defn.py", "__init__", 47): "Heat's own definition copies",
    # Checks named for validation that no new stack's create reaches.
    ("heat/engine/stack.py", "_validate_stack_name", None):
        "the stack's name, given on the command line",
    ("heat/engine/resources/openstack/mistral/workflow.py", "_validate_signal_data", None):
        "a signal's data, after the create",
    ("heat/engine/resources/openstack/neutron/subnet.py", "_validate_segment_update_supported",
     None): "an update's check",
    ("heat/engine/resources/openstack/neutron/subnetpool.py", "_validate_prefixes_for_update",
     None): "an update's check",
    ("heat/engine/resources/aws/cfn/wait_condition.py", "_validate_handle_url", None):
        "a wait condition handle's signal URL, after the create",
    ("heat/engine/resources/aws/lb/loadbalancer.py", "validate", 614):
        "heat.conf's `loadbalancer_template`",
    ("heatclient/common/template_utils.py", "process_template_path", 56):
        "the command line: a template file that is not there",
    ("heat/engine/attributes.py", "__getitem__", 73): "an attribute schema Heat defines, read by key",
    ("heat/engine/constraints.py", "__init__", (115, 126)): "a property schema Heat defines",
    # parameters.Schema has its own _validate_default (parameters.py:85).
    ("heat/engine/constraints.py", "_validate_default", 160):
        "a property schema's default, which Heat defines",
    ("heat/engine/parameters.py", "validate", 245):
        "the command line: a root parameter's value, given with --parameter when the stack "
        "is created (a nested template's is HW404's)",
    ("heat/engine/parameters.py", "value", (261, 414, 461)):
        "the command line: a root parameter's value, given with --parameter when the stack "
        "is created",
    ("heat/engine/properties.py", "get_user_value", 463): "a property name Heat's own code reads",
    ("heat/engine/properties.py", "_get_property_value", 516):
        "a property name Heat's own code reads",
    ("heat/engine/template_files.py", "__getitem__", None): "Heat's own file cache",
    ("heat/engine/hot/template.py", "__getitem__", (109, 111)):
        "a template section Heat's own code reads by name",
    ("heat/engine/hot/template.py", "_translate", None):
        "a template section Heat's own code reads by name",
    ("heat/engine/cfn/template.py", "__getitem__", 84):
        "a template section Heat's own code reads by name",
    ("heat/engine/resources/volume_base.py", "validate_deletion_policy", 180):
        "heat.conf's `[volumes] backups_enabled` (true by default)",
}

# Functions that ask the cloud in a way ASKS_THE_CLOUD does not spell:
# (file, function) → what they ask.
ASKS_THE_CLOUD_TOO = {
    ("heat/engine/resources/openstack/cinder/quota.py", "_validate_quota"):
        "the project's current usage (CinderQuota.validate_quotas)",
    ("heat/engine/resources/openstack/heat/remote_stack.py", "validate"):
        "the remote cloud's Heat (RemoteStack.heat)",
}

# Sites no template reaches because another check refuses the same first,
# or because only the created resource holds what they read: (file,
# function, line, lines or None) → why, naming the site that refuses first. Each
# was judged with a case written for it (Heat 27.0.1).
UNREACHED = {
    ("heat/common/environment_format.py", "parse", None):
        "heatclient's environment parser refuses the same first "
        "(heatclient/common/environment_format.py)",
    ("heat/common/environment_format.py", "validate", 58):
        "heatclient's environment parser refuses the same first "
        "(heatclient/common/environment_format.py:55)",
    ("heat/engine/attributes.py", "__getitem__", 268):
        "an attribute is read once the resource exists; get_attr of an unknown one is "
        "refused first, while Heat validates",
    ("heat/engine/attributes.py", "get_path_component", None):
        "a path into an attribute's value, which only the created resource has",
    ("heat/engine/constraints.py", "__init__", 355):
        "a range's numbers are read with str_to_num first (parameters.py get_num), which "
        "refuses what is no number (constraints.py:178)",
    ("heat/engine/constraints.py", "__init__", 473):
        "a modulo's numbers are read with str_to_num first (parameters.py get_num), which "
        "refuses what is no number (constraints.py:178)",
    ("heat/engine/constraints.py", "to_schema_type", 192):
        "only a property is of type integer, and its value is converted to one first, "
        "which refuses what this would (properties.py); a parameter's number is not an integer",
    ("heat/engine/environment.py", "get_class_to_instantiate", (545, 549, 552)):
        "the template's own check refuses an empty, null or non-text type first "
        "(template.py:311, template_common.py:60)",
    ("heat/engine/parameters.py", "__new__", 208):
        "the schema refuses an unknown type first (constraints.py:99)",
    ("heat/engine/template_common.py", "_rsrc_defn_args", 69):
        "the template's own check refuses a resource without a type first (template.py:311)",
    ("heat/engine/hot/functions.py", "result", 427):
        "the function's validation refuses params that are not a map first "
        "(hot/functions.py:381)",
    ("heat/engine/hot/functions.py", "_validate_replacement", 507):
        "every value YAML or JSON reads (dates and !!binary too) serialises",
    ("heat/engine/hot/functions.py", "_validate_replacement", 513):
        "every value YAML or JSON reads is text, a number, a boolean, null, a list or a map "
        "(Heat's loader keeps dates as text; !!binary gives bytes, a sequence)",
    ("heat/engine/hot/functions.py", "ensure_string", 706):
        "every value YAML or JSON reads (dates and !!binary too) serialises",
    ("heat/engine/resource.py", "validate_deletion_policy", 1945):
        "the template's own check refuses an unknown deletion policy first "
        "(template_common.py:118)",
    ("heat/engine/resources/openstack/cinder/volume.py", "validate", 686):
        "the translation of imageRef to image refuses both first (translation.py:294)",
    ("heat/engine/resources/openstack/mistral/workflow.py", "validate", 502):
        "the translation moves each policy to the task's own key and deletes `policies` "
        "before validate(), refusing both first (translation.py:294)",
    ("heat/engine/resources/template_resource.py", "validate", 273):
        "the template's text is read when the resource is made (_generate_schema): a "
        "ValueError there is kept and refused first (template_resource.py:293), and a text "
        "read is kept in the stack's files, where the second reading finds it",
    ("heat/engine/resources/openstack/neutron/router.py", "validate", 264):
        "the translation of l3_agent_id to l3_agent_ids refuses both first (translation.py)",
}


def keyed(table: dict, file: str, function: str, line: int) -> str | None:
    """The reason `table` gives a site: keyed by file, function (or None,
    any) and line (None, any; or a tuple of lines)."""
    for (where, name, at), why in table.items():
        lines = at if isinstance(at, tuple) else (at,)
        if where == file and name in (None, function) and (at is None or line in lines):
            return why
    return None


def heats_own(file: str, function: str, line: int, raised: str) -> str | None:
    if raised == "NotImplementedError":
        return "a method Heat's subclasses define"
    if raised == "re-raise":
        return "re-raises: the site that raised first is the one that counts"
    return keyed(HEATS_OWN, file, function, line)


VALIDATING = re.compile(r"valid|^__init__$|^__new__$")
ASKS_THE_CLOUD = re.compile(
    r"\bclient\(|client_plugin\(|\.rpc_client\(|\bnova\(|\bneutron\(|\bglance\(|\bcinder\("
    r"|\bkeystone\(|\bswift\(|\bzaqar\(|\bdb_api\.|find_resourceid|_show_resource\("
    r"|is_service_available|\.get_image\(|\.get_flavor\(|find_flavor|find_image"
)


def site_packages() -> Path:
    """Where heat and heatclient are installed: sites are named from here."""
    import heat

    return Path(heat.__file__).resolve().parent.parent


def module_path(name: str) -> str:
    return name if name.startswith("heatclient/") else f"heat/{name}"


def raises_in(path: Path, package: Path, only_validating: bool) -> list[dict]:
    """Each `raise` statement of the file, with the function around it."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines()
    sites = []

    def visit(node, function, function_node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name, child)
                continue
            if isinstance(child, ast.ClassDef):
                visit(child, function, function_node)
                continue
            if isinstance(child, ast.Raise) and function_node is not None:
                if only_validating and not VALIDATING.search(function):
                    continue
                body = "\n".join(lines[function_node.lineno - 1:function_node.end_lineno])
                found = ASKS_THE_CLOUD.search(body)
                raised = ast.unparse(child.exc).split("(")[0] if child.exc else "re-raise"
                file = path.relative_to(package).as_posix()
                cloud = ASKS_THE_CLOUD_TOO.get((file, function)) or (
                    found.group(0) if found else None)
                sites.append({
                    "heats_own": heats_own(file, function, child.lineno, raised),
                    "unreached": keyed(UNREACHED, file, function, child.lineno),
                    "site": f"{path.relative_to(package).as_posix()}:{child.lineno}",
                    "file": path.relative_to(package).as_posix(),
                    "line": child.lineno,
                    "end_line": child.end_lineno,
                    "function": function,
                    "raises": raised,
                    "cloud": cloud,
                })
            visit(child, function, function_node)

    visit(tree, "<module>", None)
    return sites


def list_sites(package: Path) -> list[dict]:
    sites = []
    for name in WHOLE_MODULES:
        sites += raises_in(package / module_path(name), package, only_validating=False)
    for name in BUILDING_MODULES:
        sites += raises_in(package / module_path(name), package, only_validating=True)
    for path in sorted((package / module_path(RESOURCES)).rglob("*.py")):
        sites += raises_in(path, package, only_validating=True)
    return sites


@functools.lru_cache(maxsize=None)
def real_path(filename: str) -> str:
    return os.path.realpath(filename)


class SiteIndex:
    """Finds the site a traceback line is in."""

    def __init__(self, sites: list[dict], package: Path):
        self.package = package
        self.added: list[dict] = []
        self.by_file: dict[str, list[dict]] = {}
        for site in sites:
            self.by_file.setdefault(str(package / site["file"]), []).append(site)

    def at(self, filename: str, line: int) -> str | None:
        for site in self.by_file.get(filename, ()):
            if site["line"] <= line <= site["end_line"]:
                return site["site"]
        return None

    def in_heat(self, filename: str) -> bool:
        return filename.startswith((str(self.package / "heat") + "/",
                                    str(self.package / "heatclient") + "/"))

    def refusing(self, error: BaseException | None) -> str | None:
        """The innermost exception of the chain that a site raised."""
        return self.refusing_chain(exception_chain(error))

    def refusing_chain(self, chain: list[dict]) -> str | None:
        """The innermost exception of a chain (`exception_chain`'s, outer
        first) that a site raised.

        When none was (Python itself raised a `TypeError` that Heat let
        through), the line of Heat's code it came from is the site: it is
        added to the list as one that no `raise` statement names.
        """
        found = None
        uncaught = None
        for error in chain:
            origin = None
            for filename, line, function in error["frames"]:
                # Sites are named by real paths; Heat may be imported through
                # a symbolic link (a virtualenv shared between work trees).
                filename = real_path(filename)
                if self.in_heat(filename):
                    origin = (filename, line, function)
            if origin is not None:
                site = self.at(origin[0], origin[1])
                if site is not None:
                    found = site
                elif found is None:
                    uncaught = (origin, error["type"])
        if found is None and uncaught is not None:
            (filename, line, function), raised = uncaught
            found = self.python_error(filename, line, function, raised)
        return found

    def python_error(self, filename: str, line: int, function: str, raised: str) -> str:
        name = Path(filename).relative_to(self.package).as_posix()
        site = {"site": f"{name}:{line}", "file": name, "line": line, "end_line": line,
                "function": function, "raises": f"{raised} (raised by Python)", "cloud": None,
                "heats_own": None, "unreached": None}
        if self.at(filename, line) is None:
            self.by_file.setdefault(filename, []).append(site)
            self.added.append(site)
        return site["site"]


def create_cases() -> list[tuple[str, Path, list[Path], str]]:
    """The stacks the live verdict test creates (cli/tests/verdicts.rs):
    (key, root, its environments, fnv1a64 of the root's bytes, a NUL and
    its environment's bytes)."""
    verdicts = ROOT / "cli" / "tests" / "fixtures" / "verdicts"
    roots = [path for path in sorted((verdicts / "create").glob("*.yaml"))
             if not path.name.endswith(".env.yaml")]
    roots += sorted(path for path in (verdicts / "differential").glob("*/root.yaml"))
    found = []
    for root in roots:
        environment = root.with_name(root.name.removesuffix(".yaml") + ".env.yaml")
        environments = [environment] if environment.is_file() else []
        data = root.read_bytes() + b"\0" + b"".join(e.read_bytes() for e in environments)
        found.append((root.relative_to(verdicts).as_posix(), root, environments,
                      fnv1a64(data)))
    return found


def judge_creates(index: "SiteIndex") -> list[dict]:
    """Each of `create_cases` created by the real Heat server (cloud.py), as
    `openstack stack create` sends it, with Heat's code measured there:
    the case records, each with the lines of Heat's code it ran, by file
    (`ran`)."""
    import coverage

    specs = create_cases()
    results = []
    ran: dict[str, dict[str, set[int]]] = {}
    with tempfile.TemporaryDirectory() as directory:
        data = Path(directory) / "heat.coverage"
        seed = {"projects": {"alpha": {"alice": "member"}}, "coverage": str(data),
                "previews": [{"project": "alpha", "user": "alice", "template": str(root),
                              "environments": [str(e) for e in environments],
                              "dry_run": False, "create": True}
                             for _, root, environments, _ in specs]}
        (Path(directory) / "seed.json").write_text(json.dumps(seed), encoding="utf-8")
        cloud = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "heat_server" / "cloud.py"),
             "--state", str(Path(directory) / "state"), "--seed",
             str(Path(directory) / "seed.json")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        ready = json.loads(cloud.stdout.readline())
        cloud.stdin.close()
        cloud.wait()
        failures: dict[str, list[list[dict]]] = {}
        for line in Path(f"{data}.failures").read_text(encoding="utf-8").splitlines():
            failure = json.loads(line)
            failures.setdefault(failure["context"], []).append(failure["chain"])
        measured = coverage.CoverageData(basename=str(data))
        measured.read()
        for filename in measured.measured_files():
            by_line = measured.contexts_by_lineno(filename)
            for line, contexts in by_line.items():
                for context in contexts:
                    ran.setdefault(context, {}).setdefault(filename, set()).add(line)
        for number, ((key, _, _, digest), verdict) in enumerate(zip(specs, ready["previews"])):
            context = f"judged-{number}"
            created = (verdict.get("create") or {}).get("status")
            refused = not verdict["accepted"] or created != "CREATE_COMPLETE"
            site = None
            for chain in failures.get(context, []) if refused else []:
                site = index.refusing_chain(chain)
                if site is not None:
                    break
            error = verdict["error"] or (verdict.get("create") or {}).get("reason") or ""
            results.append({
                "source": "create", "key": key, "fnv1a64": digest,
                "verdict": "refused" if refused else "accepted",
                "stage": ("validate" if not verdict["accepted"] else "create") if refused else None,
                "error": error.replace(str(ROOT) + "/", "")[:300] or None, "site": site,
                "ran": ran.get(context, {})})
    return results


def cases(judge: Judge):
    """(source, key, fnv1a64, verdict thunk) for each case whose input is here."""
    fixtures = ROOT / "core" / "tests" / "fixtures"
    generated = json.loads((fixtures / "validation" / "generated.json").read_text())
    for index, case in enumerate(generated):
        yield ("generated", str(index), fnv1a64(case["text"].encode()),
               lambda text=case["text"]: judge.judge_text(text))
    for path in sorted((fixtures / "validation").glob("*.yaml")):
        yield ("validation", path.name, fnv1a64(path.read_bytes()),
               lambda path=path: judge.verdict(path))
    tht = json.loads((ROOT / "tests/fixtures/heat-verdicts/tht-rendered.json").read_text())
    mutations = json.loads((ROOT / "tests/fixtures/heat-verdicts/tht-mutations.json").read_text())
    if THT.is_dir():
        for record in tht["verdicts"]:
            path = THT / record["template"]
            yield ("tht", record["template"], fnv1a64(path.read_bytes()),
                   lambda path=path: judge.verdict(path))
        for index, mutation in enumerate(mutations["mutations"]):
            path = THT / mutation["template"]
            yield ("tht-mutation", str(index), fnv1a64(path.read_bytes()),
                   lambda path=path, m=mutation: judge_mutation(judge, path, m))
    else:
        print(f"skipped: {THT} is absent (cargo xtask setup installs it)", file=sys.stderr)
    environments = json.loads(
        (ROOT / "tests/fixtures/heat-verdicts/environment-cases.json").read_text())
    for case in environments:
        files = b"".join(part.encode() + b"\0" for name in sorted(case["files"])
                         for part in (name, case["files"][name]))
        yield ("environment", case["name"], fnv1a64(files),
               lambda case=case: judge_stack(judge, case))
    stacks = json.loads((fixtures / "stack" / "nested.json").read_text())
    for case in stacks:
        # Its files: each name, then its text, each followed by a NUL.
        files = b"".join(part.encode() + b"\0" for name in sorted(case["files"])
                         for part in (name, case["files"][name]))
        yield ("stack", case["name"], fnv1a64(files),
               lambda case=case: judge_stack(judge, case))


def judge_mutation(judge: Judge, path: Path, mutation: dict) -> dict:
    data = path.read_bytes()
    mutated = data[:mutation["start"]] + mutation["insert"].encode() + data[mutation["end"]:]
    temp = path.with_name(f".heatwise-mutant-{path.name}")
    temp.write_bytes(mutated)
    try:
        return judge.verdict(temp)
    finally:
        temp.unlink()


def judge_stack(judge: Judge, case: dict) -> dict:
    """A stack of several files, as record_stack_validation.py judges it:
    heatclient gathers it with its environment files, the engine merges
    them (`Heat.stack_as_created`) and validates the stack."""
    from translate import error_text

    judge.last_error = None
    with tempfile.TemporaryDirectory() as directory:
        base = Path(directory).resolve()
        for name, text in case["files"].items():
            target = base / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        try:
            _, stack = judge.heat.stack_as_created(
                "heat-validation", base / case["root"],
                [base / e for e in case.get("environments", [])])
            stack.validate()
        except Exception as error:  # Heat's (or heatclient's) own verdict
            judge.last_error = error
            text = error_text(error).replace(base.as_uri() + "/", "")
            return {"verdict": "refused", "stage": "validate", "error": text}
        return {"verdict": "accepted"}


def record(out: Path) -> int:
    import coverage

    package = site_packages()
    sites = list_sites(package)
    index = SiteIndex(sites, package)
    judge = Judge()
    cov = coverage.Coverage(data_file=None, include=[f"{package}/*"], config_file=False)
    results = []
    started = time.monotonic()
    cov.start()
    try:
        for source, key, digest, run in cases(judge):
            context = f"{source}\t{key}"
            cov.switch_context(context)
            verdict = run()
            refusing = index.refusing(judge.last_error) if verdict["verdict"] == "refused" else None
            results.append({"source": source, "key": key, "fnv1a64": digest,
                            "verdict": verdict["verdict"], "stage": verdict.get("stage"),
                            "error": (verdict.get("error") or "")[:300] or None,
                            "site": refusing})
    finally:
        cov.stop()
    data = cov.get_data()
    raised: dict[str, set[str]] = {}
    for filename, file_sites in index.by_file.items():
        contexts = data.contexts_by_lineno(filename)
        for site in file_sites:
            for context in contexts.get(site["line"], ()):
                if context:
                    raised.setdefault(context, set()).add(site["site"])
    # The stacks Heat's server creates: a refusal that comes only while
    # creating (a resource's create, a nested stack's) is measured there.
    created = judge_creates(index)
    for result in created:
        ran = result.pop("ran")
        context = f"{result['source']}\t{result['key']}"
        for filename, file_sites in index.by_file.items():
            lines = ran.get(filename, set())
            for site in file_sites:
                if site["line"] in lines:
                    raised.setdefault(context, set()).add(site["site"])
    results += created
    for result in results:
        result["raised"] = sorted(raised.get(f"{result['source']}\t{result['key']}", ()))
    document = {
        "format": FORMAT,
        "heat_version": judge.heat.version,
        "sites": [{k: v for k, v in site.items() if k != "end_line"}
                  for site in sites + index.added],
        "cases": results,
    }
    # One site, one case a line: the record is read by tests and diffs.
    out.write_text(
        "{\n"
        f' "format": {json.dumps(FORMAT)},\n'
        f' "heat_version": {json.dumps(document["heat_version"])},\n'
        ' "sites": [\n'
        + ",\n".join("  " + json.dumps(site, sort_keys=True) for site in document["sites"])
        + '\n ],\n "cases": [\n'
        + ",\n".join("  " + json.dumps(case, sort_keys=True, ensure_ascii=False)
                      for case in document["cases"])
        + "\n ]\n}\n",
        encoding="utf-8")
    triggered = {s for r in results for s in r["raised"]}
    refusing = {r["site"] for r in results if r["site"]}
    unattributed = sum(1 for r in results if r["verdict"] == "refused" and not r["site"])
    print(f"{len(results)} cases in {time.monotonic() - started:.0f} s; {len(sites)} sites, "
          f"{sum(1 for s in sites if s['cloud'])} asking the cloud, "
          f"{sum(1 for s in sites if s['heats_own'])} Heat's own; {len(triggered)} raised, "
          f"{len(refusing)} refusing; {unattributed} refusals at no listed site", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    with_fixed_hash_seed()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--list", action="store_true", help="list the sites only")
    args = parser.parse_args(argv)
    if args.list:
        sites = list_sites(site_packages())
        args.out.write_text(json.dumps(sites, indent=1) + "\n", encoding="utf-8")
        print(f"{len(sites)} sites", file=sys.stderr)
        return 0
    return record(args.out)


if __name__ == "__main__":
    sys.exit(main())
