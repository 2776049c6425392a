//! # unknown-resource-reference (HW306)
//!
//! ## What it does
//! Reports `get_attr`, `get_resource`, `depends_on`, `Fn::GetAtt` and
//! `DependsOn` naming a resource the template does not define.
//!
//! ## Why is this bad?
//! Heat refuses the template: "The specified reference is not in the
//! template".
//!
//! ## Example
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//!     properties:
//!       network: {get_resource: nett}
//! ```
//!
//! ## Use instead
//! ```yaml
//!     properties:
//!       network: {get_resource: net}
//! ```
