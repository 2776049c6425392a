//! Attributes of a resource type.

use super::*;

/// An attribute of a resource type.
#[derive(Clone, Copy)]
pub struct Attribute<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) id: u32,
}

impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Attribute")
            .field(&self.owner().name())
            .field(&self.name())
            .finish()
    }
}

impl<'a> Attribute<'a> {
    fn record(&self) -> &'a store::AttributeRecord {
        &self.catalog.store.attributes[self.id as usize]
    }

    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    pub fn owner(&self) -> ResourceType<'a> {
        ResourceType {
            catalog: self.catalog,
            id: self.record().owner,
        }
    }

    /// Heat's attribute type (`string`, `list`, `map`, …), when known.
    pub fn value_type(&self) -> Option<&'a str> {
        self.record().value_type.map(|id| self.catalog.str(id))
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    pub fn status_at(&self, release: Release) -> StatusAt<'a> {
        lifecycle::status_at(
            self.catalog,
            self.record().status,
            self.record().available,
            release,
        )
    }
}
