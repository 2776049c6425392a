//! # resource-type-alias (HW107)
//!
//! ## What it does
//! Reports a resource type name that Heat only knows as an alias of another
//! type (`OS::Quantum::Net` for `OS::Neutron::Net`, `OS::Ceilometer::Alarm`
//! for `OS::Aodh::Alarm`).
//!
//! ## Why is this bad?
//! The alias lives in Heat's global environment, which operators may change;
//! the registered name says what is really created.
//!
//! ## Example
//! ```yaml
//! resources:
//!   net:
//!     type: OS::Quantum::Net
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   net:
//!     type: OS::Neutron::Net
//! ```
