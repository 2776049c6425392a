//! # unsupported-property (HW203)
//!
//! ## What it does
//! Reports the use of a property whose support status is UNSUPPORTED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! Heat marks UNSUPPORTED what it does not implement or maintain; the value
//! may be ignored.
//!
//! ## Example
//! ```yaml
//! resources:
//!   classifier:
//!     type: OS::Neutron::FlowClassifier
//!     properties:
//!       l7_parameters: {}
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   classifier:
//!     type: OS::Neutron::FlowClassifier
//! ```
