//! What the fuzz targets (`fuzz/fuzz_targets/`) check of each input, shared
//! with the replay test (`tests/tests/fuzz_replay.rs`) so that the normal
//! test command checks the fuzz corpus and the regression fixtures the same
//! way, without libFuzzer.
//!
//! Each check panics when heatwise breaks one of its promises on the input;
//! libFuzzer reports the panic as a crash. Input that is not UTF-8 is not
//! a template (every reader decodes first) and is passed over.

use heatwise_core::catalog::Catalog;
use heatwise_core::fix::Applicability;
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::lint::{lint_template, Diagnostic, LintOptions};
use heatwise_core::load::{self, to_json, Kind};
use heatwise_core::release::Release;
use heatwise_core::syntax::{self, Tree};
use heatwise_core::template;
use heatwise_core::text::TextRange;

/// A fuzz target's check of one input.
pub type Check = fn(&[u8]);

/// The fuzz targets, by the name of their directory under `fuzz/corpus/`.
pub const TARGETS: [(&str, Check); 4] = [
    ("load", load),
    ("lint", lint_input),
    ("fix", fix),
    ("orc", orc),
];

/// The reader and the loader: the tree's spans lie on the text, a text
/// with syntax errors is refused by the loader, and what is loaded prints.
pub fn load(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let tree = syntax::parse(text);
    check_tree(text, &tree);
    let as_environment = load::load_tree(&tree, Kind::Environment);
    let as_template = load::load(text, Kind::Template);
    if !tree.errors().is_empty() {
        assert!(
            as_environment.is_err(),
            "a text with syntax errors was loaded"
        );
    }
    for loaded in [as_template, as_environment] {
        match loaded {
            Ok(value) => {
                // Bounded printing may give up, but must not panic.
                let _ = to_json(&value);
            }
            Err(error) => check_range(text, error.range, "a load error"),
        }
    }
}

/// The linter, against the newest release and the oldest: every finding
/// and every edit of its fix lies on the text, and one fix's edits do not
/// overlap.
pub fn lint_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let template = template::parse(text);
    let catalog = Catalog::builtin();
    for target in [None, Release::parse("Kilo").ok()] {
        let options = LintOptions::new(catalog).with_target(target);
        let diagnostics = lint_template(&template, &options);
        for diagnostic in &diagnostics {
            check_diagnostic(text, diagnostic);
        }
    }
}

/// The fixer, safe fixes and then (when there are any) unsafe ones too: a
/// text that parsed still parses, the fixing converges with no wanted fix
/// left, and every comment of the input is still in the output.
pub fn fix(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let before = syntax::parse(text);
    let catalog = Catalog::builtin();
    for unsafe_fixes in [false, true] {
        let options = FixOptions {
            unsafe_fixes,
            ..FixOptions::new(LintOptions::new(catalog))
        };
        let outcome = fix_all(text, &options);
        if !before.errors().is_empty() {
            assert!(
                outcome.refused.is_some(),
                "a text that does not parse was fixed"
            );
            assert_eq!(outcome.text, text, "a text that does not parse was changed");
            return;
        }
        assert!(outcome.converged, "fixing did not converge");
        let after = syntax::parse(&outcome.text);
        assert!(
            after.errors().is_empty(),
            "the fixed text does not parse: {:?}\n--- fixed text ---\n{}",
            after.errors()[0],
            outcome.text
        );
        // `remaining` is the lint of the fixed text.
        let wanted = |d: &Diagnostic, unsafe_fixes: bool| {
            d.fix.as_ref().is_some_and(|fix| {
                !fix.edits.is_empty()
                    && match fix.applicability {
                        Applicability::Safe => true,
                        Applicability::Unsafe => unsafe_fixes,
                        Applicability::DisplayOnly => false,
                    }
                    // Left out by the fixer because it breaks the text.
                    && !outcome
                        .skipped
                        .iter()
                        .any(|s| s.rule == d.rule && s.title == fix.title)
            })
        };
        let still_wanted: Vec<_> = outcome
            .remaining
            .iter()
            .filter(|d| wanted(d, unsafe_fixes))
            .map(|d| (d.code(), d.message.clone()))
            .collect();
        assert!(
            still_wanted.is_empty(),
            "fixes are left after fixing: {still_wanted:?}\n--- fixed text ---\n{}",
            outcome.text
        );
        let mut kept: Vec<&str> = after.comment_texts();
        for comment in before.comment_texts() {
            let Some(at) = kept.iter().position(|c| *c == comment) else {
                panic!(
                    "the comment `{comment}` was lost\n--- fixed text ---\n{}",
                    outcome.text
                );
            };
            kept.swap_remove(at);
        }
        // The unsafe pass would do the same as the safe one.
        if !outcome.remaining.iter().any(|d| wanted(d, true)) && outcome.skipped.is_empty() {
            return;
        }
    }
}

/// The ORC export, with the input as the template and as its environment
/// too: every finding lies on its text; every object printed is one ORC's
/// schema accepts, under a valid name of its own, at most once in the
/// plan; both renderings are written and each YAML document reads back.
pub fn orc(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let credentials = heatwise_orc::Credentials {
        secret_name: "clouds".to_owned(),
        cloud_name: "cloud".to_owned(),
    };
    let parameters = vec![("OS::stack_name".to_owned(), "fuzz".to_owned())];
    let options =
        heatwise_orc::Options::new("fuzz", credentials, parameters).expect("valid options");
    for environments in [&[][..], &[text][..]] {
        let export = heatwise_orc::export(text, environments, &options);
        for finding in &export.findings {
            check_range(text, finding.range, "an ORC finding");
            assert!(
                !finding.message.is_empty(),
                "an ORC finding without a message"
            );
        }
        let mut planned: Vec<&str> = export
            .plan
            .waves
            .iter()
            .chain(&export.plan.cycles)
            .flatten()
            .map(String::as_str)
            .collect();
        let mut names: Vec<&str> = export.objects.iter().map(|o| o.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            export.objects.len(),
            "two objects share a name"
        );
        // Objects that wait on a cycle are in neither the waves nor the
        // cycles; the rest are in one of them, once.
        planned.sort_unstable();
        let planned_count = planned.len();
        planned.dedup();
        assert_eq!(
            planned.len(),
            planned_count,
            "the plan names an object twice"
        );
        assert!(
            planned.iter().all(|name| names.binary_search(name).is_ok()),
            "the plan names an object that is not printed"
        );
        for object in &export.objects {
            assert!(
                heatwise_orc::is_valid_name(&object.name),
                "the object name {:?} is not a Kubernetes name",
                object.name
            );
            if object.kind != heatwise_orc::manifest::Kind::Secret {
                let violations =
                    heatwise_orc::schema::validate_spec(object.kind.as_str(), &object.spec);
                assert!(
                    violations.is_empty(),
                    "the {} {} was printed though ORC refuses it: {violations:?}",
                    object.kind.as_str(),
                    object.name
                );
            }
        }
        let _ = heatwise_orc::render::json(&export);
        let _ = heatwise_orc::render::plan(&export);
        let yaml = heatwise_orc::render::yaml(&export);
        let documents = heatwise_orc::render::documents(&yaml);
        assert_eq!(
            documents.len(),
            export.objects.len(),
            "one document per object"
        );
        for document in documents {
            let read_back = syntax::parse(document);
            assert!(
                read_back.errors().is_empty(),
                "a manifest does not read back: {:?}\n{document}",
                read_back.errors()[0]
            );
        }
    }
}

fn check_tree(text: &str, tree: &Tree<'_>) {
    for node in tree.node_ids() {
        check_range(text, tree.range(node), "a node");
        let _ = tree.source(node);
        let _ = tree.scalar(node);
        let _ = tree.resolve(node);
    }
    for error in tree.errors() {
        check_range(text, error.range, "a syntax error");
        assert!(
            !error.message.is_empty(),
            "a syntax error without a message"
        );
    }
    for comment in tree.comments() {
        check_range(text, comment.range, "a comment");
        assert!(
            text[comment.range.as_usize()].starts_with('#'),
            "a comment that is no comment"
        );
    }
}

fn check_diagnostic(text: &str, diagnostic: &Diagnostic) {
    check_range(text, diagnostic.range, "a finding");
    assert!(
        !diagnostic.message.is_empty(),
        "a finding without a message"
    );
    let Some(fix) = &diagnostic.fix else {
        return;
    };
    let mut edits: Vec<TextRange> = fix.edits.iter().map(|e| e.range).collect();
    for edit in &edits {
        check_range(text, *edit, "an edit");
    }
    edits.sort_by_key(|r| (r.start, r.end));
    for pair in edits.windows(2) {
        assert!(
            pair[0].end <= pair[1].start,
            "the edits of `{}` overlap: {:?}",
            fix.title,
            pair
        );
    }
}

fn check_range(text: &str, range: TextRange, what: &str) {
    assert!(
        range.start <= range.end && range.end as usize <= text.len(),
        "{what} at {range:?} lies outside the text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(range.start as usize) && text.is_char_boundary(range.end as usize),
        "{what} at {range:?} cuts a character"
    );
}
