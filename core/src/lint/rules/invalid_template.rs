//! # invalid-template (HW002)
//!
//! ## What it does
//! Reports a template whose structure Heat rejects: no or an unknown
//! `heat_template_version`, an unknown top-level section, a `resources`
//! section that is not a mapping, a resource without a `type`, a type that is
//! not a string.
//!
//! ## Why is this bad?
//! Heat validates the template's structure first and refuses the whole stack.
//!
//! ## Example
//! ```yaml
//! heat_template_version: 2015-04-31
//! resource:
//!   server:
//!     properties: {image: cirros}
//! ```
//!
//! ## Use instead
//! ```yaml
//! heat_template_version: 2015-04-30
//! resources:
//!   server:
//!     type: OS::Nova::Server
//!     properties: {image: cirros}
//! ```
