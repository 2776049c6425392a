#![doc = include_str!("nested_stack_too_deep.md")]

use crate::lint::context::{Context, NestedUse};
use crate::lint::Rule;

/// The use `used` of a nested template, where this template is made a
/// stack of at the deepest level Heat allows.
pub(crate) fn check_use(cx: &mut Context<'_, '_>, used: &NestedUse<'_>) {
    // Reported once, where the deepest allowed level nests another (a
    // template below it is not made a stack of).
    let limits = cx.limits;
    let deepest = limits.max_nested_stack_depth;
    if !cx.stack.is_some_and(|stack| stack.deepest_at(deepest)) {
        return;
    }
    let depth = deepest;
    let whose = match limits.configured {
        true => "the cloud's heat.conf",
        false => "Heat's default, unless the cloud's operator raised it: give its heat.conf with --heat-conf",
    };
    let Some(range) = used.definition.type_range(cx.tree) else {
        return;
    };
    let message = format!(
        "Heat would make a stack of {} {} levels below the root, and refuses stacks nested \
         deeper than {deepest} (max_nested_stack_depth = {deepest}, {whose}): Heat refuses the \
         stack (\"Recursion depth exceeds {deepest}\")",
        used.interface.name,
        depth + 1
    );
    cx.report(Rule::NestedStackTooDeep, range, message);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::stack_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        // root → n1 → … → nK: level K below the root.
        let level = |next: &str| -> &'static str {
            Box::leak(
                format!(
                    "heat_template_version: 2018-08-31\nresources:\n  next: {{type: {next}}}\n"
                )
                .into_boxed_str(),
            )
        };
        let last = "heat_template_version: 2018-08-31\nresources: {}\n";
        let found = |levels: usize, file: &str| {
            let mut files = vec![("file:///t/root.yaml", level("n1.yaml"))];
            for n in 1..=levels {
                let url: &'static str = Box::leak(format!("file:///t/n{n}.yaml").into_boxed_str());
                let text = if n == levels {
                    last
                } else {
                    level(&format!("n{}.yaml", n + 1))
                };
                files.push((url, text));
            }
            let url = format!("file:///t/{file}");
            stack_findings(Rule::NestedStackTooDeep, files, &[], &url)
        };
        // Five levels: accepted; six: refused where the fifth nests the sixth.
        assert!(found(5, "n4.yaml").is_empty());
        assert!(found(5, "n5.yaml").is_empty());
        assert_eq!(found(6, "n5.yaml"), ["n6.yaml"]);
        assert!(found(6, "n4.yaml").is_empty());
        // Deeper still: reported once, at the fifth level.
        assert_eq!(found(7, "n5.yaml"), ["n6.yaml"]);
        assert!(found(7, "n6.yaml").is_empty());
    }

    /// The operator's limit, as its heat.conf sets it: TripleO's
    /// undercloud nests seven deep.
    #[test]
    fn the_operator_s_limit() {
        use crate::catalog::Catalog;
        use crate::heat_conf::EngineLimits;
        use crate::lint::{LintOptions, StackLinter};
        use crate::stack::{GatherCache, MemoryFiles, Stack};
        let chain = |levels: usize| -> Vec<(&'static str, &'static str)> {
            (0..=levels)
                .map(|n| {
                    let url: &'static str = Box::leak(format!("file:///t/n{n}.yaml").into_boxed_str());
                    let text = match n == levels {
                        true => "heat_template_version: 2018-08-31\n".to_owned(),
                        false => format!(
                            "heat_template_version: 2018-08-31\nresources:\n  next: {{type: n{}.yaml}}\n",
                            n + 1
                        ),
                    };
                    (url, &*Box::leak(text.into_boxed_str()))
                })
                .collect()
        };
        let messages = |levels: usize, limits: EngineLimits| -> Vec<(usize, String)> {
            let stack = Stack::gather("file:///t/n0.yaml", &[], &MemoryFiles(chain(levels)));
            let linter = StackLinter::new(&stack, &mut GatherCache::default());
            let options = LintOptions {
                limits,
                ..LintOptions::new(Catalog::builtin())
            };
            (0..stack.files.len())
                .flat_map(|id| {
                    linter
                        .lint(id, &options)
                        .into_iter()
                        .filter(|d| d.rule == Rule::NestedStackTooDeep)
                        .map(move |d| (id, d.message))
                })
                .collect()
        };
        let seven = EngineLimits {
            max_nested_stack_depth: 7,
            configured: true,
            ..EngineLimits::default()
        };
        assert_eq!(messages(6, EngineLimits::default()).len(), 1);
        assert!(messages(6, seven).is_empty());
        assert!(messages(7, seven).is_empty());
        let deeper = messages(8, seven);
        assert_eq!(deeper.len(), 1);
        assert_eq!(deeper[0].0, 7);
        assert!(
            deeper[0]
                .1
                .contains("deeper than 7 (max_nested_stack_depth = 7, the cloud's heat.conf)"),
            "{deeper:?}"
        );
        assert!(messages(6, EngineLimits::default())[0]
            .1
            .contains("--heat-conf"));
    }
}
