use heatwise_core::release::Release;
use heatwise_web::components::{TemplateVersions, TemplateVersionsProps};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{rendered, select_all, texts, Host};

#[wasm_bindgen_test]
async fn lists_each_version_with_its_first_release_and_marks_those_the_target_lacks() {
    let host = Host::new();
    let props = TemplateVersionsProps {
        target: Some(Release::parse("Rocky").unwrap()),
    };
    yew::Renderer::<TemplateVersions>::with_root_and_props(host.0.clone(), props).render();
    rendered().await;

    let names = texts(&host.0, ".catalog-version-name");
    assert_eq!(names.first().map(String::as_str), Some("2013-05-23"));
    assert_eq!(
        names.last().map(String::as_str),
        Some("2021-04-16 (wallaby)")
    );
    assert_eq!(names.len(), 11);
    let since = texts(&host.0, ".catalog-version-since");
    assert_eq!(
        since.last().map(String::as_str),
        Some(" since 16.0.0 (Wallaby)")
    );
    // Only wallaby is younger than Rocky.
    let unreleased = select_all(&host.0, ".catalog-version.is-unreleased");
    assert_eq!(unreleased.len(), 1);
    assert!(unreleased[0].text_content().unwrap().contains("2021-04-16"));
    let functions = texts(&host.0, ".catalog-version-functions");
    assert!(functions[8].contains("list_concat") && !functions[6].contains("list_concat"));
}
