//! Code actions: each finding's fix (safe and unsafe ones labelled), a
//! suppression comment, and `source.fixAll.heatwise` (every safe fix,
//! round after round: what `heatwise fix` writes).

use std::collections::HashMap;

use heatwise_core::catalog::{Catalog, CatalogAt};
use heatwise_core::fix::{apply_edits, suppression, Applicability, Edit};
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::lint::LintOptions;
use heatwise_core::stack::Registry;
use heatwise_core::template;
use heatwise_core::text::TextRange;
use heatwise_core::update::{preview, Action, StackInput};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, NumberOrString, TextEdit,
    Uri, WorkspaceEdit,
};

use super::document::{CarriedFix, Converter, Document};
use super::settings::Settings;

/// The kind of the fix-all action.
pub const FIX_ALL: &str = "source.fixAll.heatwise";

/// What `stack update --existing` with the fix applied does to a running
/// stack made from the text, resource by resource: `gateway deleted,
/// router updated (nothing sent)`; `None` when it changes nothing there.
fn running_stack_effect(
    text: &str,
    converter: &Converter<'_>,
    edits: &[TextEdit],
    heat: CatalogAt<'_>,
) -> Option<String> {
    let edits: Vec<Edit> = edits
        .iter()
        .map(|edit| Edit::replace(converter.text_range(edit.range), edit.new_text.clone()))
        .collect();
    let fixed = apply_edits(text, &edits);
    let side = StackInput::template;
    let changes = preview(&side(text), &side(&fixed), heat).ok()?;
    let said: Vec<String> = changes
        .iter()
        .filter(|change| change.action != Action::Unchanged)
        .map(|change| {
            let quiet = change.action == Action::Updated && change.properties.is_empty();
            format!(
                "{} {}{}",
                change.name,
                change.action.as_str(),
                if quiet { " (nothing sent)" } else { "" }
            )
        })
        .collect();
    (!said.is_empty()).then(|| said.join(", "))
}

pub fn code_actions(
    uri: &Uri,
    document: &Document,
    converter: &Converter<'_>,
    catalog: &Catalog,
    settings: &Settings,
    registry: &Registry,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let wants = |kind: &CodeActionKind| {
        params.context.only.as_ref().is_none_or(|only| {
            only.iter()
                .any(|wanted| kind.as_str().starts_with(wanted.as_str()))
        })
    };
    let mut actions = Vec::new();
    let edit = |edits: Vec<TextEdit>| WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    };
    let template = template::parse(&document.text);
    for diagnostic in &params.context.diagnostics {
        if diagnostic.source.as_deref() != Some("heatwise") {
            continue;
        }
        let Some(NumberOrString::String(code)) = &diagnostic.code else {
            continue;
        };
        let range = converter.text_range(diagnostic.range);
        let fix = CarriedFix::read(diagnostic.data.as_ref())
            .or_else(|| stored_fix(document, converter, range, code));
        if let Some(fix) =
            fix.filter(|f| f.applicability != Applicability::DisplayOnly && !f.edits.is_empty())
        {
            if wants(&CodeActionKind::QUICKFIX) {
                let safe = fix.applicability == Applicability::Safe;
                let mut title = if safe {
                    fix.title.clone()
                } else {
                    format!("{} [unsafe fix: review it]", fix.title)
                };
                if let Some(effect) = running_stack_effect(
                    &document.text,
                    converter,
                    &fix.edits,
                    catalog.at(settings.target),
                ) {
                    title.push_str(&format!(" (on a running stack: {effect})"));
                }
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title,
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(edit(fix.edits)),
                    is_preferred: Some(safe),
                    ..CodeAction::default()
                }));
            }
        }
        if wants(&CodeActionKind::QUICKFIX) {
            if let Some(suppress) = suppression(&template, range, code) {
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("Suppress {code} on this line"),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(edit(vec![TextEdit {
                        range: converter.range(suppress.range),
                        new_text: suppress.content,
                    }])),
                    ..CodeAction::default()
                }));
            }
        }
    }
    let fix_all_kind = CodeActionKind::from(FIX_ALL);
    let asked_for_fix_all = params.context.only.as_ref().is_some_and(|only| {
        only.iter()
            .any(|wanted| FIX_ALL.starts_with(wanted.as_str()) && wanted.as_str() != "")
    });
    let safe_fix_here = document.diagnostics.iter().any(|d| {
        d.fix
            .as_ref()
            .is_some_and(|f| f.applicability == Applicability::Safe && !f.edits.is_empty())
    });
    if (asked_for_fix_all || (params.context.only.is_none() && safe_fix_here))
        && wants(&fix_all_kind)
    {
        if let Some(edits) = fix_all_edits(document, converter, catalog, settings, registry) {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Apply every safe heatwise fix".to_owned(),
                kind: Some(fix_all_kind),
                edit: Some(edit(edits)),
                ..CodeAction::default()
            }));
        }
    }
    actions
}

/// The fix of the stored finding at `range` with `code`, for a client that
/// did not send the diagnostic's `data` back.
fn stored_fix(
    document: &Document,
    converter: &Converter<'_>,
    range: TextRange,
    code: &str,
) -> Option<CarriedFix> {
    let found = document
        .diagnostics
        .iter()
        .find(|d| d.range == range && d.code() == code)?;
    let fix = found.fix.as_ref()?;
    Some(CarriedFix {
        title: fix.title.clone(),
        applicability: fix.applicability,
        edits: fix
            .edits
            .iter()
            .map(|e| TextEdit {
                range: converter.range(e.range),
                new_text: e.content.clone(),
            })
            .collect(),
    })
}

/// The edit that makes the document what `heatwise fix` makes of it: the
/// changed span of text replaced. `None` when nothing changes.
pub fn fix_all_edits(
    document: &Document,
    converter: &Converter<'_>,
    catalog: &Catalog,
    settings: &Settings,
    registry: &Registry,
) -> Option<Vec<TextEdit>> {
    let lint = LintOptions {
        registry: Some(registry),
        limits: settings.limits.unwrap_or_default(),
        now: crate::clock::this_minute(),
        ..LintOptions::new(catalog).with_target(settings.target)
    };
    let mut options = FixOptions::new(lint);
    if settings.select.is_some() || !settings.ignore.is_empty() {
        options.codes = Some(
            heatwise_core::lint::Rule::ALL
                .iter()
                .copied()
                .filter(|&rule| settings.shows(rule))
                .collect(),
        );
    }
    let outcome = fix_all(&document.text, &options);
    let old = document.text.as_str();
    let new = outcome.text.as_str();
    if old == new {
        return None;
    }
    // The smallest span that differs, on character boundaries.
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let mut suffix = old[prefix..]
        .bytes()
        .rev()
        .zip(new[prefix..].bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    let range = TextRange::new(prefix as u32, (old.len() - suffix) as u32);
    Some(vec![TextEdit {
        range: converter.range(range),
        new_text: new[prefix..new.len() - suffix].to_owned(),
    }])
}
