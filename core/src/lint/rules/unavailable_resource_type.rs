//! # unavailable-resource-type (HW105)
//!
//! ## What it does
//! Reports a resource type that the target release does not have: one added
//! in a later release, or one removed by then.
//!
//! ## Why is this bad?
//! Heat at that release refuses the template as if the type were unknown.
//!
//! ## Example
//! With `--target 2015.1` (Kilo):
//! ```yaml
//! resources:
//!   group:
//!     type: OS::Heat::SoftwareDeploymentGroup
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   group:
//!     type: OS::Heat::SoftwareDeployments
//! ```
//! or a newer target release.
