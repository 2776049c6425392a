//! heatwise-core: what Heat registers, release by release, and what a
//! template uses of it.
//!
//! No I/O here: callers hand in text and get back plain data with byte
//! ranges. See ARCHITECTURE.md for the map.

pub mod catalog;
pub mod diagnostic;
pub mod fix;
pub mod json;
pub mod lint;
pub mod outline;
pub mod release;
pub mod syntax;
pub mod template;
pub mod text;
