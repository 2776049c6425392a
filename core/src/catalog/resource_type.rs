//! A resource type of a catalog: its properties, attributes, status and
//! translation rules.

use super::*;

/// A resource type of a [`Catalog`].
#[derive(Clone, Copy)]
pub struct ResourceType<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) id: u32,
}

impl fmt::Debug for ResourceType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ResourceType").field(&self.name()).finish()
    }
}

impl PartialEq for ResourceType<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> ResourceType<'a> {
    fn record(&self) -> &'a store::TypeRecord {
        &self.catalog.store.types[self.id as usize]
    }

    pub fn catalog(&self) -> &'a Catalog {
        self.catalog
    }

    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    /// The newest status (the head of the chain).
    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    /// Whether Heat registers the type as a do-nothing placeholder.
    pub fn is_placeholder(&self) -> bool {
        self.record().placeholder
    }

    /// The first release in which it is a placeholder, as written.
    pub fn placeholder_since(&self) -> Option<&'a str> {
        self.record()
            .placeholder_since
            .map(|id| self.catalog.str(id))
    }

    /// Whether the type is a placeholder at `release`: a placeholder with no
    /// `placeholder_since` is taken to be one at every release. A placeholder
    /// accepts and ignores its properties, so Heat applies none of the
    /// translation rules kept from before.
    pub fn is_placeholder_at(&self, release: Release) -> bool {
        self.is_placeholder()
            && self
                .placeholder_since()
                .and_then(|since| Release::parse_version(since).ok())
                .is_none_or(|since| since.series() <= release.series())
    }

    /// The release ranges in which Heat registers the type, or `None` when
    /// unknown.
    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    /// Whether Heat registers the type in `release` (see [`StatusAt`]).
    pub fn is_available_at(&self, release: Release) -> bool {
        self.status_at(release).is_available()
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

    /// The top-level properties, in name order.
    pub fn properties(&self) -> Properties<'a> {
        Properties::new(self.catalog, Some(self.record().properties))
    }

    /// A property by its path: dot-separated names, where a list's items are
    /// `*` (or an index) or left out: `fixed_ips.*.subnet_id`,
    /// `fixed_ips.0.subnet_id` and `fixed_ips.subnet_id` are one property.
    pub fn property(&self, path: &str) -> Option<Property<'a>> {
        let mut segments = path.split('.');
        let mut current = self.properties().get(segments.next()?)?;
        for (depth, segment) in segments.enumerate() {
            if depth + 1 >= limits::MAX_PATH_SEGMENTS {
                return None;
            }
            current = current.child(segment)?;
        }
        Some(current)
    }

    /// [`ResourceType::property`] with the path already split; at most
    /// [`limits::MAX_PATH_SEGMENTS`] segments.
    pub fn property_at(&self, segments: &[&str]) -> Option<Property<'a>> {
        if segments.is_empty() || segments.len() > limits::MAX_PATH_SEGMENTS {
            return None;
        }
        let mut current = self.properties().get(segments[0])?;
        for segment in &segments[1..] {
            current = current.child(segment)?;
        }
        Some(current)
    }

    /// Every property at every nesting level, parents before children.
    pub fn all_properties(&self) -> impl Iterator<Item = Property<'a>> + 'a {
        let mut stack: Vec<Property<'a>> = self.properties().rev().collect();
        std::iter::from_fn(move || {
            let next = stack.pop()?;
            stack.extend(next.children().rev());
            Some(next)
        })
    }

    pub fn attributes(
        &self,
    ) -> impl ExactSizeIterator<Item = Attribute<'a>> + DoubleEndedIterator + 'a {
        let catalog = self.catalog;
        self.record().attributes.range().map(move |id| Attribute {
            catalog,
            id: id as u32,
        })
    }

    /// Whether Heat's `get_attr` accepts attribute names that are not in
    /// [`ResourceType::attributes`] (`resource.<n>` of a ResourceGroup, a
    /// deployment's outputs, anything on a placeholder).
    pub fn has_dynamic_attributes(&self) -> bool {
        self.record().dynamic_attributes
    }

    pub fn attribute(&self, name: &str) -> Option<Attribute<'a>> {
        let span = self.record().attributes;
        let records = &self.catalog.store.attributes[span.range()];
        records
            .binary_search_by(|record| self.catalog.str(record.name).cmp(name))
            .ok()
            .map(|offset| Attribute {
                catalog: self.catalog,
                id: span.start + offset as u32,
            })
    }

    /// Heat's translation rules of the type, in Heat's order.
    pub fn translation_rules(&self) -> impl ExactSizeIterator<Item = TranslationRule<'a>> + 'a {
        let catalog = self.catalog;
        self.record().rules.range().map(move |id| TranslationRule {
            catalog,
            id: id as u32,
        })
    }

    /// The rules that touch a property: those whose translation path, value
    /// path or `$prop` value starts at `path`, and those that move a list
    /// item's `value_name` key named by `path`. `path` is written as for
    /// [`ResourceType::property`]; list levels do not matter.
    pub fn translation_rules_for(&self, path: &str) -> Vec<TranslationRule<'a>> {
        if path.split('.').count() > limits::MAX_PATH_SEGMENTS {
            return Vec::new();
        }
        let wanted: Vec<&str> = path
            .split('.')
            .filter(|segment| *segment != "*" && !segment.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        let starts_with = |names: &mut dyn Iterator<Item = &str>| {
            let names: Vec<&str> = names.collect();
            names.len() >= wanted.len() && names[..wanted.len()] == wanted[..]
        };
        self.translation_rules()
            .filter(|rule| {
                if starts_with(&mut rule.path()) {
                    return true;
                }
                if rule
                    .value_path()
                    .is_some_and(|mut names| starts_with(&mut names))
                {
                    return true;
                }
                if let Some(value_name) = rule.value_name() {
                    // The key is a sibling of the path's last key.
                    let parent: Vec<&str> = rule.path().collect();
                    let parent = &parent[..parent.len().saturating_sub(1)];
                    let mut full = parent.to_vec();
                    full.push(value_name);
                    if full.len() >= wanted.len() && full[..wanted.len()] == wanted[..] {
                        return true;
                    }
                }
                if let [single] = wanted[..] {
                    if let Some(value) = rule.value_json() {
                        return value.contains(&format!(
                            "{{\"$prop\":{}}}",
                            serde_json::Value::from(single)
                        ));
                    }
                }
                false
            })
            .collect()
    }
}
