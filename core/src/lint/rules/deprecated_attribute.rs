//! # deprecated-attribute (HW301)
//!
//! ## What it does
//! Reports the use of an attribute whose support status is DEPRECATED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! A DEPRECATED attribute still resolves, but Heat has announced that it will
//! go; outputs and properties that read it will break then.
//!
//! ## Example
//! ```yaml
//! outputs:
//!   ips:
//!     value: {get_attr: [volume, attachments]}
//! ```
//!
//! ## Use instead
//! ```yaml
//! outputs:
//!   ips:
//!     value: {get_attr: [volume, attachments_list]}
//! ```
