//! A running stack's resources, as `openstack stack resource list
//! --nested-depth 5 --long -f json` lists them: for a hand-over, each
//! resource's physical ID by its name in the stack.
//!
//! The rows of the stack itself are told from its nested stacks' by the
//! `stack_name` column: a nested stack is named
//! `<parent stack>-<resource>-<short id>`, so the stack's own name is the
//! one every other starts with. Without the column (no `--long` or
//! `--nested-depth`), every row is the stack's.

use serde_json::Value;

/// Most rows read.
pub const MAX_ROWS: usize = 100_000;
/// Longest field read (a name, an ID, a type, a status).
pub const MAX_FIELD: usize = 1_024;

/// One row of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceRow {
    pub name: String,
    /// `None` when Heat has none (a resource it never created).
    pub physical_id: Option<String>,
    pub resource_type: String,
    pub status: String,
    pub stack_name: Option<String>,
}

/// The rows of one stack, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StackResources {
    rows: Vec<ResourceRow>,
    /// The stack's own name, when the rows say it.
    stack: Option<String>,
}

impl StackResources {
    /// Reads the JSON of `openstack stack resource list -f json`; what is
    /// wrong with it, said for the user.
    pub fn read(json: &str) -> Result<StackResources, String> {
        let value: Value = serde_json::from_str(json).map_err(|error| {
            format!("not the JSON of `openstack stack resource list -f json`: {error}")
        })?;
        let Value::Array(items) = value else {
            return Err("not a list of resources: give the output of `openstack stack resource list --nested-depth 5 --long -f json`".to_owned());
        };
        if items.len() > MAX_ROWS {
            return Err(format!("more than {MAX_ROWS} resources: split the stack"));
        }
        let mut rows = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let field = |name: &str| -> Result<Option<String>, String> {
                match item.get(name) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(text)) if text.len() <= MAX_FIELD => {
                        Ok((!text.is_empty()).then(|| text.clone()))
                    }
                    Some(Value::String(_)) => Err(format!(
                        "resource {}: {name} is longer than {MAX_FIELD} bytes",
                        index + 1
                    )),
                    Some(_) => Err(format!("resource {}: {name} is not text", index + 1)),
                }
            };
            let name = field("resource_name")?
                .or(field("logical_resource_id")?)
                .ok_or_else(|| format!("resource {} has no resource_name", index + 1))?;
            rows.push(ResourceRow {
                name,
                physical_id: field("physical_resource_id")?,
                resource_type: field("resource_type")?.unwrap_or_default(),
                status: field("resource_status")?.unwrap_or_default(),
                stack_name: field("stack_name")?,
            });
        }
        let stack = rows
            .iter()
            .filter_map(|row| row.stack_name.as_deref())
            .min_by_key(|name| name.len())
            .map(str::to_owned);
        Ok(StackResources { rows, stack })
    }

    /// The stack's name, when the rows say it.
    pub fn stack_name(&self) -> Option<&str> {
        self.stack.as_deref()
    }

    /// The stack's own row for the resource `name`.
    pub fn row(&self, name: &str) -> Option<&ResourceRow> {
        self.row_in(self.stack.as_deref(), name)
    }

    /// The row for the resource `name` of the stack (or nested stack)
    /// named `stack`; `None` names the stack of a list without names.
    pub fn row_in(&self, stack: Option<&str>, name: &str) -> Option<&ResourceRow> {
        self.rows
            .iter()
            .find(|row| row.name == name && row.stack_name.as_deref() == stack)
    }

    /// The name of the nested stack that the resource `resource` of the
    /// stack `stack` made: `<stack>-<resource>-<short id>`, as Heat names
    /// it (`StackResource.physical_resource_name`), when a row is in it.
    pub fn nested_stack(&self, stack: Option<&str>, resource: &str) -> Option<&str> {
        let prefix = format!("{}-{resource}-", stack?);
        self.rows.iter().find_map(|row| {
            let name = row.stack_name.as_deref()?;
            // Its own nested stack, not one nested in it.
            let id = name.strip_prefix(&prefix)?;
            (!id.is_empty() && !id.contains('-')).then_some(name)
        })
    }

    /// How many rows belong to the nested stack of the resource `name` of
    /// the stack `stack` (and the stacks nested in it).
    pub fn nested_under(&self, stack: Option<&str>, name: &str) -> usize {
        let Some(stack) = stack else {
            return 0;
        };
        let prefix = format!("{stack}-{name}-");
        self.rows
            .iter()
            .filter(|row| {
                row.stack_name
                    .as_deref()
                    .is_some_and(|s| s.starts_with(&prefix))
            })
            .count()
    }

    /// The row of the member `member` (`0`, `1`, …) of the group `group`
    /// of the stack `stack`, in the group's nested stack.
    pub fn member_row(
        &self,
        stack: Option<&str>,
        group: &str,
        member: &str,
    ) -> Option<&ResourceRow> {
        let group_stack = self.nested_stack(stack, group)?;
        self.row_in(Some(group_stack), member)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_the_stack_and_of_its_nested_stacks() {
        let json = r#"[
          {"resource_name": "net", "physical_resource_id": "5f0c5d1e-1111-4c1b-9d7e-000000000001", "resource_type": "OS::Neutron::Net", "resource_status": "CREATE_COMPLETE", "updated_time": "2026-01-01T00:00:00Z", "stack_name": "web"},
          {"resource_name": "app", "physical_resource_id": "9a1b0000-2222-4c1b-9d7e-000000000002", "resource_type": "app.yaml", "resource_status": "CREATE_COMPLETE", "updated_time": "2026-01-01T00:00:00Z", "stack_name": "web"},
          {"resource_name": "net", "physical_resource_id": "5f0c5d1e-3333-4c1b-9d7e-000000000003", "resource_type": "OS::Neutron::Net", "resource_status": "CREATE_COMPLETE", "updated_time": "2026-01-01T00:00:00Z", "stack_name": "web-app-abcdefgh1234"},
          {"resource_name": "port", "physical_resource_id": "", "resource_type": "OS::Neutron::Port", "resource_status": "INIT_COMPLETE", "updated_time": null, "stack_name": "web"}
        ]"#;
        let rows = StackResources::read(json).unwrap();
        assert_eq!(
            rows.row("net").unwrap().physical_id.as_deref(),
            Some("5f0c5d1e-1111-4c1b-9d7e-000000000001")
        );
        assert_eq!(rows.row("port").unwrap().physical_id, None);
        assert_eq!(rows.nested_under(Some("web"), "app"), 1);
        assert_eq!(
            rows.nested_stack(Some("web"), "app"),
            Some("web-app-abcdefgh1234")
        );
        assert_eq!(
            rows.row_in(Some("web-app-abcdefgh1234"), "net")
                .unwrap()
                .physical_id
                .as_deref(),
            Some("5f0c5d1e-3333-4c1b-9d7e-000000000003")
        );
        assert_eq!(rows.nested_stack(Some("web"), "net"), None);
        assert!(rows.row("missing").is_none());
        assert!(StackResources::read("{}")
            .unwrap_err()
            .contains("not a list"));
        assert!(StackResources::read("[{}]")
            .unwrap_err()
            .contains("no resource_name"));
    }
}
