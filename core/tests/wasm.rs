//! The core under WebAssembly, in a real browser: what the editor relies on.
#![cfg(target_arch = "wasm32")]

use heatwise_core::template;
use heatwise_core::text::LineIndex;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const TEMPLATE: &str = "heat_template_version: 2015-04-30\n# Ünïcode comment\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: { get_param: net }\n  ip:\n    type: OS::Nova::FloatingIP\n";

#[wasm_bindgen_test]
fn outline_lists_resources_with_byte_ranges() {
    let template = template::parse(TEMPLATE);
    let found = template.resources();
    let names: Vec<_> = found
        .iter()
        .map(|r| (r.name.as_str(), r.definition.type_name.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            ("port", Some("OS::Neutron::Port")),
            ("ip", Some("OS::Nova::FloatingIP"))
        ]
    );
    for resource in found {
        let range = resource.name_range(template.tree());
        assert_eq!(&TEMPLATE[range.as_usize()], resource.name);
    }
}

#[wasm_bindgen_test]
fn utf16_offsets_account_for_non_ascii_text() {
    let index = LineIndex::new(TEMPLATE);
    let template = template::parse(TEMPLATE);
    let port = template.resources()[0].name_range(template.tree()).start;
    let position = index.position(TEMPLATE, port);
    // Ü and ï are two bytes each in UTF-8 but one UTF-16 unit.
    assert_eq!(position.utf16, port - 2);
    assert_eq!(index.offset_of_utf16(TEMPLATE, position.utf16), port);
}
