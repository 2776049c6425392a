//! Shared by the browser tests.

use std::time::Duration;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, KeyboardEventInit};

/// A fresh element attached to the page; removed when dropped.
pub struct Host(pub Element);

impl Host {
    pub fn new() -> Self {
        let document = gloo::utils::document();
        let element = document.create_element("div").unwrap();
        // CodeMirror measures its layout: give it room.
        element
            .set_attribute("style", "width: 800px; height: 400px")
            .unwrap();
        document.body().unwrap().append_child(&element).unwrap();
        Self(element)
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.0.remove();
    }
}

/// The elements under `root` that match `selector`, in document order.
pub fn select_all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|index| list.item(index).unwrap().unchecked_into())
        .collect()
}

pub fn select(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    select_all(root, selector)
        .iter()
        .map(|element| element.text_content().unwrap_or_default())
        .collect()
}

pub fn click(element: &Element) {
    element.unchecked_ref::<HtmlElement>().click();
}

/// Waits until yew has rendered everything it has scheduled.
pub async fn rendered() {
    yew::scheduler::flush().await;
}

pub async fn sleep_millis(millis: u64) {
    yew::platform::time::sleep(Duration::from_millis(millis)).await;
}

/// Types `text` at the cursor of the editor under `root`, as a user
/// would, and waits for the editor to take it in.
pub async fn type_into_editor(root: &Element, text: &str) {
    let content = select(root, ".cm-content");
    content.unchecked_ref::<HtmlElement>().focus().unwrap();
    let document: web_sys::HtmlDocument = gloo::utils::document().unchecked_into();
    assert!(document
        .exec_command_with_show_ui_and_value("insertText", false, text)
        .unwrap());
    // The editor reads the DOM change from a mutation observer.
    sleep_millis(0).await;
}

/// Focuses the editor under `root` and sends it a key press, as its key
/// bindings see one (`ctrl` is the Mod key on Linux and Windows).
pub fn press_key(root: &Element, key: &str, ctrl: bool) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    let content = select(root, ".cm-content");
    content.unchecked_ref::<HtmlElement>().focus().unwrap();
    content.dispatch_event(&event).unwrap();
}
