//! Where the cloud is and where it goes: the release its Heat runs (told
//! by `--from`, by `build_info`, or by what its Heat lists), and for each
//! release after it up to the target, what that release deprecates,
//! hides, makes a placeholder or removes of what the stacks use.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::Path;

use heatwise_core::catalog::{Catalog, Change};
use heatwise_core::lint::Subject;
use heatwise_core::release::Release;
use serde::{Deserialize, Serialize};

use crate::cloud::heat::ReleaseClues;
use crate::output::FileReport;

/// The release the cloud runs, and how it was told.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CloudRelease {
    pub release: String,
    /// `--from`, `build_info`, or `the types and template versions it lists`.
    pub told_by: String,
    /// Other releases whose Heat lists the same: the oldest is taken, so
    /// that no change between is left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alike: Vec<String>,
}

/// Where a dump keeps the cloud's release, beside its projects' folders.
pub const FILE: &str = "cloud.json";

impl CloudRelease {
    pub fn given(release: Release) -> CloudRelease {
        CloudRelease {
            release: release.to_string(),
            told_by: "--from".to_owned(),
            alike: Vec::new(),
        }
    }

    /// The release the clues tell, where they tell one.
    pub fn told(catalog: &Catalog, clues: &ReleaseClues) -> Option<CloudRelease> {
        let history = catalog.history();
        if let Some(release) = clues
            .revision
            .as_deref()
            .and_then(|r| Release::parse_version_strict(r).ok())
            .filter(|r| history.contains(r))
        {
            return Some(CloudRelease {
                release: release.to_string(),
                told_by: "build_info".to_owned(),
                alike: Vec::new(),
            });
        }
        let types: Vec<&str> = clues.types.iter().map(String::as_str).collect();
        let versions: Vec<&str> = clues.versions.iter().map(String::as_str).collect();
        let listed = catalog.releases_listing(&types, &versions)?;
        let (oldest, alike) = listed.candidates.split_first()?;
        Some(CloudRelease {
            release: oldest.to_string(),
            told_by: "the types and template versions it lists".to_owned(),
            alike: alike.iter().map(Release::to_string).collect(),
        })
    }

    /// The release, parsed.
    pub fn parsed(&self) -> Option<Release> {
        let version = self.release.split(' ').next().unwrap_or_default();
        Release::parse_version(version).ok()
    }

    /// Kept beside a dump's stacks.
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join(FILE);
        let json = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, json + "\n"))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Read back from a dump, where it is kept.
    pub fn read(dir: &Path) -> Option<CloudRelease> {
        let text = crate::input::read_file(&dir.join(FILE)).ok()?;
        serde_json::from_str(&text).ok()
    }
}

#[derive(Serialize)]
pub struct Upgrade {
    from: CloudRelease,
    to: String,
    /// Each release after `from` up to `to` that changes something the
    /// stacks use, in order.
    releases: Vec<Between>,
}

#[derive(Serialize)]
struct Between {
    release: String,
    changes: Vec<Changed>,
}

#[derive(Serialize)]
struct Changed {
    subject: String,
    kind: &'static str,
    change: &'static str,
    /// `PROJECT/STACK` of each stack that uses it.
    stacks: Vec<String>,
}

/// What each release from the cloud's up to `to` changes of what the
/// stacks use: each stack its `PROJECT/STACK` and its files' reports.
pub fn upgrade<'r>(
    stacks: impl Iterator<Item = (String, &'r [FileReport])>,
    from: &CloudRelease,
    to: Release,
) -> Upgrade {
    let catalog = Catalog::builtin();
    let mut used: BTreeMap<(String, &'static str), BTreeSet<String>> = BTreeMap::new();
    for (stack, reports) in stacks {
        for diagnostic in reports.iter().flat_map(|r| &r.diagnostics) {
            let Some(subject) = &diagnostic.subject else {
                continue;
            };
            let named = match subject {
                Subject::ResourceType { type_name } => (type_name.clone(), "resource type"),
                Subject::Property { type_name, path } => {
                    (format!("{type_name}.{path}"), "property")
                }
                Subject::Attribute { type_name, name } => {
                    (format!("{type_name}.{name}"), "attribute")
                }
            };
            used.entry(named).or_default().insert(stack.clone());
        }
    }
    let mut by_release: BTreeMap<Release, Vec<Changed>> = BTreeMap::new();
    if let Some(start) = from.parsed() {
        for ((subject, kind), stacks) in used {
            let changes = changes_of(catalog, &subject, kind, start, to);
            for (release, change) in changes {
                by_release.entry(release).or_default().push(Changed {
                    subject: subject.clone(),
                    kind,
                    change: change.as_str(),
                    stacks: stacks.iter().cloned().collect(),
                });
            }
        }
    }
    Upgrade {
        from: from.clone(),
        to: to.to_string(),
        releases: by_release
            .into_iter()
            .map(|(release, changes)| Between {
                release: release.to_string(),
                changes,
            })
            .collect(),
    }
}

/// What each release after `from` up to `to` does to the subject.
fn changes_of(
    catalog: &Catalog,
    subject: &str,
    kind: &str,
    from: Release,
    to: Release,
) -> Vec<(Release, Change)> {
    let (type_name, member) = match kind {
        "resource type" => (subject, ""),
        _ => match split_type(subject) {
            Some(split) => split,
            None => return Vec::new(),
        },
    };
    let Some(resource_type) = catalog.resource_type(type_name) else {
        return Vec::new();
    };
    let never = |_: Release| false;
    match kind {
        "resource type" => {
            let placeholder = |r| resource_type.is_placeholder_at(r);
            catalog.changes_between(&resource_type, placeholder, from, to)
        }
        "property" => resource_type
            .property(member)
            .map(|p| catalog.changes_between(&p, never, from, to))
            .unwrap_or_default(),
        _ => resource_type
            .attribute(member)
            .map(|a| catalog.changes_between(&a, never, from, to))
            .unwrap_or_default(),
    }
}

/// `OS::Neutron::Port.network_id` as its type and the rest.
fn split_type(subject: &str) -> Option<(&str, &str)> {
    let last_colons = subject.rfind("::")?;
    let dot = subject[last_colons..].find('.')? + last_colons;
    Some((&subject[..dot], &subject[dot + 1..]))
}

/// "From Heat X (told by ...) to Y:", then each release and its changes.
pub fn text(upgrade: &Upgrade, out: &mut dyn Write) -> io::Result<()> {
    let from = &upgrade.from;
    let alike = match from.alike.is_empty() {
        true => String::new(),
        false => format!("; its Heat lists what {} list too", from.alike.join(", ")),
    };
    writeln!(
        out,
        "\n  From Heat {} (told by {}{alike}) to Heat {}:",
        from.release, from.told_by, upgrade.to
    )?;
    if upgrade.releases.is_empty() {
        writeln!(out, "      nothing the stacks use changes on the way")?;
    }
    for between in &upgrade.releases {
        writeln!(out, "  {}:", between.release)?;
        for changed in &between.changes {
            let stacks = changed.stacks.len();
            writeln!(
                out,
                "      {} {} ({}): {} {} ({})",
                changed.change,
                changed.subject,
                changed.kind,
                stacks,
                if stacks == 1 { "stack" } else { "stacks" },
                changed.stacks.join(", ")
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::split_type;

    #[test]
    fn a_subject_is_its_type_and_the_rest() {
        assert_eq!(
            split_type("OS::Neutron::Port.network_id"),
            Some(("OS::Neutron::Port", "network_id"))
        );
        assert_eq!(
            split_type("OS::Nova::Server.block_device_mapping_v2.image_id"),
            Some(("OS::Nova::Server", "block_device_mapping_v2.image_id"))
        );
    }
}
