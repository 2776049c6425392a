//! Heat's translation rules: how a resource maps old properties onto new
//! ones in memory.

use super::*;

/// What a `Resolve` translation rule looks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entity<'a> {
    /// A fixed entity, e.g. `network`.
    Named(&'a str),
    /// The value of this property names the entity.
    Property(&'a str),
}

/// One of Heat's translation rules.
#[derive(Clone, Copy)]
pub struct TranslationRule<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) id: u32,
}

impl fmt::Debug for TranslationRule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranslationRule")
            .field("kind", &self.kind())
            .field("path", &self.path().collect::<Vec<_>>())
            .finish()
    }
}

impl<'a> TranslationRule<'a> {
    fn record(&self) -> &'a store::RuleRecord {
        &self.catalog.store.rules[self.id as usize]
    }

    fn opt(&self, id: Option<Str>) -> Option<&'a str> {
        id.map(|id| self.catalog.str(id))
    }

    pub fn kind(&self) -> RuleKind {
        self.record().kind
    }

    /// The translated property's path; list items without an index.
    pub fn path(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().path)
    }

    /// The constant value as JSON text (`{"$prop": NAME}` stands for the
    /// value of property NAME).
    pub fn value_json(&self) -> Option<&'a str> {
        self.opt(self.record().value)
    }

    pub fn value(&self) -> Option<serde_json::Value> {
        self.value_json()
            .and_then(|text| serde_json::from_str(text).ok())
    }

    /// Inside each list item, the sibling key whose value moves to the
    /// path's last key.
    pub fn value_name(&self) -> Option<&'a str> {
        self.opt(self.record().value_name)
    }

    /// The property path whose value moves to [`TranslationRule::path`].
    pub fn value_path(&self) -> Option<impl ExactSizeIterator<Item = &'a str> + 'a> {
        let catalog = self.catalog;
        self.record()
            .value_path
            .map(move |span| catalog.store.names(span))
    }

    pub fn custom_value_path(&self) -> Option<impl ExactSizeIterator<Item = &'a str> + 'a> {
        let catalog = self.catalog;
        self.record()
            .custom_value_path
            .map(move |span| catalog.store.names(span))
    }

    pub fn client_plugin(&self) -> Option<&'a str> {
        self.opt(self.record().client_plugin)
    }

    pub fn finder(&self) -> Option<&'a str> {
        self.opt(self.record().finder)
    }

    /// What a `Resolve` rule looks up: a fixed entity, or the one named by
    /// another property's value.
    pub fn entity(&self) -> Option<Entity<'a>> {
        let name = self.opt(self.record().entity)?;
        Some(if self.record().entity_from_property {
            Entity::Property(name)
        } else {
            Entity::Named(name)
        })
    }

    /// Whether Heat adds the rule only when some property is set.
    pub fn conditional(&self) -> bool {
        self.record().conditional
    }
}
