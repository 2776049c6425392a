#![doc = include_str!("removed_function.md")]

use crate::fix::{Applicability, Fix};
use crate::lint::context::Context;
use crate::lint::migrate::template_version::declared;
use crate::lint::Rule;
use crate::syntax::NodeId;

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let Some((version, _)) = declared(cx) else {
        return;
    };
    let tree = cx.tree;
    // Calls of removed functions: Heat reads them as calls, to refuse them.
    for call in cx.template.function_calls() {
        let name = call.name;
        if !version.removes(name) {
            continue;
        }
        let message = format!(
            "`{name}` is not a function in heat_template_version {}: Heat refuses the template (\"The function {name} is not supported in this version of HOT.\")",
            version.display()
        );
        let fix = rewrite(cx, call.key, name);
        cx.report_with_fix(Rule::RemovedFunction, tree.range(call.key), message, fix);
    }
}

/// The HOT function that takes the same arguments as a removed
/// CloudFormation one and gives the same result for what the original
/// could give; `Ref` becomes `get_resource` or `get_param` by what it
/// names. Unsafe: Heat refuses the template as written, so no rewrite
/// keeps its meaning; the title says what to check.
fn rewrite(cx: &Context<'_, '_>, key: NodeId, removed: &str) -> Option<Fix> {
    let tree = cx.tree;
    let hot = match removed {
        "Fn::Join" => "list_join",
        "Fn::Split" => "str_split",
        "Fn::ResourceFacade" => "resource_facade",
        "Ref" => {
            let entry = tree.entry_of(key)?;
            let name = tree.scalar(entry.value)?;
            if cx.template.resource(name).is_some() {
                "get_resource"
            } else if cx.template.parameters().iter().any(|p| p.name == name) {
                "get_param"
            } else {
                return None;
            }
        }
        "Fn::Replace" => {
            return Some(Fix::display_only(
                "Use `str_replace: {template: ..., params: {...}}`: Fn::Replace's arguments are [params, template]",
            ))
        }
        "Fn::Select" => {
            return Some(Fix::display_only(
                "Select with a path of `get_attr` ([resource, attribute, index]) or with `yaql`",
            ))
        }
        _ => return None,
    };
    let edit = cx.editor.rename_key(tree.entry_of(key)?, hot)?;
    Fix::new(
        format!("Replace `{removed}` with `{hot}` (unsafe: Heat refuses the template as written; `{hot}` takes the same arguments)"),
        vec![edit],
        Applicability::Unsafe,
    )
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes_unsafely};
    use crate::lint::Rule;

    #[test]
    fn removed_functions() {
        check(
            Rule::RemovedFunction,
            &[
                finds("heat_template_version: 2015-10-15\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 1),
                finds("heat_template_version: 2015-04-30\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 0),
                finds("heat_template_version: 2013-05-23\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n", 0),
                fixes_unsafely(
                    "heat_template_version: 2014-10-16\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n",
                    1,
                    "heat_template_version: 2014-10-16\noutputs:\n  o: {value: {list_join: [',', [a]]}}\n",
                ),
                // Ref names a resource or a parameter.
                fixes_unsafely(
                    "heat_template_version: 2015-10-15\nparameters:\n  p: {type: string}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {Ref: r}}\n  b: {value: {Ref: p}}\n",
                    2,
                    "heat_template_version: 2015-10-15\nparameters:\n  p: {type: string}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_resource: r}}\n  b: {value: {get_param: p}}\n",
                ),
            ],
        );
    }
}
