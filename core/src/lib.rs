//! heatwise-core: what Heat registers, release by release, and what a
//! template uses of it.
//!
//! Layers import downward only: [`text`] → [`syntax`] → [`template`] →
//! [`catalog`] → [`fix`] (edits on the tree, Heat's translation semantics)
//! → [`lint`] (the rules, which attach fixes) → [`fixer`] (lint, apply,
//! repeat) and [`baseline`] (findings acknowledged) → [`json`]. No I/O
//! here: callers hand in text and get back plain data with byte ranges.
//! See ARCHITECTURE.md for the map.

pub mod baseline;
pub mod catalog;
pub mod fix;
pub mod fixer;
mod hash;
pub mod heat_conf;
pub mod json;
pub mod lint;
pub mod load;
pub mod pattern;
#[cfg(feature = "project")]
pub mod project;
pub mod release;
pub mod severity;
pub mod stack;
pub mod syntax;
pub mod template;
pub mod text;
pub mod update;
