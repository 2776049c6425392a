//! The catalog as seen from one release: every question of status asked
//! of one view, so that the linter, the language server, the CLI and the
//! JS API answer it alike. The release is the target asked for, else the
//! one the catalog describes ([`Catalog::release_for`]); a catalog that
//! names none answers with each object's newest status.

use crate::release::Release;

use super::{Attribute, Catalog, Property, ResourceType, Status, StatusAt, StatusKind};

/// A resource type, property or attribute: what has a life cycle.
pub trait HasStatus<'a> {
    /// The newest status.
    fn status(&self) -> Status<'a>;
    /// The state at a release.
    fn status_at(&self, release: Release) -> StatusAt<'a>;
}

macro_rules! has_status {
    ($($object:ident),*) => {$(
        impl<'a> HasStatus<'a> for $object<'a> {
            fn status(&self) -> Status<'a> {
                $object::status(self)
            }
            fn status_at(&self, release: Release) -> StatusAt<'a> {
                $object::status_at(self, release)
            }
        }
    )*};
}
has_status!(ResourceType, Property, Attribute);

/// The catalog at one release: [`Catalog::at`].
#[derive(Clone, Copy)]
pub struct CatalogAt<'a> {
    catalog: &'a Catalog,
    release: Option<Release>,
}

impl Catalog {
    /// The catalog seen from `target`, else from its own release.
    pub fn at(&self, target: Option<Release>) -> CatalogAt<'_> {
        CatalogAt {
            catalog: self,
            release: self.release_for(target),
        }
    }
}

impl<'a> CatalogAt<'a> {
    pub fn catalog(&self) -> &'a Catalog {
        self.catalog
    }

    /// The release questions are answered for (`None`: each object's
    /// newest status).
    pub fn release(&self) -> Option<Release> {
        self.release
    }

    /// An object's state at the release.
    pub fn state<T: HasStatus<'a>>(&self, object: &T) -> StatusAt<'a> {
        match self.release {
            Some(release) => object.status_at(release),
            None => StatusAt::InForce(object.status()),
        }
    }

    /// The status an object has where Heat registers it at the release
    /// (for one whose recorded chain starts later, the oldest recorded);
    /// `None` where Heat does not have it then.
    pub fn status<T: HasStatus<'a>>(&self, object: &T) -> Option<Status<'a>> {
        match self.state(object) {
            StatusAt::InForce(status)
            | StatusAt::Unrecorded {
                first_recorded: status,
            } => Some(status),
            StatusAt::NotYetAvailable { .. } | StatusAt::Removed { .. } => None,
        }
    }

    /// The status in force at the release, else the newest: what advice
    /// quotes.
    pub fn status_now<T: HasStatus<'a>>(&self, object: &T) -> Status<'a> {
        self.state(object).in_force().unwrap_or(object.status())
    }

    /// Whether an object is SUPPORTED at the release.
    pub fn is_supported<T: HasStatus<'a>>(&self, object: &T) -> bool {
        self.state(object)
            .in_force()
            .is_some_and(|status| status.kind() == StatusKind::Supported)
    }

    /// Whether Heat keeps a type only as a placeholder at the release.
    pub fn is_placeholder(&self, resource_type: ResourceType<'a>) -> bool {
        match self.release {
            Some(release) => resource_type.is_placeholder_at(release),
            None => resource_type.is_placeholder(),
        }
    }

    /// Whether Heat updates a property in place at the release.
    pub fn update_allowed(&self, property: Property<'a>) -> bool {
        match self.release {
            Some(release) => property.update_allowed_at(release),
            None => property.update_allowed(),
        }
    }

    /// Whether Heat registers a type at the release.
    pub fn has_type(&self, resource_type: ResourceType<'a>) -> bool {
        self.release
            .is_none_or(|release| resource_type.is_available_at(release))
    }
}
