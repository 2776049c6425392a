//! Checks a catalog's status chains against Heat's support-status guide.
//!
//! Rules (each finding names the object, a severity and what to do):
//! - Only these transitions: UNSUPPORTED → SUPPORTED → DEPRECATED → HIDDEN,
//!   and DEPRECATED → UNSUPPORTED. A chain should not start at DEPRECATED or
//!   HIDDEN (it then does not say when the object was supported).
//! - Versions never go backwards along a chain, and are Heat versions
//!   without surrounding spaces.
//! - HIDDEN comes after DEPRECATED and at least one release series later.
//! - A deprecation says what to use instead: a message or a substitute class
//!   on the DEPRECATED status or on the HIDDEN / UNSUPPORTED one that ends
//!   it; and a substitute class maps to registered types.
//! - Every status except a chain's first SUPPORTED has a version, and no
//!   version is later than the Heat release the catalog describes.
//! - With a release history: the object is not registered before its
//!   oldest status's version.

use std::fmt;

use serde::Serialize;

use super::{Availability, Catalog, Status, StatusKind};

/// An error contradicts Heat's life-cycle rules (`heatwise catalog check`
/// fails); a warning is incomplete or doubtful data.
pub use crate::severity::Severity;

/// One problem found in a status chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainMistake {
    /// `OS::Neutron::Port`, `OS::Neutron::Port.fixed_ips.*.subnet_id`, or
    /// `OS::Nova::Server (attribute first_address)`.
    pub object: String,
    pub severity: Severity,
    /// A stable identifier of the rule, e.g. `transition`.
    pub code: &'static str,
    pub message: String,
}

impl fmt::Display for ChainMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} [{}]: {}",
            self.object, self.severity, self.code, self.message
        )
    }
}

/// Validates every type, property (all levels) and attribute of `catalog`.
/// Substitute types are looked up in `catalog`, then in `also_known` (e.g.
/// the built-in catalog when checking a plugin's catalog). Findings come in
/// catalog order.
pub fn validate(catalog: &Catalog, also_known: Option<&Catalog>) -> Vec<ChainMistake> {
    let mut checker = Checker {
        catalog,
        also_known,
        findings: Vec::new(),
    };
    for resource_type in catalog.types() {
        checker.chain(
            resource_type.name().to_owned(),
            resource_type.status(),
            resource_type.available(),
        );
        for property in resource_type.all_properties() {
            checker.chain(
                format!("{}.{}", resource_type.name(), property.path()),
                property.status(),
                property.available(),
            );
        }
        for attribute in resource_type.attributes() {
            checker.chain(
                format!("{} (attribute {})", resource_type.name(), attribute.name()),
                attribute.status(),
                attribute.available(),
            );
        }
    }
    checker.findings
}

struct Checker<'a> {
    catalog: &'a Catalog,
    also_known: Option<&'a Catalog>,
    findings: Vec<ChainMistake>,
}

fn allowed(before: StatusKind, after: StatusKind) -> bool {
    use StatusKind::*;
    matches!(
        (before, after),
        (Unsupported, Supported)
            | (Supported, Deprecated)
            | (Deprecated, Hidden)
            | (Deprecated, Unsupported)
    )
}

/// Whether a status tells what to use instead.
fn advises(status: Status<'_>) -> bool {
    status.substitute_class().is_some()
        || status
            .message()
            .is_some_and(|message| !message.trim().is_empty())
}

fn since(status: Status<'_>) -> String {
    match status.version() {
        Some(version) => format!("{} ({})", status.kind(), version.trim()),
        None => format!("{} (no version)", status.kind()),
    }
}

impl Checker<'_> {
    fn report(&mut self, object: &str, severity: Severity, code: &'static str, message: String) {
        self.findings.push(ChainMistake {
            object: object.to_owned(),
            severity,
            code,
            message,
        });
    }

    fn known(&self, name: &str) -> bool {
        let known_in = |catalog: &Catalog| {
            catalog
                .resolve_type(name)
                .is_some_and(|found| found.resource_type().is_some())
        };
        known_in(self.catalog) || self.also_known.is_some_and(known_in)
    }

    fn chain(&mut self, object: String, head: Status<'_>, available: Option<Availability<'_>>) {
        use Severity::*;
        let mut chain: Vec<Status<'_>> = head.chain().collect();
        chain.reverse();
        let heat_release = self.catalog.heat_release();
        for (position, &status) in chain.iter().enumerate() {
            let before = position.checked_sub(1).map(|index| chain[index]);
            if let Some(version) = status.version() {
                if status.release().is_none() {
                    self.report(
                        &object,
                        Error,
                        "version-invalid",
                        format!(
                            "{} has version {version:?}, which is not a Heat release (write it like 27.0.0 or 2014.2)",
                            status.kind()
                        ),
                    );
                } else if version.trim() != version {
                    self.report(
                        &object,
                        Warning,
                        "version-whitespace",
                        format!(
                            "{} has version {version:?} with surrounding spaces; write {:?}",
                            status.kind(),
                            version.trim()
                        ),
                    );
                }
            } else if status.kind() != StatusKind::Supported || before.is_some() {
                self.report(
                    &object,
                    Warning,
                    "version-missing",
                    format!(
                        "{} has no version: say in which release it took effect",
                        status.kind()
                    ),
                );
            }
            if let (Some(release), Some(heat_release)) = (status.release(), heat_release) {
                if release.series() > heat_release.series() {
                    self.report(
                        &object,
                        Error,
                        "version-future",
                        format!(
                            "{} since {release} is later than Heat {heat_release}, which this catalog describes",
                            status.kind()
                        ),
                    );
                }
            }
            match before {
                None if matches!(status.kind(), StatusKind::Deprecated | StatusKind::Hidden) => {
                    self.report(
                        &object,
                        Warning,
                        "chain-start",
                        format!(
                            "the chain starts at {}: it does not say since when the object was SUPPORTED",
                            since(status)
                        ),
                    );
                }
                None => {}
                Some(before) => self.step(&object, before, status),
            }
            // One deprecation, one message: the DEPRECATED status or the
            // HIDDEN / UNSUPPORTED one that ends it may carry the advice.
            let starts_deprecation = status.kind() == StatusKind::Deprecated
                || (status.kind() == StatusKind::Hidden
                    && before.is_none_or(|before| before.kind() != StatusKind::Deprecated));
            if starts_deprecation {
                let ending = chain.get(position + 1).filter(|next| {
                    matches!(next.kind(), StatusKind::Hidden | StatusKind::Unsupported)
                });
                if !advises(status) && !ending.is_some_and(|next| advises(*next)) {
                    self.report(
                        &object,
                        Warning,
                        "no-substitute",
                        format!(
                            "{} says neither in a message nor with a substitute class what to use instead",
                            since(status)
                        ),
                    );
                }
            }
            if let Some(class) = status.substitute_class() {
                let types: Vec<&str> = status.substitute_types().collect();
                if types.is_empty() {
                    self.report(
                        &object,
                        Error,
                        "substitute-unknown",
                        format!(
                            "the substitute class {class} is not registered under any type name"
                        ),
                    );
                }
                for name in types {
                    if !self.known(name) {
                        self.report(
                            &object,
                            Error,
                            "substitute-unknown",
                            format!("the substitute {name} is not a type this catalog knows"),
                        );
                    }
                }
            }
        }
        self.history(&object, &chain, available);
    }

    fn step(&mut self, object: &str, before: Status<'_>, after: Status<'_>) {
        use Severity::*;
        if !allowed(before.kind(), after.kind()) {
            let hint = if after.kind() == StatusKind::Hidden {
                "; an object is DEPRECATED before it is HIDDEN"
            } else {
                ""
            };
            self.report(
                object,
                Error,
                "transition",
                format!(
                    "{} follows {}: Heat's life cycle is UNSUPPORTED → SUPPORTED → DEPRECATED → HIDDEN, or DEPRECATED → UNSUPPORTED{hint}",
                    since(after),
                    since(before)
                ),
            );
        }
        let (Some(old), Some(new)) = (before.release(), after.release()) else {
            return;
        };
        if new < old {
            self.report(
                object,
                Error,
                "version-backwards",
                format!(
                    "{} follows {}: versions go backwards",
                    since(after),
                    since(before)
                ),
            );
        } else if before.kind() == StatusKind::Deprecated
            && after.kind() == StatusKind::Hidden
            && new.series() == old.series()
        {
            self.report(
                object,
                Error,
                "hidden-too-soon",
                format!(
                    "HIDDEN ({}) in the release series it was DEPRECATED in ({}); keep it DEPRECATED for at least one full release",
                    new.version(),
                    old.version()
                ),
            );
        }
    }

    fn history(&mut self, object: &str, chain: &[Status<'_>], available: Option<Availability<'_>>) {
        let (Some(available), Some(oldest)) = (available, chain.first()) else {
            return;
        };
        // Only SUPPORTED and UNSUPPORTED mark an arrival; a chain that starts
        // later is reported as `chain-start`.
        if !matches!(
            oldest.kind(),
            StatusKind::Supported | StatusKind::Unsupported
        ) {
            return;
        }
        let (Some(added), Some((first, _))) = (oldest.release(), available.ranges().next()) else {
            return;
        };
        if first.series() < added.series() {
            self.report(
                object,
                Severity::Warning,
                "registered-before-version",
                format!(
                    "Heat registers it in {first}, but its oldest status ({}) says it arrived in {added}",
                    oldest.kind()
                ),
            );
        }
    }
}
