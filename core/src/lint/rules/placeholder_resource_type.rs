//! # placeholder-resource-type (HW106)
//!
//! ## What it does
//! Reports a resource type that Heat has reduced to a do-nothing placeholder:
//! its properties are accepted and ignored, and nothing is created.
//!
//! ## Why is this bad?
//! The template validates and the stack completes, but the resource it
//! describes (a load balancer, a DNS record, …) does not exist.
//!
//! ## Example
//! ```yaml
//! resources:
//!   pool:
//!     type: OS::Neutron::Pool
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   pool:
//!     type: OS::Octavia::Pool
//! ```
