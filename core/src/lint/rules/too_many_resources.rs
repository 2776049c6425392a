#![doc = include_str!("too_many_resources.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// A template that defines more resources than heat.conf's
/// `max_resources_per_stack`.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let section = match template.kind() {
        DocumentKind::Hot => "resources",
        DocumentKind::CloudFormation => "Resources",
        _ => return,
    };
    if cx.as_environment {
        return;
    }
    let limit = cx.limits.max_resources_per_stack;
    let count = template.resources().len();
    // -1: no limit.
    if limit == -1 || i64::try_from(count).is_ok_and(|count| count <= limit) {
        return;
    }
    let tree = cx.tree;
    let Some(key) = tree.root().and_then(|root| {
        tree.entries(root)
            .find(|e| tree.scalar(e.key) == Some(section))
            .map(|e| e.key)
    }) else {
        return;
    };
    let whose = match cx.limits.configured {
        true => "the cloud's heat.conf",
        false => "Heat's default: give the cloud's heat.conf with --heat-conf",
    };
    let message = format!(
        "the template defines {count} resources, more than max_resources_per_stack = {limit} \
         ({whose}): Heat refuses to make a stack of it (\"Maximum resources per stack \
         exceeded.\"); split it into several stacks, or have the operator raise the limit"
    );
    cx.report(Rule::TooManyResources, tree.range(key), message);
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::heat_conf::EngineLimits;
    use crate::lint::{lint, LintOptions, Rule};

    fn found(resources: usize, limit: i64) -> usize {
        let mut text = String::from("heat_template_version: 2018-08-31\nresources:\n");
        for n in 0..resources {
            text.push_str(&format!("  r{n}: {{type: OS::Heat::None}}\n"));
        }
        let options = LintOptions {
            limits: EngineLimits {
                max_resources_per_stack: limit,
                configured: true,
                ..EngineLimits::default()
            },
            ..LintOptions::new(Catalog::builtin())
        };
        let found = lint(&text, &options);
        found
            .iter()
            .filter(|d| d.rule == Rule::TooManyResources)
            .count()
    }

    #[test]
    fn more_resources_than_the_limit() {
        assert_eq!(found(1000, 1000), 0);
        assert_eq!(found(1001, 1000), 1);
        assert_eq!(found(3, 2), 1);
        assert_eq!(found(3, -1), 0);
        // Heat compares with any number the operator gives.
        assert_eq!(found(0, -2), 1);
    }
}
