//! The pinned tripleo-heat-templates, rendered as a deployment renders it
//! (`cargo xtask setup`: its own tools/process-templates.py), linted as
//! the stack `openstack overcloud deploy` creates from it: `overcloud.yaml`
//! with `overcloud-resource-registry-puppet.yaml`. The files reached and
//! the findings of the cross-file rules are a snapshot
//! (`HEATWISE_BLESS=1` rewrites it). Skipped, with a line on stderr, when
//! setup has not rendered it.

mod common;

use common::LocalFiles;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{LintMemo, LintOptions, StackLinter};
use heatwise_core::stack::symbols::StackSymbols;
use heatwise_core::stack::{GatherCache, Stack};
use heatwise_test_support::rendered_corpus as rendered;

/// The stack `openstack overcloud deploy` creates from the tree in `dir`.
fn overcloud(dir: &Path) -> Stack {
    let url = |name: &str| format!("file://{}/{name}", dir.display());
    Stack::gather(
        &url("overcloud.yaml"),
        &[url("overcloud-resource-registry-puppet.yaml")],
        &LocalFiles,
    )
}

#[test]
fn the_rendered_overcloud_stack() {
    let Some(dir) = rendered("the stack's files and cross-file findings") else {
        return;
    };
    let url = |name: &str| format!("file://{}/{name}", dir.display());
    let stack = overcloud(&dir);
    assert!(stack.unread.is_empty(), "{:?}", stack.unread);
    let linter = StackLinter::new(&stack, &mut GatherCache::default());
    let options = LintOptions::new(Catalog::builtin());
    let prefix = url("");
    let mut roles: BTreeMap<String, usize> = BTreeMap::new();
    for file in &stack.files {
        *roles.entry(format!("{:?}", file.role)).or_default() += 1;
    }
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut cross_file = Vec::new();
    for id in linter.files() {
        let file = &stack.files[id];
        for diagnostic in linter.lint(id, &options) {
            *by_rule.entry(diagnostic.code()).or_default() += 1;
            if diagnostic.code().starts_with("HW4") {
                let line = file.text[..diagnostic.range.start as usize].lines().count();
                let path = file.url.strip_prefix(&prefix).unwrap_or(&file.url);
                cross_file.push(format!(
                    "{path}:{line} {} {}",
                    diagnostic.code(),
                    diagnostic.message
                ));
            }
        }
    }
    cross_file.sort();
    let mut summary = String::new();
    writeln!(summary, "files by role: {roles:?}").unwrap();
    writeln!(summary, "references: {}", stack.references.len()).unwrap();
    writeln!(summary, "findings by rule: {by_rule:?}").unwrap();
    writeln!(summary, "\ncross-file findings:").unwrap();
    for line in &cross_file {
        writeln!(summary, "  {line}").unwrap();
    }
    common::assert_snapshot("tht-rendered-stack.snap", &summary);
}

/// `--each-environment` over the rendered tree: each combination linted
/// with the lints of files kept from the combinations before it
/// (`LintMemo`) finds exactly what a fresh lint of that combination finds.
#[test]
fn kept_lints_are_fresh_lints() {
    let Some(dir) = rendered("kept lints") else {
        return;
    };
    let url = |path: &Path| format!("file://{}", path.display());
    let mut extras: Vec<PathBuf> = std::fs::read_dir(dir.join("environments"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    extras.sort();
    let options = LintOptions::new(Catalog::builtin());
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    let mut compared = 0;
    // Every third environment keeps the test quick and still crosses
    // registries, network layouts and parameter defaults.
    for extra in extras.iter().step_by(3) {
        let environments = [
            url(&dir.join("overcloud-resource-registry-puppet.yaml")),
            url(extra),
        ];
        let root = url(&dir.join("overcloud.yaml"));
        let stack = Stack::gather_with(&root, &environments, &LocalFiles, &mut cache);
        let kept = StackLinter::new(&stack, &mut cache);
        let fresh = StackLinter::new(&stack, &mut GatherCache::default());
        for id in kept.files() {
            assert_eq!(
                kept.lint_with(id, &options, &memo),
                fresh.lint(id, &options),
                "{} with {}",
                stack.files[id].url,
                extra.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 1_000, "only {compared} files compared");
    // Files are linted again as their answers change (a chain's members,
    // the values a resource reads): from the part of the lint that asked.
    let counts = memo.counts();
    assert!(counts.taken_up > 0 && counts.reused > 0, "{counts:?}");
}

/// Navigation over the rendered tree: at offsets all through every file of
/// the stack, the symbol there, its places and what would stop its rename
/// are found without a panic, and every place of a symbol names it.
#[test]
fn symbols_all_through_the_rendered_stack() {
    let Some(dir) = rendered("symbols") else {
        return;
    };
    let stack = overcloud(&dir);
    let catalog = Catalog::builtin();
    let symbols = StackSymbols::new(&stack, &|name| catalog.resolve_type(name).is_some());
    let mut found = 0;
    for (id, file) in stack.files.iter().enumerate() {
        for offset in (0..file.text.len() as u32).step_by(211) {
            let Some(symbol) = symbols.symbol_at(id, offset) else {
                continue;
            };
            found += 1;
            let places = symbols.places(&symbol);
            assert!(!places.is_empty(), "{symbol:?}");
            for place in &places {
                let text = &stack.files[place.file].text[place.range.as_usize()];
                assert!(
                    text.trim_matches(['\'', '"']) == symbol.name(),
                    "{symbol:?} at {text:?}"
                );
            }
            let _ = symbols.rename_blockers(&symbol);
        }
    }
    assert!(found > 500, "only {found} symbols found");
}
