//! # unknown-resource-type (HW104)
//!
//! ## What it does
//! Reports a resource type that Heat does not register, in a namespace Heat
//! uses (`OS::Nova::`, `OS::Neutron::`, `AWS::EC2::`, …), with the closest
//! registered names.
//!
//! Types in other namespaces (`OS::TripleO::Compute`, `My::Server`) and file
//! names are taken for template resources that an environment maps, and are
//! not reported.
//!
//! ## Why is this bad?
//! Heat refuses to create a stack with a type it does not know.
//!
//! ## Example
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Prot
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   port:
//!     type: OS::Neutron::Port
//! ```
