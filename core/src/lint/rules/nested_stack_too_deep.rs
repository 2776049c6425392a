#![doc = include_str!("nested_stack_too_deep.md")]

use crate::lint::context::Context;
use crate::lint::Rule;

/// Heat's default `max_nested_stack_depth`: the deepest a nested stack
/// may be below the root.
pub(crate) const MAX_NESTED_STACK_DEPTH: usize = 5;

/// Each use of a nested template in a template Heat makes a stack of at
/// the deepest level it allows, in a file linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let Some(depth) = cx.stack.and_then(|stack| stack.depth()) else {
        return;
    };
    // Reported once, where the deepest allowed level nests another (a
    // template below it is not made a stack of).
    if depth != MAX_NESTED_STACK_DEPTH {
        return;
    }
    let tree = cx.tree;
    for used in cx.nested_uses() {
        let Some(range) = used.definition.type_range(tree) else {
            continue;
        };
        let message = format!(
            "Heat would make a stack of {} {} levels below the root, and refuses stacks nested deeper than {MAX_NESTED_STACK_DEPTH} (its max_nested_stack_depth, unless the cloud's operator raised it): Heat refuses the stack (\"Recursion depth exceeds {MAX_NESTED_STACK_DEPTH}\")",
            used.interface.name,
            depth + 1
        );
        cx.report(Rule::NestedStackTooDeep, range, message);
    }
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
}
