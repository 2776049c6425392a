//! # hidden-attribute (HW302)
//!
//! ## What it does
//! Reports the use of an attribute whose support status is HIDDEN at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! HIDDEN is the last step before removal; Heat no longer documents the
//! attribute.
//!
//! ## Example
//! ```yaml
//! outputs:
//!   ip:
//!     value: {get_attr: [server, first_address]}
//! ```
//!
//! ## Use instead
//! ```yaml
//! outputs:
//!   ip:
//!     value: {get_attr: [server, networks, private, 0]}
//! ```
