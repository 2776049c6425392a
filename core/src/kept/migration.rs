//! What migrating one stack as Heat keeps it means: its files fixed as
//! `heatwise fix --stack` fixes them (the release's rules, safe fixes or
//! all), the update that carries the migration in steps (`fix --plan`'s
//! order: `deletion_policy: Retain` first on what the migration removes),
//! what each step does to each running resource, and whether it may be
//! sent: never a replacement without `--allow-replace`, never an update
//! Heat would refuse or that cannot be judged offline.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{is_root_or_environment, shown, urls, KeptDocuments};
use crate::fixer::{fix_stack, migration_plan_of, FixOptions, PlanStep, StackFix};
use crate::load::{self, Kind};
use crate::update::{self, Action, Change, StackInput};

/// The environment's sections Heat keeps the request's values in, masked
/// where hidden: never sent back ([`Migration::body`]), and a migration
/// that changes them is not sent.
const KEPT_VALUES: [&str; 2] = ["parameters", "encrypted_param_names"];

/// One stack's migration.
pub struct Migration {
    /// What the update (all steps together) does to each resource.
    pub resources: Vec<Change>,
    /// The updates to send, in order.
    pub steps: Vec<PlanStep>,
    /// Each file (by the name Heat keeps it under) the migration changes:
    /// its text before and after.
    pub files: BTreeMap<String, (String, String)>,
    /// The environment's sections the migration changes, after.
    pub environment: serde_json::Map<String, Value>,
    /// Why the migration is not sent, by resource (`None`: the stack).
    pub skipped: Vec<(Option<String>, String)>,
}

impl Migration {
    /// Whether the stack has anything to migrate.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.environment.is_empty()
    }

    /// The body of step `index` for `PATCH /stacks/NAME/ID` (`openstack stack
    /// update --existing`): the step's template, and with the last step
    /// the migrated files and environment sections, which Heat merges over
    /// the stored ones; the stored parameters are kept as they are.
    pub fn body(&self, index: usize) -> Result<Value, String> {
        let template = loaded(&self.steps[index].text, Kind::Template)
            .map_err(|why| format!("the migrated template: {why}"))?;
        let mut body = serde_json::json!({ "template": template });
        if index + 1 == self.steps.len() {
            let files: serde_json::Map<String, Value> = (self.files.iter())
                .filter(|(name, _)| !is_root_or_environment(name))
                .map(|(name, (_, after))| (name.clone(), Value::String(after.clone())))
                .collect();
            body["files"] = Value::Object(files);
            body["environment"] = Value::Object(self.environment.clone());
        }
        Ok(body)
    }
}

/// The migration of the stack `documents` hold, judged by `options`;
/// replacements refused unless `allow_replace`.
pub fn plan(documents: &KeptDocuments, options: &FixOptions<'_>, allow_replace: bool) -> Migration {
    let gathered = documents.gather();
    let fixed = fix_stack(&gathered, options);
    let mut migration = Migration {
        resources: Vec::new(),
        steps: Vec::new(),
        files: BTreeMap::new(),
        environment: serde_json::Map::new(),
        skipped: Vec::new(),
    };
    migration.skipped = not_migrated(&fixed);
    let before_of = |url: &str| {
        gathered
            .file(url)
            .map(|id| gathered.files[id].text.to_string())
            .unwrap_or_default()
    };
    for (url, after) in fixed.changed() {
        migration
            .files
            .insert(url.to_owned(), (before_of(url), after.to_owned()));
    }
    if migration.is_empty() || !migration.skipped.is_empty() {
        return migration;
    }
    let urls = urls();
    let text = |url: &str, after: bool| match migration.files.get(url) {
        Some((before, migrated)) => if after { migrated } else { before }.clone(),
        None => before_of(url),
    };
    let (root, environment) = (&urls[0], &urls[1]);
    let (old_root, new_root) = (text(root, false), text(root, true));
    let (old_env, new_env) = (text(environment, false), text(environment, true));
    match environment_changes(&old_env, &new_env) {
        Ok(changes) => migration.environment = changes,
        Err(why) => migration.skipped.push((None, why)),
    }
    // Every other file, by the name Heat keeps it under: the nested
    // stacks are previewed inside their parents.
    let others = |after: bool| -> Vec<(String, &str)> {
        (gathered.files.iter())
            .filter(|file| !is_root_or_environment(&file.url))
            .map(|file| {
                let text = match migration.files.get(&*file.url) {
                    Some((_, migrated)) if after => migrated.as_str(),
                    _ => &*file.text,
                };
                (file.url.to_string(), text)
            })
            .collect()
    };
    let side = |template, environment, files| StackInput {
        template,
        environments: vec![environment],
        parameters: Vec::new(),
        files,
        // Heat's kept names, as they are.
        base_url: None,
    };
    let catalog = options.lint.catalog.at(options.lint.target);
    let (old, new) = (
        side(&old_root, &old_env, others(false)),
        side(&new_root, &new_env, others(true)),
    );
    match migration_plan_of(&old, &new, catalog) {
        Ok(steps) => migration.steps = steps,
        Err(why) => {
            migration.skipped.push((None, why));
            return migration;
        }
    }
    migration.resources = update::preview(&old, &new, catalog).unwrap_or_default();
    let refused = refusals(&migration.steps, allow_replace);
    migration.skipped.extend(refused);
    migration
}

/// Why files of the stack are not migrated: a fix refused, or fixes that
/// would break what the files rely on of each other.
fn not_migrated(fixed: &StackFix) -> Vec<(Option<String>, String)> {
    let mut skipped = Vec::new();
    for (url, outcome) in &fixed.outcomes {
        if let Some(reason) = &outcome.refused {
            let shown = shown(url);
            skipped.push((None, format!("{shown} is not migrated: {reason}")));
        }
    }
    for (url, rule, count) in &fixed.broken {
        let shown = shown(url);
        skipped.push((
            None,
            format!(
                "the fixes would add {count} {rule} finding(s) to {shown}: the migration \
            would break what the stack's files rely on of each other"
            ),
        ));
    }
    skipped
}

/// Why the steps are not sent, by resource, each reason once.
fn refusals(steps: &[PlanStep], allow_replace: bool) -> Vec<(Option<String>, String)> {
    let mut skipped: Vec<(Option<String>, String)> = Vec::new();
    for change in steps.iter().flat_map(|step| &step.changes) {
        if let Some(why) = refusal(change, allow_replace) {
            let known =
                (skipped.iter()).any(|(r, w)| r.as_deref() == Some(&change.name) && *w == why);
            if !known {
                skipped.push((Some(change.name.clone()), why));
            }
        }
    }
    skipped
}

/// Why an update that does `change` is not sent, if it is not.
fn refusal(change: &Change, allow_replace: bool) -> Option<String> {
    let what = format!("{} ({})", change.name, change.resource_type);
    match change.action {
        Action::Replaced if !allow_replace => Some(format!(
            "{what} would be replaced: {}; {} — give --allow-replace to migrate it anyway",
            change.why,
            change.effect.as_deref().unwrap_or("a new resource")
        )),
        Action::Refused => Some(format!("Heat would refuse the update: {}", change.why)),
        Action::Unknown => Some(format!(
            "what the update does to {what} is not known offline: {}",
            change.why
        )),
        // Retained first by the plan; anything else would be deleted.
        Action::Deleted
            if !change
                .effect
                .as_deref()
                .is_some_and(|e| e.contains("Retain")) =>
        {
            Some(format!("{what} would be deleted from the cloud"))
        }
        _ => None,
    }
}

/// The environment's sections that change, after (the request's values
/// never among them); `Err` when the migration removes what `stack
/// update --existing` cannot remove (it merges sections over the stored).
fn environment_changes(
    before: &str,
    after: &str,
) -> Result<serde_json::Map<String, Value>, String> {
    if before == after {
        return Ok(serde_json::Map::new());
    }
    let read = |text: &str| match loaded(text, Kind::Environment) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Ok(serde_json::Map::new()),
        Err(why) => Err(format!("the environment: {why}")),
    };
    let (before, after) = (read(before)?, read(after)?);
    let mut changed = serde_json::Map::new();
    for (section, value) in &after {
        if before.get(section) == Some(value) {
            continue;
        }
        if KEPT_VALUES.contains(&section.as_str()) {
            return Err(format!(
                "the migration changes the environment's {section}, which holds the values the \
                stack was created with: migrate it with heatwise fix and update the stack with \
                the values it needs"
            ));
        }
        if let (Some(Value::Object(old)), Value::Object(new)) = (before.get(section), value) {
            if let Some(gone) = old.keys().find(|key| !new.contains_key(*key)) {
                return Err(format!(
                    "the migration removes {gone} from the environment's {section}, which an \
                    update with the existing environment cannot remove"
                ));
            }
        }
        changed.insert(section.clone(), value.clone());
    }
    Ok(changed)
}

/// A text as Heat's loader reads it, as JSON.
fn loaded(text: &str, kind: Kind) -> Result<Value, String> {
    let value = load::load(text, kind).map_err(|error| error.message)?;
    let json = load::to_json(&value)
        .ok_or_else(|| "it is too large once its aliases are expanded".to_owned())?;
    serde_json::from_str(&json).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::lint::LintOptions;

    const ENVIRONMENT: &str =
        r#"{"parameters": {}, "parameter_defaults": {}, "resource_registry": {"resources": {}}}"#;

    fn kept(template: &str) -> KeptDocuments {
        KeptDocuments {
            template: template.to_owned(),
            environment: ENVIRONMENT.to_owned(),
            files: Default::default(),
        }
    }

    #[test]
    fn a_renamed_property_migrates_in_place_in_one_step() {
        let documents = kept(
            r#"{"heat_template_version": "2018-08-31", "resources": {"port": {"type": "OS::Neutron::Port", "properties": {"network_id": "private"}}}}"#,
        );
        let options = FixOptions::new(LintOptions::new(Catalog::builtin()));
        let migration = plan(&documents, &options, false);
        assert!(!migration.is_empty());
        assert!(migration.skipped.is_empty(), "{:?}", migration.skipped);
        assert_eq!(migration.steps.len(), 1);
        let port = &migration.resources[0];
        assert_eq!((port.name.as_str(), port.action), ("port", Action::Updated));
        let body = migration.body(0).unwrap();
        let properties = &body["template"]["resources"]["port"]["properties"];
        assert_eq!(properties["network"], "private", "{body}");
        // The stored parameters are never sent back.
        assert_eq!(body["environment"], serde_json::json!({}), "{body}");
    }

    #[test]
    fn a_replacement_is_not_sent_unless_allowed() {
        let documents = kept(
            r#"{"heat_template_version": "2018-08-31", "resources": {"ip": {"type": "OS::Nova::FloatingIP", "properties": {"pool": "public"}}}}"#,
        );
        let mut options = FixOptions::new(LintOptions::new(Catalog::builtin()));
        options.unsafe_fixes = true;
        let refused = plan(&documents, &options, false);
        assert_eq!(refused.resources[0].action, Action::Replaced);
        let (resource, why) = &refused.skipped[0];
        assert_eq!(resource.as_deref(), Some("ip"));
        assert!(why.contains("--allow-replace"), "{why}");
        assert!(plan(&documents, &options, true).skipped.is_empty());
        let nothing = kept(r#"{"heat_template_version": "2018-08-31", "resources": {}}"#);
        assert!(plan(&nothing, &options, false).is_empty());
    }
}
