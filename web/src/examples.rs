//! Templates that ship with the editor, for a first look and a fresh start.

pub struct Example {
    /// What the template shows, for people.
    pub title: &'static str,
    pub text: &'static str,
}

/// The template a new document starts from.
pub const WEB_TIER_LEGACY: Example = Example {
    title: "Web tier written for Kilo",
    text: include_str!("../../static/examples/web-tier-legacy.yaml"),
};
