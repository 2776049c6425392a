use heatwise_core::catalog::StatusKind;
use heatwise_core::fix::Applicability;
use heatwise_web::findings::{counts_by_severity, findings};
use heatwise_web::outline::Utf16Range;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn ranges_and_fixes_are_in_utf16_offsets() {
    // `é` is two bytes and one UTF-16 unit, `🔥` four bytes and two units.
    let text = "# café 🔥\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n";
    let found = findings(text, None);
    let finding = found
        .iter()
        .find(|f| f.code == "HW202")
        .expect("network_id is hidden");
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let marked =
        String::from_utf16(&utf16[finding.range.from as usize..finding.range.to as usize]).unwrap();
    assert_eq!(marked, "network_id");
    assert_eq!((finding.line, finding.column), (6, 7));
    assert_eq!(finding.status, Some(StatusKind::Hidden));
    assert_eq!(finding.lifecycle[0].status, StatusKind::Hidden);
    assert!(finding
        .lifecycle
        .iter()
        .any(|step| step.status == StatusKind::Deprecated));

    let fix = finding.fix.as_ref().unwrap();
    assert_eq!(fix.applicability, Applicability::Safe);
    assert!(fix.is_applicable());
    let change = &fix.changes[0];
    assert_eq!(
        change.range,
        Utf16Range {
            from: finding.range.from,
            to: finding.range.to
        }
    );
    assert_eq!(change.insert, "network");
}

#[wasm_bindgen_test]
fn counts_are_by_severity_most_serious_first() {
    let text = "resources:\n  a:\n    type: OS::Nova::FloatingIP\n  b: [\n";
    let found = findings(text, None);
    let counts = counts_by_severity(&found);
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<usize>(), found.len());
    assert!(counts[0].1 >= 1, "the syntax error: {counts:?}");
}

#[wasm_bindgen_test]
fn a_target_release_shows_a_template_version_it_does_not_know() {
    let text = "heat_template_version: wallaby\nresources: {}\n";
    let at = |release: &str| {
        let target = heatwise_core::release::Release::parse(release).unwrap();
        findings(text, Some(target))
            .into_iter()
            .filter(|f| f.code == "HW023")
            .map(|f| (f.line, f.column, f.message))
            .collect::<Vec<_>>()
    };
    let rocky = at("Rocky");
    assert_eq!(rocky.len(), 1, "{rocky:?}");
    assert_eq!((rocky[0].0, rocky[0].1), (1, 24));
    assert!(
        rocky[0].2.contains("Heat has it since 16.0.0 (Wallaby)"),
        "{rocky:?}"
    );
    assert!(at("Wallaby").is_empty());
}
