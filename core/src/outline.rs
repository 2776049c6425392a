//! The resources a template declares, with their types: what the editor's
//! outline lists.

use saphyr_parser::{Event, Parser, Span};
use serde::Serialize;

use crate::text::TextRange;

/// One entry of the `resources` (HOT) or `Resources` (CloudFormation) section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResourceOutline {
    pub name: String,
    /// The `type` / `Type` value, when it is a scalar.
    pub type_name: Option<String>,
    pub name_range: TextRange,
    pub type_range: Option<TextRange>,
}

/// Lists the resources a template declares, in order. Never fails: a
/// template that does not parse yields the resources read before the error.
pub fn resources(text: &str) -> Vec<ResourceOutline> {
    let mut events = Events::new(text);
    let mut out = Vec::new();
    // Stream start, document start, then the top-level node.
    while let Some((event, _)) = events.next() {
        if let Event::MappingStart(..) = event {
            read_top_level(&mut events, &mut out);
            break;
        }
        if matches!(event, Event::Scalar(..) | Event::SequenceStart(..)) {
            break;
        }
    }
    out
}

fn read_top_level(events: &mut Events, out: &mut Vec<ResourceOutline>) {
    while let Some((key, _)) = events.next() {
        match key {
            Event::MappingEnd => return,
            Event::Scalar(name, ..) if name == "resources" || name == "Resources" => {
                match events.next() {
                    Some((Event::MappingStart(..), _)) => read_resources(events, out),
                    Some((event, _)) => events.skip_rest_of(&event),
                    None => return,
                }
            }
            other => {
                events.skip_rest_of(&other);
                events.skip_node();
            }
        }
    }
}

fn read_resources(events: &mut Events, out: &mut Vec<ResourceOutline>) {
    while let Some((key, span)) = events.next() {
        match key {
            Event::MappingEnd => return,
            Event::Scalar(name, ..) => {
                let mut resource = ResourceOutline {
                    name: name.into_owned(),
                    type_name: None,
                    name_range: events.range(span),
                    type_range: None,
                };
                match events.next() {
                    Some((Event::MappingStart(..), _)) => read_resource_body(events, &mut resource),
                    Some((event, _)) => events.skip_rest_of(&event),
                    None => {}
                }
                out.push(resource);
            }
            other => {
                events.skip_rest_of(&other);
                events.skip_node();
            }
        }
    }
}

fn read_resource_body(events: &mut Events, resource: &mut ResourceOutline) {
    while let Some((key, _)) = events.next() {
        match key {
            Event::MappingEnd => return,
            Event::Scalar(name, ..) if name == "type" || name == "Type" => match events.next() {
                Some((Event::Scalar(value, ..), span)) => {
                    resource.type_name = Some(value.into_owned());
                    resource.type_range = Some(events.range(span));
                }
                Some((event, _)) => events.skip_rest_of(&event),
                None => return,
            },
            other => {
                events.skip_rest_of(&other);
                events.skip_node();
            }
        }
    }
}

/// The parser's events with byte ranges; stops at the first syntax error.
struct Events<'a> {
    parser: Parser<'a, saphyr_parser::StrInput<'a>>,
    chars_to_bytes: CharsToBytes,
}

impl<'a> Events<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            parser: Parser::new_from_str(text),
            chars_to_bytes: CharsToBytes::new(text),
        }
    }

    fn next(&mut self) -> Option<(Event<'a>, Span)> {
        self.parser.next_event()?.ok()
    }

    fn range(&self, span: Span) -> TextRange {
        TextRange::new(
            self.chars_to_bytes.byte(span.start.index()),
            self.chars_to_bytes.byte(span.end.index()),
        )
    }

    /// Skips one whole node (scalar, alias or collection).
    fn skip_node(&mut self) {
        if let Some((event, _)) = self.next() {
            self.skip_rest_of(&event);
        }
    }

    /// After a node's first event, skips the rest of that node.
    fn skip_rest_of(&mut self, first: &Event) {
        if !matches!(first, Event::MappingStart(..) | Event::SequenceStart(..)) {
            return;
        }
        let mut depth = 1usize;
        while depth > 0 {
            match self.next() {
                Some((Event::MappingStart(..) | Event::SequenceStart(..), _)) => depth += 1,
                Some((Event::MappingEnd | Event::SequenceEnd, _)) => depth -= 1,
                Some(_) => {}
                None => return,
            }
        }
    }
}

/// The parser counts positions in characters; the core speaks bytes.
struct CharsToBytes {
    /// (character index, byte offset just after it) of every non-ASCII
    /// character; empty for ASCII text, where both counts agree.
    non_ascii: Vec<(u32, u32)>,
}

impl CharsToBytes {
    fn new(text: &str) -> Self {
        let non_ascii = text
            .char_indices()
            .enumerate()
            .filter(|(_, (_, ch))| !ch.is_ascii())
            .map(|(char_index, (byte, ch))| (char_index as u32, (byte + ch.len_utf8()) as u32))
            .collect();
        Self { non_ascii }
    }

    fn byte(&self, char_index: usize) -> u32 {
        let char_index = char_index as u32;
        let before = self.non_ascii.partition_point(|&(c, _)| c < char_index);
        match before.checked_sub(1).map(|i| self.non_ascii[i]) {
            None => char_index,
            // Everything between the last non-ASCII character and
            // `char_index` is ASCII: one byte a character.
            Some((c, after)) => after + (char_index - c - 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_hot_resources_with_types_and_ranges() {
        let text = "heat_template_version: 2013-05-23\n# é\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: x}\n  group:\n    properties: {a: [1, {type: no}]}\n    type: OS::Heat::ResourceGroup\n";
        let found = resources(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "port");
        assert_eq!(&text[found[0].name_range.as_usize()], "port");
        assert_eq!(found[0].type_name.as_deref(), Some("OS::Neutron::Port"));
        assert_eq!(
            &text[found[0].type_range.unwrap().as_usize()],
            "OS::Neutron::Port"
        );
        assert_eq!(
            found[1].type_name.as_deref(),
            Some("OS::Heat::ResourceGroup")
        );
        assert_eq!(
            &text[found[1].type_range.unwrap().as_usize()],
            "OS::Heat::ResourceGroup"
        );
    }

    #[test]
    fn reads_cloudformation_json_and_stops_at_errors() {
        let json = r#"{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"Ip": {"Type": "AWS::EC2::EIP"}}}"#;
        let found = resources(json);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].type_name.as_deref(), Some("AWS::EC2::EIP"));

        let broken = "resources:\n  a:\n    type: OS::Nova::Server\n  b: [unclosed\n";
        let found = resources(broken);
        assert_eq!(found[0].type_name.as_deref(), Some("OS::Nova::Server"));
    }
}
