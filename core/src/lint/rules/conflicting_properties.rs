//! # conflicting-properties (HW206)
//!
//! ## What it does
//! Reports an old property and the new property that replaces it set at the
//! same time (`network_id` and `network` on one port).
//!
//! ## Why is this bad?
//! Heat refuses the template: "Cannot define the following properties at the
//! same time".
//!
//! ## Example
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       network: private
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
