//! Exports a Heat stack as manifests of the OpenStack Resource Controller
//! (ORC v2.6.0, `openstack.k-orc.cloud/v1alpha1`): one object per resource
//! whose type has an ORC kind, references by name within one namespace,
//! pre-existing resources imported, Heat's defaults written out where ORC's
//! differ, and every object checked against its CRD before it is printed.
//! What cannot be carried over is a [`Finding`] at its place in the
//! template; nothing is dropped silently.
//!
//! Layers, importing downward only: `schema` (ORC's CRDs and the
//! validator), `manifest` (the objects), `eval` (template values as Heat
//! computes them), `kinds` (Heat types to ORC kinds) and `sections` (a
//! resource's other sections), `export`, `plan`,
//! `render`, `request` (the one entry for the edges that hold texts).

mod context;
mod eval;
mod export;
mod finding;
mod frames;
mod groups;
mod kinds;
pub mod manifest;
mod names;
mod nested;
mod options;
pub mod plan;
mod registry;
pub mod release;
pub mod render;
pub mod request;
pub mod schema;
mod sections;
mod stack_resources;
mod yaml;

pub use context::MAX_FINDINGS;
pub use eval::{MAX_ENVIRONMENT_VALUES, MAX_EVAL_DEPTH, MAX_EVAL_NODES};
pub use export::{export, export_stack, Export};
pub use finding::{Code, File, Finding};
pub use frames::{MAX_NESTED_STACKS, MAX_NESTING};
pub use groups::MAX_MEMBERS as MAX_GROUP_MEMBERS;
pub use kinds::table::{mapping, PropertyMapping, TypeMapping, MAPPINGS};
pub use names::{
    cloud_name_problem, is_valid as is_valid_name, kubernetes_name, namespace_problem,
    secret_name_problem, MAX_CLOUD_NAME,
};
pub use options::{Credentials, OptionField, OptionProblem, Options, MAX_PARAMETERS};
pub use request::{answer, Answer, Place, Request};
pub use stack_resources::{ResourceRow, StackResources, MAX_FIELD, MAX_ROWS};
