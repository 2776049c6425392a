//! Support statuses and their chains, and the releases an object exists in.

use super::*;

/// One status of a chain: it holds from its version on, and `previous` held
/// before.
#[derive(Clone, Copy)]
pub struct Status<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) id: u32,
}

impl fmt::Debug for Status<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Status")
            .field("kind", &self.kind())
            .field("version", &self.version())
            .field("message", &self.message())
            .finish()
    }
}

impl PartialEq for Status<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> Status<'a> {
    pub(super) fn new(catalog: &'a Catalog, id: u32) -> Status<'a> {
        Status { catalog, id }
    }

    fn record(&self) -> &'a store::StatusRecord {
        &self.catalog.store.statuses[self.id as usize]
    }

    pub fn kind(&self) -> StatusKind {
        self.record().kind
    }

    /// The version exactly as the catalog writes it (`"2014.2 "` included).
    pub fn version(&self) -> Option<&'a str> {
        self.record().version.map(|id| self.catalog.str(id))
    }

    /// The version parsed; `None` when absent or not a Heat version.
    pub fn release(&self) -> Option<Release> {
        self.record().release
    }

    /// The release name of the version (`Juno`, `2024.1`).
    pub fn release_name(&self) -> Option<String> {
        self.release()
            .and_then(Release::name)
            .map(|name| name.into_owned())
    }

    pub fn message(&self) -> Option<&'a str> {
        self.record().message.map(|id| self.catalog.str(id))
    }

    /// The Python class Heat names as the substitute, if any.
    pub fn substitute_class(&self) -> Option<&'a str> {
        self.record()
            .substitute_class
            .map(|id| self.catalog.str(id))
    }

    /// The type names registered for the substitute class.
    pub fn substitute_types(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().substitute_types)
    }

    /// Type names the message mentions.
    pub fn mentions(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().mentions)
    }

    /// The status before this one.
    pub fn previous(&self) -> Option<Status<'a>> {
        self.record()
            .previous
            .map(|id| Status::new(self.catalog, id))
    }

    /// This status and all before it, newest first.
    /// Tells statuses of one catalog apart, for caching what is derived
    /// from them.
    pub(crate) fn id(&self) -> u32 {
        self.id
    }

    pub fn chain(&self) -> impl Iterator<Item = Status<'a>> + 'a {
        std::iter::successors(Some(*self), Status::previous)
    }

    /// `HIDDEN since 5.0.0 (Liberty): Use property network.` — this status
    /// only, without the chain.
    pub fn describe(&self) -> String {
        let mut text = self.kind().as_str().to_owned();
        match (self.release(), self.version()) {
            (Some(release), _) => text.push_str(&format!(" since {release}")),
            (None, Some(version)) => text.push_str(&format!(" since {version:?}")),
            (None, None) => {}
        }
        if let Some(message) = self.message() {
            text.push_str(": ");
            text.push_str(message);
        }
        text
    }
}

/// The release ranges in which Heat registers an object.
#[derive(Clone, Copy)]
pub struct Availability<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) span: Span,
}

impl<'a> Availability<'a> {
    pub(super) fn new(catalog: &'a Catalog, span: Option<Span>) -> Option<Availability<'a>> {
        span.map(|span| Availability { catalog, span })
    }

    /// Inclusive `(first, last)` pairs, oldest first.
    pub fn ranges(&self) -> impl ExactSizeIterator<Item = (Release, Release)> + 'a {
        self.catalog.store.ranges[self.span.range()]
            .iter()
            .map(|range| (range.first, range.last))
    }

    /// Whether `release`'s series lies in one of the ranges.
    pub fn contains(&self, release: Release) -> bool {
        self.ranges().any(|(first, last)| {
            first.series() <= release.series() && release.series() <= last.series()
        })
    }
}

impl fmt::Debug for Availability<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.ranges()).finish()
    }
}
