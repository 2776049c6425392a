use heatwise_web::hover::{function_hover, FunctionHoverStep};
use heatwise_web::outline::Utf16Range;
use wasm_bindgen_test::wasm_bindgen_test;

/// The UTF-16 offset of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> u32 {
    let byte = text.find(needle).expect("the needle is in the text");
    text[..byte].encode_utf16().count() as u32
}

#[wasm_bindgen_test]
fn a_function_s_name_shows_its_history_and_this_version_s_reading() {
    // A non-ASCII description before the call: positions are UTF-16.
    let text = "heat_template_version: ocata\ndescription: Größe 🚀\noutputs:\n  o: {value: {repeat: {for_each: {'%a%': [1]}, template: '%a%'}}}\n";
    let hover = function_hover(text, at(text, "peat")).expect("a hover on repeat");
    assert_eq!(hover.name, "repeat");
    let from = at(text, "repeat");
    assert_eq!(hover.range, Utf16Range { from, to: from + 6 });
    let step = |change, version: &str, release: &str, class| FunctionHoverStep {
        change,
        version: version.to_owned(),
        release: Some(release.to_owned()),
        class: Some(class),
    };
    assert_eq!(
        hover.steps,
        [
            step("added", "2015-04-30", "2015.1 (Kilo)", "Repeat"),
            step(
                "changed",
                "2016-10-14 (newton)",
                "7.0.0 (Newton)",
                "RepeatWithMap"
            ),
            step(
                "changed",
                "2017-09-01 (pike)",
                "9.0.0 (Pike)",
                "RepeatWithNestedLoop"
            ),
        ]
    );
    assert_eq!(
        hover.reading.as_deref(),
        Some("A function in this template's version, 2017-02-24 (ocata).")
    );
}

#[wasm_bindgen_test]
fn a_removed_function_says_heat_refuses_it() {
    let text =
        "heat_template_version: 2015-10-15\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n";
    let hover = function_hover(text, at(text, "Fn::Join")).expect("a hover on Fn::Join");
    assert_eq!(
        hover.steps.last().map(|s| (s.change, s.class)),
        Some(("removed", None))
    );
    assert_eq!(
        hover.reading.as_deref(),
        Some("Refused in this template's version, 2015-10-15.")
    );
}

#[wasm_bindgen_test]
fn no_hover_off_a_call() {
    // A key, a value, and a mapping Heat keeps as data in this version.
    let text = "heat_template_version: ocata\noutputs:\n  o: {value: {list_concat: [[1], [2]]}}\n";
    for needle in ["outputs", "value", "list_concat", "ocata"] {
        assert_eq!(function_hover(text, at(text, needle)), None, "{needle}");
    }
}
