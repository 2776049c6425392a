//! What the status rules share: an object (a resource type, a property,
//! an attribute) where the template uses it, with its state at the target
//! release, and the two ways a status rule reports it. Each status rule is
//! its own file in `rules/` and says which state it reports and what its
//! fix is; the state is looked up once per use, by the traversal.

use crate::catalog::{Attribute, ResourceType, Status, StatusAt, StatusKind};
use crate::fix::Fix;
use crate::syntax::{Entry, NodeId};
use crate::template::Definition;
use crate::text::TextRange;

use super::context::Context;
use super::{Rule, Subject};

/// An object of the catalog where the template uses it.
pub(crate) trait Used<'a> {
    /// Its state at the target release.
    fn state(&self) -> StatusAt<'a>;
    /// How a message names it, e.g. "`network_id`".
    fn what(&self) -> String;
    fn subject(&self) -> Subject;
    /// Where the finding is reported.
    fn range(&self, cx: &Context<'a, '_>) -> TextRange;
}

/// A resource type where it is written: a resource's `type` (with its
/// definition) or an environment's registry entry (`definition: None`; so
/// too a type the environments map, whose fix cannot be written where it
/// is used).
pub(crate) struct TypeUse<'a, 'd> {
    pub(crate) resource_type: ResourceType<'a>,
    /// The type as the message names it (with its alias or mapping).
    pub(crate) what: String,
    pub(crate) range: TextRange,
    pub(crate) definition: Option<&'d Definition>,
    pub(crate) state: StatusAt<'a>,
}

/// A property where it is set: `entry` of `mapping`, at `path` (list items
/// as `*`).
pub(crate) struct PropertyUse<'a, 'p> {
    pub(crate) resource_type: ResourceType<'a>,
    pub(crate) path: &'p str,
    pub(crate) entry: Entry,
    pub(crate) mapping: NodeId,
    pub(crate) state: StatusAt<'a>,
}

/// An attribute where `get_attr` names it.
pub(crate) struct AttributeUse<'a> {
    pub(crate) resource_type: ResourceType<'a>,
    pub(crate) attribute: Attribute<'a>,
    pub(crate) range: TextRange,
    pub(crate) state: StatusAt<'a>,
}

impl<'a> Used<'a> for TypeUse<'a, '_> {
    fn state(&self) -> StatusAt<'a> {
        self.state
    }
    fn what(&self) -> String {
        self.what.clone()
    }
    fn subject(&self) -> Subject {
        Subject::ResourceType {
            type_name: self.resource_type.name().to_owned(),
        }
    }
    fn range(&self, _: &Context<'a, '_>) -> TextRange {
        self.range
    }
}

impl<'a> Used<'a> for PropertyUse<'a, '_> {
    fn state(&self) -> StatusAt<'a> {
        self.state
    }
    fn what(&self) -> String {
        format!("`{}`", self.path)
    }
    fn subject(&self) -> Subject {
        Subject::Property {
            type_name: self.resource_type.name().to_owned(),
            path: self.path.to_owned(),
        }
    }
    fn range(&self, cx: &Context<'a, '_>) -> TextRange {
        cx.tree.range(self.entry.key)
    }
}

impl<'a> Used<'a> for AttributeUse<'a> {
    fn state(&self) -> StatusAt<'a> {
        self.state
    }
    fn what(&self) -> String {
        format!(
            "attribute `{}` of `{}`",
            self.attribute.name(),
            self.resource_type.name()
        )
    }
    fn subject(&self) -> Subject {
        Subject::Attribute {
            type_name: self.resource_type.name().to_owned(),
            name: self.attribute.name().to_owned(),
        }
    }
    fn range(&self, _: &Context<'a, '_>) -> TextRange {
        self.range
    }
}

/// The status of an object Heat registers at the target (for one whose
/// recorded chain starts later, the oldest recorded).
pub(crate) fn status_of<'a>(state: StatusAt<'a>) -> Option<Status<'a>> {
    match state {
        StatusAt::InForce(status)
        | StatusAt::Unrecorded {
            first_recorded: status,
        } => Some(status),
        StatusAt::NotYetAvailable { .. } | StatusAt::Removed { .. } => None,
    }
}

/// Reports `used` with `rule` when its status at the target is `kind`,
/// with its life cycle; `fix` is asked only then. Most objects a template
/// uses are SUPPORTED and cost no allocation.
pub(crate) fn report_status<'a, U: Used<'a>>(
    cx: &mut Context<'a, '_>,
    rule: Rule,
    kind: StatusKind,
    used: &U,
    fix: impl FnOnce(&Context<'a, '_>) -> Option<Fix>,
) {
    let Some(status) = status_of(used.state()).filter(|s| s.kind() == kind) else {
        return;
    };
    let (description, lifecycle) = cx.lifecycle(status);
    let message = format!("{} is {description}", used.what());
    let range = used.range(cx);
    let fix = fix(cx);
    let diagnostic = cx.report_with_fix(rule, range, message, fix);
    diagnostic.status = Some(kind);
    diagnostic.lifecycle = lifecycle;
    diagnostic.subject = Some(used.subject());
}

/// Reports `used` with `rule` when Heat does not register it at the
/// target: not yet, or no longer.
pub(crate) fn report_unavailable<'a, U: Used<'a>>(
    cx: &mut Context<'a, '_>,
    rule: Rule,
    used: &U,
    fix: impl FnOnce(&Context<'a, '_>) -> Option<Fix>,
) {
    let why = match used.state() {
        StatusAt::NotYetAvailable { first } => {
            first.map_or_else(String::new, |first| format!(": Heat has it since {first}"))
        }
        StatusAt::Removed { last } => format!(": Heat removed it after {last}"),
        StatusAt::InForce(_) | StatusAt::Unrecorded { .. } => return,
    };
    let message = format!(
        "{} is not available in {}{why}",
        used.what(),
        cx.target_text()
    );
    let range = used.range(cx);
    let fix = fix(cx);
    let diagnostic = cx.report_with_fix(rule, range, message, fix);
    diagnostic.subject = Some(used.subject());
}
