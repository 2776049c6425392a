//! An upgrade: which release a running Heat is, told from the types and
//! template versions it lists, and what each release after it, up to the
//! target, does to a type, property or attribute (deprecates, hides, makes
//! a placeholder, removes).

use std::collections::HashSet;

use crate::release::Release;
use crate::template::versions::template_version;

use super::{Catalog, HasStatus, StatusAt, StatusKind};

/// The releases of the catalog's history a Heat can be, from what it
/// lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedRelease {
    /// Those that fit best, oldest first: alike in all that was listed.
    pub candidates: Vec<Release>,
    /// Types it lists that those releases do not list (a plugin's, or
    /// types of a release the catalog does not know).
    pub unexplained: usize,
}

/// What a release does to a type, property or attribute that the one
/// before it had otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    Deprecated,
    Unsupported,
    Hidden,
    /// The type is kept as a placeholder: properties ignored, attributes
    /// null, nothing deleted.
    Placeholder,
    Removed,
}

impl Change {
    pub const fn as_str(self) -> &'static str {
        match self {
            Change::Deprecated => "deprecated",
            Change::Unsupported => "unsupported",
            Change::Hidden => "hidden",
            Change::Placeholder => "placeholder",
            Change::Removed => "removed",
        }
    }
}

/// Whether `openstack orchestration resource type list` lists an object
/// in this state: registered, and not HIDDEN.
fn listed_in(state: StatusAt<'_>) -> bool {
    match state {
        StatusAt::InForce(status)
        | StatusAt::Unrecorded {
            first_recorded: status,
        } => status.kind() != StatusKind::Hidden,
        StatusAt::NotYetAvailable { .. } | StatusAt::Removed { .. } => false,
    }
}

impl Catalog {
    /// The releases whose Heat lists `types` (`GET .../resource_types`:
    /// every type registered and not HIDDEN whose service the cloud has)
    /// and `versions` (`GET .../template_versions`,
    /// `heat_template_version.2021-04-16`): every release of the history
    /// that lists each known type given, and ships each version given, and
    /// of those the ones that list the most of Heat's own types (which
    /// need no service) alike; `None` when no type given is known.
    pub fn releases_listing(&self, types: &[&str], versions: &[&str]) -> Option<ListedRelease> {
        let given: HashSet<&str> = types.iter().copied().collect();
        let known: Vec<_> = types.iter().filter_map(|t| self.resource_type(t)).collect();
        if known.is_empty() {
            return None;
        }
        let newest_version = versions
            .iter()
            .filter_map(|v| v.split_once('.'))
            .filter_map(|(key, date)| template_version(key, date)?.first_release())
            .max();
        let own = |name: &str| name.starts_with("OS::Heat::");
        let mut scored: Vec<(usize, usize, Release)> = Vec::new();
        for &release in self.history() {
            if newest_version.is_some_and(|newest| release < newest) {
                continue;
            }
            let unexplained = known
                .iter()
                .filter(|t| !listed_in(t.status_at(release)))
                .count();
            let unlisted_own = self
                .types()
                .filter(|t| own(t.name()) && listed_in(t.status_at(release)))
                .filter(|t| !given.contains(t.name()))
                .count();
            scored.push((unexplained, unlisted_own, release));
        }
        let best = scored.iter().map(|&(u, o, _)| (u, o)).min()?;
        Some(ListedRelease {
            candidates: scored
                .iter()
                .filter(|&&(u, o, _)| (u, o) == best)
                .map(|&(_, _, release)| release)
                .collect(),
            unexplained: best.0 + given.len() - known.len(),
        })
    }

    /// What each release of the history after `from`, up to and with
    /// `to`, does to `object`, in order.
    pub fn changes_between<'a, T: HasStatus<'a>>(
        &self,
        object: &T,
        placeholder: impl Fn(Release) -> bool,
        from: Release,
        to: Release,
    ) -> Vec<(Release, Change)> {
        let mut changes = Vec::new();
        let mut before = from;
        for &release in self.history().iter().filter(|&&r| from < r && r <= to) {
            let (was, is) = (object.status_at(before), object.status_at(release));
            let kind = |state: StatusAt<'_>| match state {
                StatusAt::InForce(status)
                | StatusAt::Unrecorded {
                    first_recorded: status,
                } => Some(status.kind()),
                _ => None,
            };
            let change = match (kind(was), kind(is)) {
                (Some(_), None) => Some(Change::Removed),
                (Some(_), Some(_)) if !placeholder(before) && placeholder(release) => {
                    Some(Change::Placeholder)
                }
                (Some(old), Some(new)) if old != new => match new {
                    StatusKind::Hidden => Some(Change::Hidden),
                    StatusKind::Deprecated => Some(Change::Deprecated),
                    StatusKind::Unsupported => Some(Change::Unsupported),
                    StatusKind::Supported => None,
                },
                _ => None,
            };
            changes.extend(change.map(|change| (release, change)));
            before = release;
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(name: &str) -> Release {
        Release::parse(name).unwrap()
    }

    #[test]
    fn a_heat_is_told_by_what_it_lists() {
        let catalog = Catalog::builtin();
        // Every type 2024.1 lists that needs no service.
        for at in ["2023.1", "2024.1", "27.0.1"] {
            let at = release(at);
            let listed: Vec<&str> = catalog
                .types()
                .filter(|t| t.name().starts_with("OS::Heat::") && listed_in(t.status_at(at)))
                .map(|t| t.name())
                .collect();
            let found = catalog
                .releases_listing(&listed, &["heat_template_version.2021-04-16"])
                .unwrap();
            assert!(found.candidates.contains(&at), "{at}: {found:?}");
            assert_eq!(found.unexplained, 0);
        }
        assert_eq!(catalog.releases_listing(&["My::Own"], &[]), None);
    }

    #[test]
    fn the_releases_between_say_what_they_change() {
        let catalog = Catalog::builtin();
        let lb = catalog
            .resource_type("OS::Neutron::LBaaS::LoadBalancer")
            .unwrap();
        let changes = catalog.changes_between(
            &lb,
            |r| lb.is_placeholder_at(r),
            release("2023.1"),
            release("27.0.1"),
        );
        let said: Vec<(String, &str)> = changes
            .iter()
            .map(|(r, c)| (r.to_string(), c.as_str()))
            .collect();
        assert_eq!(
            said,
            [
                ("21.0.0 (2023.2)".to_owned(), "hidden"),
                ("22.0.0 (2024.1)".to_owned(), "placeholder")
            ],
            "{said:?}"
        );
        assert!(catalog
            .changes_between(
                &lb,
                |r| lb.is_placeholder_at(r),
                release("22.0.0"),
                release("27.0.1")
            )
            .is_empty());
    }
}
