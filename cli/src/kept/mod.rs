//! A stack as Heat keeps it: its template, environment and files exactly
//! as Heat stored them, read from the cloud or from a dump
//! ([`dump`]), and gathered as Heat's engine reads them (each name looked
//! up as written among the stack's files), for `scan`, `lint` of a dump
//! and `orc --cloud-stack` alike.

pub mod dump;
pub mod fleet;

pub use dump::ScannedStack;
pub use heatwise_core::kept::{shown, urls};
