//! Templates that ship with the editor, for a first look and a fresh start.

pub struct Example {
    /// What the template shows, for people.
    pub title: &'static str,
    /// The name it is saved under.
    pub file_name: &'static str,
    pub text: &'static str,
}

/// The template a new document starts from.
pub const WEB_TIER_LEGACY: Example = Example {
    title: "Web tier written for Kilo",
    file_name: "web-tier-legacy.yaml",
    text: include_str!("../../static/examples/web-tier-legacy.yaml"),
};

/// Every example, one for each kind of finding.
pub static EXAMPLES: [Example; 3] = [
    WEB_TIER_LEGACY,
    Example {
        title: "Deprecated, still running",
        file_name: "deprecated-in-use.yaml",
        text: include_str!("../../static/examples/deprecated-in-use.yaml"),
    },
    Example {
        title: "Removed, placeholder and unknown types",
        file_name: "removed-and-unknown.yaml",
        text: include_str!("../../static/examples/removed-and-unknown.yaml"),
    },
];

/// "Start fresh": the newest template version and nothing else.
pub const BLANK_TEMPLATE: &str =
    "heat_template_version: 2021-04-16\n\ndescription: \n\nresources:\n";

/// The name a document is saved under when it has none of its own.
pub const DEFAULT_FILE_NAME: &str = "template.yaml";
