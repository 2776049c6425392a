//! # unsupported-attribute (HW303)
//!
//! ## What it does
//! Reports the use of an attribute whose support status is UNSUPPORTED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! Heat marks UNSUPPORTED what it does not implement or maintain; the value
//! may be empty.
//!
//! ## Example
//! ```yaml
//! outputs:
//!   shared:
//!     value: {get_attr: [firewall, shared]}
//! ```
//!
//! ## Use instead
//! ```yaml
//! outputs:
//!   firewall:
//!     value: {get_attr: [firewall, show]}
//! ```
