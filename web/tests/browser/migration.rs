use heatwise_core::fix::Applicability;
use heatwise_web::migration::{migrate, LineKind};
use wasm_bindgen_test::wasm_bindgen_test;

const TWO_PORTS: &str = "heat_template_version: 2016-10-14\n# café\nresources:\n  a:\n    type: OS::Neutron::Port\n    properties:\n      network_id: one\n  b:\n    type: OS::Neutron::Port\n    properties:\n      network_id: two\n  ip:\n    type: OS::Nova::FloatingIP\n";

/// Applies changes in UTF-16 offsets, last first, as the editor would.
fn apply(text: &str, changes: &[heatwise_web::findings::Change]) -> String {
    let mut units: Vec<u16> = text.encode_utf16().collect();
    for change in changes.iter().rev() {
        let insert: Vec<u16> = change.insert.encode_utf16().collect();
        units.splice(change.range.from as usize..change.range.to as usize, insert);
    }
    String::from_utf16(&units).unwrap()
}

#[wasm_bindgen_test]
fn migrating_previews_the_safe_fixes_and_leaves_the_rest() {
    let migration = migrate(TWO_PORTS, None, false);
    assert_eq!(migration.refused, None);
    assert_eq!(migration.applied.len(), 2, "{:?}", migration.applied);
    let removed: Vec<&str> = migration
        .hunks
        .iter()
        .flat_map(|hunk| &hunk.lines)
        .filter(|line| line.kind == LineKind::Removed)
        .map(|line| line.text.as_str())
        .collect();
    assert_eq!(removed, ["      network_id: one", "      network_id: two"]);
    let migrated = apply(TWO_PORTS, &migration.changes);
    assert_eq!(
        migrated,
        TWO_PORTS
            .replace("network_id: one", "network: one")
            .replace("network_id: two", "network: two")
    );
    assert_eq!(migration.changes.len(), 2, "one change a changed line");
    assert!(migration
        .left
        .iter()
        .all(|fix| fix.applicability != Applicability::Safe));
}

#[wasm_bindgen_test]
fn a_text_that_does_not_parse_is_not_migrated() {
    let migration = migrate("resources: [\n", None, false);
    assert!(migration.refused.is_some());
    assert!(migration.changes.is_empty());
    assert!(migration.hunks.is_empty());
}

#[wasm_bindgen_test]
fn unsafe_migrations_are_included_when_asked_and_listed_apart() {
    let text = "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Neutron::Port\n    properties:\n      network_id: one\n  ip:\n    type: OS::Nova::FloatingIP\n    properties:\n      pool: public\n";
    let safe = migrate(text, None, false);
    assert!(!safe.with_unsafe && safe.applied_unsafe.is_empty());
    assert_eq!(safe.applied.len(), 1);
    assert!(safe
        .left
        .iter()
        .any(|fix| fix.applicability == Applicability::Unsafe));
    let all = migrate(text, None, true);
    assert!(all.with_unsafe);
    assert_eq!(all.applied.len(), 2);
    assert_eq!(all.applied_unsafe.len(), 1);
    assert!(
        all.applied_unsafe[0]
            .starts_with("Replace `OS::Nova::FloatingIP` with `OS::Neutron::FloatingIP`"),
        "{:?}",
        all.applied_unsafe
    );
    assert!(all
        .left
        .iter()
        .all(|fix| fix.applicability != Applicability::Unsafe));
    assert_eq!(
        apply(text, &all.changes),
        text.replace("network_id: one", "network: one")
            .replace("OS::Nova::FloatingIP", "OS::Neutron::FloatingIP")
            .replace("pool: public", "floating_network: public")
    );
}
