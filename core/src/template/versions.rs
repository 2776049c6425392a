//! Template versions as Heat registers them (`heat.templates`): each
//! version's functions, removed functions, condition functions, sections,
//! resource and output keys, deletion policies and parameter keys, and the
//! release that first shipped it. Generated from Heat's own classes and
//! git history by `tools/heat_catalog/template_versions.py`
//! (`core/catalog/template-versions.json`).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::release::Release;

/// `core/catalog/template-versions.json`, compiled (postcard) by
/// `cargo run -p heatwise-core --example build_catalog`: decoding it needs
/// no JSON reader in the browser's page. A test holds the two equal.
const BUILTIN: &[u8] = include_bytes!("../../catalog/template-versions.bin");

/// One template version or format.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct TemplateVersion {
    /// `heat_template_version`, `AWSTemplateFormatVersion` or
    /// `HeatTemplateFormatVersion`.
    pub key: String,
    /// The version as a date (`2016-10-14`).
    pub version: String,
    /// Release names that stand for it (`newton`).
    pub aliases: Vec<String>,
    /// Heat's class for it.
    pub class: String,
    /// Function name → Heat's class implementing it.
    pub functions: BTreeMap<String, String>,
    /// Functions Heat recognises and refuses in this version.
    pub removed_functions: Vec<String>,
    pub condition_functions: Vec<String>,
    pub sections: Vec<String>,
    pub resource_keys: Vec<String>,
    pub output_keys: Vec<String>,
    pub deletion_policies: Vec<String>,
    #[serde(default)]
    pub parameter_keys: Vec<String>,
    /// The constraints its parameter schema expresses.
    #[serde(default)]
    pub parameter_constraints: Vec<String>,
    /// The release that first shipped it, as Heat writes its versions.
    pub first_release: Option<String>,
}

/// The JSON file's shape.
#[derive(Deserialize)]
struct Document {
    versions: Vec<TemplateVersion>,
}

/// `template-versions.json` compiled to what [`template_versions`] embeds.
pub fn compile_versions(json: &str) -> Result<Vec<u8>, String> {
    let document: Document = serde_json::from_str(json).map_err(|e| e.to_string())?;
    postcard::to_allocvec(&document.versions).map_err(|e| e.to_string())
}

/// Every template version Heat registers, HOT versions first (oldest
/// first), then the CloudFormation formats.
pub fn template_versions() -> &'static [TemplateVersion] {
    static VERSIONS: OnceLock<Vec<TemplateVersion>> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        postcard::from_bytes::<Vec<TemplateVersion>>(BUILTIN)
            .expect("the built-in template versions are valid (checked by tests)")
    })
}

/// The version of `key` (`heat_template_version`,
/// `AWSTemplateFormatVersion`, `HeatTemplateFormatVersion`) written as a
/// date or a release name.
pub fn template_version(key: &str, written: &str) -> Option<&'static TemplateVersion> {
    template_versions()
        .iter()
        .find(|v| v.key == key && (v.version == written || v.aliases.iter().any(|a| a == written)))
}

/// The HOT version written as a date or a release name.
pub fn hot_template_version(written: &str) -> Option<&'static TemplateVersion> {
    template_version("heat_template_version", written)
}

impl TemplateVersion {
    /// `2016-10-14 (newton)`.
    pub fn display(&self) -> String {
        match self.aliases.first() {
            Some(alias) => format!("{} ({alias})", self.version),
            None => self.version.clone(),
        }
    }

    pub fn first_release(&self) -> Option<Release> {
        Release::parse_version(self.first_release.as_deref()?).ok()
    }

    pub fn has_function(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    pub fn removes(&self, name: &str) -> bool {
        self.removed_functions.iter().any(|f| f == name)
    }

    /// Whether Heat reads a single-key mapping keyed `name` as a function
    /// call in this version: an active, removed (refused) or condition
    /// function.
    pub fn function_name(&'static self, name: &str) -> Option<&'static str> {
        // Asked of every single-key mapping: the map is searched, not walked.
        if let Some((function, _)) = self.functions.get_key_value(name) {
            return Some(function);
        }
        self.removed_functions
            .iter()
            .chain(&self.condition_functions)
            .find(|f| *f == name)
            .map(String::as_str)
    }

    /// How this version reads a single-key mapping keyed `name`.
    pub fn reading(&self, name: &str) -> FunctionReading {
        if self.has_function(name) || self.condition_functions.iter().any(|f| f == name) {
            FunctionReading::Call
        } else if self.removes(name) {
            FunctionReading::Refused
        } else {
            FunctionReading::Data
        }
    }

    /// The first HOT version that has `function`, if any.
    pub fn first_with(function: &str) -> Option<&'static TemplateVersion> {
        template_versions()
            .iter()
            .find(|v| v.key == "heat_template_version" && v.has_function(function))
    }
}

/// A step in a function's history across the HOT versions.
#[derive(Clone, Copy, Debug)]
pub struct FunctionStep {
    pub version: &'static TemplateVersion,
    pub change: FunctionChange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionChange {
    /// The first version that has it, with Heat's class for it.
    Added { class: &'static str },
    /// Heat reads it with another class from this version.
    Changed { class: &'static str },
    /// Heat recognises it only to refuse it from this version.
    Removed,
}

/// When a function came into the HOT versions, each version whose Heat
/// class for it differs from the one before (its behaviour changed), and
/// when it was removed; oldest first.
pub fn function_history(name: &str) -> Vec<FunctionStep> {
    let mut steps = Vec::new();
    let mut previous: Option<&'static str> = None;
    for version in template_versions()
        .iter()
        .filter(|v| v.key == "heat_template_version")
    {
        let class = version.functions.get(name).map(String::as_str);
        let change = match (previous, class) {
            (None, Some(class)) => Some(FunctionChange::Added { class }),
            (Some(old), Some(class)) if old != class => Some(FunctionChange::Changed { class }),
            (Some(_), None) if version.removes(name) => Some(FunctionChange::Removed),
            _ => None,
        };
        steps.extend(change.map(|change| FunctionStep { version, change }));
        previous = class;
    }
    steps
}

/// How a version reads a single-key mapping keyed by a function's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionReading {
    /// A call of the function.
    Call,
    /// A call Heat refuses (a removed function).
    Refused,
    /// Plain data: the version has no such function.
    Data,
}

impl FunctionReading {
    /// What it means for a template of `version`, in a sentence.
    pub fn describe(self, version: &TemplateVersion) -> String {
        match self {
            FunctionReading::Call => {
                format!(
                    "A function in this template's version, {}.",
                    version.display()
                )
            }
            FunctionReading::Refused => {
                format!("Refused in this template's version, {}.", version.display())
            }
            FunctionReading::Data => format!(
                "Not a function in this template's version, {}: Heat keeps the mapping as data.",
                version.display()
            ),
        }
    }
}

/// ` in heat_template_version X (Heat has it from Y)` when a later HOT
/// version has `name` in `field`, else ` in heat_template_version X`:
/// what a message about a key or word the version lacks adds.
pub fn in_version(
    version: Option<&'static TemplateVersion>,
    field: fn(&TemplateVersion) -> &Vec<String>,
    name: &str,
) -> String {
    let Some(version) = version else {
        return String::new();
    };
    let first = template_versions().iter().find(|v| {
        v.key == "heat_template_version"
            && v.version > version.version
            && field(v).iter().any(|k| k == name)
    });
    match first {
        Some(first) => format!(
            " in heat_template_version {} (Heat has it from {})",
            version.display(),
            first.display()
        ),
        None => format!(" in heat_template_version {}", version.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_histories() {
        let said = |name: &str| -> Vec<String> {
            function_history(name)
                .iter()
                .map(|step| match step.change {
                    FunctionChange::Added { class } => format!("{} {class}", step.version.version),
                    FunctionChange::Changed { class } => {
                        format!("{} -> {class}", step.version.version)
                    }
                    FunctionChange::Removed => format!("{} removed", step.version.version),
                })
                .collect()
        };
        assert_eq!(
            said("get_attr"),
            [
                "2013-05-23 GetAttThenSelect",
                "2014-10-16 -> GetAtt",
                "2015-10-15 -> GetAttAllAttributes"
            ]
        );
        assert_eq!(
            said("repeat"),
            [
                "2015-04-30 Repeat",
                "2016-10-14 -> RepeatWithMap",
                "2017-09-01 -> RepeatWithNestedLoop"
            ]
        );
        assert_eq!(said("Fn::Join"), ["2013-05-23 Join", "2014-10-16 removed"]);
        assert_eq!(said("filter"), ["2017-02-24 Filter"]);
        assert!(said("get_paramz").is_empty());
        let ocata = hot_template_version("ocata").unwrap();
        assert_eq!(ocata.reading("list_concat"), FunctionReading::Data);
        assert_eq!(ocata.reading("Fn::Select"), FunctionReading::Refused);
        assert_eq!(ocata.reading("repeat"), FunctionReading::Call);
    }

    #[test]
    fn the_built_in_versions_are_heats() {
        let hot: Vec<&str> = template_versions()
            .iter()
            .filter(|v| v.key == "heat_template_version")
            .map(|v| v.version.as_str())
            .collect();
        assert_eq!(hot.len(), 11);
        assert_eq!(hot.first(), Some(&"2013-05-23"));
        let newton = hot_template_version("newton").unwrap();
        assert_eq!(newton.version, "2016-10-14");
        assert_eq!(newton.functions["get_attr"], "GetAttAllAttributes");
        assert!(newton.removes("Fn::Select"));
        assert!(newton.has_function("yaql") && !newton.has_function("filter"));
        assert_eq!(
            TemplateVersion::first_with("list_concat")
                .unwrap()
                .display(),
            "2017-09-01 (pike)"
        );
        assert_eq!(
            hot_template_version("wallaby")
                .unwrap()
                .first_release()
                .unwrap()
                .to_string(),
            "16.0.0 (Wallaby)"
        );
        assert_eq!(
            hot_template_version("2013-05-23")
                .unwrap()
                .first_release()
                .unwrap()
                .to_string(),
            "2013.2 (Havana)"
        );
        for version in template_versions() {
            assert!(version.first_release().is_some(), "{}", version.version);
        }
    }
}
