//! # hidden-property (HW202)
//!
//! ## What it does
//! Reports the use of a property whose support status is HIDDEN at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! Heat translates a HIDDEN property to its replacement in memory every time
//! it reads the template, and never tells its author. The file keeps the old
//! name until a release drops it and the stack stops validating.
//!
//! ## Example
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       network_id: private
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
