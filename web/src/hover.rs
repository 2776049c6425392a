//! What the editor shows when the pointer rests on an intrinsic function's
//! name: since which template version Heat has it, each version whose
//! Heat class for it changed, when it was removed, and what the template's
//! own version makes of it. (Types, properties and attributes with a
//! finding get theirs from the finding's tooltip.)

use heatwise_core::template::{self, FunctionChange, HeatName};
use heatwise_core::text::{Positions, TextRange};

use crate::outline::Utf16Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionHover {
    pub name: &'static str,
    /// The function name's range in the text.
    pub range: Utf16Range,
    /// Oldest first.
    pub steps: Vec<FunctionHoverStep>,
    /// What the template's version makes of it, when Heat knows the version.
    pub reading: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionHoverStep {
    /// `added`, `changed` or `removed`.
    pub change: &'static str,
    /// `2016-10-14 (newton)`.
    pub version: String,
    /// The release that first shipped the version: `7.0.0 (Newton)`.
    pub release: Option<String>,
    /// Heat's class for the function from that version.
    pub class: Option<&'static str>,
}

/// The hover for the function call whose name is at `utf16` (an offset
/// as CodeMirror counts), if there is one.
pub fn function_hover(text: &str, utf16: u32) -> Option<FunctionHover> {
    let positions = Positions::new(text);
    let offset = positions.offset_of_utf16(utf16);
    let template = template::parse(text);
    let HeatName::Function { name, range } = template.heat_name_at(offset)? else {
        return None;
    };
    let steps = template::function_history(name)
        .iter()
        .map(|step| {
            let (change, class) = match step.change {
                FunctionChange::Added { class } => ("added", Some(class)),
                FunctionChange::Changed { class } => ("changed", Some(class)),
                FunctionChange::Removed => ("removed", None),
            };
            FunctionHoverStep {
                change,
                version: step.version.display(),
                release: step.version.first_release().map(|r| r.to_string()),
                class,
            }
        })
        .collect();
    let reading = template
        .hot_template_version()
        .map(|version| version.reading(name).describe(version));
    Some(FunctionHover {
        name,
        range: {
            let at = positions.location(TextRange::new(range.start, range.end));
            Utf16Range {
                from: at.from,
                to: at.to,
            }
        },
        steps,
        reading,
    })
}

/// The names a hover may be about, for the editor to ask only about those.
pub fn function_names() -> impl Iterator<Item = &'static str> {
    template::function_names()
}
