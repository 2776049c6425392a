//! What the client configures: `initializationOptions` and
//! `workspace/didChangeConfiguration`, either flat or under `heatwise`:
//!
//! ```json
//! {"target": "2023.1", "environments": ["env.yaml"], "select": ["HW2"], "ignore": ["HW107"]}
//! ```
//!
//! `select` and `ignore` take codes, names or code prefixes (`HW2`).

use std::path::PathBuf;

use heatwise_core::heat_conf::EngineLimits;
use heatwise_core::lint::Rule;
use heatwise_core::release::Release;
use serde_json::Value;

/// Most entries a list setting may have.
pub const MAX_LIST: usize = 256;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    pub target: Option<Release>,
    pub environments: Vec<PathBuf>,
    /// Only these rules; `None` for all.
    pub select: Option<Vec<Rule>>,
    pub ignore: Vec<Rule>,
    /// `heatConf`: the cloud's heat.conf, read by the server into
    /// `limits`.
    pub heat_conf: Option<PathBuf>,
    pub limits: Option<EngineLimits>,
}

impl Settings {
    /// Reads settings; what cannot be used is left at its default and
    /// described in the returned messages, for the client to show.
    pub fn read(value: Option<&Value>) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        let Some(value) = value else {
            return (settings, problems);
        };
        let value = value.get("heatwise").unwrap_or(value);
        if let Some(target) = value.get("target").filter(|v| !v.is_null()) {
            match target.as_str().map(Release::parse) {
                Some(Ok(release)) => settings.target = Some(release),
                Some(Err(error)) => problems.push(format!("heatwise.target: {error}")),
                None => problems.push(
                    "heatwise.target: expected a release such as \"2023.1\" or \"27.0.1\"".into(),
                ),
            }
        }
        if let Some(list) = strings(value, "environments", &mut problems) {
            settings.environments = list.into_iter().map(PathBuf::from).collect();
        }
        if let Some(list) = strings(value, "select", &mut problems) {
            settings.select = rules(&list, "select", &mut problems);
        }
        if let Some(list) = strings(value, "ignore", &mut problems) {
            settings.ignore = rules(&list, "ignore", &mut problems).unwrap_or_default();
        }
        match value.get("heatConf").filter(|v| !v.is_null()) {
            Some(Value::String(path)) => settings.heat_conf = Some(PathBuf::from(path)),
            Some(_) => problems.push("heatwise.heatConf: expected the path of a heat.conf".into()),
            None => {}
        }
        (settings, problems)
    }

    /// Whether findings of `rule` are shown.
    pub fn shows(&self, rule: Rule) -> bool {
        self.select.as_ref().is_none_or(|s| s.contains(&rule)) && !self.ignore.contains(&rule)
    }
}

fn strings(value: &Value, key: &str, problems: &mut Vec<String>) -> Option<Vec<String>> {
    let found = value.get(key).filter(|v| !v.is_null())?;
    let list = found
        .as_array()
        .filter(|list| list.len() <= MAX_LIST)
        .and_then(|list| {
            list.iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
        });
    if list.is_none() {
        problems.push(format!(
            "heatwise.{key}: expected a list of at most {MAX_LIST} strings"
        ));
    }
    list
}

/// Codes, names, retired codes or code prefixes (`HW2`); `None`, leaving
/// the setting at its default, when one of them names no rule.
fn rules(words: &[String], key: &str, problems: &mut Vec<String>) -> Option<Vec<Rule>> {
    let mut found = Vec::new();
    for word in words {
        match Rule::select(word) {
            Ok(matching) => found.extend(matching),
            Err(message) => {
                problems.push(format!(
                    "heatwise.{key}: {message} (see `heatwise rule --all`); the setting is not used"
                ));
                return None;
            }
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_flat_or_nested_settings_and_reports_bad_ones() {
        let (settings, problems) = Settings::read(Some(&json!({
            "heatwise": {"target": "Kilo", "select": ["HW2", "HW107"], "ignore": ["hidden-property"]}
        })));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.target, Some(Release::parse("Kilo").unwrap()));
        assert!(settings.shows(Rule::DeprecatedProperty));
        assert!(!settings.shows(Rule::HiddenProperty));
        assert!(settings.shows(Rule::ResourceTypeAlias));
        assert!(!settings.shows(Rule::DeprecatedResourceType));
        let (settings, problems) = Settings::read(Some(
            &json!({"target": 3, "ignore": ["HW999"], "environments": "x"}),
        ));
        assert_eq!(settings, Settings::default());
        assert_eq!(problems.len(), 3, "{problems:?}");
    }
}
