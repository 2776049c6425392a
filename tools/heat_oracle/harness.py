#!/usr/bin/env python3
"""The differential harness behind `cargo xtask oracle`: migrates every
template with `heatwise fix` and asks Heat whether the migration means what
the original meant.

    harness.py --heatwise BIN --out DIR NAME=DIR ...

Run it with the Python where Heat imports (``.venv/bin/python``). Each
NAME=DIR is a source of templates (``translate.py --find``). Everything goes
under --out: a copy of the originals (``original/NAME/…``), the migrated
templates (``safe/NAME/…``, ``unsafe/NAME/…``), Heat's results
(``heat/original``, ``heat/migrated``), the lint findings and ``report.md``.
Exit status 1 when a Safe migration disagrees, ``heatwise fix`` crashes or
nothing was migrated; 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import compare
import translate  # only its file listing; the batches import Heat

TRANSLATE = HERE / "translate.py"
# What record_fixtures.py writes next to each fix fixture.
RECORDING_SUFFIX = ".heat.json"

# `heatwise fix` exit statuses: 0 migrated, 2 errors reported (the file is
# not migrated); anything else is a crash.
FIX_OK = 0
FIX_ERRORS = 2


@dataclass
class Job:
    label: str  # NAME/relative path, as reports show it
    original: Path  # a copy, so that edits made meanwhile do not mix two versions
    safe: Path
    unsafe: Path


@dataclass
class FixOutcome:
    job: Job
    unsafe: bool
    status: int
    message: str  # heatwise's standard error, for failures

    @property
    def migrated(self) -> Path:
        return self.job.unsafe if self.unsafe else self.job.safe


def templates_of(root: Path) -> list[Path]:
    """The templates translate.py --find lists, minus recorded Heat results
    (which have a `resources` key too)."""
    return [p for p in translate.find_templates(root) if not p.name.endswith(RECORDING_SUFFIX)]


def jobs_of(sources: list[tuple[str, Path]], out: Path) -> list[Job]:
    jobs = []
    for name, root in sources:
        if not root.is_dir():
            print(f"note: {root} does not exist; no templates from it", file=sys.stderr)
            continue
        for template in templates_of(root):
            relative = template.relative_to(root)
            job = Job(
                label=f"{name}/{relative}",
                original=(out / "original" / name / relative).resolve(),
                safe=(out / "safe" / name / relative).resolve(),
                unsafe=(out / "unsafe" / name / relative).resolve(),
            )
            job.original.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(template, job.original)
            jobs.append(job)
    return jobs


def run_fix(heatwise: Path, job: Job, unsafe: bool) -> FixOutcome:
    command = [str(heatwise), "fix", *(["--unsafe"] if unsafe else []), str(job.original)]
    done = subprocess.run(command, check=False, stdin=subprocess.DEVNULL, capture_output=True)
    outcome = FixOutcome(job, unsafe, done.returncode, done.stderr.decode("utf-8", "replace"))
    if done.returncode == FIX_OK:
        outcome.migrated.parent.mkdir(parents=True, exist_ok=True)
        outcome.migrated.write_bytes(done.stdout)
    return outcome


def run_batches(batches: list[tuple[Path, list[Path], Path]]) -> None:
    """translate.py --batch, one process per list, side by side; each
    writes its summary to DIR.log."""
    running = []
    for list_file, templates, out_dir in batches:
        list_file.write_text("".join(f"{t}\n" for t in templates), encoding="utf-8")
        log = open(out_dir.with_suffix(".log"), "w", encoding="utf-8")  # noqa: SIM115
        command = [sys.executable, str(TRANSLATE), "--batch", str(list_file), "--out", str(out_dir)]
        running.append((command, log, subprocess.Popen(command, stdout=log, stderr=log)))
    for command, log, process in running:
        status = process.wait()
        log.close()
        if status != 0:
            raise SystemExit(f"{' '.join(command)} failed ({status}); see {log.name}")


def read_results(out_dir: Path) -> dict[str, dict]:
    """translate.py results by template path."""
    index = json.loads((out_dir / "index.json").read_text(encoding="utf-8"))
    return {
        job["template"]: json.loads((out_dir / job["output"]).read_text(encoding="utf-8"))
        for job in index["jobs"]
    }


def lint_findings(heatwise: Path, files: list[Path], out: Path) -> dict[str, list[dict]]:
    """`heatwise lint --format json` over the files, findings by path."""
    findings: dict[str, list[dict]] = {str(f): [] for f in files}
    if not files:
        return findings
    done = subprocess.run(
        [str(heatwise), "lint", "--format", "json", *map(str, files)],
        check=False,
        stdin=subprocess.DEVNULL,
        capture_output=True,
    )
    (out / "lint.json").write_bytes(done.stdout)
    try:
        parsed = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise SystemExit(
            f"heatwise lint gave no JSON (exit {done.returncode}): "
            f"{done.stderr.decode('utf-8', 'replace')}"
        ) from None
    for finding in parsed:
        findings.setdefault(finding["path"], []).append(finding)
    return findings


def same_implementation(pairs: set[tuple[str, str]]) -> frozenset:
    """The (old, new) type names that Heat runs as one implementation: the
    same plugin class in its global environment (an alias such as
    `OS::Quantum::Net`), or the class that the old type's support status
    names as its substitute, which a stack update swaps in place
    (`check_is_substituted` in heat.engine.update)."""
    if not pairs:
        return frozenset()
    translate.Heat()
    from heat.common.exception import EntityNotFound
    from heat.engine import environment, resources
    from heat.engine.resources.template_resource import TemplateResource

    registry = resources.global_env().registry

    def plugin_class(name: str):
        """The class Heat runs for a type name; None for template
        resources (one class for every template file) and unknown types."""
        try:
            info = registry.get_resource_info(name)
        except EntityNotFound:
            return None
        if info is None or isinstance(info, environment.TemplateResourceInfo):
            return None
        cls = info.get_class()
        return None if issubclass(cls, TemplateResource) else cls

    equivalent = set()
    for old, new in pairs:
        old_class, new_class = plugin_class(old), plugin_class(new)
        if old_class is None or new_class is None:
            continue
        if old_class is new_class or old_class.check_is_substituted(new_class):
            equivalent.add((old, new))
    return frozenset(equivalent)


def failure_reason(stderr: str) -> str:
    """The `error:` line of heatwise's standard error, else its first line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error")]
    return (errors or lines or ["(no message)"])[0]


def run(heatwise: Path, out: Path, sources: list[tuple[str, Path]]) -> int:
    for stale in ("original", "safe", "unsafe", "heat"):
        shutil.rmtree(out / stale, ignore_errors=True)
    (out / "heat").mkdir(parents=True)
    jobs = jobs_of(sources, out)
    counts = ", ".join(
        f"{sum(j.label.startswith(name + '/') for j in jobs)} from {name} ({root})"
        for name, root in sources
    )
    print(f"{len(jobs)} templates: {counts}")

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        outcomes = list(
            pool.map(
                lambda args: run_fix(heatwise, *args), [(j, u) for j in jobs for u in (False, True)]
            )
        )
    migrated = [o for o in outcomes if o.status == FIX_OK]
    failed = [o for o in outcomes if o.status != FIX_OK]
    print(f"heatwise fix: {len(migrated)} of {len(outcomes)} runs (Safe and --unsafe) migrated")

    originals, results = out / "heat" / "original", out / "heat" / "migrated"
    run_batches(
        [
            (out / "heat" / "original.list", [j.original for j in jobs], originals),
            (out / "heat" / "migrated.list", [o.migrated for o in migrated], results),
        ]
    )
    original_results, migrated_results = read_results(originals), read_results(results)
    safe_files = [o.migrated for o in migrated if not o.unsafe]
    findings = lint_findings(heatwise, safe_files, out)

    renamed = set()
    for o in migrated:
        renamed |= compare.retyped(
            original_results[str(o.job.original)], migrated_results[str(o.migrated)]
        )
    equivalent_types = same_implementation(renamed)

    safe, unsafe = [], []
    for o in migrated:
        original_text = o.job.original.read_text(encoding="utf-8", errors="replace")
        comparison = compare.compare_template(
            o.job.label + (" (--unsafe)" if o.unsafe else ""),
            original_text,
            o.migrated.read_text(encoding="utf-8", errors="replace"),
            original_results[str(o.job.original)],
            migrated_results[str(o.migrated)],
            [] if o.unsafe else findings.get(str(o.migrated), []),
            equivalent_types,
        )
        (unsafe if o.unsafe else safe).append(comparison)

    not_migrated = [
        (
            o.job.label + (" (--unsafe)" if o.unsafe else ""),
            f"exit {o.status}: {failure_reason(o.message)}",
        )
        for o in failed
    ]
    crashes = [o for o in failed if o.status != FIX_ERRORS]
    heat_version = next(iter(original_results.values()), {}).get("heat_version", "?")
    report = compare.render_report(
        heat_version, safe, unsafe, not_migrated, [f"Templates: {len(jobs)}, {counts}."]
    )
    (out / "report.md").write_text(report, encoding="utf-8")

    print("\n".join(compare.summary_lines(safe, unsafe)))
    disagreeing = [c for c in safe if not c.agrees]
    for c in disagreeing:
        print(f"DISAGREES: {c.label}")
    for o in crashes:
        print(
            f"CRASHED: {o.job.label}{' (--unsafe)' if o.unsafe else ''}: exit {o.status}: "
            f"{failure_reason(o.message)}"
        )
    if len(failed) > len(crashes):
        print(f"not migrated (heatwise fix reported errors): {len(failed) - len(crashes)} runs")
    print(f"report: {out / 'report.md'}; migrated templates in {out / 'safe'}, {out / 'unsafe'}")
    if not safe:
        print("no template was migrated: nothing is proven", file=sys.stderr)
    return 1 if disagreeing or crashes or not safe else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", metavar="NAME=DIR", help="templates to migrate")
    parser.add_argument("--heatwise", type=Path, required=True, help="the heatwise binary")
    parser.add_argument("--out", type=Path, required=True, help="where everything goes")
    args = parser.parse_args(argv)
    if not args.sources:
        parser.error("give at least one NAME=DIR")
    sources = []
    for source in args.sources:
        name, separator, directory = source.partition("=")
        if not separator or not name:
            parser.error(f"`{source}` is not NAME=DIR")
        sources.append((name, Path(directory)))
    return run(args.heatwise.resolve(), args.out, sources)


if __name__ == "__main__":
    sys.exit(main())
