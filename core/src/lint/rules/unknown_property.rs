//! # unknown-property (HW204)
//!
//! ## What it does
//! Reports a property that the resource type does not have, at any depth
//! (inside list items and maps too), with the closest property names.
//!
//! ## Why is this bad?
//! Heat refuses the template: "Unknown Property".
//!
//! ## Example
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       netwrok: private
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       network: private
//! ```
