//! Properties of a resource type, nested through lists and maps, with
//! their schema and status.

use super::*;

/// The children of a type or property, in name order.
#[derive(Clone)]
pub struct Properties<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) span: Span,
    pub(super) range: std::ops::Range<u32>,
}

impl<'a> Properties<'a> {
    pub(super) fn new(catalog: &'a Catalog, span: Option<Span>) -> Properties<'a> {
        let span = span.unwrap_or_default();
        Properties {
            catalog,
            span,
            range: span.start..span.start + span.len,
        }
    }

    /// The child named `name` (binary search).
    pub fn get(&self, name: &str) -> Option<Property<'a>> {
        let records = &self.catalog.store.properties[self.span.range()];
        records
            .binary_search_by(|record| self.catalog.str(record.name).cmp(name))
            .ok()
            .map(|offset| Property {
                catalog: self.catalog,
                id: self.span.start + offset as u32,
            })
    }
}

impl<'a> Iterator for Properties<'a> {
    type Item = Property<'a>;

    fn next(&mut self) -> Option<Property<'a>> {
        let catalog = self.catalog;
        self.range.next().map(|id| Property { catalog, id })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl DoubleEndedIterator for Properties<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let catalog = self.catalog;
        self.range.next_back().map(|id| Property { catalog, id })
    }
}

impl ExactSizeIterator for Properties<'_> {}

/// A property of a resource type, at any nesting level.
#[derive(Clone, Copy)]
pub struct Property<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) id: u32,
}

impl fmt::Debug for Property<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Property")
            .field(&self.owner().name())
            .field(&self.path())
            .finish()
    }
}

impl PartialEq for Property<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> Property<'a> {
    fn record(&self) -> &'a store::PropertyRecord {
        &self.catalog.store.properties[self.id as usize]
    }

    /// Its own name: a map key, or `*` for a list's items.
    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    /// The full path from the type: `fixed_ips.*.subnet`.
    pub fn path(&self) -> String {
        let mut names = vec![self.name()];
        let mut current = *self;
        while let Some(parent) = current.parent() {
            names.push(parent.name());
            current = parent;
        }
        names.reverse();
        names.join(".")
    }

    /// The type it belongs to.
    pub fn owner(&self) -> ResourceType<'a> {
        ResourceType {
            catalog: self.catalog,
            id: self.record().owner,
        }
    }

    /// The enclosing property, for a nested one.
    pub fn parent(&self) -> Option<Property<'a>> {
        self.record().parent.map(|id| Property {
            catalog: self.catalog,
            id,
        })
    }

    pub fn value_type(&self) -> PropertyType {
        self.record().value_type
    }

    pub fn required(&self) -> bool {
        self.record().required
    }

    /// Whether Heat updates the property in place (newest release).
    pub fn update_allowed(&self) -> bool {
        self.record().update_allowed
    }

    /// Whether Heat `release` updates the property in place: a Port's
    /// `mac_address` could be updated from 8.0.0 and no longer from 13.0.0.
    pub fn update_allowed_at(&self, release: Release) -> bool {
        let record = self.record();
        let Some(span) = record.update_allowed_changes else {
            return record.update_allowed;
        };
        // The values alternate and end with the newest: each change after
        // `release` flips it once.
        let later = self.catalog.store.ranges[span.range()]
            .iter()
            .skip(1)
            .filter(|change| change.first > release)
            .count();
        record.update_allowed ^ (later % 2 == 1)
    }

    pub fn immutable(&self) -> bool {
        self.record().immutable
    }

    /// Whether Heat takes the property at all: one it marks as not
    /// implemented is refused when a template sets it.
    pub fn implemented(&self) -> bool {
        self.record().implemented
    }

    /// The default value as JSON text, or `None` when there is none.
    pub fn default_json(&self) -> Option<&'a str> {
        self.record().default.map(|id| self.catalog.str(id))
    }

    /// The default value, parsed.
    pub fn default_value(&self) -> Option<serde_json::Value> {
        self.default_json()
            .and_then(|text| serde_json::from_str(text).ok())
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    /// Heat's constraints on the value.
    pub fn constraints(&self) -> impl ExactSizeIterator<Item = Constraint<'a>> + 'a {
        let catalog = self.catalog;
        catalog.store.constraints[self.record().constraints.range()]
            .iter()
            .map(move |&id| Constraint {
                json: catalog.str(id),
            })
    }

    /// The values an `AllowedValues` constraint permits, if there is one.
    pub fn allowed_values(&self) -> Option<Vec<serde_json::Value>> {
        self.constraints()
            .find(|constraint| constraint.kind().as_deref() == Some("AllowedValues"))
            .and_then(|constraint| {
                match constraint
                    .value()
                    .get_mut("allowed_values")
                    .map(serde_json::Value::take)
                {
                    Some(serde_json::Value::Array(values)) => Some(values),
                    _ => None,
                }
            })
    }

    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    /// The status in force at `release` (see [`StatusAt`]).
    pub fn status_at(&self, release: Release) -> StatusAt<'a> {
        lifecycle::status_at(
            self.catalog,
            self.record().status,
            self.record().available,
            release,
        )
    }

    /// Whether Heat's schema describes the items (list) or keys (map).
    pub fn has_schema(&self) -> bool {
        self.record().children.is_some()
    }

    /// Map keys, or the single `*` entry of a list.
    pub fn children(&self) -> Properties<'a> {
        Properties::new(self.catalog, self.record().children)
    }

    /// One step down a path: a map key; for a list, `*`, an index, or
    /// (the list level left implicit) a key of the items.
    pub fn child(&self, segment: &str) -> Option<Property<'a>> {
        let children = self.children();
        if self.value_type() == PropertyType::List {
            let items = children.get("*")?;
            if segment == "*"
                || (!segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()))
            {
                return Some(items);
            }
            return items.children().get(segment);
        }
        children.get(segment)
    }
}

/// One of Heat's constraints on a property value, kept as JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraint<'a> {
    pub(super) json: &'a str,
}

impl Constraint<'_> {
    /// The constraint as JSON text: `{"kind":"AllowedValues","allowed_values":[…]}`.
    pub fn json(&self) -> &str {
        self.json
    }

    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.json).unwrap_or(serde_json::Value::Null)
    }

    /// `AllowedValues`, `Length`, `Range`, `AllowedPattern`, `CustomConstraint`, …
    pub fn kind(&self) -> Option<String> {
        self.value()
            .get("kind")
            .and_then(|kind| kind.as_str().map(str::to_owned))
    }
}
