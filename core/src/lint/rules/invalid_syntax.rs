//! # invalid-syntax (HW001)
//!
//! ## What it does
//! Reports text that is not valid YAML or JSON, and input beyond heatwise's
//! limits (size, nesting depth, number of nodes or aliases).
//!
//! ## Why is this bad?
//! Heat refuses a template it cannot load, before looking at any resource.
//! heatwise still checks everything it could read before the error.
//!
//! ## Example
//! ```yaml
//! resources:
//!   server:
//!     type: OS::Nova::Server
//!     properties: {image: cirros, flavor: m1.small
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   server:
//!     type: OS::Nova::Server
//!     properties: {image: cirros, flavor: m1.small}
//! ```
