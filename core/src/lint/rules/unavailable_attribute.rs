//! # unavailable-attribute (HW305)
//!
//! ## What it does
//! Reports a `get_attr` of an attribute that the target release does not have:
//! added later, or removed by then.
//!
//! ## Why is this bad?
//! Heat at that release refuses the template as if the attribute were unknown.
//!
//! ## Example
//! With `--target 2015.1` (Kilo), an attribute added in a later release:
//! ```yaml
//! outputs:
//!   dns:
//!     value: {get_attr: [port, dns_assignment]}
//! ```
//!
//! ## Use instead
//! An attribute the target release has, or a newer target release.
