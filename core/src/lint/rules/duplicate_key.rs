//! # duplicate-key (HW003)
//!
//! ## What it does
//! Reports a key that appears twice in the same mapping.
//!
//! ## Why is this bad?
//! Heat's YAML loader keeps the last value and silently drops the first one,
//! so half of what is written has no effect.
//!
//! ## Example
//! ```yaml
//! properties:
//!   network: private
//!   network: public
//! ```
//!
//! ## Use instead
//! ```yaml
//! properties:
//!   network: public
//! ```
