//! Heat 27.0.1's own `validate()` checks that compare properties, as
//! data: each names the file of Heat's code it comes from.

use super::Check;

mod aws;
mod barbican_cinder;
mod neutron;
mod services;

/// Heat 27.0.1's checks, by the file of its `validate()`.
pub(crate) fn all() -> impl Iterator<Item = &'static Check> {
    [
        aws::CHECKS,
        barbican_cinder::CHECKS,
        neutron::CHECKS,
        services::CHECKS,
    ]
    .into_iter()
    .flatten()
}
