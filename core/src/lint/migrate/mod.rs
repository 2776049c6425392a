//! The migrations more than one rule offers, built with the linting
//! context (the catalog at the target release, the template, the editor):
//! below the rules, which call them, and above nothing of `rules/`.

pub(crate) mod property;
pub(crate) mod resource_type;
pub(crate) mod retired_types;
pub(crate) mod template_version;

pub use retired_types::RETIRED_TYPE_MIGRATIONS;
