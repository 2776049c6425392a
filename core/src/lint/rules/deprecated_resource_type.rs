//! # deprecated-resource-type (HW101)
//!
//! ## What it does
//! Reports the use of a resource type whose support status is DEPRECATED at the target
//! release, with its whole life cycle and Heat's advice.
//!
//! ## Why is this bad?
//! A DEPRECATED type still works, but Heat has announced that it will go:
//! the next steps are HIDDEN and then removal. Migrating now is cheap.
//!
//! ## Example
//! ```yaml
//! resources:
//!   alarm:
//!     type: OS::Aodh::Alarm
//! ```
//!
//! ## Use instead
//! ```yaml
//! resources:
//!   alarm:
//!     type: OS::Aodh::GnocchiAggregationByResourcesAlarm
//! ```
