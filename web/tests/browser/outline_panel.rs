use std::cell::RefCell;
use std::rc::Rc;

use heatwise_web::components::{OutlinePanel, OutlinePanelProps, OUTLINE_PAGE};
use heatwise_web::outline::{outline_entries, Utf16Range};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Callback;

use crate::support::{click, rendered, select, select_all, texts, Host};

fn render(text: &str, on_select: Callback<Utf16Range>) -> Host {
    let host = Host::new();
    let props = OutlinePanelProps {
        entries: outline_entries(text).into(),
        on_select,
    };
    yew::Renderer::<OutlinePanel>::with_root_and_props(host.0.clone(), props).render();
    host
}

#[wasm_bindgen_test]
async fn lists_names_types_and_lines() {
    let text =
        "resources:\n  port:\n    type: OS::Neutron::Port\n\n  untyped:\n    properties: {}\n";
    let host = render(text, Callback::noop());
    rendered().await;

    assert_eq!(texts(&host.0, ".outline-name"), ["port", "untyped"]);
    assert_eq!(
        texts(&host.0, ".outline-type"),
        ["OS::Neutron::Port", "no type"]
    );
    assert_eq!(select_all(&host.0, ".outline-type.is-missing").len(), 1);
    assert_eq!(texts(&host.0, ".outline-line"), ["line 2", "line 5"]);
    assert_eq!(select(&host.0, ".panel-count").text_content().unwrap(), "2");
    // The list is the navigation landmark, named by its heading.
    let nav = select(&host.0, "nav");
    let heading = select(
        &host.0,
        &format!("#{}", nav.get_attribute("aria-labelledby").unwrap()),
    );
    assert_eq!(heading.text_content().unwrap(), "Resources");
}

#[wasm_bindgen_test]
async fn choosing_an_entry_reports_the_range_of_its_name() {
    let text = "resources:\n  é: {type: A}\n  second:\n    type: B\n";
    let chosen = Rc::new(RefCell::new(Vec::new()));
    let on_select = {
        let chosen = chosen.clone();
        Callback::from(move |range| chosen.borrow_mut().push(range))
    };
    let host = render(text, on_select);
    rendered().await;

    let buttons = select_all(&host.0, "button.outline-entry");
    assert_eq!(buttons.len(), 2);
    click(&buttons[1]);
    click(&buttons[0]);
    assert_eq!(
        *chosen.borrow(),
        [
            Utf16Range { from: 28, to: 34 },
            Utf16Range { from: 13, to: 14 }
        ]
    );
}

#[wasm_bindgen_test]
async fn names_that_look_like_markup_are_shown_as_text() {
    let text = "resources:\n  \"<img src=x onerror=alert(1)>\":\n    type: \"<b>OS::Bold</b>\"\n";
    let host = render(text, Callback::noop());
    rendered().await;

    assert_eq!(
        texts(&host.0, ".outline-name"),
        ["<img src=x onerror=alert(1)>"]
    );
    assert_eq!(texts(&host.0, ".outline-type"), ["<b>OS::Bold</b>"]);
    assert!(select_all(&host.0, "img, b").is_empty());
}

#[wasm_bindgen_test]
async fn says_where_resources_go_when_there_are_none() {
    let host = render("heat_template_version: 2018-08-31\n", Callback::noop());
    rendered().await;

    assert!(select_all(&host.0, "li").is_empty());
    let empty = select(&host.0, ".outline-empty").text_content().unwrap();
    assert!(empty.contains("resources"), "{empty}");
    assert_eq!(select(&host.0, ".panel-count").text_content().unwrap(), "0");
}

#[wasm_bindgen_test]
async fn a_long_outline_shows_a_page_and_more_on_request() {
    let count = 2 * OUTLINE_PAGE + 3;
    let mut text = String::from("resources:\n");
    for resource in 0..count {
        text.push_str(&format!("  r{resource}: {{type: OS::Heat::None}}\n"));
    }
    let host = render(&text, Callback::noop());
    rendered().await;

    assert_eq!(
        select(&host.0, ".panel-count").text_content().unwrap(),
        count.to_string()
    );
    assert_eq!(select_all(&host.0, ".outline-entry").len(), OUTLINE_PAGE);
    assert_eq!(
        select(&host.0, ".list-more-count").text_content().unwrap(),
        format!("{OUTLINE_PAGE} of {count} shown")
    );
    click(&select(&host.0, ".list-more button"));
    rendered().await;
    assert_eq!(
        select_all(&host.0, ".outline-entry").len(),
        2 * OUTLINE_PAGE
    );
    let more = select(&host.0, ".list-more button");
    assert_eq!(more.text_content().unwrap(), "Show 3 more");
    click(&more);
    rendered().await;
    let names = texts(&host.0, ".outline-name");
    assert_eq!(names.len(), count);
    assert_eq!(names.last().unwrap(), &format!("r{}", count - 1));
    assert!(select_all(&host.0, ".list-more").is_empty());
}
