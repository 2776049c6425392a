//! # unavailable-property (HW205)
//!
//! ## What it does
//! Reports a property that the target release does not have: added later, or
//! removed by then.
//!
//! ## Why is this bad?
//! Heat at that release refuses the template as if the property were unknown.
//!
//! ## Example
//! With `--target 6.0.0` (Mitaka):
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       network: private
//!       dns_name: web
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
