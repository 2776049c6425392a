//! # hidden-resource-type (HW102)
//!
//! ## What it does
//! Reports the use of a resource type whose support status is HIDDEN at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! HIDDEN is the last step before removal: existing stacks keep working,
//! but Heat no longer lists or documents the type, and a later release drops
//! it.
//!
//! ## Example
//! ```yaml
//! resources:
//!   ip:
//!     type: OS::Nova::FloatingIP
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   ip:
//!     type: OS::Neutron::FloatingIP
//!     properties:
//!       floating_network: public
//! ```
