"""Whether a migrated template means what its original meant, in three checks.

1. Heat's translation (translate.py's result) of every resource, group
   members included, is the same for both.
2. No fix that ``heatwise lint`` rates Safe is left in the migrated text.
3. Every comment line of the original is still in the migrated text.

Pure functions over translate.py results, lint findings and texts; the
harness (harness.py) runs the programs, this module judges and reports.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

# How a resource compares, by kind.
AGREE = "agree"
SKIPPED = "skipped"
DIFFER = "differ"

# The pseudo-resource that stands for a failure of the template as a whole.
TEMPLATE_KEY = "(template)"

MISSING = object()


def canonical(value: object) -> str:
    """JSON text that tells apart what Python's == does not: `true` and `1`,
    `1` and `1.0`."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def same(a: object, b: object) -> bool:
    return canonical(a) == canonical(b)


def value_changes(a: object, b: object, path: str = "") -> list[tuple[str, object, object]]:
    """Where two JSON values differ: (path, value in a, value in b), with
    MISSING where one side has nothing."""
    if isinstance(a, dict) and isinstance(b, dict):
        changes = []
        for key in sorted(set(a) | set(b)):
            sub = f"{path}.{key}" if path else str(key)
            changes += value_changes(a.get(key, MISSING), b.get(key, MISSING), sub)
        return changes
    if isinstance(a, list) and isinstance(b, list):
        changes = []
        for index in range(max(len(a), len(b))):
            left = a[index] if index < len(a) else MISSING
            right = b[index] if index < len(b) else MISSING
            changes += value_changes(left, right, f"{path}[{index}]")
        return changes
    if a is MISSING and b is MISSING:
        return []
    if a is MISSING or b is MISSING or not same(a, b):
        return [(path, a, b)]
    return []


def render_changes(changes: list[tuple[str, object, object]]) -> list[str]:
    """Diff lines: `-` what the original gives, `+` what the migration gives."""
    lines = []
    for path, original, migrated in changes:
        if original is not MISSING:
            lines.append(f"- {path}: {canonical(original)}")
        if migrated is not MISSING:
            lines.append(f"+ {path}: {canonical(migrated)}")
    return lines


def resource_view(result: dict, name: str) -> tuple[str, object]:
    """What a translate.py result says of one resource: ("translated", entry),
    ("skipped", reason) or ("absent", None)."""
    if name == TEMPLATE_KEY:
        error = result.get("error")
        return ("translated", {"error": error}) if error else ("absent", None)
    if name in result.get("resources", {}):
        return "translated", result["resources"][name]
    if name in result.get("skipped", {}):
        return "skipped", result["skipped"][name]
    return "absent", None


def retyped(original: dict, migrated: dict) -> set[tuple[str, str]]:
    """(original type, migrated type) of the resources whose type name the
    migration changed."""
    pairs = set()
    for name, before in original.get("resources", {}).items():
        after = migrated.get("resources", {}).get(name)
        if after is None:
            continue
        types = (before.get("type"), after.get("type"))
        if types[0] != types[1] and all(isinstance(t, str) for t in types):
            pairs.add(types)
    return pairs


def without_member_definitions(result: dict, other: dict) -> dict:
    """The result with the member definition of each group reduced to what
    its own `<group>/<key>` entry does not already compare.

    Heat keeps a group's member definition as written and translates the
    member only when it builds the nested stack; translate.py reports that
    translation as `<group>/<key>`. Where both sides have it, the member's
    type and properties are judged there, so the group itself is compared
    on the rest of its member definition (metadata, policies…)."""
    resources = dict(result.get("resources", {}))
    for member_name, member in result.get("resources", {}).items():
        group_name, slash, key = member_name.rpartition("/")
        group = resources.get(group_name)
        if (
            not slash
            or "properties" not in member
            or "properties" not in other.get("resources", {}).get(member_name, {})
            or not isinstance(group, dict)
            or not isinstance(group.get("properties", {}).get(key), dict)
        ):
            continue
        definition = {
            k: v for k, v in group["properties"][key].items() if k not in ("type", "properties")
        }
        resources[group_name] = {**group, "properties": {**group["properties"], key: definition}}
    return {**result, "resources": resources}


@dataclass
class ResourceVerdict:
    name: str
    verdict: str  # AGREE, SKIPPED or DIFFER
    diff: list[str] = field(default_factory=list)
    # For an agreement under a new type name: the old and new names.
    retyped: tuple[str, str] | None = None


def compare_translations(
    original: dict, migrated: dict, same_implementation: frozenset = frozenset()
) -> list[ResourceVerdict]:
    """Resource by resource: equal translated entries (properties, or the
    same error) agree; skipped in both for the same reason is not applicable;
    anything else differs. A type renamed to one Heat runs as the same
    implementation, a pair of `same_implementation`, is no difference."""
    original = without_member_definitions(original, migrated)
    migrated = without_member_definitions(migrated, original)
    names = set()
    for result in (original, migrated):
        names |= set(result.get("resources", {})) | set(result.get("skipped", {}))
        if result.get("error"):
            names.add(TEMPLATE_KEY)
    verdicts = []
    for name in sorted(names):
        before_kind, before = resource_view(original, name)
        after_kind, after = resource_view(migrated, name)
        renamed = None
        if before_kind == after_kind == "translated":
            types = (before.get("type"), after.get("type"))
            if types[0] != types[1] and types in same_implementation:
                renamed = types
                after = {**after, "type": before.get("type")}
        if before_kind == after_kind == "translated" and same(before, after):
            verdicts.append(ResourceVerdict(name, AGREE, retyped=renamed))
        elif before_kind == after_kind == "skipped" and before == after:
            verdicts.append(ResourceVerdict(name, SKIPPED))
        elif before_kind == after_kind == "translated":
            verdicts.append(
                ResourceVerdict(name, DIFFER, render_changes(value_changes(before, after)))
            )
        else:
            verdicts.append(
                ResourceVerdict(
                    name,
                    DIFFER,
                    [f"- {describe(before_kind, before)}", f"+ {describe(after_kind, after)}"],
                )
            )
    return verdicts


def describe(kind: str, value: object) -> str:
    if kind == "skipped":
        return f"skipped: {value}"
    if kind == "absent":
        return "absent"
    return f"translated: {canonical(value)}"


def comment_lines(text: str) -> list[str]:
    """Lines whose first non-space character is `#`, trimmed."""
    return [line.strip() for line in text.splitlines() if line.lstrip().startswith("#")]


def missing_comments(original: str, migrated: str) -> list[str]:
    """Comment lines of the original that the migrated text has fewer of,
    in the original's order."""
    wanted = Counter(comment_lines(original))
    kept = Counter(comment_lines(migrated))
    return [line for line, count in wanted.items() for _ in range(count - kept[line])]


def safe_fixes_left(findings: list[dict]) -> list[str]:
    """The lint findings that still carry a Safe fix, as readable lines."""
    return [
        f"{f['code']} line {f['line']}: {f['fix']['title']}"
        for f in findings
        if f.get("fix") and f["fix"].get("applicability") == "safe"
    ]


@dataclass
class TemplateComparison:
    """The three checks for one migrated template."""

    label: str
    resources: list[ResourceVerdict]
    safe_fixes: list[str]
    lost_comments: list[str]
    changed_text: bool

    @property
    def translation_agrees(self) -> bool:
        return all(r.verdict != DIFFER for r in self.resources)

    @property
    def agrees(self) -> bool:
        return self.translation_agrees and not self.safe_fixes and not self.lost_comments


def compare_template(
    label: str,
    original_text: str,
    migrated_text: str,
    original_result: dict,
    migrated_result: dict,
    migrated_findings: list[dict],
    same_implementation: frozenset = frozenset(),
) -> TemplateComparison:
    return TemplateComparison(
        label=label,
        resources=compare_translations(original_result, migrated_result, same_implementation),
        safe_fixes=safe_fixes_left(migrated_findings),
        lost_comments=missing_comments(original_text, migrated_text),
        changed_text=original_text != migrated_text,
    )


# --------------------------------------------------------------------------
# Report


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


@dataclass
class Totals:
    templates: int = 0
    changed: int = 0
    translation: int = 0
    no_safe_fix_left: int = 0
    comments_kept: int = 0
    all_three: int = 0
    resources_agree: int = 0
    resources_differ: int = 0
    resources_skipped: int = 0
    resources_retyped: int = 0

    @classmethod
    def of(cls, comparisons: list[TemplateComparison]) -> Totals:
        totals = cls(templates=len(comparisons))
        for c in comparisons:
            totals.changed += c.changed_text
            totals.translation += c.translation_agrees
            totals.no_safe_fix_left += not c.safe_fixes
            totals.comments_kept += not c.lost_comments
            totals.all_three += c.agrees
            kinds = Counter(r.verdict for r in c.resources)
            totals.resources_agree += kinds[AGREE]
            totals.resources_differ += kinds[DIFFER]
            totals.resources_skipped += kinds[SKIPPED]
            totals.resources_retyped += sum(r.retyped is not None for r in c.resources)
        return totals

    @property
    def resources_compared(self) -> int:
        return self.resources_agree + self.resources_differ


def summary_lines(safe: list[TemplateComparison], unsafe: list[TemplateComparison]) -> list[str]:
    s, u = Totals.of(safe), Totals.of(unsafe)
    n = s.templates
    return [
        f"Safe fixes: {n} templates compared, {s.changed} changed by the migration",
        (
            f"  1. Heat's translation equal:   {s.translation}/{n} templates; "
            f"{s.resources_agree}/{s.resources_compared} resources "
            f"({s.resources_skipped} skipped by the oracle in both; {s.resources_retyped} "
            f"agree under a type name Heat runs as the same implementation)"
        ),
        f"  2. no Safe fix left:           {s.no_safe_fix_left}/{n}",
        f"  3. every comment line kept:    {s.comments_kept}/{n}",
        (
            f"  agreement on all three:        {s.all_three}/{n} templates = "
            f"{percent(s.all_three, n)}; resources "
            f"{percent(s.resources_agree, s.resources_compared)}"
        ),
        (
            f"Unsafe fixes too (expected to change meaning): {u.changed} of {u.templates} "
            f"templates changed, {u.templates - u.translation} translate differently "
            f"({u.resources_differ} resources), {u.templates - u.comments_kept} lose comment lines"
        ),
    ]


def disagreement_section(c: TemplateComparison) -> list[str]:
    lines = [f"### {c.label}", ""]
    for r in c.resources:
        if r.verdict == DIFFER:
            lines += [f"Heat's translation differs, resource `{r.name}`:", "", "```diff"]
            lines += r.diff
            lines += ["```", ""]
    if c.safe_fixes:
        lines += ["Safe fixes left in the migrated template:", ""]
        lines += [f"- {fix}" for fix in c.safe_fixes] + [""]
    if c.lost_comments:
        lines += ["Comment lines lost:", "", "```"] + c.lost_comments + ["```", ""]
    return lines


def render_report(
    heat_version: str,
    safe: list[TemplateComparison],
    unsafe: list[TemplateComparison],
    not_migrated: list[tuple[str, str]],
    inputs: list[str],
) -> str:
    """report.md: counts, then every Safe disagreement with its diff, the
    templates the fix refused, and the Unsafe migrations that Heat reads
    differently."""
    lines = [
        f"# heatwise fix against Heat {heat_version}",
        "",
        *inputs,
        "",
        "```",
        *summary_lines(safe, unsafe),
        "```",
        "",
        "## Safe migrations that disagree",
        "",
    ]
    disagreeing = [c for c in safe if not c.agrees]
    lines += ["None.", ""] if not disagreeing else []
    for c in disagreeing:
        lines += disagreement_section(c)
    lines += [
        "## Type names changed to the same implementation in Heat",
        "",
        "The same plugin class (an alias of Heat's global environment), or the",
        "substitute the old type's class declares (swapped in place on stack update).",
        "",
    ]
    renamed = Counter(r.retyped for c in safe for r in c.resources if r.retyped)
    lines += [
        f"- `{old}` → `{new}`: {n} resource{'s' if n != 1 else ''}"
        for (old, new), n in sorted(renamed.items())
    ] or ["None."]
    lines += [""]
    lines += ["## Not migrated (heatwise fix failed)", ""]
    lines += [f"- {label}: {reason}" for label, reason in not_migrated] or ["None."]
    lines += ["", "## Unsafe migrations that Heat reads differently (expected)", ""]
    differing = [c for c in unsafe if not c.translation_agrees]
    lines += ["None.", ""] if not differing else []
    for c in differing:
        lines += [f"### {c.label}", ""]
        for r in c.resources:
            if r.verdict == DIFFER:
                lines += [f"`{r.name}`:", "", "```diff", *r.diff, "```", ""]
    return "\n".join(lines).rstrip() + "\n"
