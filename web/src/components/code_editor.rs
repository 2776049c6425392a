use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use web_sys::{Element, VisibilityState};
use yew::prelude::*;

use crate::code_mirror::CodeMirror;
use crate::findings::Finding;
use crate::live_text::LiveText;
use crate::state::{FixRequest, LoadedText, Reveal};

/// How long typing must pause before the rest of the app hears of it, at
/// the least; see [`settle_delay`].
pub const SETTLE_MILLIS: u32 = 200;

/// The longest pause [`settle_delay`] asks for.
pub const MAX_SETTLE_MILLIS: u32 = 1000;

/// How long typing must pause, given how long the work after the last
/// pause took (reading the text and checking it, in milliseconds). That
/// work holds up any keystroke that comes meanwhile: the longer it takes,
/// the longer a pause must be to be worth it.
pub fn settle_delay(last_work_millis: f64) -> u32 {
    let scaled = (3.0 * last_work_millis).ceil();
    // Within the bounds, the cast is exact.
    scaled.clamp(f64::from(SETTLE_MILLIS), f64::from(MAX_SETTLE_MILLIS)) as u32
}

fn now_millis() -> f64 {
    gloo::utils::window()
        .performance()
        .map_or_else(js_sys::Date::now, |performance| performance.now())
}

#[derive(Properties, PartialEq)]
pub struct CodeEditorProps {
    /// Names the text box for assistive technology.
    pub label: AttrValue,
    pub loaded: LoadedText,
    pub reveal: Option<Reveal>,
    /// Findings for the text last reported through `on_change` (or
    /// loaded), drawn in the editor.
    #[prop_or_default]
    pub findings: Rc<[Finding]>,
    /// Changes to make as one undoable step.
    #[prop_or_default]
    pub fix_request: Option<FixRequest>,
    /// The text, once typing has paused (for [`settle_delay`]) or the page
    /// is being left.
    pub on_change: Callback<Rc<str>>,
    /// Connected to the editor once it is mounted, for reading the text
    /// as typed, before it settles.
    #[prop_or_default]
    pub live_text: Option<LiveText>,
}

type SharedEditor = Rc<RefCell<Option<CodeMirror>>>;

#[function_component]
pub fn CodeEditor(props: &CodeEditorProps) -> Html {
    let host = use_node_ref();
    let editor: SharedEditor = use_mut_ref(|| None);
    // The generation of the loaded text the editor shows.
    let shown_generation = use_mut_ref(|| props.loaded.generation);
    // The timer that reports the text when typing pauses.
    let pending = use_mut_ref(|| None::<Timeout>);
    // The timer that draws the latest findings.
    let pending_findings = use_mut_ref(|| None::<Timeout>);
    // The editor's change handler outlives this render: it reads the
    // callback of the latest one.
    let on_change = use_mut_ref(|| props.on_change.clone());
    *on_change.borrow_mut() = props.on_change.clone();

    {
        let host = host.clone();
        let editor = editor.clone();
        let label = props.label.clone();
        let initial = props.loaded.text.clone();
        let live_text = props.live_text.clone();
        let shown_generation_for_live = shown_generation.clone();
        use_effect_with((), move |()| {
            let parent: Element = host.cast().expect("the editor's host element is mounted");
            // How long the work after the last pause took.
            let last_work = Rc::new(Cell::new(0.0));
            let settle = {
                let editor = Rc::downgrade(&editor);
                let last_work = last_work.clone();
                move || {
                    let started = now_millis();
                    crate::timing::measured("heatwise:settle", || report_text(&editor, &on_change));
                    last_work.set(now_millis() - started);
                }
            };
            let mounted = {
                let pending = pending.clone();
                let settle = settle.clone();
                CodeMirror::mount(&parent, &initial, &label, move || {
                    let settle = settle.clone();
                    // Replacing the timer cancels the one before.
                    let delay = settle_delay(last_work.get());
                    pending.replace(Some(Timeout::new(delay, settle)));
                })
            };
            editor.replace(Some(mounted));
            if let Some(live_text) = live_text {
                live_text.connect(&editor, &shown_generation_for_live, &pending);
            }
            // Leaving the page must not lose the last keystrokes.
            let flush = move || {
                if pending.borrow_mut().take().is_some() {
                    settle();
                }
            };
            let on_page_hide = {
                let flush = flush.clone();
                EventListener::new(&gloo::utils::window(), "pagehide", move |_| flush())
            };
            let document = gloo::utils::document();
            let on_hidden = EventListener::new(&document.clone(), "visibilitychange", move |_| {
                if document.visibility_state() == VisibilityState::Hidden {
                    flush();
                }
            });
            move || {
                drop((on_page_hide, on_hidden));
                editor.replace(None);
            }
        });
    }

    // Findings are drawn when they change, and whenever text is loaded:
    // replacing the whole text wipes out what was drawn, even when the new
    // text has the same findings. Drawing a thousand of them takes tens of
    // milliseconds: it waits for a task of its own, after the check that
    // made them, so that a keystroke can come in between. Typing meanwhile
    // is followed, as for any findings (see `js/editor.js`).
    {
        let editor = editor.clone();
        use_effect_with(
            (props.loaded.clone(), props.findings.clone()),
            move |(loaded, findings)| {
                if let Some(editor) = editor.borrow().as_ref() {
                    if *shown_generation.borrow() != loaded.generation {
                        editor.replace_text(&loaded.text);
                        *shown_generation.borrow_mut() = loaded.generation;
                    }
                }
                let editor = Rc::downgrade(&editor);
                let findings = findings.clone();
                // Replacing the timer cancels the one before: only the
                // latest findings are drawn.
                pending_findings.replace(Some(Timeout::new(0, move || {
                    if let Some(editor) = editor.upgrade() {
                        if let Some(editor) = editor.borrow().as_ref() {
                            crate::timing::measured("heatwise:show-findings", || {
                                editor.show_findings(&findings)
                            });
                        }
                    }
                })));
            },
        );
    }

    {
        let editor = editor.clone();
        use_effect_with(props.fix_request.clone(), move |request| {
            if let (Some(request), Some(editor)) = (request, editor.borrow().as_ref()) {
                editor.apply_changes(&request.changes);
            }
        });
    }

    use_effect_with(props.reveal, move |reveal| {
        if let (Some(reveal), Some(editor)) = (reveal, editor.borrow().as_ref()) {
            editor.reveal(reveal.range);
        }
    });

    html! { <div class="code-editor" ref={host}></div> }
}

fn report_text(editor: &Weak<RefCell<Option<CodeMirror>>>, on_change: &RefCell<Callback<Rc<str>>>) {
    let Some(editor) = editor.upgrade() else {
        return;
    };
    // Read first, then call out: the callback may lead back to the editor.
    let text: Option<Rc<str>> = editor.borrow().as_ref().map(|editor| editor.text().into());
    if let Some(text) = text {
        let on_change = on_change.borrow().clone();
        on_change.emit(text);
    }
}
