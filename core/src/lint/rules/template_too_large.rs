#![doc = include_str!("template_too_large.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::{ReferenceKind, Target};

/// Each resource whose `type` names a template of the stack longer than
/// heat.conf's `max_template_size`, in a file linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let limit = cx.limits.max_template_size;
    for reference in cx.file_references {
        let Some(sent) = reference.sent_len else {
            continue;
        };
        let over = i64::try_from(sent).map_or(true, |len| len > limit);
        if reference.kind != ReferenceKind::Type
            || !reference.reaches_template
            || !matches!(reference.target, Target::File(_))
            || !over
        {
            continue;
        }
        if !cx.in_unconditional_resource(reference.range) {
            continue;
        }
        let whose = match cx.limits.configured {
            true => "the cloud's heat.conf",
            false => "Heat's default: give the cloud's heat.conf with --heat-conf",
        };
        let message = format!(
            "heatclient sends `{}` as {sent} characters of JSON (the template as its loader reads \
             it, every character past ASCII escaped, each file it names replaced by its URL), \
             over max_template_size = {limit} ({whose}): Heat refuses the stack when it reads it \
             as a nested stack (\"Template size ({sent} bytes) exceeds maximum allowed size \
             ({limit} bytes).\"); split it into smaller templates",
            reference.written
        );
        cx.report(Rule::TemplateTooLarge, reference.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn a_nested_template_over_heat_s_default() {
        let root = concat!(
            "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml}\n",
            "  g:\n    type: OS::Heat::ResourceGroup\n",
            "    properties: {resource_def: {type: app.yaml}}\n",
        );
        // heatclient sends the template as JSON, 'é' escaped as `\u00e9`:
        // 58 characters and 6 for each.
        let long = |e: usize| -> &'static str {
            let description = "é".repeat(e);
            let text = format!("heat_template_version: 2018-08-31\ndescription: {description}\n");
            Box::leak(text.into_boxed_str())
        };
        let found = nested_findings(Rule::TemplateTooLarge, root, long(87_372), None);
        assert_eq!(found, ["app.yaml", "app.yaml"]);
        assert!(nested_findings(Rule::TemplateTooLarge, root, long(87_371), None).is_empty());
    }
}
