//! # conflicting-properties (HW206)
//!
//! ## What it does
//! Reports an old property and the new property that replaces it set at the
//! same time (`network_id` and `network` on one port; a Mistral task's
//! `retry` and `policies.retry`), both with a value.
//!
//! ## Why is this bad?
//! Heat refuses the template: "Cannot define the following properties at the
//! same time". When one of the two is empty (`""`, `null`, `[]`, `{}`), Heat
//! accepts it and the old property's value wins, even an empty one: that is
//! not reported here; the old property's own finding offers the fix.
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
