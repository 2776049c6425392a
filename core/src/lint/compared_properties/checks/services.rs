//! The other OpenStack services' resource types.

use super::super::Check;
use super::super::Test::*;
use super::super::Within::*;

pub(super) const CHECKS: &[Check] = &[
    // aws/autoscaling/scaling_policy.py, openstack/heat/scaling_policy.py
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::ScalingPolicy"],
        when: &[
            IsNot("AdjustmentType", "PercentChangeInCapacity"),
            Set("MinAdjustmentStep"),
        ],
        at: &["MinAdjustmentStep"],
        message: "`MinAdjustmentStep` needs `AdjustmentType: PercentChangeInCapacity`",
    },
    Check {
        within: Resource,
        types: &["OS::Heat::ScalingPolicy"],
        when: &[
            IsNot("adjustment_type", "percent_change_in_capacity"),
            Set("min_adjustment_step"),
        ],
        at: &["min_adjustment_step"],
        message: "`min_adjustment_step` needs `adjustment_type: percent_change_in_capacity`",
    },
    // openstack/glance/image.py, GlanceWebImage
    Check {
        within: Resource,
        types: &["OS::Glance::WebImage"],
        when: &[Truthy("members"), IsNot("visibility", "shared")],
        at: &["members"],
        message: "`members` needs `visibility: shared`",
    },
    Check {
        within: Resource,
        types: &["OS::Glance::WebImage"],
        when: &[
            OneOf("container_format", &["ami", "ari", "aki"]),
            Differs("disk_format", "container_format"),
        ],
        at: &["disk_format"],
        message: "with an `ami`, `ari` or `aki` container, `disk_format` must be the same",
    },
    // openstack/mistral/cron_trigger.py
    Check {
        within: Resource,
        types: &["OS::Mistral::CronTrigger"],
        when: &[Falsy("pattern"), Falsy("first_time")],
        at: &["workflow"],
        message: "one of `pattern` and `first_time` must be given",
    },
    // openstack/octavia/pool.py
    Check {
        within: Resource,
        types: &["OS::Octavia::Pool"],
        when: &[Unset("listener"), Unset("loadbalancer")],
        at: &["lb_algorithm", "protocol"],
        message: "one of `listener` and `loadbalancer` must be given",
    },
    Check {
        within: Map("session_persistence"),
        types: &["OS::Octavia::Pool"],
        when: &[Is("type", "APP_COOKIE"), Falsy("cookie_name")],
        at: &["type"],
        message: "`session_persistence` of type APP_COOKIE needs `cookie_name`",
    },
    Check {
        within: Map("session_persistence"),
        types: &["OS::Octavia::Pool"],
        when: &[Is("type", "SOURCE_IP"), Truthy("cookie_name")],
        at: &["cookie_name"],
        message: "`session_persistence` of type SOURCE_IP takes no `cookie_name`",
    },
    // openstack/octavia/l7policy.py
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REJECT"), Set("redirect_pool")],
        at: &["redirect_pool"],
        message: "`redirect_pool` is not allowed with `action: REJECT`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REJECT"), Set("redirect_url")],
        at: &["redirect_url"],
        message: "`redirect_url` is not allowed with `action: REJECT`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_POOL"), Set("redirect_url")],
        at: &["redirect_url"],
        message: "`redirect_url` needs `action: REDIRECT_TO_URL`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_POOL"), Unset("redirect_pool")],
        at: &["action"],
        message: "`action: REDIRECT_TO_POOL` needs `redirect_pool`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_URL"), Set("redirect_pool")],
        at: &["redirect_pool"],
        message: "`redirect_pool` needs `action: REDIRECT_TO_POOL`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_URL"), Unset("redirect_url")],
        at: &["action"],
        message: "`action: REDIRECT_TO_URL` needs `redirect_url`",
    },
    // openstack/mistral/workflow.py
    Check {
        within: Resource,
        types: &["OS::Mistral::Workflow"],
        when: &[Is("type", "reverse"), Falsy("params")],
        at: &["type"],
        message: "a reverse workflow needs `task_name` in `params`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Truthy("workflow"), Truthy("action")],
        at: &["action"],
        message: "a task cannot have both `workflow` and `action`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Falsy("workflow"), Falsy("action")],
        at: &["name"],
        message: "a task needs `workflow` or `action`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Set("requires"), Is("^type", "direct")],
        at: &["requires"],
        message: "only a reverse workflow's tasks can have `requires`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Unset("with_items"), Set("concurrency")],
        at: &["concurrency"],
        message: "`concurrency` needs `with_items`",
    },
    // openstack/keystone/role_assignments.py
    Check {
        within: Items("roles"),
        types: &[
            "OS::Keystone::UserRoleAssignment",
            "OS::Keystone::GroupRoleAssignment",
            "OS::Keystone::User",
            "OS::Keystone::Group",
        ],
        when: &[Set("project"), Set("domain")],
        at: &["domain"],
        message: "a role is given in a `project` or a `domain`, not both",
    },
    Check {
        within: Items("roles"),
        types: &[
            "OS::Keystone::UserRoleAssignment",
            "OS::Keystone::GroupRoleAssignment",
            "OS::Keystone::User",
            "OS::Keystone::Group",
        ],
        when: &[Unset("project"), Unset("domain")],
        at: &["role"],
        message: "a role needs a `project` or a `domain`",
    },
    // openstack/nova/server_network_mixin.py
    Check {
        within: Items("networks"),
        types: &["OS::Nova::Server"],
        when: &[
            Unset("network"),
            Unset("uuid"),
            Unset("port"),
            Unset("subnet"),
            Falsy("allocate_network"),
        ],
        at: &["fixed_ip", "floating_ip", "tag"],
        message: "each of `networks` needs `network`, `port`, `subnet` or `allocate_network`",
    },
    Check {
        within: Items("networks"),
        types: &["OS::Nova::Server"],
        when: &[Truthy("fixed_ip"), Set("port")],
        at: &["fixed_ip"],
        message: "a network entry gives `fixed_ip` or `port`, not both",
    },
    // openstack/zun/container.py: mounts, then networks
    Check {
        within: Items("mounts"),
        types: &["OS::Zun::Container"],
        when: &[Unset("volume_id"), Unset("volume_size")],
        at: &["mount_path"],
        message: "a mount needs `volume_id` or `volume_size`",
    },
    Check {
        within: Items("mounts"),
        types: &["OS::Zun::Container"],
        when: &[Truthy("volume_id"), Truthy("volume_size")],
        at: &["volume_size"],
        message: "a mount gives `volume_id` or `volume_size`, not both",
    },
    Check {
        within: Items("networks"),
        types: &["OS::Zun::Container"],
        when: &[Truthy("fixed_ip"), Set("port")],
        at: &["fixed_ip"],
        message: "a network entry gives `fixed_ip` or `port`, not both",
    },
    Check {
        within: Items("networks"),
        types: &["OS::Zun::Container"],
        when: &[Unset("network"), Unset("port")],
        at: &["fixed_ip"],
        message: "each of `networks` needs `network` or `port`",
    },
    // openstack/octavia/listener.py
    Check {
        within: Resource,
        types: &["OS::Octavia::Listener"],
        when: &[
            Is("protocol", "TERMINATED_HTTPS"),
            Unset("default_tls_container_ref"),
        ],
        at: &["protocol"],
        message: "`protocol: TERMINATED_HTTPS` needs `default_tls_container_ref`",
    },
    // openstack/designate/zone.py
    Check {
        within: Resource,
        types: &["OS::Designate::Zone"],
        when: &[Is("type", "PRIMARY"), Falsy("email")],
        at: &["type"],
        message: "a PRIMARY zone needs `email`",
    },
    // openstack/zaqar/subscription.py
    Check {
        within: Resource,
        types: &["OS::Zaqar::Subscription"],
        when: &[SchemeNotIn(
            "subscriber",
            &["http", "https", "mailto", "trust+http", "trust+https"],
        )],
        at: &["subscriber"],
        message: "a subscriber is an http, https, mailto, trust+http or trust+https URL",
    },
    // openstack/octavia/l7rule.py
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Rule"],
        when: &[OneOf("type", &["HEADER", "COOKIE"]), Unset("key")],
        at: &["type"],
        message: "a HEADER or COOKIE rule needs `key`",
    },
    // openstack/magnum/cluster_template.py: SUPPORTED_VOLUME_DRIVER
    Check {
        within: Resource,
        types: &["OS::Magnum::ClusterTemplate"],
        when: &[Is("coe", "kubernetes"), Is("volume_driver", "rexray")],
        at: &["volume_driver"],
        message: "the kubernetes COE takes the `cinder` volume driver only",
    },
    Check {
        within: Resource,
        types: &["OS::Magnum::ClusterTemplate"],
        when: &[
            OneOf("coe", &["swarm", "mesos"]),
            Is("volume_driver", "cinder"),
        ],
        at: &["volume_driver"],
        message: "the swarm and mesos COEs take the `rexray` volume driver only",
    },
];
