#![doc = include_str!("unreleased_template_version.md")]

use crate::fix::Fix;
use crate::lint::context::Context;
use crate::lint::migrate::template_version::declared;
use crate::lint::Rule;
use crate::template::{template_versions, TemplateVersion};

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    if let Some((version, value)) = declared(cx) {
        unreleased(cx, version, value);
    }
}

/// A version Heat at the target release does not know: it refuses the
/// template.
fn unreleased(cx: &mut Context<'_, '_>, version: &TemplateVersion, value: crate::syntax::NodeId) {
    let (Some(target), Some(first)) = (cx.at.release(), version.first_release()) else {
        return;
    };
    if first <= target {
        return;
    }
    let message = format!(
        "heat_template_version {} is not known to Heat {target}: Heat has it since {first}",
        version.display()
    );
    let known: Vec<String> = template_versions()
        .iter()
        .filter(|v| {
            v.key == "heat_template_version" && v.first_release().is_some_and(|r| r <= target)
        })
        .map(TemplateVersion::display)
        .collect();
    let fix = known.last().map(|newest| {
        Fix::display_only(format!(
            "Use a version Heat {target} knows (the newest is {newest}), or target a later release"
        ))
    });
    let range = cx.tree.range(value);
    cx.report_with_fix(Rule::UnreleasedTemplateVersion, range, message, fix);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn versions_the_target_does_not_know() {
        use crate::catalog::Catalog;
        use crate::lint::{lint, LintOptions};
        use crate::release::Release;

        let text = "heat_template_version: wallaby\nresources: {}\n";
        let options = LintOptions::new(Catalog::builtin());
        let at = |release: &str| {
            lint(
                text,
                &options.with_target(Some(Release::parse(release).unwrap())),
            )
            .into_iter()
            .filter(|d| d.rule == Rule::UnreleasedTemplateVersion)
            .map(|d| d.message)
            .collect::<Vec<_>>()
        };
        assert_eq!(
            at("Rocky"),
            ["heat_template_version 2021-04-16 (wallaby) is not known to Heat 11.0.0 (Rocky): Heat has it since 16.0.0 (Wallaby)"]
        );
        assert!(at("Wallaby").is_empty());
        check(Rule::UnreleasedTemplateVersion, &[finds(text, 0)]);
    }
}
