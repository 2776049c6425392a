//! The stack Heat deploys: a root template and the environments it is
//! created with, in order, and every file they reach. [`gather`] collects
//! the files as python-heatclient does (through a [`FileProvider`]: no
//! file system here), [`url`] joins the names it finds, [`registry`] reads
//! the environments' `resource_registry` as Heat does, [`symbols`] finds
//! where the files name their parameters, resources and outputs.

pub mod gather;
pub mod nesting;
pub mod registry;
pub mod symbols;
pub mod url;

pub use gather::{
    Content, FileId, FileProvider, GatherCache, ReadError, Reference, ReferenceKind, Role, Stack,
    StackFile, Target, MAX_STACK_FILES,
};
pub use nesting::{Interface, NestedParameter, Nesting, StackFacts, StackNesting};
pub use registry::{Registry, Resolution, Resolver, TypeMapping};
