//! The ORC view's model: the settings an export needs, and the export of
//! the document as the view shows it. The export itself runs in a module
//! of its own (`heatwise-orc-module`, loaded by `js/orc.js` the first time
//! the view opens), so that it adds nothing to the page's first load.

use std::rc::Rc;

use heatwise_core::lint::Severity;
use js_sys::{Array, Promise, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::findings::Finding;
use crate::outline::Utf16Range;

#[wasm_bindgen(module = "/js/orc.js")]
extern "C" {
    #[wasm_bindgen(js_name = exportOrc)]
    fn export_orc(
        text: &str,
        namespace: &str,
        secret_name: &str,
        cloud_name: &str,
        parameters: &str,
        stack_resources: &str,
        stack: &str,
    ) -> Promise;
}

/// What the user chose for the export. The defaults are those of ORC's own
/// examples: a Secret `openstack-clouds` whose `clouds.yaml` has a cloud
/// `openstack`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrcSettings {
    pub namespace: String,
    pub secret_name: String,
    pub cloud_name: String,
    /// `NAME=VALUE` per line: the template's parameters, as `-P` gives them
    /// to `heatwise orc`.
    pub parameters: String,
    /// A running stack's resource list (`openstack stack resource list
    /// --nested-depth 5 --long -f json`), as `--stack-resources` gives it:
    /// the export then hands that stack over. Blank for a new export.
    pub stack_resources: String,
}

impl Default for OrcSettings {
    fn default() -> Self {
        Self {
            namespace: "default".to_owned(),
            secret_name: "openstack-clouds".to_owned(),
            cloud_name: "openstack".to_owned(),
            parameters: String::new(),
            stack_resources: String::new(),
        }
    }
}

/// The ORC view of one text with one set of settings.
#[derive(Clone, Debug, PartialEq)]
pub enum OrcView {
    /// The settings cannot make an export: what to correct.
    Unusable(Vec<String>),
    Exported(OrcExport),
    /// The export's module could not be loaded, and why.
    Failed(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct OrcExport {
    /// The manifests: YAML documents separated by `---`.
    pub yaml: Rc<str>,
    /// How many objects the manifests hold.
    pub objects: usize,
    /// What could not be carried over, at its place in the template.
    pub findings: Rc<[Finding]>,
    /// What could not be carried over in the other files of the stack
    /// (its environments and nested templates):
    /// each with its file's path.
    pub environment_findings: Rc<[(Rc<str>, Finding)]>,
    /// The order ORC builds the objects in, beside Heat's graph, as
    /// `heatwise orc --plan` prints it.
    pub plan: Rc<str>,
}

impl OrcExport {
    /// Whether the whole stack was expressed.
    pub fn is_complete(&self) -> bool {
        self.findings.is_empty() && self.environment_findings.is_empty()
    }

    /// How many things were not carried over, in all files.
    pub fn left_out(&self) -> usize {
        self.findings.len() + self.environment_findings.len()
    }
}

/// `text` exported with `settings` and its stack (JSON of
/// [`crate::folder::Folder::stack_of_root`]), by the export's module.
pub async fn export(text: &str, settings: &OrcSettings, stack: &str) -> OrcView {
    let promise = export_orc(
        text,
        &settings.namespace,
        &settings.secret_name,
        &settings.cloud_name,
        &settings.parameters,
        &settings.stack_resources,
        stack,
    );
    match JsFuture::from(promise).await {
        Ok(view) => OrcView::from_js(&view),
        Err(error) => OrcView::Failed(describe(&error)),
    }
}

pub(crate) fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|error| String::from(error.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_owned())
}

pub(crate) fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

pub(crate) fn items(value: &JsValue) -> Vec<JsValue> {
    value
        .dyn_ref::<Array>()
        .map(|array| array.iter().collect())
        .unwrap_or_default()
}

pub(crate) fn text(value: &JsValue) -> String {
    value.as_string().unwrap_or_default()
}

pub(crate) fn number(value: &JsValue) -> u32 {
    value.as_f64().map_or(0, |n| n as u32)
}

impl OrcView {
    /// Reads what the export's module returns (see
    /// `heatwise_orc_module::export_view`).
    pub fn from_js(view: &JsValue) -> Self {
        let problems = field(view, "problems");
        if !problems.is_undefined() {
            return Self::Unusable(items(&problems).iter().map(text).collect());
        }
        let mut findings = Vec::new();
        let mut environment_findings = Vec::new();
        for (file, finding) in items(&field(view, "findings")).iter().map(|finding| {
            let file = field(finding, "file").as_string();
            let finding = Finding {
                code: text(&field(finding, "code")).into(),
                rule_name: text(&field(finding, "name")).into(),
                severity: match text(&field(finding, "severity")).as_str() {
                    "error" => Severity::Error,
                    "warning" => Severity::Warning,
                    _ => Severity::Info,
                },
                status: None,
                stage: None,
                message: text(&field(finding, "message")),
                range: Utf16Range {
                    from: number(&field(finding, "from")),
                    to: number(&field(finding, "to")),
                },
                line: number(&field(finding, "line")),
                column: number(&field(finding, "column")),
                lifecycle: Vec::new(),
                fix: None,
            };
            (file, finding)
        }) {
            match file {
                Some(file) => environment_findings.push((Rc::from(file), finding)),
                None => findings.push(finding),
            }
        }
        Self::Exported(OrcExport {
            yaml: text(&field(view, "yaml")).into(),
            objects: items(&field(view, "objects")).len(),
            findings: findings.into(),
            environment_findings: environment_findings.into(),
            plan: text(&field(view, "plan")).into(),
        })
    }
}

/// The name the manifests of the document `file_name` are saved under.
pub fn manifests_file_name(file_name: &str) -> String {
    let stem = file_name
        .rsplit_once('.')
        .map_or(file_name, |(stem, _)| stem);
    let stem = if stem.is_empty() { "template" } else { stem };
    format!("{stem}.orc.yaml")
}
