//! The outline shown beside the editor: the core's resource list, with
//! positions converted to what the editor counts in.

use heatwise_core::template::{self, Template};
use heatwise_core::text::Positions;

/// A half-open range of UTF-16 offsets, as CodeMirror counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utf16Range {
    pub from: u32,
    pub to: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineEntry {
    pub name: String,
    pub type_name: Option<String>,
    /// 1-based line of the name.
    pub line: u32,
    /// Where the name is, to select it.
    pub name_range: Utf16Range,
}

/// The resources `text` declares, in order.
pub fn outline_entries(text: &str) -> Vec<OutlineEntry> {
    outline_of(&template::parse(text))
}

/// The resources `template` declares, in order, from a template already
/// parsed.
pub fn outline_of(template: &Template<'_>) -> Vec<OutlineEntry> {
    crate::timing::measured("heatwise:outline", || {
        let text = template.text();
        let tree = template.tree();
        let positions = Positions::new(text);
        template
            .resources()
            .iter()
            .map(|resource| {
                let name_range = resource.name_range(tree);
                let at = positions.location(name_range);
                OutlineEntry {
                    name: resource.name.clone(),
                    type_name: resource.definition.type_name.clone(),
                    line: at.line,
                    name_range: Utf16Range {
                        from: at.from,
                        to: at.to,
                    },
                }
            })
            .collect()
    })
}
