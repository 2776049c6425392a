#![doc = include_str!("deprecated_resource_type.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, TypeUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &TypeUse<'a, '_>) {
    report_status(
        cx,
        Rule::DeprecatedResourceType,
        StatusKind::Deprecated,
        used,
        |cx| migrate::resource_type::fix(cx, used.resource_type, used.definition),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::DeprecatedResourceType,
            &[
                // Aodh's ceilometer-based alarm: deprecated since Queens.
                finds(
                    "heat_template_version: 2018-03-02\nresources:\n  alarm:\n    type: OS::Aodh::Alarm\n    properties: {meter_name: cpu_util, threshold: 80}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2018-03-02\nresources:\n  alarm:\n    type: OS::Aodh::GnocchiAggregationByResourcesAlarm\n    properties: {metric: cpu_util, threshold: 80, query: q, aggregation_method: mean}\n",
                    0,
                ),
            ],
        );
    }
}
