use heatwise_web::outline::outline_entries;
use js_sys::JsString;
use wasm_bindgen_test::wasm_bindgen_test;

/// What JavaScript finds at `from..to` of `text`: UTF-16 offsets.
fn js_slice(text: &str, from: u32, to: u32) -> String {
    JsString::from(text).substring(from, to).into()
}

#[wasm_bindgen_test]
fn ranges_count_utf16_code_units_after_non_ascii_text() {
    // "é" is two bytes and one UTF-16 unit; "😀" four bytes and two units.
    let text = "description: Café 😀 tier\nresources:\n  naïve_port:\n    type: OS::Neutron::Port\n  \"😀 server\":\n    type: OS::Nova::Server\n  bare: {}\n";
    let entries = outline_entries(text);
    let found: Vec<_> = entries
        .iter()
        .map(|entry| (entry.name.as_str(), entry.type_name.as_deref(), entry.line))
        .collect();
    assert_eq!(
        found,
        [
            ("naïve_port", Some("OS::Neutron::Port"), 3),
            ("😀 server", Some("OS::Nova::Server"), 5),
            ("bare", None, 7),
        ]
    );
    assert_eq!(
        js_slice(text, entries[0].name_range.from, entries[0].name_range.to),
        "naïve_port"
    );
    // A quoted key's range covers its quotes.
    assert_eq!(
        js_slice(text, entries[1].name_range.from, entries[1].name_range.to),
        "\"😀 server\""
    );
    assert_eq!(
        js_slice(text, entries[2].name_range.from, entries[2].name_range.to),
        "bare"
    );
}

#[wasm_bindgen_test]
fn the_shipped_example_declares_its_resources() {
    let entries = outline_entries(heatwise_web::examples::WEB_TIER_LEGACY.text);
    let types: Vec<_> = entries
        .iter()
        .filter_map(|entry| entry.type_name.as_deref())
        .collect();
    assert_eq!(entries.len(), types.len(), "every resource has a type");
    for deprecated in [
        "OS::Neutron::Port",
        "OS::Nova::FloatingIP",
        "OS::Neutron::Pool",
        "OS::Neutron::LoadBalancer",
    ] {
        assert!(types.contains(&deprecated), "{deprecated} in {types:?}");
    }
}
