//! `deletion_policy: Retain` (`DeletionPolicy` in CloudFormation) written
//! into a resource's definition, comments and layout kept: so that Heat
//! forgets the resource when it leaves the stack instead of deleting it.
//! The one writer for the migration plan and the ORC export's release plan.

use crate::fix::{Edit, Editor, NewValue};
use crate::template::{DocumentKind, Resource, Template};

/// The edit that retains `resource`: `Ok(None)` when it is retained
/// already; `Err`, for the user, when it cannot be written where the
/// definition is laid out (or the text is not a Heat template).
pub fn retain(
    template: &Template<'_>,
    editor: &Editor<'_, '_>,
    resource: &Resource,
) -> Result<Option<Edit>, String> {
    let key = match template.kind() {
        DocumentKind::Hot => "deletion_policy",
        DocumentKind::CloudFormation => "DeletionPolicy",
        _ => return Err("this is not a Heat template".to_owned()),
    };
    let tree = template.tree();
    let definition = &resource.definition;
    let edit = match template.resource_entry(definition, "deletion_policy") {
        Some(entry) if tree.scalar(entry.value) == Some("Retain") => return Ok(None),
        Some(entry) => editor.replace_scalar(entry.value, "Retain"),
        None => editor.insert_entry(definition.body, key, &NewValue::Str("Retain".into())),
    };
    edit.map(Some).ok_or_else(|| {
        format!(
            "{} could not be given `{key}: Retain` where it is written: add it by hand",
            resource.name
        )
    })
}
