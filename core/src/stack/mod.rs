//! The stack Heat deploys: a root template and the environments it is
//! created with, in order. [`registry`] reads the environments'
//! `resource_registry` as Heat does.

pub mod registry;

pub use registry::{Registry, Resolution, Resolver, TypeMapping};
