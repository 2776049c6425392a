//! # unknown-attribute (HW304)
//!
//! ## What it does
//! Reports a `get_attr` / `Fn::GetAtt` of an attribute that the referenced
//! resource's type does not have. Types that answer any attribute name (groups,
//! software deployments, nested stacks) are not checked.
//!
//! ## Why is this bad?
//! Heat refuses the template: "The Referenced Attribute is incorrect".
//!
//! ## Example
//! ```yaml
//! outputs:
//!   ip:
//!     value: {get_attr: [port, fixed_ip]}
//! ```
//!
//! ## Use instead
//! ```yaml
//! outputs:
//!   ip:
//!     value: {get_attr: [port, fixed_ips, 0, ip_address]}
//! ```
