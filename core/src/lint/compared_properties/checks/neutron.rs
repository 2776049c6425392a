//! Neutron's resource types (`heat/engine/resources/openstack/neutron/`).

use super::super::Check;
use super::super::Test::*;
use super::super::Within::*;

pub(super) const CHECKS: &[Check] = &[
    // openstack/neutron/router.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("distributed"), Truthy("l3_agent_ids")],
        at: &["l3_agent_ids", "l3_agent_id"],
        message: "a `distributed` router cannot name its L3 agents",
    },
    // `l3_agent_id` is translated into `l3_agent_ids` before validate().
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("distributed"), Truthy("l3_agent_id")],
        at: &["l3_agent_id"],
        message: "a `distributed` router cannot name its L3 agents",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("l3_agent_id"), Set("l3_agent_ids")],
        at: &["l3_agent_id"],
        message: "`l3_agent_id` and `l3_agent_ids` cannot both be set; keep `l3_agent_ids`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("ha"), Truthy("distributed")],
        at: &["ha"],
        message: "`ha` and `distributed` cannot both be true",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Falsy("ha"), Longer("l3_agent_ids", 1)],
        at: &["l3_agent_ids"],
        message: "a router without `ha` can have only one L3 agent",
    },
    // openstack/neutron/segment.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["flat", "vlan"]),
            Unset("physical_network"),
        ],
        at: &["network_type"],
        message: "a flat or vlan segment needs `physical_network`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[Is("network_type", "vlan"), Unset("segmentation_id")],
        at: &["network_type"],
        message: "a vlan segment needs `segmentation_id`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["local", "flat"]),
            Set("segmentation_id"),
        ],
        at: &["segmentation_id"],
        message: "`segmentation_id` is not allowed on a local or flat segment",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["vxlan", "gre", "geneve"]),
            Set("physical_network"),
        ],
        at: &["physical_network"],
        message: "`physical_network` is not allowed on a tunnel (vxlan, gre, geneve) segment",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[Is("network_type", "vlan"), Above("segmentation_id", 4094.0)],
        at: &["segmentation_id"],
        message: "a vlan `segmentation_id` is at most 4094",
    },
    // openstack/neutron/subnetpool.py
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("min_prefixlen", "max_prefixlen")],
        at: &["min_prefixlen"],
        message: "`min_prefixlen` is above `max_prefixlen`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("default_prefixlen", "max_prefixlen")],
        at: &["default_prefixlen"],
        message: "`default_prefixlen` is above `max_prefixlen`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("min_prefixlen", "default_prefixlen")],
        at: &["min_prefixlen"],
        message: "`min_prefixlen` is above `default_prefixlen`",
    },
    // openstack/neutron/provider_net.py
    Check {
        within: Resource,
        types: &["OS::Neutron::ProviderNet"],
        when: &[
            Truthy("segmentation_id"),
            OneOf("network_type", &["local", "flat"]),
        ],
        at: &["segmentation_id"],
        message: "`segmentation_id` is not allowed on a local or flat network",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::ProviderNet"],
        when: &[
            Truthy("physical_network"),
            OneOf("network_type", &["vxlan", "gre", "geneve", "local"]),
        ],
        at: &["physical_network"],
        message: "`physical_network` is not allowed on a vxlan, gre, geneve or local network",
    },
    // openstack/neutron/subnet.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Subnet"],
        when: &[Equals("ip_version", 4.0), Truthy("ipv6_ra_mode")],
        at: &["ipv6_ra_mode"],
        message: "`ipv6_ra_mode` is for an IPv6 subnet (`ip_version: 6`)",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Subnet"],
        when: &[Equals("ip_version", 4.0), Truthy("ipv6_address_mode")],
        at: &["ipv6_address_mode"],
        message: "`ipv6_address_mode` is for an IPv6 subnet (`ip_version: 6`)",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Subnet"],
        when: &[Differs("ipv6_ra_mode", "ipv6_address_mode")],
        at: &["ipv6_address_mode"],
        message: "`ipv6_ra_mode` and `ipv6_address_mode` must be equal when both are set",
    },
    // openstack/neutron/network_gateway.py
    Check {
        within: Items("connections"),
        types: &["OS::Neutron::NetworkGateway"],
        when: &[Is("segmentation_type", "vlan"), Unset("segmentation_id")],
        at: &["segmentation_type"],
        message: "a vlan connection needs `segmentation_id`",
    },
    Check {
        within: Items("connections"),
        types: &["OS::Neutron::NetworkGateway"],
        when: &[Is("segmentation_type", "flat"), Truthy("segmentation_id")],
        at: &["segmentation_id"],
        message: "a flat connection takes no `segmentation_id` (0 at most)",
    },
    // openstack/neutron/subnet.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Subnet"],
        when: &[NotAnAddress("gateway_ip", &["~", "", "auto"])],
        at: &["gateway_ip"],
        message: "`gateway_ip` must be an IP address, `~`, `auto` or empty",
    },
    // openstack/{nova,neutron,cinder,octavia}/quota.py
    Check {
        within: Resource,
        types: &[
            "OS::Nova::Quota",
            "OS::Neutron::Quota",
            "OS::Cinder::Quota",
            "OS::Octavia::Quota",
        ],
        when: &[OnlySet("project")],
        at: &["project"],
        message: "a quota needs at least one limit besides `project`",
    },
    // openstack/neutron/rbac_policy.py, SUPPORTED_TYPES_ACTIONS
    Check {
        within: Resource,
        types: &["OS::Neutron::RBACPolicy"],
        when: &[
            OneOf(
                "object_type",
                &[
                    "qos_policy",
                    "security_group",
                    "address_scope",
                    "subnetpool",
                ],
            ),
            IsNot("action", "access_as_shared"),
        ],
        at: &["action"],
        message: "this object type takes `action: access_as_shared` only",
    },
];
