//! What an update does to a resource, as the JSON of `update-preview`
//! and `migrate` writes it: one shape for both.

use heatwise_core::update::Change;
use serde::Serialize;

#[derive(Serialize)]
pub struct ChangeJson<'a> {
    pub name: &'a str,
    #[serde(rename = "type")]
    pub resource_type: &'a str,
    pub action: &'static str,
    pub properties: &'a [String],
    pub why: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<&'a str>,
}

impl<'a> ChangeJson<'a> {
    pub fn of(change: &'a Change) -> Self {
        ChangeJson {
            name: &change.name,
            resource_type: &change.resource_type,
            action: change.action.as_str(),
            properties: &change.properties,
            why: &change.why,
            effect: change.effect.as_deref(),
        }
    }
}
