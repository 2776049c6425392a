use crate::catalog::Catalog;
use crate::lint::{LintMemo, LintOptions, MemoCounts, Rule, StackLinter};
use crate::stack::{GatherCache, MemoryFiles, Stack};

/// A chain whose members a parameter lists, and a resource with a key
/// Heat refuses: a finding of the resource's part of the lint and, where
/// the environments map `My::B` to `b2.yaml`, one of that member's.
const ROOT: &str = "heat_template_version: 2018-08-31
parameters:
  services: {type: comma_delimited_list, default: [My::A, My::B]}
resources:
  odd: {type: OS::Heat::None, colour: blue}
  chain:
    type: OS::Heat::ResourceChain
    properties:
      resources: {get_param: services}
      resource_properties: {size: 1}
";
const MEMBER: &str = "heat_template_version: 2018-08-31
parameters:
  size: {type: number}
";
const WITHOUT_SIZE: &str = "heat_template_version: 2018-08-31
parameters:
  shape: {type: string, default: round}
";
const BASE: &str = "resource_registry:\n  My::A: a.yaml\n  My::B: b.yaml\n";
const REMAP: &str = "resource_registry:\n  My::B: b2.yaml\n";

fn files() -> MemoryFiles {
    MemoryFiles(vec![
        ("file:///t/root.yaml", ROOT),
        ("file:///t/a.yaml", MEMBER),
        ("file:///t/b.yaml", MEMBER),
        ("file:///t/b2.yaml", WITHOUT_SIZE),
        ("file:///t/base.yaml", BASE),
        ("file:///t/remap.yaml", REMAP),
    ])
}

/// Lints the root of `files` with `environments` through `memo`: its
/// rules, once checked equal to a lint with no memo.
fn lint_root(
    (memo, cache): (&LintMemo, &mut GatherCache),
    files: &MemoryFiles,
    environments: &[&str],
) -> Vec<Rule> {
    let environments: Vec<String> = environments.iter().map(|e| (*e).to_owned()).collect();
    let stack = Stack::gather_with("file:///t/root.yaml", &environments, files, cache);
    let root = stack.file("file:///t/root.yaml").expect("the root");
    let options = LintOptions::new(Catalog::builtin());
    let kept = StackLinter::new(&stack, cache).lint_with(root, &options, memo);
    let fresh = StackLinter::new(&stack, &mut GatherCache::default()).lint(root, &options);
    assert_eq!(kept, fresh, "with {environments:?}");
    kept.iter().map(|d| d.rule).collect()
}

#[test]
fn a_lint_takes_up_another_after_the_rules_whose_answers_hold() {
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    let base = "file:///t/base.yaml";
    let remap = "file:///t/remap.yaml";
    let counts = |reused, taken_up, linted| MemoCounts {
        reused,
        taken_up,
        linted,
        parts_skipped: memo.counts().parts_skipped,
    };

    let first = lint_root((&memo, &mut cache), &files(), &[base]);
    assert!(first.contains(&Rule::UnknownResourceKey), "{first:?}");
    assert!(!first.contains(&Rule::UnknownNestedProperty), "{first:?}");
    assert_eq!(memo.counts(), counts(0, 0, 1));

    // `My::B` resolves elsewhere: only the stack rules run again.
    let remapped = lint_root((&memo, &mut cache), &files(), &[base, remap]);
    assert!(remapped.contains(&Rule::UnknownResourceKey), "{remapped:?}");
    assert!(
        remapped.contains(&Rule::UnknownNestedProperty),
        "{remapped:?}"
    );
    assert_eq!(memo.counts(), counts(0, 1, 1));

    // Each lint kept holds where its answers do, the one taken up too.
    assert_eq!(lint_root((&memo, &mut cache), &files(), &[base]), first);
    assert_eq!(
        lint_root((&memo, &mut cache), &files(), &[base, remap]),
        remapped
    );
    assert_eq!(memo.counts(), counts(2, 1, 1));
}

/// A root whose second resource reads a parameter the environments give:
/// another value asks its part of the lint again, and the parts before it
/// are taken from the lint before.
#[test]
fn a_lint_takes_up_another_at_the_part_whose_answers_changed() {
    const ROOT: &str = "heat_template_version: 2018-08-31
parameters:
  length: {type: number, default: 8}
resources:
  odd: {type: OS::Heat::None, colour: blue}
  secret:
    type: OS::Heat::RandomString
    properties: {length: {get_param: length}, sequence: lettersdigits}
";
    let files = MemoryFiles(vec![
        ("file:///t/root.yaml", ROOT),
        ("file:///t/short.yaml", "parameter_defaults:\n  length: 4\n"),
        (
            "file:///t/long.yaml",
            "parameter_defaults:\n  length: 600\n",
        ),
    ]);
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    let mut lint = |environment: &str| lint_root((&memo, &mut cache), &files, &[environment]);
    let short = lint("file:///t/short.yaml");
    // 600 is longer than RandomString allows: a finding of the second
    // resource's part, after the first's, taken from before.
    let long = lint("file:///t/long.yaml");
    assert!(short.contains(&Rule::UnknownResourceKey), "{short:?}");
    assert!(long.contains(&Rule::UnknownResourceKey), "{long:?}");
    assert_ne!(short, long);
    assert_eq!(memo.counts().linted, 1);
    assert_eq!(memo.counts().taken_up, 1);
}

/// A root whose first resource reads a parameter the environments give:
/// another value asks that part again, and each part after it whose own
/// answers hold is taken from the lint before, its findings too.
#[test]
fn parts_whose_answers_hold_are_taken_from_an_earlier_lint_after_one_that_changed() {
    const ROOT: &str = "heat_template_version: 2018-08-31
parameters:
  length: {type: number, default: 8}
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {length: {get_param: length}, sequence: lettersdigits}
  odd: {type: OS::Heat::None, colour: blue}
  member: {type: My::B, properties: {size: 1, colour: red}}
";
    let files = MemoryFiles(vec![
        ("file:///t/root.yaml", ROOT),
        ("file:///t/b.yaml", MEMBER),
        (
            "file:///t/short.yaml",
            "resource_registry: {My::B: b.yaml}\nparameter_defaults:\n  length: 4\n",
        ),
        (
            "file:///t/long.yaml",
            "resource_registry: {My::B: b.yaml}\nparameter_defaults:\n  length: 600\n",
        ),
    ]);
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    let mut lint = |environment: &str| lint_root((&memo, &mut cache), &files, &[environment]);
    let short = lint("file:///t/short.yaml");
    // Every finding of the later parts is there: checked equal to a lint
    // with no memo (`lint_root`), though those parts did not run.
    let long = lint("file:///t/long.yaml");
    for found in [&short, &long] {
        assert!(found.contains(&Rule::UnknownResourceKey), "{found:?}");
        assert!(found.contains(&Rule::UnknownNestedProperty), "{found:?}");
    }
    assert_ne!(short, long);
    let counts = memo.counts();
    assert_eq!((counts.linted, counts.taken_up), (1, 1), "{counts:?}");
    assert!(counts.parts_skipped >= 2, "{counts:?}");
}

/// What an earlier part worked out once from the registry (the resources
/// Heat never resolves, read for a yaql call's first) is a question of
/// every later part that reads it: a part after it is not taken from the
/// lint before when the registry now maps the type elsewhere.
#[test]
fn a_part_that_reads_what_an_earlier_part_kept_depends_on_its_questions() {
    const ROOT: &str = "heat_template_version: 2018-08-31
resources:
  broken:
    type: OS::Heat::Value
    properties:
      value: {yaql: {expression: '$.data.(', data: {}}}
  thing:
    type: My::Thing
    properties:
      value: {get_param: missing}
";
    let files = MemoryFiles(vec![
        ("file:///t/root.yaml", ROOT),
        (
            "file:///t/none.yaml",
            "resource_registry: {My::Thing: OS::Heat::None}\n",
        ),
        (
            "file:///t/value.yaml",
            "resource_registry: {My::Thing: OS::Heat::Value}\n",
        ),
    ]);
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    let mut lint = |environment: &str| lint_root((&memo, &mut cache), &files, &[environment]);
    // Each checked equal to a lint with no memo (`lint_root`).
    let inert = lint("file:///t/none.yaml");
    let resolved = lint("file:///t/value.yaml");
    assert!(inert.contains(&Rule::InvalidFunctionArguments), "{inert:?}");
    assert!(
        !inert.contains(&Rule::UnknownParameterReference),
        "{inert:?}"
    );
    assert!(
        resolved.contains(&Rule::UnknownParameterReference),
        "{resolved:?}"
    );
}

#[test]
fn a_registry_that_resolves_by_more_than_the_name_is_linted_anew() {
    // An entry scoped to one resource: what a type resolves to depends on
    // the resource too, and the order questions come in may matter.
    let scoped = "resource_registry:\n  resources:\n    odd:\n      My::C: a.yaml\n";
    let remapped =
        "resource_registry:\n  resources:\n    odd:\n      My::C: a.yaml\n  My::B: b2.yaml\n";
    let mut all = files().0;
    all.extend([
        ("file:///t/scoped.yaml", scoped),
        ("file:///t/remapped.yaml", remapped),
    ]);
    let files = MemoryFiles(all);
    let memo = LintMemo::default();
    let mut cache = GatherCache::default();
    for extra in ["file:///t/scoped.yaml", "file:///t/remapped.yaml"] {
        lint_root((&memo, &mut cache), &files, &["file:///t/base.yaml", extra]);
    }
    assert_eq!(memo.counts().taken_up, 0);
    assert_eq!(memo.counts().linted, 2);
}
