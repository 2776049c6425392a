//! heatwise-core: what Heat registers, release by release, and what a
//! template uses of it.
//!
//! Modules import downward only, in the order of ARCHITECTURE.md's code
//! map (`tests/tests/architecture.rs` holds the one list and checks both).
//! No I/O here: callers hand in text and get back plain data with byte
//! ranges.

pub mod baseline;
pub mod catalog;
pub mod fix;
pub mod fixer;
mod hash;
pub mod heat_conf;
pub mod json;
pub mod kept;
pub mod lint;
pub mod load;
pub mod pattern;
#[cfg(feature = "project")]
pub mod project;
pub mod release;
pub mod severity;
pub mod stack;
mod suggest;
pub mod syntax;
pub mod template;
pub mod text;
pub mod time;
pub mod update;
