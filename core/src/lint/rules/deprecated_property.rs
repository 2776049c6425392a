//! # deprecated-property (HW201)
//!
//! ## What it does
//! Reports the use of a property whose support status is DEPRECATED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! A DEPRECATED property still works, but Heat has announced that it will go.
//! Where Heat carries a translation rule, heatwise offers the rewrite.
//!
//! ## Example
//! ```yaml
//! resources:
//!   zone:
//!     type: OS::Designate::Zone
//!     properties:
//!       name: example.org.
//!       type: SECONDARY
//!       masters: [192.0.2.1]
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   zone:
//!     type: OS::Designate::Zone
//!     properties:
//!       name: example.org.
//!       type: SECONDARY
//!       primaries: [192.0.2.1]
//! ```
