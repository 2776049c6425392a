//! # unsupported-resource-type (HW103)
//!
//! ## What it does
//! Reports the use of a resource type whose support status is UNSUPPORTED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! Heat marks UNSUPPORTED what it does not maintain or test: it may be
//! experimental, or left behind after deprecation.
//!
//! ## Example
//! ```yaml
//! resources:
//!   route:
//!     type: OS::Neutron::ExtraRoute
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   route:
//!     type: OS::Neutron::ExtraRouteSet
//! ```
